"""The guard against Textual's OptionList paging crash (see cardtui.ui.textual_fixes)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from cardtui.ui import textual_fixes


class OneList(App[None]):
    def compose(self) -> ComposeResult:
        # No size yet, as a drop-down or the palette's list is the moment it fills.
        yield OptionList("1 deck", "2 decks", "4 decks", "6 decks", id="list")

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False


@pytest.mark.parametrize("page", ["action_page_down", "action_page_up"])
async def test_paging_a_list_that_has_no_size_yet_does_nothing(page: str) -> None:
    textual_fixes.apply()
    app = OneList()
    async with app.run_test() as pilot:
        options = app.query_one(OptionList)
        options.highlighted = 3
        getattr(options, page)()  # Textual alone: KeyError: 3
        await pilot.pause()
        assert options.highlighted == 3
        options.display = True
        await pilot.pause()
        options.action_page_up()  # laid out now: paging works
        assert options.highlighted == 0


def test_the_guard_is_installed_once() -> None:
    textual_fixes.apply()
    guarded = OptionList._move_page
    textual_fixes.apply()
    assert OptionList._move_page is guarded and guarded.cardtui_guarded  # type: ignore[attr-defined]
