"""Shared hold'em in the room: fake game processes over real socket pairs."""

from __future__ import annotations

import pytest

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind, HoleCardsDealt
from cardtui.holdem.button import Positions
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.holdem_table import RoomBot
from cardtui.wire.codec import decode_record
from cardtui.wire.protocol import (
    MAX_MESSAGE_BYTES,
    ComeBack,
    Error,
    HandStarted,
    HandVoided,
    Hello,
    HoldemAction,
    Message,
    Notice,
    Records,
    SeatSettled,
    Sit,
    SitOut,
    TableSnapshot,
    Watch,
    Welcome,
    YourTurnHoldem,
)
from tests.room.support import FakeClient, until
from tests.room.virtual_time import pass_time_until


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


def check_or_call(table: str):  # noqa: ANN201
    def act(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem) and message.table == table:
            kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
            client.send(HoldemAction(table, kind))

    return act


def hand_ended(message: Message) -> bool:
    return isinstance(message, Records) and any(
        r["type"] == "holdem.HandEnded" for r in message.records)


async def sit(client: FakeClient, table: str, seat: int | None = None, buy_in: int = 1000) -> int:
    start = len(client.messages)
    client.send(Sit(table, seat, buy_in))
    snapshot = await client.wait_for(
        lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None, after=start)
    return snapshot.your_seat


async def test_three_players_and_two_bots_play_to_showdown_each_seeing_only_their_cards(
        make_room) -> None:
    room = make_room(HoldemOptions(name="Game", seats=5, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh", "JsJh", "Ts9h"], board="2c7d9c 3h 4s")
    players = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    spectator = await FakeClient.join(room, member("Sam"))
    spectator.send(Watch("t1"))
    await spectator.wait_for(lambda m: isinstance(m, TableSnapshot))
    seats = {}
    for client in players:
        client.on_message = check_or_call("t1")
        seats[client] = await sit(client, "t1")
    for client in [*players, spectator]:
        await client.wait_for(hand_ended)
    hand = table.last_hand
    assert hand is not None
    assert sum(isinstance(o, RoomBot) for o in table.seats) == 2
    assert len(hand.players) == 5
    shown = [r for m in players[0].of(Records) for r in m.records
             if r["type"] == "holdem.HandShown"]
    assert shown, "the hand went to a showdown"
    for client in [*players, spectator]:
        mine = seats.get(client)
        dealt = [decode_record(r) for m in client.of(Records) for r in m.records
                 if r["type"] == "holdem.HoleCardsDealt"]
        assert len(dealt) == 5
        for record in dealt:
            assert isinstance(record, HoleCardsDealt)
            expected = hand.hole[record.seat] if record.seat == mine else (None, None)
            assert record.cards == expected
        assert_private(client.raw, hand.hole, mine)
    for client in players:
        settled = await client.wait_for(lambda m: isinstance(m, SeatSettled))
        assert settled.result.player == client.member.name
        seat = seats[client]
        assert settled.result.net == hand.stacks[seat] - hand.starting_stacks[seat]


def assert_private(raw: bytes, holes: dict, viewer: int | None) -> None:
    """No other seat's hole card is in ``raw`` before that seat's HandShown (mucked: never)."""
    for seat, cards in holes.items():
        if seat == viewer:
            continue
        shown_at = raw.find(b'"type":"holdem.HandShown","seat":%d,' % seat)
        for card in cards:
            at = raw.find(b'"%s"' % card.code.encode())
            if shown_at < 0:
                assert at < 0, f"seat {seat}'s {card} reached viewer {viewer}, never shown"
            else:
                assert at < 0 or at > shown_at, f"seat {seat}'s {card} reached {viewer} early"


async def test_hand_started_names_every_seat_dealt_in(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=True, between_hands=60))
    ann = await FakeClient.join(room, member("Ann"))
    ann.on_message = check_or_call("t1")
    await sit(ann, "t1")
    started = await ann.wait_for(lambda m: isinstance(m, HandStarted))
    assert len(started.seats) == 3
    assert sum(s.bot for s in started.seats) == 2


async def test_the_clock_checks_or_folds_and_two_expiries_sit_a_player_out(
        make_room, clock: FakeClock) -> None:
    # No time bank: the clock alone acts (the bank has its own tests, test_time_bank.py).
    room = make_room(HoldemOptions(seats=2, bots_fill=False, action_clock=30, min_humans=2,
                                   between_hands=0, time_bank=0), clock=clock)
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)

    def sat_out(m: Message) -> bool:
        return m.TYPE == "seats" and any(s.status == "sitting out" for s in m.seats)

    # Nobody acts: the clock folds whoever faces a bet, checks whoever can.
    await pass_time_until(clock, lambda: any(map(sat_out, ann.messages)), ann, step=30)
    seats = await ann.wait_for(sat_out)
    acted = [r["type"] for m in ann.of(Records) for r in m.records
             if r["type"] in ("holdem.Folded", "holdem.Checked")]
    assert acted and acted[0] == "holdem.Folded"  # heads-up the button faces the big blind
    assert any(s.status == "sitting out" for s in seats.seats)
    # Every expiry says the clock acted (issue 24: the first read only "Ann folds").
    said = [n.text for n in ann.of(Notice) if "clock" in n.text]
    assert said[0] == f"{acted_by(said[0])}'s clock ran out: {acted_by(said[0])} folds."
    assert all("'s clock ran out: " in text for text in said)
    assert any(text.endswith("is sitting out (the clock acted twice).") for text in said)


