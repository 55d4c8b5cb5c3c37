"""One clock for everything that waits: the room, the tables, the sessions and the screens.

Code that reads the time or waits takes a :class:`Clock` instead of calling
``time.monotonic()``, ``time.time()``, ``loop.call_later``, ``asyncio.sleep``
or ``asyncio.wait_for`` itself, so a test can run it on virtual time:

* :data:`SYSTEM_CLOCK` (a :class:`SystemClock`) is the real time on the running
  asyncio loop, and the default everywhere, so a caller that passes no clock
  behaves as before;
* :class:`FakeClock` is virtual time that moves only when a test says so:
  ``advance(seconds)`` fires the callbacks that fall due, in order, and
  ``await run(seconds)`` does the same while letting the coroutines those
  callbacks wake (a ``sleep``, a ``wait_for``) run before the next one is due.

Two readings, because they answer different questions: :meth:`Clock.monotonic`
measures intervals (it never jumps when the system time is changed), and
:meth:`Clock.wall` is the time of day a deadline sent to another process is
written in (the room's action clock: two machines share the time of day, not
a monotonic origin).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

__all__ = ["SYSTEM_CLOCK", "Clock", "FakeClock", "FakeTimer", "SystemClock", "Timer"]

T = TypeVar("T")


class Timer(Protocol):
    """A callback scheduled by :meth:`Clock.call_later` (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None:
        """Do not run the callback (nothing happens if it ran already)."""


class Clock(Protocol):
    """What code that reads the time or waits needs of the time."""

    def monotonic(self) -> float:
        """Seconds on a clock that never jumps, for intervals (``time.monotonic()``)."""

    def wall(self) -> float:
        """The time of day as a Unix timestamp (``time.time()``), for deadlines sent elsewhere."""

    def call_later(self, delay: float, callback: Callable[..., object], *args: object) -> Timer:
        """Run ``callback(*args)`` once ``delay`` seconds have passed."""

    async def sleep(self, delay: float) -> None:
        """Wait ``delay`` seconds."""

    async def wait_for(self, awaitable: Awaitable[T], timeout: float) -> T:
        """``awaitable``'s result, or ``TimeoutError`` once ``timeout`` seconds passed first."""


class SystemClock:
    """The real time, with callbacks on the running asyncio loop."""

    def monotonic(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[..., object], *args: object) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback, *args)

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)

    async def wait_for(self, awaitable: Awaitable[T], timeout: float) -> T:
        return await asyncio.wait_for(awaitable, timeout)


#: The real clock: the default wherever a clock is taken.
SYSTEM_CLOCK: Clock = SystemClock()


@dataclass(order=True)
class FakeTimer:
    """A callback due at virtual time ``when`` (ties run in the order they were scheduled)."""

    when: float
    order: int
    callback: Callable[..., object] = field(compare=False)
    args: tuple[object, ...] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Virtual time: nothing is due until a test moves the clock.

    >>> clock = FakeClock()
    >>> fired = []
    >>> _ = clock.call_later(2, fired.append, "two")
    >>> _ = clock.call_later(1, fired.append, "one")
    >>> clock.advance(1.5)
    >>> fired
    ['one']
    >>> clock.advance(0.5)
    >>> fired, clock.monotonic()
    (['one', 'two'], 1002.0)
    """

    def __init__(self, monotonic: float = 1000.0, wall: float = 1_800_000_000.0) -> None:
        self._now = monotonic
        #: Wall time minus monotonic time: both move together.
        self._offset = wall - monotonic
        self._due: list[FakeTimer] = []
        self._order = itertools.count()

    def monotonic(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now + self._offset

    def call_later(self, delay: float, callback: Callable[..., object], *args: object) -> FakeTimer:
        timer = FakeTimer(self._now + max(0.0, delay), next(self._order), callback, args)
        heapq.heappush(self._due, timer)
        return timer

    async def sleep(self, delay: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        timer = self.call_later(delay, _resolve, woken)
        try:
            await woken
        finally:
            timer.cancel()

    async def wait_for(self, awaitable: Awaitable[T], timeout: float) -> T:
        task = asyncio.ensure_future(awaitable)
        expired = False

        def expire() -> None:
            nonlocal expired
            if not task.done():
                expired = True
                task.cancel()

        timer = self.call_later(timeout, expire)
        try:
            return await task
        except asyncio.CancelledError:
            if expired:
                raise TimeoutError from None
            raise
        finally:
            timer.cancel()

    @property
    def pending(self) -> list[float]:
        """When each callback still waiting is due, soonest first (for assertions)."""
        return sorted(t.when for t in self._due if not t.cancelled)

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running each callback that falls due, in order.

        Each callback runs with the clock reading its own due time, so one
        that schedules another inside the window sees it run too.
        """
        until = self._now + seconds
        while (timer := self._next_due(until)) is not None:
            self._now = max(self._now, timer.when)
            timer.callback(*timer.args)
        self._now = max(self._now, until)

    async def run(self, seconds: float) -> None:
        """:meth:`advance`, letting the loop run after each callback.

        A callback that wakes a coroutine (the end of a :meth:`sleep`, a
        :meth:`wait_for` timing out) lets it run, and schedule its next wait,
        before later callbacks are looked at.
        """
        until = self._now + seconds
        await settle()
        while (timer := self._next_due(until)) is not None:
            self._now = max(self._now, timer.when)
            timer.callback(*timer.args)
            await settle()
        self._now = max(self._now, until)
        await settle()

    def _next_due(self, until: float) -> FakeTimer | None:
        while self._due and self._due[0].cancelled:
            heapq.heappop(self._due)
        if self._due and self._due[0].when <= until:
            timer = heapq.heappop(self._due)
            timer.cancelled = True  # ran: a later cancel() is a no-op, as on asyncio's handle
            return timer
        return None


#: Loop turns :func:`settle` gives: a woken coroutine resumes on the next turn,
#: and what it wakes (a task it awaited, a future it resolved) on the ones after.
SETTLE_TURNS = 10


async def settle() -> None:
    """Let the coroutines that are ready run (no time passes: a zero sleep per turn)."""
    for _ in range(SETTLE_TURNS):
        await asyncio.sleep(0)


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
