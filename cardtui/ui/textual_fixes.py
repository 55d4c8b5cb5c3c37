"""A work-around for a Textual bug that cardtui's key fuzzer reaches, applied on import.

Page Up / Page Down on an ``OptionList`` that has options but no size yet
(laid out on the next refresh: a Select's drop-down just opened, the command
palette's list just filled, the menu while a screen switches) raise
``KeyError`` in ``OptionList._move_page``: it looks up the highlighted
option's line in a table it only fills once the list has a size. The same
crash was reported against ``OptionList.action_page_down`` by another Textual
app (https://github.com/kagan-sh/kagan-legacy/issues/31). Until the list has
its lines, a page key does nothing; any other key still works.

One guard for every option list (the menu, every Select, the palette), so no
screen needs its own. Checked against the Textual pinned in the test extra
(tests/ui/test_palette.py); if a later Textual renames the method, the
guard is skipped rather than breaking the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import OptionList


def _guard_paging(move_page: Callable[[OptionList, Any], None]) -> Callable[..., None]:
    def _move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: no lines to page through
        move_page(self, direction)

    _move_page.cardtui_guarded = True  # type: ignore[attr-defined]
    return _move_page


def apply() -> None:
    """Install the guard (once)."""
    move_page = getattr(OptionList, "_move_page", None)
    if move_page is not None and not getattr(move_page, "cardtui_guarded", False):
        OptionList._move_page = _guard_paging(move_page)  # type: ignore[method-assign]


apply()