def acted_by(notice: str) -> str:
    return notice.split("'s clock", 1)[0]


async def test_a_dropped_player_keeps_the_seat_the_clock_acts_and_reconnecting_restores_it(
        make_room, clock: FakeClock) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, action_clock=30, min_humans=3,
                                   between_hands=60), clock=clock)
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh"])
    ann, bob, cy = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    bob.on_message = cy.on_message = check_or_call("t1")
    ann_seat = await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await sit(cy, "t1", 2)
    await pass_time_until(clock, lambda: bool(ann.of(HandStarted)), ann, step=1)
    await ann.close()  # the game process dies mid-hand
    # The clock acts for the missing player: a check or a fold on seat 0.
    def acted_for_ann(m: Message) -> bool:
        return isinstance(m, Records) and any(
            r["type"] in ("holdem.Folded", "holdem.Checked") and r["seat"] == ann_seat
            for r in m.records)

    await pass_time_until(clock, lambda: any(map(acted_for_ann, bob.messages)), bob, step=30)
    assert table.seats[ann_seat] is not None and table.seats[ann_seat].away
    await bob.wait_for(hand_ended)
    stack = table.seats[ann_seat].stack
    back = await FakeClient.join(room, member("Ann"))
    welcome = back.of(Welcome)[0]
    assert welcome.seated_at == ("t1",)
    snapshot = await back.wait_for(lambda m: isinstance(m, TableSnapshot))
    assert snapshot.your_seat == ann_seat
    assert {s.seat: s.stack for s in snapshot.seats}[ann_seat] == stack
    assert not table.seats[ann_seat].away
    # The settled hand waited for her and reached her new process.
    settled = await back.wait_for(lambda m: isinstance(m, SeatSettled))
    assert settled.hand == 1


async def test_a_reconnect_mid_hand_gets_back_its_own_hole_cards(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, action_clock=30, min_humans=2,
                                   between_hands=60))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await ann.wait_for(lambda m: isinstance(m, HandStarted))
    await ann.close()
    await until(lambda: table.seats[0].away)
    back = await FakeClient.join(room, member("Ann"))
    snapshot = await back.wait_for(lambda m: isinstance(m, TableSnapshot))
    dealt = {r["seat"]: r["cards"] for r in snapshot.records
             if r["type"] == "holdem.HoleCardsDealt"}
    assert dealt[0] == [c.code for c in table.hand.hole[0]]
    assert dealt[1] == [None, None]


async def test_a_guest_seat_ends_when_the_guest_leaves(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2))
    table = room.tables["t1"]
    guest = await FakeClient.join(room, room.guest())
    await sit(guest, "t1", 0)
    await guest.close()
    await until(lambda: table.seats[0] is None)


async def test_stopping_the_room_voids_the_hand_and_returns_every_bet(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=3, action_clock=30))
    table = room.tables["t1"]
    clients = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    for seat, client in enumerate(clients):
        await sit(client, "t1", seat, buy_in=500 + 100 * seat)
    turn = await clients[0].wait_for(lambda m: m.TYPE == "turn")
    actor = clients[turn.seat]
    actor.send(HoldemAction("t1", ActionKind.RAISE_TO, 40))
    await clients[0].wait_for(lambda m: isinstance(m, Records) and any(
        r["type"] == "holdem.BetOrRaised" for r in m.records))
    assert table.hand is not None and table.hand.pot_total > 0
    await room.stop()
    for client in clients:
        voided = await client.wait_for(lambda m: isinstance(m, HandVoided))
        assert {s.seat: s.stack for s in voided.stacks} == {0: 500, 1: 600, 2: 700}
        assert "void" in voided.reason and not any("void" in n.text for n in client.of(Notice))
        await client.wait_closed()
    assert table.voided == [1]
    assert [s.stack for s in table.seats] == [500, 600, 700]


