"""Pilot tests of the shell: every menu entry, Escape back, quit, settings, scoreboard."""

from collections.abc import Callable
from pathlib import Path

import pytest
from support.keyfuzz import press
from textual import events
from textual.widgets import DataTable, Input, OptionList, Select, Static

from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.settings import load_settings
from cardtui.store import Outcome, SeatResult
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.screens.rules import RulesScreen
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.screens.settings import SettingsScreen
from cardtui.ui.screens.too_small import TooSmallScreen
from tests.support.holdem_demo import open_table, settle

MakeApp = Callable[..., CardtuiApp]


@pytest.mark.parametrize(
    ("key", "screen_name"),
    [("b", "BlackjackScreen"), ("h", "HoldemScreen"), ("p", "PracticeScreen"),
     ("s", "ScoreboardScreen"), ("o", "SettingsScreen"), ("r", "RulesScreen")],
)
async def test_each_menu_key_opens_its_screen_and_escape_returns(
    make_app: MakeApp, key: str, screen_name: str
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen_name
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_arrows_and_enter_choose(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "enter")  # past Practise
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)


async def test_mouse_click_chooses(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(OptionList)
        # Row 4 of the option list is "Rules & keys".
        await pilot.click(OptionList, offset=(5, menu.options.index(
            next(o for o in menu.options if o.id == "rules"))))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


async def test_q_quits_cleanly(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert not app.is_running


async def test_command_palette_offers_the_destinations(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Scoreboard")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ScoreboardScreen)


async def test_start_screen_from_the_command_line(make_app: MakeApp) -> None:
    app = make_app(start="rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_too_small_terminal_asks_to_enlarge(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small", Static).render())
        assert "enlarge" in text and "60x20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_bad_name_gets_an_inline_error_and_is_not_saved(
    make_app: MakeApp, data_dir: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        name.value = ""
        await pilot.pause()
        error = str(app.screen.query_one("#name-error", Static).render())
        assert "1 to 12" in error
        name.value = "Thirteen chars"
        await pilot.pause()
        assert "at most 12" in str(app.screen.query_one("#name-error", Static).render())
        name.value = "Ann"
        await pilot.pause()
        assert str(app.screen.query_one("#name-error", Static).render()) == ""
    assert load_settings(data_dir / "settings.json").settings.player_name == "Ann"


async def test_settings_apply_at_once_and_persist(make_app: MakeApp, data_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#theme", Select).value = "nord"
        app.screen.query_one("#card-style", Select).value = "ascii"
        await pilot.pause()
        assert app.theme == "nord"
        assert app.settings.ascii_cards
        await pilot.press("escape")
        await pilot.pause()
        assert "S H  c a r d t u i" in str(app.screen.query_one("#logo", Static).render())
    saved = load_settings(data_dir / "settings.json").settings
    assert saved.theme == "nord" and saved.ascii_cards


async def test_scoreboard_shows_session_and_all_time_and_resets(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.store.record_round(Game.BLACKJACK, [SeatResult("Old", 10, 10, Outcome.WIN)],
                               session_id="earlier")
        app.store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN)],
                               session_id=app.session_id)
        await pilot.press("s")
        await pilot.pause()
        session = app.screen.query_one("#blackjack-session", DataTable)
        all_time = app.screen.query_one("#blackjack-all", DataTable)
        assert session.row_count == 1 and all_time.row_count == 2
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.store.round_count() == 2
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.store.round_count() == 0
        assert not app.screen.query_one("#blackjack-all", DataTable).display


async def test_corrupt_database_gives_a_notice_not_a_crash(
    make_app: MakeApp, data_dir: Path
) -> None:
    (data_dir / "cardtui.sqlite3").write_bytes(b"garbage" * 500)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("moved to" in n.message for n in app._notifications)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize(
    ("button", "screen_name"),
    [("#blackjack-setup", "BlackjackSetupScreen"), ("#holdem-setup", "HoldemSetupScreen")],
)
async def test_settings_open_each_games_setup(
    make_app: MakeApp, button: str, screen_name: str
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.click(button)
        await pilot.pause()
        assert type(app.screen).__name__ == screen_name
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)


async def test_scoreboard_columns_are_wide_enough_for_their_figures(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.record_round(Game.HOLDEM, [SeatResult("Player", 125, 1_130, Outcome.WIN,
                                                        pot=1_255)], session_id=app.session_id)
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#holdem-session", DataTable)
        net = next(c for c in table.columns.values() if c.label.plain == "Net")
        assert net.width >= len("+1,130")
        assert "+1,130" in [str(cell) for cell in table.get_row_at(0)]  # (PlainTable: escaped)


async def test_a_question_asked_over_the_size_notice_leaves_one_notice(
    make_app: MakeApp,
) -> None:
    # (A hold'em hand in play asks before leaving; a blackjack round no longer does
    # since issue 26: it is played out.)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        holdem = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK),
                                     SeatConfig("Bot 2", Personality.SHARK)))
        screen = await open_table(pilot, holdem, button=2, holes=["7h2d", "AsAh", "KcKd"],
                                  moves=[Action.raise_to(30)])
        await pilot.press("d")
        await settle(pilot)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+q")  # mid-hand: asked over the notice
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(62, 20)
        await pilot.pause()
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press("n")  # stay: the notice has nothing left to say
        await pilot.pause()
        assert app.screen is screen


