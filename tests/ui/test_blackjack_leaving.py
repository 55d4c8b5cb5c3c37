"""Leaving the blackjack table, and coming back (issue 9, items 4, 5, 7, 13, 14, 20, 21, 24).

Every way out of a round in play plays it out (the hands stand, the dealer
finishes, the round is recorded as played; issue 26, no question and no
forfeit); a reveal left behind never draws on a screen that is gone; the table
and its counters are the same when the player comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from cardtui.games import Game
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack import pace as blackjack_pace
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.blackjack.setup import BlackjackSetupScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.widgets.blackjack_table import DealerPanel, SeatPanel

MakeApp = Callable[..., CardtuiApp]

#: Ten and nine against the dealer's six and seven: a round that waits for the player.
WAITING = ["Th", "6c", "9d", "7s"]


def table_app(make_app: MakeApp, setup: dict[str, Any] | None = None, **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = setup or {}
    return app


def message(app: CardtuiApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


def losses(app: CardtuiApp) -> tuple[int, int, int]:
    totals = app.store.totals(Game.BLACKJACK)
    if not totals:
        return (0, 0, 0)
    return (totals[0].rounds, totals[0].losses, totals[0].net)


@pytest.fixture
def long_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pauses long enough that a reveal is still playing whatever the machine's load."""
    monkeypatch.setattr(blackjack_pace, "DEAL_PAUSE", 60.0)
    monkeypatch.setattr(blackjack_pace, "DEALER_PAUSE", 60.0)


async def open_from_palette(pilot: Any, label: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*label)
    await pilot.pause(0.4)  # the palette gathers its matches in a worker
    await pilot.press("enter")
    await pilot.pause()


# -- item 4: a reveal never outlives its screen ---------------------------------------


async def test_leaving_by_the_palette_mid_reveal_does_not_crash(
    make_app: MakeApp, long_pauses: None
) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        screen.table.shoe.stack(["Ah", "9c", "Kd", "7s"])  # a natural: settled on the deal
        await pilot.press("d")
        assert screen.animating and not screen.table.in_round
        await open_from_palette(pilot, "Scoreboard")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert not screen.animating
        # The result never shown still counts in the session, as in the store.
        assert (app.session.blackjack_tally.wins, app.session.blackjack_tally.net) == (1, 15)
        assert app.store.round_count() == 1


async def test_escape_mid_reveal_of_a_settled_round_leaves_at_once(
    make_app: MakeApp, long_pauses: None
) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Ah", "9c", "Kd", "7s"])
        await pilot.press("d")
        await pilot.press("escape")  # nothing is at stake: the round is settled
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.session.blackjack_tally.wins == 1


# -- item 7, issue 26: every way out of a round in play plays it out and records it ---------


def rounds(app: CardtuiApp) -> tuple[int, int, int, int]:
    """(rounds, wins, losses, net) in the store."""
    totals = app.store.totals(Game.BLACKJACK)
    if not totals:
        return (0, 0, 0, 0)
    return (totals[0].rounds, totals[0].wins, totals[0].losses, totals[0].net)


#: Nineteen against the dealer's six and ten: standing wins when the dealer draws a king.
PLAYED_OUT = ["Th", "6c", "9d", "Ts", "Ks"]


async def test_escape_mid_round_stands_and_records_the_round(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(PLAYED_OUT)
        await pilot.press("d")
        assert screen.table.in_round
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)  # no question on the way
        assert rounds(app) == (1, 1, 0, 10)
        assert app.session.blackjack_tally.wins == 1
        assert not screen.table.last_settlement.forfeited


async def test_palette_navigation_mid_round_plays_the_round_out(
    make_app: MakeApp, long_pauses: None
) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d")  # still dealing: the reveal plays on
        await open_from_palette(pilot, "Scoreboard")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert rounds(app) == (1, 1, 0, 10)
        assert app.session.blackjack_tally.wins == 1


async def test_quitting_mid_round_plays_the_round_out(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["5s"])  # 19 against 6, 7, 5: the dealer's 18
        await pilot.press("d", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    assert rounds(app) == (1, 1, 0, 10)


async def test_leaving_mid_round_tells_how_the_round_ended(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "escape")
        await pilot.pause()
        told = [n.message for n in app._notifications]
        assert told == ["You left mid-round: your hands stood and the round was settled "
                        "(Player +10)."]


async def test_leaving_between_rounds_is_free(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "s")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.store.round_count() == 1


# -- item 5: a round that leaves nobody able to bet does not deal ------------------------


async def test_a_round_that_breaks_every_seat_does_not_deal(make_app: MakeApp) -> None:
    setup = {"seats": [{"name": "Ann", "kind": "human", "bankroll": 10}]}
    app = table_app(make_app, setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "6c", "6d", "Ks", "Kd"])  # 16 against 6 + ?
        await pilot.press("d", "h")  # ... a king: bust
        await pilot.pause()
        assert app.screen is screen
        assert not screen.table.in_round and screen.table.seats[0].bankroll == 0
        assert losses(app) == (1, 1, -10)
        assert "r rebuys" in message(app)
        assert not screen.check_action("deal", ())
        await pilot.press("r")
        assert message(app) == "Ann buys back in: 10 chips.  Deal again?"


