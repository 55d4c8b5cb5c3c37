"""A player renamed in Settings: the room shows the new name on every seat, lobby line and screen.

The room checks a :class:`Rename` as if the client were hostile (the one name
rule Settings use: 1 to 12 printable characters), answers :class:`Renamed` or
an error, and limits how often a profile may rename. A hand in play goes on
with the new name on the screens; its records keep the name it was dealt with.
"""

from __future__ import annotations

import logging
import tomllib

import pytest

from cardtui.blackjack.records import Action as Move
from cardtui.clock import FakeClock
from cardtui.holdem.actions import HandEnded
from cardtui.holdem.hand import stacked_deck
from cardtui.room import room as room_module
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.tables.session import Settled as SettledEvent
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    BlackjackAction,
    Chat,
    ChatLine,
    Error,
    ErrorCode,
    GetLobby,
    HandStarted,
    LobbySnapshot,
    LobbyUpdate,
    Notice,
    Rename,
    Renamed,
    SeatSettled,
    Sit,
    TableSeats,
    TableSnapshot,
    Watch,
    YourTurnBlackjack,
)
from tests.holdem.holdem_random_play import replay_strictly
from tests.room.support import FakeClient, until
from tests.room.test_holdem_room import check_or_call, hand_ended, member, sit
from tests.tables.support import join
from tests.tables.test_holdem_remote import check_or_call as check_or_call_seam
from tests.tables.test_shared_phh import played


def quiet_holdem(seats: int = 3) -> HoldemOptions:
    """No hand starts (three humans are needed): seats change only when the test says."""
    return HoldemOptions(name="Friday", seats=seats, bots_fill=False, min_humans=3,
                         between_hands=60, action_clock=30)


def seat_name(message: TableSeats, seat: int) -> str:
    return next(s.name for s in message.seats if s.seat == seat)



