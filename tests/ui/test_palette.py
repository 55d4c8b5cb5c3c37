"""The command palette used quickly (issue 9, item 6): keys faster than the palette."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from support.keyfuzz import press
from textual import events
from textual.command import CommandInput
from textual.widgets import Input

from cardtui.ui.app import CardtuiApp
from cardtui.ui.palette import Palette
from cardtui.ui.screens.scoreboard import ScoreboardScreen

MakeApp = Callable[..., CardtuiApp]


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_paging_before_the_list_is_laid_out_does_not_crash(
    make_app: MakeApp, key: str
) -> None:
    # Textual's OptionList raised KeyError when paged before it had a size:
    # here the page key comes before the palette has finished its first search.
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(app, pilot, "ctrl+p", settle=False)
        await press(app, pilot, key, settle=False)
        await pilot.pause(0.3)
        assert isinstance(app.screen, Palette)
        await pilot.press(key)  # laid out by now: paging works
        await pilot.press("escape")


async def test_a_dismissed_palette_ignores_keys_that_reach_it_late(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"Scoreboard")
        await pilot.pause(0.4)
        palette = app.screen
        assert isinstance(palette, Palette)
        searches: list[str] = []
        palette._gather_commands = searches.append  # type: ignore[method-assign]
        field = palette.query_one(CommandInput)
        await press(app, pilot, "enter", settle=False)  # the command switches screens...
        for _ in range(1000):
            if palette not in app.screen_stack:
                break
            await asyncio.sleep(0)
        # ...while a key typed right after Enter still reaches the palette's input.
        palette.post_message(Input.Changed(field, "Scoreboards"))
        await pilot.pause(0.3)
        assert searches == []  # no search started on a palette being torn down
        assert isinstance(app.screen, ScoreboardScreen)




async def test_ctrl_p_read_as_a_screen_change_pops_the_palette_opens_a_new_one(
        make_app: MakeApp) -> None:
    """Issue 24: ``DuplicateIds('--command-palette')`` under load after ``… enter,
    shift+tab, ctrl+p, tab, ctrl+p``. Enter on the menu's Blackjack opens the table
    after the keys read with it, so the first Ctrl+P opens a palette over the menu,
    and the screen change pops it. The last Ctrl+P waits (Navigation.on_event) until
    the screen on top is built; under load the palette is popped during that wait
    and is still being removed (a task of its own) when the key goes on. Textual's
    palette always had one id, so the new palette took the id of the old one."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ready = app._top_screen_ready
        changed: list[str] = []

        async def screen_change_meanwhile() -> None:
            # What a loaded machine does between the keys: the screen change Enter
            # asked for pops the palette while the app waits for the screen on top.
            if isinstance(app.screen, Palette) and not changed:
                changed.append("popped")
                app.pop_screen()
            await ready()

        for key in ("shift+tab", "ctrl+p", "tab"):  # one read (Enter's change held back)
            app.post_message(events.Key(key, None))
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        app._top_screen_ready = screen_change_meanwhile  # type: ignore[method-assign]
        app.post_message(events.Key("ctrl+p", None))
        await pilot.pause()
        await pilot.pause()
        assert changed == ["popped"]
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "Palette"]
        await pilot.press("escape")
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen"]
