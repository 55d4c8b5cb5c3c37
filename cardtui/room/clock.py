"""The action clock: one pending expiry per table, with a deadline every screen can show.

The deadline travels as wall-clock time (``time.time()``): the room and the
game processes run on the same machine, so every screen counts down to the
same moment. The expiry itself is scheduled on the event loop's monotonic
clock, so a change of the system time cannot fire it early or late.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class ActionClock:
    """``start`` schedules ``on_expiry`` in ``seconds``; a new start or ``stop`` cancels it."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self.deadline: float | None = None
        self.seconds = 0.0

    @property
    def running(self) -> bool:
        return self._handle is not None

    def start(self, seconds: float, on_expiry: Callable[[], None]) -> float:
        """Start (or restart) the clock; return the wall-clock deadline."""
        self.stop()
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._handle = None
            self.deadline = None
            on_expiry()

        self._handle = loop.call_later(seconds, fire)
        self.seconds = seconds
        self.deadline = time.time() + seconds
        return self.deadline

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.deadline = None