async def test_a_rename_reaches_the_other_seats_the_watchers_and_the_lobby(make_room) -> None:
    room = make_room(quiet_holdem(), BlackjackOptions(name="Pit", seats=3, between_rounds=60))
    ann, bob, watcher, lobby = [await FakeClient.join(room, member(n))
                                for n in ("Ann", "Bob", "Cy", "Dee")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    start = len(ann.messages)
    ann.send(Sit("t2", 2, 500))  # a blackjack seat too
    await ann.wait_for(lambda m: isinstance(m, TableSnapshot) and m.table.id == "t2",
                       after=start)
    watcher.send(Watch("t1"))
    await watcher.wait_for(lambda m: isinstance(m, TableSnapshot))
    marks = {c: len(c.messages) for c in (ann, bob, watcher, lobby)}

    ann.send(Rename("Annie"))

    assert (await ann.wait_for(lambda m: isinstance(m, Renamed))).name == "Annie"
    for client in (bob, watcher):
        seats = await client.wait_for(
            lambda m: isinstance(m, TableSeats) and m.table == "t1" and seat_name(m, 0) == "Annie",
            after=marks[client])
        assert seat_name(seats, 1) == "Bob"
        await client.wait_for(lambda m: isinstance(m, Notice) and m.text == "Ann is now Annie.",
                              after=marks[client])
    await ann.wait_for(lambda m: isinstance(m, TableSeats) and m.table == "t2"
                       and seat_name(m, 2) == "Annie", after=marks[ann])
    # Dee is in the lobby: both tables' lines name Annie.
    for table_id, players in (("t1", ("Annie", "Bob", None)), ("t2", (None, None, "Annie"))):
        await lobby.wait_for(lambda m, t=table_id, p=players: isinstance(m, LobbyUpdate)
                             and m.table.id == t and m.table.players == p, after=marks[lobby])
    assert room.tables["t1"].seats[0].name == "Annie"  # type: ignore[union-attr]
    assert room.tables["t2"].seats[2].name == "Annie"  # type: ignore[union-attr]
    # Her chat lines, and a newcomer's snapshot, carry the new name too.
    ann.send(Chat("t1", "hi"))
    line = await bob.wait_for(lambda m: isinstance(m, ChatLine), after=marks[bob])
    assert line.name == "Annie"
    late = await FakeClient.join(room, member("Eve"))
    late.send(Watch("t1"))
    snapshot = await late.wait_for(lambda m: isinstance(m, TableSnapshot))
    assert [s.name for s in snapshot.seats] == ["Annie", "Bob"]


async def test_every_game_of_the_same_key_hears_the_new_name(make_room) -> None:
    room = make_room(quiet_holdem())
    ann = await FakeClient.join(room, member("Ann"))
    again = await FakeClient.join(room, member("Ann"))  # a second SSH session of her key
    ann.send(Rename("Annie"))
    assert (await again.wait_for(lambda m: isinstance(m, Renamed))).name == "Annie"
    assert all(c.member.name == "Annie" for c in room.connections
               if c.member.profile == "profile-Ann")


@pytest.mark.parametrize(("wanted", "problem"), [
    ("x" * 13, "A name has at most 12 characters (this one has 13)."),
    ("y" * 60_000, "A name has at most 12 characters (this one has 60000)."),
    ("\x1b[31mEvil", "A name may contain only printable characters."),
    ("\x1b]0;owned\x07", "A name may contain only printable characters."),
    ("Ev\u202eil", "A name may contain only printable characters."),
    ("new\nline", "A name may contain only printable characters."),
    ("   ", "Enter a name of 1 to 12 characters."),
    ("", "Enter a name of 1 to 12 characters."),
], ids=["13", "60000", "csi", "osc", "bidi", "newline", "blank", "empty"])
async def test_a_bad_name_is_refused_with_its_reason_and_logged(
        make_room, caplog, wanted: str, problem: str) -> None:
    room = make_room(quiet_holdem())
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    mark = len(bob.messages)
    with caplog.at_level(logging.WARNING, logger="cardtui.room"):
        ann.send(Rename(wanted))
        error = await ann.wait_for(lambda m: isinstance(m, Error))
    assert (error.code, error.message) == (ErrorCode.REFUSED, problem)
    assert any("refused" in r.getMessage() for r in caplog.records)
    assert "\x1b" not in caplog.text
    # Nothing changed, nobody was told, and the room plays on.
    assert room.tables["t1"].seats[0].name == "Ann"  # type: ignore[union-attr]
    assert ann.of(Renamed) == []
    ann.send(Chat("t1", "still here"))
    await bob.wait_for(lambda m: isinstance(m, ChatLine) and m.text == "still here", after=mark)
    assert not any(isinstance(m, TableSeats | Notice) for m in bob.messages[mark:])
    assert b"\x1b" not in bob.raw and b"\\u001b" not in bob.raw


async def test_a_rename_that_is_not_a_string_is_a_malformed_message(make_room) -> None:
    room = make_room(quiet_holdem())
    ann = await FakeClient.join(room, member("Ann"))
    ann.send_raw(b'{"type":"rename","name":["\\u001b[2J"]}\n{"type":"rename"}\n')
    await ann.wait_for(lambda m: len(ann.of(Error)) == 2)
    assert [e.code for e in ann.of(Error)] == [ErrorCode.MALFORMED] * 2
    ann.send(GetLobby())
    await ann.wait_for(lambda m: len(ann.of(LobbySnapshot)) == 2)


async def test_a_name_is_cleaned_as_the_connect_name_is(make_room) -> None:
    room = make_room(quiet_holdem())
    ann = await FakeClient.join(room, member("Ann"))
    await sit(ann, "t1", 0)
    ann.send(Rename("  Ann   Lee "))  # valid in Settings; shown as the room shows names
    assert (await ann.wait_for(lambda m: isinstance(m, Renamed))).name == "Ann Lee"
    assert room.tables["t1"].seats[0].name == "Ann Lee"  # type: ignore[union-attr]


async def test_renames_are_rate_limited_per_player(make_room, clock: FakeClock) -> None:
    room = make_room(quiet_holdem(), clock=clock)
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    for n in range(room_module.RENAMES + 3):
        ann.send(Rename(f"Ann {n}"))
    last = room_module.RENAMES - 1
    await ann.wait_for(lambda m: isinstance(m, Renamed) and m.name == f"Ann {last}")
    await ann.wait_for(lambda m: len(ann.of(Error)) == 3)
    assert {e.message for e in ann.of(Error)} == {"slow down: too many name changes"}
    assert room.tables["t1"].seats[0].name == f"Ann {last}"  # type: ignore[union-attr]
    # Bob's rate is his own.
    bob.send(Rename("Robert"))
    assert (await bob.wait_for(lambda m: isinstance(m, Renamed))).name == "Robert"
    # Once the window has passed, Ann may rename again.
    clock.advance(room_module.RENAME_WINDOW)
    ann.send(Rename("Annie"))
    await ann.wait_for(lambda m: isinstance(m, Renamed) and m.name == "Annie")


async def test_a_rename_mid_hand_keeps_the_hand_and_the_chips(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=3, between_hands=60,
                                   action_clock=30))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh"], board="2c7d9c 3h 4s")
    players = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    ann, bob, _ = players
    for n, client in enumerate(players):
        await sit(client, "t1", n)
    await bob.wait_for(lambda m: isinstance(m, HandStarted))
    assert table.hand is not None
    mark = len(bob.messages)

    ann.send(Rename("Annie"))  # before anyone acts

    await bob.wait_for(lambda m: isinstance(m, TableSeats) and seat_name(m, 0) == "Annie",
                       after=mark)
    assert table.hand is not None and table.hand_number == 1  # the hand goes on
    for client in players:
        client.on_message = check_or_call("t1")
        if turn := [m for m in client.messages if m.TYPE == "your_turn_holdem"]:
            check_or_call("t1")(client, turn[-1])  # a prompt that came before the hook
    await bob.wait_for(hand_ended)
    settled = [await c.wait_for(lambda m: isinstance(m, SeatSettled)) for c in players]
    # Checked down from the big blind: the aces take the 30 chips, and none is lost.
    hand = table.last_hand
    assert hand is not None
    aces = next(seat for seat in range(3) if "As" in map(str, hand.hole[seat]))
    nets = [20 if seat == aces else -10 for seat in range(3)]
    assert [s.result.net for s in settled] == nets
    assert [table.seats[s].stack for s in range(3)] == [  # type: ignore[union-attr]
        1000 + net for net in nets]
    # The hand's records keep the name it was dealt with; the seat has the new one.
    assert settled[0].result.player == "Ann"
    assert hand.names is not None and hand.names[0] == "Ann"
    assert table.seats[0].name == "Annie"  # type: ignore[union-attr]


