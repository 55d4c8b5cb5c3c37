"""Keeping a table moving: sitting out the next hand or the next big blind, and moves
ticked ahead of a turn that the room plays even when the player's game is slow."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.room import Room
from cardtui.wire.protocol import (
    ComeBack,
    Error,
    HandStarted,
    HoldemAction,
    Message,
    PreAction,
    SitOutNext,
    YourTurnHoldem,
)
from tests.room.support import FakeClient
from tests.room.test_holdem_room import (
    BUTTON_ON_2,
    check_or_call,
    hand_ended,
    member,
    records_of,
    sit,
    started,
)
from tests.room.virtual_time import until_now_due


def chips(table: HoldemTable) -> int:
    return sum(o.stack for o in table.seats if o is not None)


async def three_players(make_room, **options: object) -> tuple[HoldemTable, list[FakeClient]]:
    room = make_room(HoldemOptions(seats=4, bots_fill=False, min_humans=3, between_hands=0,
                                   action_clock=30, post_to_play=True, seed=BUTTON_ON_2,
                                   **options))
    table = room.tables["t1"]
    clients = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    return table, clients


async def test_sitting_out_the_next_hand_keeps_the_chips_and_a_key_brings_the_seat_back(
        make_room) -> None:
    table, clients = await three_players(make_room)
    cy = clients[2]
    play = check_or_call("t1")

    kept: dict[int, int] = {}

    def cy_plays(client: FakeClient, message: Message) -> None:
        if isinstance(message, HandStarted) and message.number == 1:
            client.send(SitOutNext("t1", "hand"))
        elif isinstance(message, HandStarted) and message.number in (2, 3):
            seated = table.player_at(2)
            assert seated is not None
            kept[message.number] = seated.stack
            if message.number == 3:
                client.send(ComeBack("t1"))
        play(client, message)

    for seat, client in enumerate(clients):
        client.on_message = cy_plays if client is cy else play
        await sit(client, "t1", seat)
    await cy.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 6)
    dealt = {n: [s.seat for s in started(cy, n).seats] for n in range(1, 7)}
    assert 2 in dealt[1]
    assert 2 not in dealt[2] and 2 not in dealt[3]  # sat out from the next hand
    assert kept[2] == kept[3] > 0  # her chips stayed in her seat, untouched
    assert any(2 in dealt[n] for n in (4, 5, 6))  # back with a key
    back = next(n for n in (4, 5, 6) if 2 in dealt[n])
    assert next(s.stack for s in started(cy, back).seats if s.seat == 2) == kept[2]
    # Seat stacks change only as a hand settles: with one in play they still add up.
    assert chips(table) == 3000


async def test_sitting_out_the_next_big_blind_plays_until_the_big_blind_comes(
        make_room) -> None:
    table, clients = await three_players(make_room)
    ann = clients[0]
    play = check_or_call("t1")

    def ann_plays(client: FakeClient, message: Message) -> None:
        if isinstance(message, HandStarted) and message.number == 1:
            client.send(SitOutNext("t1", "big_blind"))
        play(client, message)

    for seat, client in enumerate(clients):
        client.on_message = ann_plays if client is ann else play
        await sit(client, "t1", seat)
    await ann.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 4)
    hands = [started(ann, n) for n in range(1, 4)]
    # Dealt in until a hand's big blind would have been hers: that one is dealt without her.
    out = next(n for n, h in enumerate(hands, 1) if 0 not in [s.seat for s in h.seats])
    assert all(0 in [s.seat for s in h.seats] for h in hands[:out - 1])
    assert all(h.big_blind_seat != 0 for h in hands)
    player = table.player_at(0)
    assert player is not None and player.sitting_out
    assert 0 in table.owes_big  # the big blind she missed, owed on her return
    assert not table.sit_out_plans


async def test_only_the_seat_itself_sets_or_clears_its_plan(make_room) -> None:
    table, clients = await three_players(make_room)
    ann, bob, cy = clients
    for seat, client in enumerate(clients):
        await sit(client, "t1", seat)
    ann.send(SitOutNext("t1", "big_blind"))
    await ann.caught_up()
    assert table.sit_out_plans == {"profile-Ann": "big_blind"}
    # Bob clearing "his" plan clears nothing of Ann's; a watcher has no seat to plan for.
    bob.send(SitOutNext("t1", ""))
    room = table.room
    assert isinstance(room, Room)
    watcher = await FakeClient.join(room, member("Dee"))
    start = len(watcher.messages)
    watcher.send(SitOutNext("t1", ""))
    error = await watcher.wait_for(lambda m: isinstance(m, Error), after=start)
    assert error.message == "you have no seat at this table"
    start = len(watcher.messages)
    watcher.send(PreAction("t1", table.hand_number, "fold_any"))
    error = await watcher.wait_for(lambda m: isinstance(m, Error), after=start)
    assert error.message == "you have no seat at this table"
    start = len(cy.messages)
    cy.send(SitOutNext("t1", "soon"))
    error = await cy.wait_for(lambda m: isinstance(m, Error), after=start)
    assert "sit out next" in error.message
    await bob.caught_up()
    assert table.sit_out_plans == {"profile-Ann": "big_blind"}
    ann.send(SitOutNext("t1", ""))
    await ann.caught_up()
    assert table.sit_out_plans == {}


async def test_the_room_plays_a_move_ticked_ahead_when_the_game_is_slow(make_room) -> None:
    """Ann's game answers her first turn only (ticking "fold to any bet" as it does);
    the room plays every later turn of hers, checking, with no clock running out."""
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, between_hands=5,
                                   action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    bob.on_message = check_or_call("t1")

    def ann_slow(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem) and len(client.of(YourTurnHoldem)) == 1:
            client.send(PreAction("t1", 1, "fold_any"))
            legal = message.legal
            client.send(HoldemAction("t1", ActionKind.CHECK if legal.can_check
                                     else ActionKind.CALL))

    ann.on_message = ann_slow
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await until_now_due(clock, lambda: any(hand_ended(m) for m in ann.messages))
    assert len(ann.of(YourTurnHoldem)) == 1  # asked once; the room played the rest
    assert [r for r in records_of(ann, 1, "Checked") if r.get("seat") == 0]
    assert table.hand is None and chips(table) == 2000


async def test_a_ticked_check_does_not_stand_against_a_bet_and_the_player_is_asked(
        make_room) -> None:
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, between_hands=5,
                                   action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await until_now_due(clock, lambda: table.hand is not None)
    hand = table.hand
    assert hand is not None
    actor = hand.actor
    other = 1 - actor
    clients = (ann, bob)
    assert not hand.can_check()  # the small blind owes: a ticked check cannot stand
    start = len(clients[other].messages)
    clients[other].send(PreAction("t1", 1, "check"))
    await clients[other].caught_up()
    clients[actor].send(HoldemAction("t1", ActionKind.RAISE_TO, 40))
    turn = await clients[other].wait_for(lambda m: isinstance(m, YourTurnHoldem), after=start)
    assert turn.seat == other and table.hand is hand and hand.actor == other
    assert not table.pre_actions  # dropped: it did not apply
    start = len(clients[other].messages)
    clients[other].send(PreAction("t1", 7, "check"))
    error = await clients[other].wait_for(lambda m: isinstance(m, Error), after=start)
    assert error.message == "that hand is not in play at your seat"
    assert chips(table) == 2000
