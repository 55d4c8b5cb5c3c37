"""The one clock: virtual time fires callbacks, sleeps and timeouts in order, when moved."""

from __future__ import annotations

import asyncio
import time

import pytest

from cardtui.clock import SYSTEM_CLOCK, FakeClock


def test_advance_runs_due_callbacks_in_order_at_their_time() -> None:
    clock = FakeClock(monotonic=0.0, wall=100.0)
    seen: list[tuple[str, float, float]] = []

    def note(name: str) -> None:
        seen.append((name, clock.monotonic(), clock.wall()))
        if name == "a":
            clock.call_later(0.5, note, "a2")  # due inside the same window

    clock.call_later(1.0, note, "a")
    clock.call_later(1.0, note, "b")  # same time: scheduled order
    cancelled = clock.call_later(1.2, note, "never")
    cancelled.cancel()
    clock.call_later(5.0, note, "late")
    clock.advance(2.0)
    assert seen == [("a", 1.0, 101.0), ("b", 1.0, 101.0), ("a2", 1.5, 101.5)]
    assert clock.monotonic() == 2.0 and clock.pending == [5.0]


async def test_sleep_and_wait_for_on_virtual_time() -> None:
    clock = FakeClock(monotonic=0.0)
    woke: list[float] = []

    async def sleeper() -> None:
        await clock.sleep(3)
        woke.append(clock.monotonic())
        await clock.sleep(3)
        woke.append(clock.monotonic())

    task = asyncio.create_task(sleeper())
    await clock.run(2.9)
    assert woke == []
    await clock.run(3.2)  # both sleeps end inside this window
    assert woke == [3.0, 6.0] and task.done()

    never: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    waiting = asyncio.create_task(clock.wait_for(never, 10))
    await clock.run(9.9)
    assert not waiting.done()
    await clock.run(0.1)
    with pytest.raises(TimeoutError):
        await waiting
    assert never.cancelled()

    soon: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    answered = asyncio.create_task(clock.wait_for(soon, 10))
    await clock.run(1)
    soon.set_result(7)
    assert await answered == 7
    assert clock.pending == []  # the timeout was withdrawn


async def test_system_clock_is_the_loop() -> None:
    fired = asyncio.Event()
    SYSTEM_CLOCK.call_later(0, fired.set)
    assert await SYSTEM_CLOCK.wait_for(fired.wait(), 5)
    assert abs(SYSTEM_CLOCK.wall() - time.time()) < 5