async def test_a_rename_mid_round_at_blackjack_keeps_the_bet_and_the_bankroll(
        make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30,
                                      betting_clock=30))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    start = len(ann.messages)
    ann.send(Sit("t1", 0, 1000))
    await ann.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == 0, after=start)
    bob.send(Watch("t1"))
    await bob.wait_for(lambda m: isinstance(m, TableSnapshot))
    await ann.wait_for(lambda m: isinstance(m, BetsOpen))
    table.shoe.stack(["Th", "9c", "8d", "Qs"])  # type: ignore[union-attr]
    ann.send(Bet("t1", 10))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    mark = len(bob.messages)
    ann.send(Rename("Annie"))
    await bob.wait_for(lambda m: isinstance(m, TableSeats) and seat_name(m, 0) == "Annie",
                       after=mark)
    ann.send(BlackjackAction("t1", Move.STAND))
    settled = await ann.wait_for(lambda m: isinstance(m, SeatSettled))
    assert (settled.result.net, settled.result.player) == (-10, "Ann")
    await until(lambda: table.round is None)
    assert (table.seats[0].name, table.seats[0].stack) == ("Annie", 990)  # type: ignore[union-attr]


async def test_the_hand_history_of_a_hand_renamed_mid_hand_is_valid_phh(make_room) -> None:
    """The shared hand's PHH, from a player's own session, reads back strictly."""
    room = make_room(HoldemOptions(name="Game", seats=3, bots_fill=False, min_humans=3,
                                   between_hands=60, action_clock=30))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsKs", "QhJh", "9c8c"], board="2c7d3d 3s Td")
    players = [await join(room, name) for name in ("Ann", "Bob", "Cy")]
    ann = players[0]
    await ann.link.sit("t1", 1000, seat=0)
    for player in players[1:]:
        await player.link.sit("t1", 1000)
    await until(lambda: table.hand is not None)
    ann.link.rename("Annie")
    await until(lambda: ann.link.name == "Annie")
    for player in players:
        player.on_event = check_or_call_seam
        player.listen(player.link.sessions["t1"])
    await until(lambda: table.last_hand is not None)
    for player in players:
        await player.wait_for(lambda e: any(isinstance(r, HandEnded)
                                            for r in getattr(e, "records", ())))
        settled = await player.wait_for(lambda e: isinstance(e, SettledEvent))
        assert settled.rows[0].player == ("Ann" if player is ann else player.name)
        history = settled.hand_history
        assert history is not None
        data = tomllib.loads(history)
        # Every viewer's copy names the seats as the hand dealt them.
        assert sorted(data["players"]) == ["Ann", "Bob", "Cy"] and "Annie" not in history
        state = replay_strictly(history)
        seats = [seat - 1 for seat in data["seats"]]
        assert list(state.stacks) == [table.last_hand.stacks[s]  # type: ignore[union-attr]
                                      for s in seats]
        assert played(player).begins.seats[0].name == "Ann"
    # The screens show the new name: the seats every session keeps now.
    for player in players:
        assert player.link.sessions["t1"].seats()[0].name == "Annie"



