"""The kept chips through the app: the blackjack table, the menu's line, a restart."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from cardtui.blackjack.rules import Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatSetup
from cardtui.games import Game
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.widgets.bankroll_table import BankrollLine

MakeApp = Callable[..., CardtuiApp]
#: The player (seat 0, alone) stands on 19 and the dealer busts: the bet is won.
PLAYER_WINS = ["Th", "6c", "9d", "Tc", "Ks"]
#: The player stands on 16 against 20: the bet is lost.
PLAYER_LOSES = ["Th", "Tc", "6d", "Ts"]


def _menu_line(app: CardtuiApp) -> str:
    assert isinstance(app.screen, MenuScreen)
    return app.screen.query_one("#chips", BankrollLine).text


async def test_a_win_is_kept_across_leaving_and_a_restart(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    app.settings.blackjack = TableSetup(seats=(SeatSetup("Player", bankroll=400),)).to_json()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        assert screen.table.seats[0].bankroll == 400  # bought in from the 1,000
        screen.table.shoe.stack(PLAYER_WINS)
        await pilot.press("d", "s")
        await pilot.pause()
        await pilot.press("escape")  # between rounds: the stack goes back
        await pilot.pause()
        assert _menu_line(app) == "Chips: Blackjack 1,010 · Hold'em 1,000"
    again = make_app()
    again.settings.blackjack = app.settings.blackjack
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert _menu_line(again) == "Chips: Blackjack 1,010 · Hold'em 1,000"
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(again.screen, BlackjackScreen)
        assert again.screen.table.seats[0].bankroll == 400
        assert again.store.balance(Game.BLACKJACK) == 610


async def test_broke_twice_the_house_rebuys_and_the_menu_counts_it(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    app.settings.blackjack = TableSetup(Rules(min_bet=100, max_bet=500), seats=(
        SeatSetup("Player", bankroll=500),)).to_json()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        for _ in range(2):
            screen.table.shoe.stack(PLAYER_LOSES)
            await pilot.press(*["plus"] * 40, "d", "s")  # all 500 on one round
            await pilot.pause()
            assert screen.table.seats[0].bankroll == 0
            await pilot.press("r")
            await pilot.pause()
            assert screen.table.seats[0].bankroll == 500
        kept = app.store.bankroll(Game.BLACKJACK)
        assert (kept.balance, kept.at_table, kept.rebuys) == (500, 500, 1)
        await pilot.press("escape")
        await pilot.pause()
        assert _menu_line(app) == "Chips: Blackjack 1,000 (1 rebuy) · Hold'em 1,000"


async def test_the_holdem_cash_table_buys_in_and_leaving_returns_the_stack(
    make_app: MakeApp,
) -> None:
    app = make_app(start="holdem")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        kept = app.store.bankroll(Game.HOLDEM)
        assert (kept.balance, kept.at_table) == (0, 1_000)  # the default stack, all of it
        await pilot.press("escape")
        await pilot.pause()
        assert _menu_line(app) == "Chips: Blackjack 1,000 · Hold'em 1,000"
        assert app.store.bankroll(Game.HOLDEM).at_table == 0


async def test_chips_at_a_shared_table_leave_a_broke_balance_a_local_table_of_house_chips(
        make_app: MakeApp) -> None:
    """The same key in two sessions: 995 of its chips sit at a shared table, 5 are left.

    The local table can neither buy in (below its minimum) nor have the house rebuy
    (the balance is not broke: chips are at a table). It used to raise from the
    table's sit-down, a traceback; now the seat plays table chips, and says so.
    """
    app = make_app(start="blackjack")
    app.store.buy_in(Game.BLACKJACK, 995, place="room:t2")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        message = str(screen.query_one("#message", Static).render())
        assert "table chips" in message and "995" in message
        assert app.store.bankroll(Game.BLACKJACK).balance == 5  # untouched
        screen.table.shoe.stack(PLAYER_WINS)
        await pilot.press("d", "s")
        await pilot.pause()
        assert app.store.bankroll(Game.BLACKJACK).balance == 5  # a table-chips win


async def test_the_holdem_table_too_plays_table_chips_when_the_kept_ones_are_elsewhere(
        make_app: MakeApp) -> None:
    app = make_app(start="holdem")
    app.store.buy_in(Game.HOLDEM, 995, place="room:t1")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HoldemScreen)
        assert any("table chips" in str(note) for note in screen.notes)
        kept = app.store.bankroll(Game.HOLDEM)
        assert (kept.balance, kept.at_table) == (5, 995)  # untouched
