"""A table session with no engine behind it: it delivers the events a test scripted.

For the table-seam tests (issue 10): a screen driven by it must show exactly
the records it was given, and send its moves back through :meth:`act`.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtui.tables.session import Event, Listener


class ScriptedSession:
    """Plays ``opening`` to the screen that attaches, then whatever :meth:`send` is given."""

    def __init__(self, opening: Iterable[Event], viewer_seats: Iterable[int] = (0,)) -> None:
        self.opening = tuple(opening)
        self._viewers = frozenset(viewer_seats)
        self.listener: Listener | None = None
        #: Every move the screen sent: (seat, action).
        self.acted: list[tuple[int, object]] = []

    @property
    def viewer_seats(self) -> frozenset[int]:
        return self._viewers

    def attach(self, listener: Listener) -> None:
        for event in self.opening:
            listener(event)
        self.listener = listener

    def detach(self) -> None:
        self.listener = None

    def act(self, seat: int, action: object) -> None:
        self.acted.append((seat, action))

    def send(self, *events: Event) -> None:
        """The table moves on: ``events`` reach the attached screen, in order."""
        assert self.listener is not None, "no screen is attached"
        for event in events:
            self.listener(event)
