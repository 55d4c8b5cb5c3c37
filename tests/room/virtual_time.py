"""Room tests on virtual time: the room's clock is a FakeClock, moved by the test.

Moving it fires what falls due (a deal, an action clock's expiry, a grace
period's end) at once, in order; the test then waits until each fake game
has read everything the room said up to that moment (:meth:`FakeClient.caught_up`:
the room answers on the same ordered line). No real time is waited on, so a
busy machine cannot make an expiry come early or late.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.clock import FakeClock
from tests.room.support import TIMEOUT, FakeClient, until

#: Virtual seconds a test moves the clock at most before giving up on a condition.
LIMIT = 3600.0


async def pass_time(clock: FakeClock, seconds: float, *clients: FakeClient) -> None:
    """Move the room's clock on by ``seconds``; return once ``clients`` read what it said."""
    await clock.run(seconds)
    for client in clients:
        await client.caught_up()


async def pass_time_until(clock: FakeClock, condition: Callable[[], bool], *clients: FakeClient,
                          step: float, limit: float = LIMIT) -> None:
    """Move the clock on ``step`` seconds at a time until ``condition()`` holds.

    The condition is looked at once ``clients`` have read everything the room
    said, first before any time passes.
    """
    await pass_time(clock, 0, *clients)
    passed = 0.0
    while not condition():
        assert passed < limit, f"still not so after {limit} virtual seconds"
        await pass_time(clock, step, *clients)
        passed += step


async def until_now_due(clock: FakeClock, condition: Callable[[], bool],
                        timeout: float = TIMEOUT) -> None:
    """Wait for ``condition`` while what is due now keeps running (a deal ``0`` s after
    the last hand), and no virtual time passes: the games' own moves take no time."""
    def due_then(check: Callable[[], bool]) -> bool:
        clock.advance(0)
        return check()

    await until(lambda: due_then(condition), timeout)