async def test_a_seat_kept_for_a_dropped_player_takes_the_name_they_come_back_with(
        make_room) -> None:
    """A game killed in Settings never said the new name; the profile's settings did."""
    room = make_room(quiet_holdem())
    ann = await FakeClient.join(room, member("Ann"))
    await sit(ann, "t1", 0)
    await ann.close()
    table = room.tables["t1"]
    await until(lambda: table.seats[0].away)  # type: ignore[union-attr]
    back = await FakeClient.join(room, Member("profile-Ann", "Annie"))
    snapshot = await back.wait_for(lambda m: isinstance(m, TableSnapshot))
    assert snapshot.your_seat == 0 and snapshot.seats[0].name == "Annie"
    assert table.seats[0].name == "Annie"  # type: ignore[union-attr]


async def test_a_rename_to_another_players_name_is_refused(make_room) -> None:
    # Issue 24: Bob renamed to "Ann" and two seats read Ann; whose fold was it?
    room = make_room(quiet_holdem())
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    for wanted in ("Ann", "ANN"):
        start = len(bob.messages)
        bob.send(Rename(wanted))
        error = await bob.wait_for(lambda m: isinstance(m, Error), after=start)
        assert error.message == f"another player here is called {wanted}: pick another name"
    assert [p.name for _, p in room.tables["t1"].players()] == ["Ann", "Bob"]
    assert not bob.of(Renamed)
    ann.send(Rename("ann"))  # her own name in another case is hers to take
    assert (await ann.wait_for(lambda m: isinstance(m, Renamed))).name == "ann"


async def test_a_new_key_logging_in_with_a_seated_players_name_gets_a_distinct_one(
        make_room) -> None:
    room = make_room(quiet_holdem())
    ann = await FakeClient.join(room, member("Ann"))
    await sit(ann, "t1", 0)
    await ann.close()  # away: her seat (and her name) are kept for her
    await until(lambda: room.tables["t1"].seats[0].away)  # type: ignore[union-attr]
    other = await FakeClient.join(room, Member("another-key", "Ann"))  # `ssh Ann@host`
    assert other.of_type("welcome")[0].name == "Ann 2"
    long = await FakeClient.join(room, Member("third-key", "Ann 2"))
    assert long.of_type("welcome")[0].name == "Ann 2 2"
    twelve = await FakeClient.join(room, Member("fourth-key", "Annabel Lee"))
    fifth = await FakeClient.join(room, Member("fifth-key", "Annabel Lee"))
    assert twelve.of_type("welcome")[0].name == "Annabel Lee"
    assert fifth.of_type("welcome")[0].name == "Annabel Le 2"  # the room's 12 characters
    again = await FakeClient.join(room, member("Ann"))  # Ann herself, back: still Ann
    assert again.of_type("welcome")[0].name == "Ann"
