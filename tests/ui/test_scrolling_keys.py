"""Rules & keys and the Scoreboard scroll from the keyboard as soon as they open (issue 26)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scoreboard_data import record_play
from textual.containers import ScrollableContainer
from textual.widgets import TabbedContent

from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.rules import RulesScreen
from cardtui.ui.screens.scoreboard import ScoreboardScreen

MakeApp = Callable[..., CardtuiApp]


async def _keys_scroll(app: CardtuiApp, pilot, page: ScrollableContainer) -> None:  # type: ignore[no-untyped-def]
    """Each reading key moves ``page`` the way it says, with no key spent reaching it."""
    assert app.focused is page
    assert page.max_scroll_y > 0  # at 80x24 there is more than one screenful
    height = page.scrollable_content_region.height

    async def key_from(key: str, start: str) -> tuple[float, float]:
        await pilot.press(start)
        await pilot.pause()
        before = page.scroll_y
        await pilot.press(key)
        await pilot.pause()
        return before, page.scroll_y

    assert await key_from("down", "home") == (0, 1)
    for key in ("pagedown", "space"):
        assert await key_from(key, "home") == (0, min(height, page.max_scroll_y))
    assert await key_from("end", "home") == (0, page.max_scroll_y)
    top = page.max_scroll_y
    assert await key_from("up", "end") == (top, top - 1)
    assert await key_from("pageup", "end") == (top, max(0, top - height))
    assert await key_from("home", "end") == (top, 0)


@pytest.mark.parametrize("key", ["r", "s"])
async def test_the_page_scrolls_from_the_first_key(make_app: MakeApp, key: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        record_play(app.store, app.session_id)  # a scoreboard of several screenfuls
        await pilot.press(key)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, (RulesScreen, ScoreboardScreen))
        page = screen.query_one("#rules" if key == "r" else "#scores", ScrollableContainer)
        await _keys_scroll(app, pilot, page)


async def test_end_reaches_the_last_line_of_the_rules(make_app: MakeApp) -> None:
    app = make_app(start="rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        page = app.screen.query_one("#rules", ScrollableContainer)
        await pilot.press("end")
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y > 0


async def test_each_tab_s_page_takes_the_keys(make_app: MakeApp) -> None:
    app = make_app(start="scoreboard")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tabs = app.screen.query_one(TabbedContent)
        for key, tab, page in (("right", "tab-stats", "stats"), ("right", "tab-charts", "charts"),
                               ("right", "tab-scores", "scores"), ("left", "tab-charts", "charts"),
                               ("1", "tab-scores", "scores"), ("3", "tab-charts", "charts")):
            await pilot.press(key)
            await pilot.pause()
            assert tabs.active == tab
            assert app.focused is app.screen.query_one(f"#{page}")
        charts = app.screen.query_one("#charts", ScrollableContainer)
        if charts.max_scroll_y:
            await pilot.press("space")
            await pilot.pause()
            assert charts.scroll_y > 0
