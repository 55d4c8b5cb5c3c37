"""The bet keys are legal only while they move the bet (found in a QA pass).

At the table maximum "Bet +" stayed offered and did nothing; at the minimum
"Bet −" did the same. ``check_action`` now asks the table (or, at a shared
table, the betting window), so the keys line and the buttons drop a key that
cannot move the bet.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.guest.blackjack import BetWindow
from cardtui.tables.session import SeatsChanged, SeatState, ToAct
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.action_bar import ActionBar
from tests.support.scripted_blackjack import ScriptedBlackjackSession

MakeApp = Callable[..., CardtuiApp]


async def test_bet_keys_are_refused_at_the_table_limits(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    app.settings.blackjack = {"rules": {"min_bet": 10, "max_bet": 30}}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        table = screen.table
        assert (table.rules.min_bet, table.rules.max_bet) == (10, 30)
        assert table.seats[0].bet == 10
        assert screen.check_action("bet_down", ()) is False
        assert screen.check_action("bet_up", ()) is True
        await pilot.press("plus", "plus")
        assert table.seats[0].bet == 30
        assert screen.check_action("bet_up", ()) is False
        assert screen.check_action("bet_down", ()) is True
        shown = screen.query_one(ActionBar).shown
        assert "bet_down" in shown and "bet_up" not in shown


async def test_a_shared_tables_bet_keys_stop_at_the_betting_window(make_app: MakeApp) -> None:
    seats = (SeatState(0, "Ann", 990),)
    session = ScriptedBlackjackSession([SeatsChanged(seats), ToAct(0, BetWindow(10, 30))])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.presenter.bet == 10
        assert screen.check_action("bet_down", ()) is False
        assert screen.check_action("bet_up", ()) is True
        await pilot.press("plus", "plus")
        assert screen.presenter.bet == 30
        assert screen.check_action("bet_up", ()) is False
        assert screen.check_action("bet_down", ()) is True
