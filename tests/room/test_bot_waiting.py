"""A bot that takes a seat between hands waits for the big blind, and says so as a player does."""

from __future__ import annotations

from typing import Any

from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable, RoomBot
from cardtui.tables.session import HandBegins, SeatsChanged
from cardtui.wire.protocol import SeatStatus
from tests.room.support import until
from tests.tables.support import join
from tests.tables.test_holdem_remote import check_or_call


async def bob_leaves_mid_hand(make_room, between_hands: float) -> tuple[HoldemTable, Any]:
    """Ann (checking or calling) and Bob at a table of three; Bob leaves mid-hand: the
    room folds for him, and a bot takes his seat once the hand is over."""
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30,
                                   between_hands=between_hands))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.on_event = check_or_call
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    await until(lambda: table.hand is not None)
    bob.session.leave()
    return table, ann


async def test_a_bot_seated_between_hands_is_waiting_not_out(make_room) -> None:
    table, ann = await bob_leaves_mid_hand(make_room, between_hands=60)
    await until(lambda: isinstance(table.seats[1], RoomBot))
    statuses = {info.seat: info.status for info in table.seat_infos()}
    # Not dealt in until the big blind reaches it: a screen drew the seat "out",
    # as if it had lost its chips, where a human there reads "waiting".
    assert statuses[1] is SeatStatus.WAITING
    assert statuses[0] is SeatStatus.PLAYING


async def test_a_seat_dealt_in_at_last_is_drawn_playing_from_the_hands_start(make_room) -> None:
    # Seen over SSH: "Kit (BB)" posted the big blind under the label "waiting".
    table, ann = await bob_leaves_mid_hand(make_room, between_hands=0.05)
    await until(lambda: isinstance(table.seats[1], RoomBot) and 1 in table.waiting)
    await until(lambda: table.hand is not None and table.dealt_in(1), timeout=30)
    number = table.hand_number
    await ann.wait_for(lambda e: isinstance(e, HandBegins) and e.number == number)
    start = next(i for i, e in enumerate(ann.events)
                 if isinstance(e, HandBegins) and e.number == number)
    seats = [e for e in ann.events[:start] if isinstance(e, SeatsChanged)][-1].seats
    assert seats[1].status == "playing"
