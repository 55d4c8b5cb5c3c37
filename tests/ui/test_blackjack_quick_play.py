"""The blackjack table played quickly (issue 26): keys act through a reveal, quick bets,
the prompt always in view and the seat lit for insurance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from cardtui.blackjack.records import Action
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack import pace as blackjack_pace
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.action_bar import ActionBar

MakeApp = Callable[..., CardtuiApp]


def table_app(make_app: MakeApp, setup: dict[str, Any] | None = None, **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = setup or {}
    return app


def message(app: CardtuiApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


@pytest.fixture
def long_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pauses long enough that a reveal is still playing whatever the machine's load."""
    monkeypatch.setattr(blackjack_pace, "DEAL_PAUSE", 60.0)
    monkeypatch.setattr(blackjack_pace, "DEALER_PAUSE", 60.0)


async def land(pilot: Any, screen: BlackjackScreen) -> None:
    """Let the keys' work finish, skipping any reveal it starts (the pauses are long)."""
    for _ in range(50):
        await pilot.pause()
        if screen.animating:
            await pilot.press("z")  # no table key: it only skips
        elif not any(w.group == "blackjack-key" and not w.is_finished
                     for w in screen.app.workers):
            return
    raise AssertionError("the table never settled")


# -- a key pressed during the reveal skips it and acts ------------------------------------


async def test_a_move_pressed_as_the_cards_land_is_made(make_app: MakeApp,
                                                        long_pauses: None) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        screen.table.shoe.stack(["Th", "9c", "6d", "7s", "Ks"])
        await pilot.press("d")
        assert screen.animating and screen.table.in_round
        await pilot.press("s")  # the deal is still landing: it lands, then Player stands
        await land(pilot, screen)
        assert not screen.table.in_round
        assert screen.table.seats[0].bankroll == 1010


async def test_a_key_not_legal_after_the_reveal_only_skips(make_app: MakeApp,
                                                          long_pauses: None) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        screen.table.shoe.stack(["Th", "9c", "6d", "7s"])
        await pilot.press("d", "p")  # no pair: split is not legal once the deal has landed
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.animating and screen.table.in_round
        assert screen.presenter.moves() == {Action.HIT, Action.STAND, Action.DOUBLE}
        assert message(app) == "Player: Hit or stand?"


# -- quick bets from the keyboard -------------------------------------------------------------


async def test_typing_an_amount_and_enter_sets_the_bet(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        await pilot.press("1", "2", "5")
        assert message(app).startswith("Bet: 125_")
        await pilot.press("escape")  # closes the entry, does not leave the table
        assert app.screen is screen and screen.table.seats[0].bet == 10
        await pilot.press("5", "enter")
        assert "Not 5: the table minimum is 10." in message(app)
        await pilot.press("backspace", "4", "0", "enter")
        assert screen.table.seats[0].bet == 40 and message(app).startswith("Bet 40.")
        await pilot.press("asterisk")
        assert screen.table.seats[0].bet == 80
        await pilot.press("right_square_bracket")
        assert screen.table.seats[0].bet == 500
        await pilot.press("left_square_bracket", "plus")
        assert screen.table.seats[0].bet == 20


async def test_enter_rebets_and_deals_after_a_round(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        screen.table.shoe.stack(["Th", "9c", "6d", "7s", "Ks"])
        await pilot.press("3", "0", "d", "s")
        await pilot.pause()
        assert screen.table.seats[0].bankroll == 1030
        await pilot.press("right_square_bracket")  # max, then thought better of it
        screen.table.shoe.stack(["Th", "9c", "6d", "7s", "Ks"])
        await pilot.press("enter")
        await pilot.pause()
        assert screen.table.in_round and screen.table.round is not None
        assert screen.table.round.bets == [30]


async def test_the_seat_deciding_insurance_is_lit(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "Ac", "9d", "Ks"])
        await pilot.press("d")
        await pilot.pause()
        assert "Insurance?" in message(app)
        assert screen.query_one("#seat-0").has_class("acting")


@pytest.mark.parametrize(("ascii", "label"), [(False, "Deal d/⏎"), (True, "Deal d/Enter")])
async def test_the_deal_button_says_enter_deals_the_same_bets(make_app: MakeApp, ascii: bool,
                                                              label: str) -> None:
    app = table_app(make_app, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        bar = screen.query_one(ActionBar)
        assert bar.label("deal") == "Deal d"  # no round yet: Enter has nothing to bet again
        screen.table.shoe.stack(["Th", "9c", "6d", "7s", "Ks"])
        await pilot.press("d", "s")
        await pilot.pause()
        assert bar.label("deal") == label
        await pilot.press("plus")
        assert bar.label("deal") == "Deal d"
        assert "(Enter: 10 again, and deal)" in message(app)
