"""A shared blackjack table's clocks are on every screen: whose turn, and how long is left.

Seen over SSH: the room stands for a player after 30 s (and deals without the
late after the betting window's 15 s), but no screen showed a clock, and while
one player decided on insurance the others' prompt line was empty.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.widgets import Static

from cardtui.blackjack.records import Action
from cardtui.guest.blackjack import BetWindow
from cardtui.tables.session import Event, HandBegins, SeatClock, SeatsChanged, Seen, ToAct
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.ui.test_blackjack_seam import DEAL, SEATS

MakeApp = Callable[..., CardtuiApp]


def begun_with(records: tuple[object, ...]) -> list[Event]:
    return [SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(records)]


def message(screen: BlackjackScreen) -> str:
    return str(screen.query_one("#message", Static).render())


async def test_another_seats_clock_counts_down_on_this_screen(make_app: MakeApp) -> None:
    session = ScriptedBlackjackSession(begun_with(DEAL), viewer_seats=(1,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        session.send(SeatClock(0, time.monotonic() + 20.2))
        await pilot.pause()
        assert "Ann to act. (20 s)" in message(screen)
        session.send(SeatClock(0, time.monotonic() + 3.2))
        # The next second is drawn without a message from the room. (The screen's
        # one-second tick may come just before the 2 is due, so allow it two.)
        for _ in range(22):
            await pilot.pause(0.1)
            if "(3 s)" not in message(screen):
                break
        assert "Ann to act. (2 s)" in message(screen)


async def test_insurance_says_whose_decision_it_is(make_app: MakeApp) -> None:
    session = ScriptedBlackjackSession(begun_with(DEAL[:-1]), viewer_seats=(1,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert message(screen) == ""
        session.send(SeatClock(0, time.monotonic() + 9.2))  # no hand is played during insurance
        await pilot.pause()
        assert "Ann to act. (9 s)" in message(screen)


async def test_this_players_turn_and_bet_show_their_clock(make_app: MakeApp) -> None:
    session = ScriptedBlackjackSession(begun_with(DEAL), viewer_seats=(0,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        session.send(ToAct(0, frozenset({Action.HIT, Action.STAND}), time.monotonic() + 25.2))
        await pilot.pause()
        assert "Ann: Hit or stand? (25 s)" in message(screen)
        session.send(SeatsChanged(SEATS), ToAct(0, BetWindow(10, 500), time.monotonic() + 14.2))
        await pilot.pause()
        assert "Bets close in 14 s." in message(screen)