# -- item 14: what helps when a bet is more than the bankroll ---------------------------


async def test_a_seat_short_of_its_bet_is_told_to_lower_it(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        seat = screen.table.seats[0]
        seat.bet, seat.bankroll = 500, 300  # lost down to 300 with a 500 bet
        screen._sync()
        await pilot.pause()
        text = message(app)
        assert "− lowers the bet" in text and "rebuy" not in text
        assert "Player has 300" in text  # names keep their capitals
        panel = str(screen.query_one("#seat-0", SeatPanel).render())
        assert "Lower the bet" in panel and "rebuys" not in panel
        await pilot.press("minus")
        assert seat.bet == 300 and screen.check_action("deal", ())


# -- item 20: a new bet shows on the seat at once ----------------------------------------


async def test_a_bet_changed_after_a_round_shows_on_the_seat(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "s")
        await pilot.pause()
        panel = screen.query_one("#seat-0", SeatPanel)
        assert "Bet 10" in str(panel.render())
        await pilot.press("plus", "plus")
        await pilot.pause()
        assert screen.table.seats[0].bet == 30
        assert "Bet 30" in str(panel.render())


# -- item 21: a finished soft hand shows one total ---------------------------------------


async def test_settled_soft_hands_show_their_final_total(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # Player A 9 (soft 20) against 6, A: the dealer stands on soft 17.
        screen.table.shoe.stack(["Ah", "6c", "9d", "As"])
        await pilot.press("d")
        panel = screen.query_one("#seat-0", SeatPanel)
        assert "10 / 20" in str(panel.render())  # while it plays: both totals
        await pilot.press("s")
        await pilot.pause()
        body = str(panel.render())
        assert "20 WIN" in body and "10 / 20" not in body
        dealer = screen.query_one("#dealer", DealerPanel)
        assert str(dealer.border_subtitle) == "17"


# -- item 13: one session, one table, one set of counters --------------------------------


async def test_the_table_and_counters_last_the_whole_session(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "s")  # 19 against a busted dealer: +10
        await pilot.pause()
        await pilot.press("escape", "b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        assert screen.table.seats[0].bankroll == 1010
        counters = str(screen.query_one("#counters", Static).render())
        assert "W 1" in counters and "Net +10" in counters
        assert "1,010 chips" in str(screen.query_one("#seat-0", SeatPanel).border_subtitle)


async def test_the_palettes_blackjack_at_the_blackjack_table_keeps_the_table_playing(
        make_app: MakeApp) -> None:
    # The new screen sat at the same table before the old one unmounted, and the
    # old one's leaving stood the player up under it: the table no longer
    # answered, said "out of chips", and a round forfeited there was never stored.
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "s")  # 19 against a busted dealer: +10
        await pilot.pause()
        old = app.screen
        await open_from_palette(pilot, "blackjack")
        screen = app.screen
        assert isinstance(screen, BlackjackScreen) and screen is not old
        assert "out of chips" not in message(app)
        assert screen.table.seats[0].bankroll == 1010
        screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d")
        await pilot.pause()
        assert screen.table.in_round
        assert "Hit or stand" in message(app)
        await pilot.press("h")  # 19 and a king: bust
        await pilot.pause()
    assert losses(app) == (2, 1, 0)


async def test_a_new_setup_is_a_new_table_but_the_same_session(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(WAITING + ["Ks"])
        await pilot.press("d", "s")
        await pilot.pause()
        await pilot.press("t")
        assert isinstance(app.screen, BlackjackSetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        assert screen.table.seats[0].bankroll == 1000  # a new table
        assert app.session.blackjack_tally.wins == 1  # the same session


# -- item 23 and 24 ------------------------------------------------------------------------


async def test_setup_labels_name_rules_not_documents(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        label = str(app.screen.query_one("#dealer-wins-ties").label)
        assert label == "Dealer wins ties"


async def test_a_long_list_of_house_rules_wraps_instead_of_being_cut(make_app: MakeApp) -> None:
    rules = {"decks": 8, "dealer_hits_soft_17": True, "blackjack_pays": "6:5",
             "double": "9-11", "double_after_split": False, "resplit_aces": True,
             "late_surrender": True, "insurance": False, "dealer_wins_ties": True}
    app = table_app(make_app, {"rules": rules})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#rules-line", Static)
        assert line.size.height == 2
        assert "bets 10-500" in str(line.render())
        assert "Trainer: 0/0 off basic strategy" in str(
            app.screen.query_one("#counters", Static).render())
