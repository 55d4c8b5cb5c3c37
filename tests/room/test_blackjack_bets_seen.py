"""At a shared blackjack table every screen shows the bets placed in the betting window.

Seen over SSH: Ann placed 30 and Bob's screen still read "Bet 0" on her seat
until the deal (the room's seat lines carry the bets; the screen dropped them).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.guest.shared_table import seat_state
from cardtui.room.config import BlackjackOptions
from cardtui.tables.session import SeatsChanged, SeatState
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.blackjack_table import SeatPanel
from cardtui.wire.protocol import SeatInfo
from tests.room.support import until
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.tables.support import join

MakeApp = Callable[..., CardtuiApp]


def test_a_seat_line_keeps_the_bet() -> None:
    assert seat_state(SeatInfo(0, "Ann", 300, bet=30)).bet == 30


async def test_the_other_players_bet_is_on_their_seat(make_app: MakeApp) -> None:
    seats = (SeatState(0, "Ann", 300, bet=30), SeatState(1, "Bob", 300))
    session = ScriptedBlackjackSession([SeatsChanged(seats)], viewer_seats=(1,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Bet 30" in screen.query_one("#seat-0", SeatPanel).render().plain


async def test_a_bet_placed_reaches_the_other_players_session(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, betting_clock=30))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 300, seat=0))
    bob.listen(await bob.link.sit("t1", 300, seat=1))
    await until(lambda: room.tables["t1"].betting)
    ann.session.bet(0, 30)
    await bob.wait_for(lambda e: isinstance(e, SeatsChanged) and e.seats[0].bet == 30)
