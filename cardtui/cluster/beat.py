"""A step run again and again in the background (renewing leases, following the parts'
owners) that stops when asked, even when nats-py swallowed the cancellation.

nats-py 2.16 catches ``asyncio.CancelledError`` inside ``Client.publish`` (and its flush)
and carries on (``except asyncio.CancelledError: pass``; nats-io/nats.py#469, fixed by
#853, not released in 2.16): a task cancelled while it publishes goes on to its next
``sleep`` as if nothing happened, and whoever awaits it waits for ever. It stalled a CI
run in a cluster test's teardown: ``ClusterRoom.stop`` awaited its steering task, in
state "cancelling", asleep. So a beat also stops on a flag it reads after each step, and
is awaited for a bounded time. (tests/cluster/test_beat.py is the canary: it fails once
nats-py lets the cancel through, and then this module may be simplified.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from cardtui.clock import Clock, SystemClock

log = logging.getLogger("cardtui.cluster")

#: How long stopping waits for the step in progress (a step's NATS calls time out sooner).
STOP_SECONDS = 5.0


class Beat:
    """``step`` every ``seconds`` (after the first wait), until :meth:`stop`."""

    def __init__(self, seconds: float, step: Callable[[], Awaitable[object]], what: str,
                 clock: Clock | None = None) -> None:
        self.clock = clock or SystemClock()
        self.seconds = seconds
        self.step = step
        self.what = what
        self.stopping = False
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if self._task is None:
            self.stopping = False
            self._task = asyncio.create_task(self._beat())

    async def _beat(self) -> None:
        while not self.stopping:
            await self.clock.sleep(self.seconds)
            if self.stopping:
                break
            try:
                await self.step()
            except Exception:  # noqa: BLE001 - NATS away for a moment: the next beat
                log.warning("cluster: %s failed; again in %s s", self.what, self.seconds,
                            exc_info=True)

    async def stop(self) -> None:
        """Stop beating: at once when asleep, after the step in progress otherwise."""
        task, self._task = self._task, None
        self.stopping = True
        if task is None:
            return
        task.cancel()
        done, _ = await asyncio.wait({task}, timeout=STOP_SECONDS)
        if not done:
            log.warning("cluster: %s did not stop in %s s; left to end by itself", self.what,
                        STOP_SECONDS)
        elif not task.cancelled() and task.exception() is not None:
            log.warning("cluster: %s ended with an error", self.what,
                        exc_info=task.exception())

    def stop_now(self) -> None:
        """Stop without waiting (a host dying, in tests: nothing more is said)."""
        self.stopping = True
        if self._task is not None:
            self._task.cancel()