async def test_bad_lines_get_an_error_and_the_room_plays_on(make_room, caplog) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=True))
    client = await FakeClient.join(room, member("Eve"))
    client.send_raw(b"this is not json\n")
    client.send_raw(b'{"type":"launch_missiles"}\n')
    client.send_raw(b'{"type":"sit","table":"t1","seat":"one","buy_in":5}\n')
    client.send_raw(b'[1,2,3]\n')
    client.send_raw(b'{"type":"sit","table":"t1","seat":0,"buy_in":' + b"9" * 5000 + b"}\n")
    client.send_raw(b'{"type":"chat","table":"t1","text":"' + b"x" * (MAX_MESSAGE_BYTES + 10)
                    + b'"}\n')
    client.send(HoldemAction("t1", ActionKind.CALL))  # no hand, no seat
    client.send(Sit("nowhere", None, 1000))
    errors = await client.wait_for(lambda m: len(client.of(Error)) >= 8) and client.of(Error)
    codes = [e.code for e in errors]
    assert codes[:4] == ["malformed", "unknown_type", "malformed", "malformed"]
    assert "too_long" in codes
    assert codes[-2:] == ["refused", "refused"]
    assert "the room could not do that" not in [e.message for e in errors]
    # Still serving: the same connection sits down and a hand is dealt.
    await sit(client, "t1")
    await client.wait_for(lambda m: isinstance(m, HandStarted))
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_a_line_over_the_limit_is_never_held_whole(make_room) -> None:
    room = make_room(HoldemOptions(seats=2))
    client = await FakeClient.join(room, member("Eve"))
    conn = next(iter(room.connections))
    client.send_raw(b"x" * (5 * MAX_MESSAGE_BYTES))
    held: list[int] = []

    def all_read() -> bool:
        held.append(conn.splitter_held)
        return conn._splitter._skipping == 5 * MAX_MESSAGE_BYTES  # noqa: SLF001 - bytes read

    await until(all_read)  # looked at while the room reads, and once it has read every byte
    assert max(held) <= MAX_MESSAGE_BYTES
    client.send_raw(b"\n")
    error = await client.wait_for(lambda m: isinstance(m, Error))
    assert error.code == "too_long"


async def test_a_message_before_hello_is_refused(make_room) -> None:
    room = make_room(HoldemOptions(seats=2))
    client = await FakeClient.join(room, member("Eve"), hello=False)
    client.send(Sit("t1", None, 1000))
    error = await client.wait_for(lambda m: isinstance(m, Error))
    assert error.code == "hello_first"
    client.send(Hello(99))
    error = await client.wait_for(lambda m: isinstance(m, Error) and m.code == "version")
    await client.wait_closed()


