"""The menu's chips line at 80 columns: a big bankroll breaks between games, never inside one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtui.games import Game
from cardtui.store import Bankroll
from cardtui.ui.app import CardtuiApp

MakeApp = Callable[..., CardtuiApp]

BIG = {Game.BLACKJACK: Bankroll(Game.BLACKJACK, 1_234_567_890, 0, 1_234, 1_234_000),
       Game.HOLDEM: Bankroll(Game.HOLDEM, 1_234_567_890, 9_876_543_210)}


def rich(app: CardtuiApp) -> None:
    """A profile with more than a billion chips in each game and many rebuys."""
    app.store.bankroll = BIG.__getitem__  # type: ignore[method-assign]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_each_game_s_chips_stay_on_one_line(make_app: MakeApp,
                                                  size: tuple[int, int]) -> None:
    app = make_app()
    app.settings.player_name = "Maximilian12"  # a name as long as names go
    rich(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = [strip.text.strip(" │") for strip in app.screen._compositor.render_strips()]
        # The menu's box is 44 cells wide inside: a game to a line, none cut.
        chips = ["Chips:", "Blackjack 1,234,567,890 (1,234 rebuys)", "Hold'em 11,111,111,100"]
        start = screen.index(chips[0])
        assert screen[start:start + len(chips)] == chips
        assert "Welcome, Maximilian12." in screen


async def test_small_bankrolls_keep_one_line(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = [strip.text.strip(" │") for strip in app.screen._compositor.render_strips()]
        assert "Chips: Blackjack 1,000 · Hold'em 1,000" in screen
