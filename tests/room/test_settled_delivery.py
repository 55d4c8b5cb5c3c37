"""A key holder's settled hands reach their store at least once (issue 13).

The room keeps each key holder's :class:`SeatSettled` from the moment the hand
settles until the game says :class:`SettledSeen`, and sends every one still
kept on the profile's next connection. Guests keep nothing; an
acknowledgement of a hand the room does not keep is ignored; a game that
never acknowledges cannot grow the room past :data:`MAX_UNSEEN` hands.
"""

from __future__ import annotations

import logging

import pytest

from cardtui.blackjack.records import Action as Move
from cardtui.games import Game
from cardtui.room import room as room_module
from cardtui.room.config import BlackjackOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.room.shared import SeatedPlayer
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    Bet,
    BetsOpen,
    BlackjackAction,
    Error,
    ErrorCode,
    GetLobby,
    Hello,
    LobbySnapshot,
    SeatSettled,
    SettledResult,
    SettledSeen,
    Welcome,
    YourTurnBlackjack,
)
from tests.room.support import FakeClient, until
from tests.room.test_blackjack_room import seat

ANN = Member("profile-Ann", "Ann")


def pit() -> BlackjackOptions:
    # One round, then a long pause: nothing else settles while the test looks.
    return BlackjackOptions(seats=2, between_rounds=60, action_clock=30, betting_clock=30)


async def play_a_round(room: Room, client: FakeClient) -> SeatSettled:
    """Ann bets 10 and stands on 18 against the dealer's 19: her round's SeatSettled."""
    await client.wait_for(lambda m: isinstance(m, BetsOpen))
    room.tables["t1"].shoe.stack(["Th", "9c", "8d", "Qs"])  # type: ignore[union-attr]
    client.send(Bet("t1", 10))
    await client.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    client.send(BlackjackAction("t1", Move.STAND))
    return await client.wait_for(lambda m: isinstance(m, SeatSettled))


async def test_a_settled_round_not_acknowledged_comes_again_on_the_next_connection(
        make_room) -> None:
    room = make_room(pit())
    ann = await FakeClient.join(room, ANN)
    await seat(ann, 0)
    settled = await play_a_round(room, ann)
    assert (settled.table, settled.hand, settled.result.net) == ("t1", 1, -10)
    await ann.close()  # killed before its store committed the round: no SettledSeen
    back = await FakeClient.join(room, ANN)
    again = await back.wait_for(lambda m: isinstance(m, SeatSettled))
    assert again == settled
    welcome = back.of(Welcome)[0]
    assert welcome.room == room.id and back.position(again) > back.position(welcome)
    back.send(SettledSeen("t1", 1))  # this time the store has it
    await until(lambda: ANN.profile not in room.unseen)
    await back.close()
    third = await FakeClient.join(room, ANN)
    third.send(GetLobby())
    await third.wait_for(lambda m: len(third.of(LobbySnapshot)) == 2)
    assert third.of(SeatSettled) == []  # acknowledged: never sent again


async def test_an_acknowledged_round_is_not_sent_again(make_room) -> None:
    room = make_room(pit())
    ann = await FakeClient.join(room, ANN)
    await seat(ann, 0)
    await play_a_round(room, ann)
    ann.send(SettledSeen("t1", 1))
    await until(lambda: ANN.profile not in room.unseen)
    await ann.close()
    back = await FakeClient.join(room, ANN)
    back.send(GetLobby())
    await back.wait_for(lambda m: len(back.of(LobbySnapshot)) == 2)
    assert back.of(SeatSettled) == []


async def test_a_second_game_of_the_same_key_gets_the_rounds_not_yet_acknowledged(
        make_room) -> None:
    room = make_room(pit())
    ann = await FakeClient.join(room, ANN)
    await seat(ann, 0)
    settled = await play_a_round(room, ann)
    other = await FakeClient.join(room, ANN)  # a second SSH session, the first still open
    assert await other.wait_for(lambda m: isinstance(m, SeatSettled)) == settled


async def test_an_acknowledgement_of_a_hand_not_kept_is_ignored(make_room) -> None:
    room = make_room(pit())
    ann = await FakeClient.join(room, ANN)
    await seat(ann, 0)
    await play_a_round(room, ann)
    for stray in (SettledSeen("t9", 1), SettledSeen("t1", 99), SettledSeen("t1", -1)):
        ann.send(stray)
    ann.send(GetLobby())
    await ann.wait_for(lambda m: len(ann.of(LobbySnapshot)) == 2)
    assert ann.of(Error) == []
    assert list(room.unseen[ANN.profile]) == [("t1", 1)]  # the real one is still kept


async def test_a_malformed_acknowledgement_is_a_plain_error(make_room) -> None:
    room = make_room(pit())
    ann = await FakeClient.join(room, ANN)
    ann.send_raw(b'{"type":"settled_seen","table":"t1","hand":"one"}\n')
    error = await ann.wait_for(lambda m: isinstance(m, Error))
    assert error.code is ErrorCode.MALFORMED and "settled_seen.hand" in error.message


async def test_a_guest_s_rounds_are_not_kept(make_room) -> None:
    room = make_room(pit())
    guest = room.guest("Gus")
    client = await FakeClient.join(room, guest)
    await seat(client, 0)
    await play_a_round(room, client)
    assert room.unseen == {}


async def test_a_game_that_never_acknowledges_cannot_grow_the_room(
        make_room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(room_module, "MAX_UNSEEN", 3)
    room = make_room(pit())
    player = SeatedPlayer(ANN, None, 100)  # away: everything is kept for her return
    result = SettledResult("Ann", 10, -10, "loss")
    with caplog.at_level(logging.WARNING, "cardtui.room"):
        for hand in range(1, 6):
            room.deliver(player, SeatSettled("t1", Game.BLACKJACK, hand, result))
    assert [hand for _, hand in room.unseen[ANN.profile]] == [3, 4, 5]
    assert sum("no longer kept" in r.getMessage() for r in caplog.records) == 2
    back = await FakeClient.join(room, ANN)
    await back.wait_for(lambda m: len(back.of(SeatSettled)) == 3)
    assert [m.hand for m in back.of(SeatSettled)] == [3, 4, 5]


async def test_a_game_of_the_old_protocol_is_refused(make_room) -> None:
    # A version-1 game would record every re-sent round again.
    room = make_room(pit())
    old = await FakeClient.join(room, ANN, hello=False)
    old.send(Hello(1))
    assert PROTOCOL_VERSION > 1
    error = await old.wait_for(lambda m: isinstance(m, Error))
    assert error.code is ErrorCode.VERSION
    await old.wait_closed()
