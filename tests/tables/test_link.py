"""The game process's line to the room: the live lobby, joining, creating, refusals."""

from __future__ import annotations

import pytest

from cardtui.guest.blackjack import BlackjackRemoteSession
from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.guest.link import RoomRefused
from cardtui.holdem.actions import HoleCardsDealt
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.tables.session import Note, SeatsChanged
from cardtui.wire.protocol import CreateBlackjack, CreateHoldem
from tests.room.support import until
from tests.tables.support import join


async def test_the_lobby_updates_live_as_people_sit_and_leave(make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=2),
                     BlackjackOptions(name="Pit", seats=3))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    assert [(t.name, t.game) for t in bob.link.tables.values()] == [
        ("Friday", "holdem"), ("Pit", "blackjack")]
    told: list[str | None] = []
    bob.link.listen(told.append)
    session = await ann.link.sit("t1", 1000, seat=2)
    assert isinstance(session, HoldemRemoteSession)
    await until(lambda: bob.link.tables["t1"].players[2] == "Ann")
    assert None in told
    session.leave()
    await until(lambda: bob.link.tables["t1"].players == (None,) * 4)
    assert "t1" not in ann.link.sessions


async def test_joining_refused_says_why_and_leaves_no_session(make_room) -> None:
    room = make_room(HoldemOptions(seats=2), BlackjackOptions(seats=1))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    with pytest.raises(RoomRefused, match="the buy-in at this table is 400 to 1,000, not 5"):
        await ann.link.sit("t1", 5)
    assert ann.link.sessions == {}
    assert isinstance(await ann.link.sit("t2", 100), BlackjackRemoteSession)
    with pytest.raises(RoomRefused, match="every seat is taken"):
        await bob.link.sit("t2", 100)
    with pytest.raises(RoomRefused, match="there is no such table"):
        await bob.link.watch("t9")


async def test_creating_tables(make_room) -> None:
    room = make_room(HoldemOptions(seats=2))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    info = await ann.link.create(CreateHoldem("Late game", seats=9, small_blind=10,
                                              big_blind=20, starting_stack=2000))
    assert (info.name, info.seats, info.stakes, info.buy_in_max) == ("Late game", 9, "10/20", 2000)
    info = await ann.link.create(CreateBlackjack("Pit", seats=5, rules={"decks": 2}))
    assert info.game == "blackjack" and info.stakes == "10-500"
    assert info.rules["decks"] == 2 and info.rules["max_bet"] == 500
    await until(lambda: len(bob.link.tables) == 3)
    with pytest.raises(RoomRefused, match="at most 2 tables"):
        await ann.link.create(CreateHoldem("Third"))
    with pytest.raises(RoomRefused, match="seats must be 2 to 10, not 11"):
        await bob.link.create(CreateHoldem("Big", seats=11))


async def test_a_reconnecting_player_is_given_their_seat_back_with_their_cards(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    await ann.link.sit("t1", 800, seat=0)
    await bob.link.sit("t1", 1000, seat=1)
    await until(lambda: table.hand is not None)
    await ann.link.close()  # her game process died
    await until(lambda: table.seats[0].away)
    back = await join(room, "Ann")
    await until(lambda: bool(back.link.reseated))
    session = back.link.take_reseated()
    assert session is not None and back.link.take_reseated() is None
    assert session.your_seat == 0 and session.info.id == "t1"
    hole = [r for r in session.records if isinstance(r, HoleCardsDealt) and r.seat == 0]
    assert hole[0].cards == table.hand.hole[0]
    assert {s.seat: s.stack for s in session.seats()}[0] == table.hand.stacks[0]


async def test_chat_and_sitting_out_reach_every_screen(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, action_clock=30, between_hands=60))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    bob.listen(await bob.link.watch("t1"))
    ann.session.chat("  hi \x1b[31mthere\x1b[0m  ")
    note = await bob.wait_for(lambda e: isinstance(e, Note) and e.kind == "chat")
    assert note.text == "Ann: hi there"
    with pytest.raises(ValueError, match="nothing to say"):
        ann.session.chat("   ")
    ann.session.sit_out()
    await bob.wait_for(lambda e: isinstance(e, SeatsChanged) and any(
        s.seat == 0 and s.status == "sitting out" for s in e.seats))
    ann.session.come_back()
    await until(lambda: not room.tables["t1"].seats[0].sitting_out)
