"""Monte Carlo estimates kept per situation for the arena's duplicate deals.

A duplicate match deals the same cards once per seat rotation, so a seat's
cards on a board come back up to six times a deal (heads-up: twice). An
equity bot's estimate kept for them is the same Monte Carlo run once instead
of each time, and the rotations then see the same estimate, as they see the
same cards. Only ``size`` recent situations are kept (a few dozen deals), so
no one noisy estimate stays for a whole match; :func:`forget_all` (at the
start of every match) makes a match replay from its seed alone.

>>> kept = Kept(2)
>>> kept.get(("a",), lambda: 0.5), kept.get(("a",), lambda: 0.9)
(0.5, 0.5)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

_ALL: list[Kept] = []


class Kept:
    """The last ``size`` estimates by key (least recently used dropped first)."""

    def __init__(self, size: int = 1024) -> None:
        self._kept: OrderedDict[Hashable, float] = OrderedDict()
        self._size = size
        _ALL.append(self)

    def get(self, key: Hashable, estimate: Callable[[], float]) -> float:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        value = self._kept[key] = estimate()
        if len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)


def forget_all() -> None:
    """Empty every cache of estimates (a new match starts from nothing)."""
    for kept in _ALL:
        kept.clear()
