"""A player renamed mid-hand: the other players' table screens show the new name at once."""

from __future__ import annotations

from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.tables.session import ToAct
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.widgets.blackjack_table import SeatPanel
from cardtui.ui.widgets.holdem_table import HoldemSeat
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join

__all__ = ["make_room"]


async def test_the_holdem_screen_renames_a_seat_in_the_hand_in_play(make_app, make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "7c2d"])
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    session = await ann.link.sit("t1", 1000, seat=0)
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: table.hand is not None and len(screen.view.seats[0].hole) == 2)
        await pilot.pause()
        bob_panel = screen.query_one("#seat-1", HoldemSeat)
        assert "Bob" in str(bob_panel.border_title)
        bob.link.rename("Robert")
        await until(lambda: screen.view.seats[1].name == "Robert")
        await pilot.pause()
        assert "Robert" in str(bob_panel.border_title)
        # The same hand, its cards and its chips: only the name changed.
        assert table.hand is not None and table.hand_number == 1
        assert screen.view.seats[0].hole == list(table.hand.hole[0])  # type: ignore[arg-type]
        assert screen.view.seats[1].in_hand and screen.view.seats[1].hole == [None, None]
        assert sum(s.stack + s.bet for s in screen.view.seats) == 2000


async def test_the_blackjack_screen_renames_a_seat_in_the_round_in_play(
        make_app, make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, betting_clock=30,
                                      action_clock=30))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    session = await ann.link.sit("t1", 1000, seat=0)
    bob_session = await bob.link.sit("t1", 1000, seat=1)
    bob.listen(bob_session)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: screen.check_action("deal", ()) is True)
        bet = await bob.wait_for(lambda e: isinstance(e, ToAct))
        bob_session.bet(1, 10)  # type: ignore[attr-defined]
        assert bet.seat == 1
        await pilot.press("d")  # Ann's bet closes the window: the room deals
        await until(lambda: room.tables["t1"].round is not None)  # type: ignore[union-attr]
        await pilot.pause()
        bob_panel = screen.query_one("#seat-1", SeatPanel)
        assert "Bob" in str(bob_panel.border_title)
        bob.link.rename("Robert")
        await until(lambda: screen.presenter.seats[1].name == "Robert")
        await pilot.pause()
        assert "Robert" in str(bob_panel.border_title)
        assert room.tables["t1"].round is not None  # type: ignore[union-attr]
