"""SVG snapshots of issue 26's screens (update: --snapshot-update): forms with a field marked
and its reason under it, the discard question, the count drill waiting, the menu's big chips."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.widgets import Input

from cardtui.games import Game
from cardtui.store import Bankroll
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.setup import BlackjackSetupScreen
from cardtui.ui.holdem.setup import HoldemSetupScreen
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.lobby_new_table import NewTableDialog

SIZES = [(80, 24), (120, 40)]
Pilot = Any


def _holdem_with_a_low_big_blind(theme: str = "textual-dark") -> Callable[[Pilot], Awaitable[None]]:
    async def run_before(pilot: Pilot) -> None:
        pilot.app.theme = theme
        await pilot.app.push_screen(HoldemSetupScreen())
        await pilot.pause()
        pilot.app.screen.query_one("#big-blind", Input).focus()
        await pilot.press("end", "backspace", "backspace", "4")
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_holdem_setup_marks_the_big_blind(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_holdem_with_a_low_big_blind(),
                        terminal_size=size)


def test_holdem_setup_marks_the_big_blind_in_a_light_theme(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_holdem_with_a_low_big_blind("textual-light"),
                        terminal_size=(80, 24))


def test_escape_after_an_edit_asks(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await _holdem_with_a_low_big_blind()(pilot)
        await pilot.press("escape")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=run_before, terminal_size=(80, 24))


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_blackjack_setup_limits_and_a_focused_box(snap_compare, make_app, theme) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        pilot.app.theme = theme
        await pilot.app.push_screen(BlackjackSetupScreen())
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("#max-bet", Input).value = "5"
        screen.query_one("#late-surrender").focus()
        await pilot.press("space")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=run_before, terminal_size=(80, 24))


def test_blackjack_setup_in_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await pilot.app.push_screen(BlackjackSetupScreen())
        await pilot.pause()

    assert snap_compare(make_app(ascii=True), run_before=run_before, terminal_size=(80, 24))


def test_new_table_marks_the_field(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await pilot.app.push_screen(NewTableDialog())
        await pilot.pause()
        pilot.app.screen.query_one("#seats", Input).value = "12"
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=run_before, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_count_drill_waits_for_ready(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await pilot.app.push_screen(CountDrillScreen(random.Random(3), cards=20,
                                                     seconds_per_card=1.0))
        await pilot.pause()

    assert snap_compare(make_app(), run_before=run_before, terminal_size=size)


def test_menu_with_a_billion_chips(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app: CardtuiApp = make_app()
    rolls = {Game.BLACKJACK: Bankroll(Game.BLACKJACK, 1_234_567_890, 0, 1_234, 1_234_000),
             Game.HOLDEM: Bankroll(Game.HOLDEM, 1_234_567_890, 9_876_543_210)}
    app.store.bankroll = rolls.__getitem__  # type: ignore[method-assign]
    app.settings.player_name = "Maximilian12"
    assert snap_compare(app, terminal_size=(80, 24))


def test_settings_with_a_long_name(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), press=["o", *"x" * 13], terminal_size=(80, 24))
