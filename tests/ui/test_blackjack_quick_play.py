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
