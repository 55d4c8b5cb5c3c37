"""Two games of one key: the seat is played from the latest; the other screen cannot move it.

Seen over SSH: Ann sat down, then opened a second terminal with the same key,
which took her seat over (as a reconnect does). The first screen froze without
a word; Escape there ("Leave the table?" y) stood up the seat she was playing
from the second, and folded her hand.
"""

from __future__ import annotations

from pathlib import Path

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.wire.protocol import Bet, Error, Leave, Notice, Sit, SitOut, TableSnapshot
from tests.room.support import FakeClient, until
from tests.tables.test_shared_bankroll import KeyHolder, store_of


def ann() -> Member:
    return Member("profile-Ann", "Ann")


async def test_the_first_game_leaving_does_not_stand_up_the_seat_the_second_plays(
        make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, action_clock=30, between_hands=60))
    table = room.tables["t1"]
    first = await FakeClient.join(room, ann())
    first.send(Sit("t1", 0, 1000))
    await until(lambda: table.hand is not None)
    second = await FakeClient.join(room, ann())  # her seat moves to the new game
    await second.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == 0)
    await first.wait_for(lambda m: isinstance(m, Notice) and "other connection" in m.text)
    first.send(SitOut("t1"))
    refused = await first.wait_for(lambda m: isinstance(m, Error) and m.table == "t1")
    assert "another connection" in refused.message
    mark = len(first.messages)
    first.send(Leave("t1"))
    first.send(SitOut("t1"))  # answered once the room has read the Leave before it
    await first.wait_for(lambda m: isinstance(m, Error), after=mark)
    player = table.seats[0]
    assert player.conn is not None and not player.leaving and not player.sitting_out
    assert table.seat_of("profile-Ann") == 0


async def test_the_first_game_cannot_change_the_bet_of_the_second(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, betting_clock=30))
    table = room.tables["t1"]
    first = await FakeClient.join(room, ann())
    first.send(Sit("t1", 0, 300))
    await until(lambda: table.betting)
    second = await FakeClient.join(room, ann())
    await second.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == 0)
    first.send(Bet("t1", 50))
    refused = await first.wait_for(lambda m: isinstance(m, Error) and m.table == "t1")
    assert "another connection" in refused.message
    assert table.seats[0].bet == 0


async def test_the_first_game_watches_and_leaves_the_chips_to_the_second(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, action_clock=30, between_hands=60))
    table = room.tables["t1"]
    store = store_of(tmp_path, "Ann")
    first = await KeyHolder("Ann", store).connect(room)
    first.plays = False
    session = await first.sit("t1", 600, seat=0)
    await until(lambda: table.hand is not None)
    second = await KeyHolder("Ann", store).connect(room)  # her seat moves to the new game
    assert second.link is not None
    await until(lambda: bool(second.link.reseated))
    await until(lambda: session.your_seat is None)  # the first screen watches now
    session.leave()
    await until(lambda: table.id not in session.link.sessions)
    # Its chips are still at the table, for the game that plays them to bring back.
    assert first.chips() == (400, {"room:t1": 600})
    assert table.seat_of("key-Ann") == 0 and not table.seats[0].leaving
