"""The action clock: one pending expiry per table, with a deadline every screen can show.

The deadline travels as wall-clock time (:meth:`Clock.wall`): the room and
the game processes run on the same machine, so every screen counts down to
the same moment. The expiry itself is scheduled with :meth:`Clock.call_later`
(the event loop's monotonic clock on the system clock), so a change of the
system time cannot fire it early or late.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.clock import SYSTEM_CLOCK, Clock, Timer


class ActionClock:
    """``start`` schedules ``on_expiry`` in ``seconds``; a new start or ``stop`` cancels it."""

    def __init__(self, clock: Clock = SYSTEM_CLOCK) -> None:
        self._time = clock
        self._handle: Timer | None = None
        self.deadline: float | None = None
        self.seconds = 0.0

    @property
    def running(self) -> bool:
        return self._handle is not None

    def start(self, seconds: float, on_expiry: Callable[[], None]) -> float:
        """Start (or restart) the clock; return the wall-clock deadline."""
        self.stop()

        def fire() -> None:
            self._handle = None
            self.deadline = None
            on_expiry()

        self._handle = self._time.call_later(seconds, fire)
        self.seconds = seconds
        self.deadline = self._time.wall() + seconds
        return self.deadline

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.deadline = None
