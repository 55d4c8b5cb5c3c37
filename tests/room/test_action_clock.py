"""The action clock on virtual time: one expiry per table, a restart or a stop cancels it."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.room.clock import ActionClock


def test_the_clock_fires_once_at_its_deadline_and_a_restart_replaces_it() -> None:
    time = FakeClock()
    clock = ActionClock(time)
    fired: list[str] = []
    deadline = clock.start(30, lambda: fired.append("first"))
    assert deadline == time.wall() + 30 and clock.running
    time.advance(20)
    deadline = clock.start(30, lambda: fired.append("second"))  # a new turn: a new clock
    assert deadline == time.wall() + 30
    time.advance(29.9)
    assert fired == [] and clock.running
    time.advance(0.1)
    assert fired == ["second"]
    assert not clock.running and clock.deadline is None
    time.advance(100)
    assert fired == ["second"]


def test_a_stopped_clock_never_fires() -> None:
    time = FakeClock()
    clock = ActionClock(time)
    fired: list[str] = []
    clock.start(5, lambda: fired.append("expired"))
    clock.stop()
    time.advance(10)
    assert fired == [] and not clock.running and clock.deadline is None
    assert time.pending == []