async def test_players_cannot_act_for_others_or_out_of_turn(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    turn = await ann.wait_for(lambda m: m.TYPE == "turn")
    waiting = (ann, bob)[1 - turn.seat]
    start = len(waiting.messages)
    waiting.send(HoldemAction("t1", ActionKind.FOLD))
    error = await waiting.wait_for(lambda m: isinstance(m, Error), after=start)
    assert error.message == "it is not your turn"
    actor = (ann, bob)[turn.seat]
    start = len(actor.messages)
    actor.send(HoldemAction("t1", ActionKind.RAISE_TO, 3))
    error = await actor.wait_for(lambda m: isinstance(m, Error), after=start)
    assert "below the minimum raise to 20" in error.message
    assert table.hand.actor == turn.seat


def records_of(client: FakeClient, hand: int, kind: str) -> list[dict]:
    return [r for m in client.of(Records) if m.hand == hand for r in m.records
            if r["type"] == f"holdem.{kind}"]


def started(client: FakeClient, hand: int) -> HandStarted:
    return next(m for m in client.of(HandStarted) if m.number == hand)


#: A table seed whose first button is seat 2 of three or four players (Random(5).choice).
BUTTON_ON_2 = 5


@pytest.mark.parametrize("post_to_play", [True, False])
async def test_a_new_player_posts_a_big_blind_or_waits_for_it_as_the_table_says(
        make_room, post_to_play: bool) -> None:
    room = make_room(HoldemOptions(seats=6, bots_fill=False, min_humans=3, between_hands=0,
                                   action_clock=30, post_to_play=post_to_play,
                                   seed=BUTTON_ON_2))
    table = room.tables["t1"]
    ann, bob, cy, dee = [await FakeClient.join(room, member(n))
                         for n in ("Ann", "Bob", "Cy", "Dee")]
    for seat, client in enumerate((ann, bob, cy)):
        await sit(client, "t1", seat)
    await ann.wait_for(lambda m: isinstance(m, HandStarted))
    assert table.positions == Positions(2, 0, 1)
    await sit(dee, "t1", 4)  # mid-hand: the big blind is next on seat 2, then on her
    assert table.seats[4] is not None and 4 in table.waiting
    clients = {0: ann, 1: bob, 2: cy, 4: dee}
    for client in clients.values():
        client.on_message = check_or_call("t1")
    legal = table.hand.legal_actions()
    clients[table.hand.actor].send(HoldemAction(
        "t1", ActionKind.CHECK if legal.can_check else ActionKind.CALL))
    await dee.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 3)
    second = [s.seat for s in started(dee, 2).seats]
    posted = records_of(dee, 2, "BlindPosted")
    if post_to_play:
        assert second == [0, 1, 2, 4]
        assert {"seat": 4, "kind": "big blind", "amount": 10} in [
            {k: r[k] for k in ("seat", "kind", "amount")} for r in posted]
        assert len([r for r in posted if r["kind"] == "big blind"]) == 2  # hers and seat 2's
    else:
        assert second == [0, 1, 2]
        assert started(dee, 3).big_blind_seat == 4  # dealt in when the big blind is hers
    assert 4 not in table.waiting


async def test_sitting_out_misses_the_blinds_and_coming_back_posts_them(make_room) -> None:
    room = make_room(HoldemOptions(seats=4, bots_fill=False, min_humans=4, between_hands=0,
                                   action_clock=30, post_to_play=True, seed=BUTTON_ON_2))
    table = room.tables["t1"]
    clients = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy", "Dan")]
    cy = clients[2]
    play = check_or_call("t1")

    def cy_plays(client: FakeClient, message: Message) -> None:
        if isinstance(message, HandStarted) and message.number == 1:
            client.send(SitOut("t1"))
        elif isinstance(message, HandStarted) and message.number == 3:
            client.send(ComeBack("t1"))
        play(client, message)

    for seat, client in enumerate(clients):
        client.on_message = cy_plays if client is cy else play
        await sit(client, "t1", seat)
    await cy.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 6)
    dealt = {n: [s.seat for s in started(cy, n).seats] for n in range(1, 6)}
    # Sitting out from hand 2: not dealt in. The big blind passed her seat in hand 3;
    # back during hand 3, she sat between the button and the small blind in hand 4.
    assert dealt == {1: [0, 1, 2, 3], 2: [0, 1, 3], 3: [0, 1, 3], 4: [0, 1, 3],
                     5: [0, 1, 2, 3]}
    mine = [(r["kind"], r["amount"]) for r in records_of(cy, 5, "BlindPosted")
            if r["seat"] == 2]
    assert mine == [("big blind", 10)]  # the big blind she missed, live
    dead = [(r["seat"], r["amount"]) for r in records_of(cy, 5, "DeadBlindPosted")]
    assert dead == [(2, 5)]  # and the small blind, dead
    assert not table.owes_big and not table.owes_small


async def test_a_human_takes_a_bots_seat_when_the_hand_in_play_ends(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=True, between_hands=0, action_clock=30))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await ann.wait_for(lambda m: isinstance(m, HandStarted))
    assert isinstance(table.seats[1], RoomBot)
    start = len(bob.messages)
    bob.send(Sit("t1", 1, 1000))  # the bot is in the hand: Bob watches until it ends
    await bob.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat is None,
                       after=start)
    assert table.pending[1].name == "Bob" and isinstance(table.seats[1], RoomBot)
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
    legal = table.hand.legal_actions()
    if table.hand.actor == 0:
        ann.send(HoldemAction("t1", ActionKind.CHECK if legal.can_check else ActionKind.CALL))
    await bob.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == 1, after=start)
    second = await bob.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 2)
    assert [(s.seat, s.name, s.bot) for s in second.seats] == [(0, "Ann", False),
                                                              (1, "Bob", False)]
