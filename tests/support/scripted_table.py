"""A table session with no engine behind it: it delivers the events a test scripted.

For the table-seam tests (issue 10): a screen driven by it must show exactly
the records it was given, and send its moves back through :meth:`act`. It
answers what the hold'em screen also asks of a session (``in_hand``,
``hurry``, ``fold_out``, ``close``) and counts those calls.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.listening import EventLine
from cardtui.tables.session import Event, Listener


class ScriptedSession:
    """Plays ``opening`` to the screen that attaches, then whatever :meth:`send` is given."""

    def __init__(self, opening: Iterable[Event], viewer_seats: Iterable[int] = (0,)) -> None:
        self.opening = tuple(opening)
        self._viewers = frozenset(viewer_seats)
        self.line: EventLine[Event] = EventLine()
        #: Every move the screen sent: (seat, action).
        self.acted: list[tuple[int, object]] = []
        #: Whether a hand is in play (the test says so; the screen asks before leaving).
        self.in_hand = False
        #: What else the screen asked: "hurry", "fold_out", "close", in order.
        self.asked: list[str] = []
        #: What the table can do beyond the seam (a test may give it more): nothing.
        self.caps = HoldemCapabilities()

    @property
    def viewer_seats(self) -> frozenset[int]:
        return self._viewers

    @property
    def listener(self) -> Listener | None:
        """The screen attached now."""
        return self.line.listener

    def attach(self, listener: Listener) -> None:
        self.line.attach(listener, self.opening)

    def detach(self, listener: Listener | None = None) -> None:
        self.line.detach(listener)

    def act(self, seat: int, action: object) -> None:
        self.acted.append((seat, action))

    def capabilities(self) -> HoldemCapabilities:
        return self.caps

    def hurry(self) -> None:
        self.asked.append("hurry")

    def fold_out(self) -> None:
        self.asked.append("fold_out")

    def close(self) -> None:
        self.asked.append("close")
        self.detach()

    def send(self, *events: Event) -> None:
        """The table moves on: ``events`` reach the attached screen, in order."""
        assert self.line.attached, "no screen is attached"
        for event in events:
            self.line.emit(event)
