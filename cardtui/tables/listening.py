"""The one screen a table session talks to: attaching, detaching, and words kept for it.

Every session (local blackjack and hold'em, a replay, a shared table, the
tests' scripted table) holds one :class:`EventLine` and delegates to it, so
the rules are written once:

* a screen attaching is shown the table as it is (the session's ``present``
  events) before anything new, then what was said while nobody listened;
* only the screen attached now may detach: a stale screen (one a newer
  screen replaced at the same table) leaving changes nothing;
* an event with nobody listening is dropped (:meth:`EventLine.emit` says so,
  for a session that keeps some of them its own way), or kept for the next
  screen (:meth:`EventLine.tell`).

>>> line = EventLine()
>>> line.tell("sat down")            # nobody listens yet: kept
>>> seen = []
>>> line.attach(seen.append, ["the table"])
>>> line.emit("a card")
True
>>> seen
['the table', 'sat down', 'a card']
>>> line.detach(print)               # a stale screen: nothing changes
False
>>> line.detach(seen.append), line.emit("unseen")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

E = TypeVar("E")


class EventLine(Generic[E]):
    """Whom a session's events reach: the screen attached now, if any."""

    def __init__(self) -> None:
        #: The screen's listener, while one is attached.
        self.listener: Callable[[E], None] | None = None
        #: Said while nobody listened, for the next screen (:meth:`tell`).
        self._kept: list[E] = []

    @property
    def attached(self) -> bool:
        return self.listener is not None

    def attach(self, listener: Callable[[E], None], present: Iterable[E] = ()) -> None:
        """``listener`` is the screen from now: first ``present`` (the table as it
        is), then what was kept for it, then everything new."""
        for event in present:
            listener(event)
        self.listener = listener
        kept, self._kept = self._kept, []
        for event in kept:
            listener(event)

    def detach(self, listener: Callable[[E], None] | None = None) -> bool:
        """Nobody listens from now, unless ``listener`` is stale (a newer screen
        attached since): then nothing changes. Whether it detached."""
        if listener is not None and not self.listens(listener):
            return False
        self.listener = None
        return True

    def listens(self, listener: Callable[[E], None]) -> bool:
        """Whether ``listener`` is the screen attached now."""
        return self.listener is not None and listener == self.listener

    def emit(self, event: E) -> bool:
        """``event`` to the screen; False (and dropped) when nobody listens."""
        if self.listener is None:
            return False
        self.listener(event)
        return True

    def tell(self, event: E) -> None:
        """``event`` to the screen, or kept for the next one to attach."""
        if not self.emit(event):
            self._kept.append(event)