async def test_quit_and_a_menu_letter_sent_together_quit_cleanly(make_app: MakeApp) -> None:
    # Enter on Quit and "b" in one read: the table used to be pushed as the app
    # was closing, and failed to build (MountError / NoMatches in its on_mount).
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == "quit")
        await pilot.pause()
        await press(app, pilot, "enter", "b", settle=False)
        await pilot.pause(0.3)
    assert app.return_code == 0


async def test_a_key_on_its_way_back_from_a_screen_is_not_read_once_quitting(
        make_app: MakeApp) -> None:
    # Read by a screen just before the quit, it bubbled to the app's bindings once
    # the screens were gone: ScreenStackError, "cardtui stopped after an unexpected error".
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        looked_up: list[str] = []

        async def check_bindings(key: str, priority: bool = False) -> bool:
            looked_up.append(key)
            return False

        app._check_bindings = check_bindings  # type: ignore[method-assign]
        key = events.Key("y", "y")
        key._set_forwarded()  # (as it comes back from the screen)
        app.exit()
        await app.on_event(key)
    assert looked_up == []
    assert app.return_code == 0


async def test_keys_held_for_a_screen_are_dropped_once_the_screens_are_gone(
        make_app: MakeApp) -> None:
    # The key fuzzer (seed 3, ctrl+q among keys held for a screen not ready yet): the
    # held keys' next look came after the quit had taken the screens down and asked
    # for the screen: ScreenStackError, "cardtui stopped after an unexpected error".
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app._held_keys.append(events.Key("d", "d"))  # noqa: SLF001 - as a key held back
        app.exit()
    assert not app.screen_stack
    await app._release_held()  # noqa: SLF001 - the held keys' next look, now
    assert app._held_keys == []  # noqa: SLF001
    assert app.return_code == 0


@pytest.mark.parametrize("player_name", ["[b]Al[/b]", "[/b]x", "[red"])
async def test_a_name_with_brackets_is_shown_as_typed(make_app: MakeApp, player_name: str) -> None:
    # Names were read as markup: "[b]Al[/b]" welcomed "Al", "[/b]x" stopped the menu.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#name", Input).value = player_name
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        welcome = str(app.screen.query_one("#welcome", Static).render())
        assert welcome == f"Welcome, {player_name}."


@pytest.mark.parametrize("start", ["holdem", "rules"])
async def test_quitting_as_the_menu_is_first_built_quits_cleanly(
        make_app: MakeApp, start: str) -> None:
    """Issue 24: ``NoMatches('OptionList')`` in ``MenuScreen.on_screen_resume`` after
    quitting an app started at a table. Started there, the menu under the table is
    built only once first shown; leaving the table and quitting in one read closed
    the app while the menu was being built, and it then looked for its list."""
    app = make_app(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen_stack[0]

        def quit_as_the_menu_is_shown(screen: object) -> None:
            if screen is menu:
                app.exit()  # what Ctrl+Q read with Escape does (Navigation._quit)

        app.screen_change_signal.subscribe(app, quit_as_the_menu_is_shown)
        await press(app, pilot, "escape", settle=False)
        await pilot.pause()
    assert app.return_code == 0
    assert app._exception is None
