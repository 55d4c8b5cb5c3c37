"""Hostile clients sending random requests: the room refuses what is illegal, chips add up."""

from __future__ import annotations

import random

import pytest

from cardtui.blackjack.records import Action as Move
from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.wire.protocol import (
    Bet,
    BlackjackAction,
    ComeBack,
    Error,
    HoldemAction,
    Leave,
    Message,
    Records,
    Sit,
    SitOut,
    TableSnapshot,
)
from tests.room.support import FakeClient, until
from tests.room.virtual_time import pass_time, pass_time_until

#: Turns of random requests at most before the hands a test asks for are played.
TURNS = 5000


def random_holdem(rng: random.Random) -> Message:
    roll = rng.random()
    if roll < 0.02:
        return SitOut("t1")
    if roll < 0.06:
        return ComeBack("t1")
    if roll < 0.07:
        return Sit("t1", rng.randrange(-1, 5), rng.choice([0, 1000, 10**9]))
    amount = rng.choice([0, -5, 1, 10, 20, 35, 100, 999, 10**12])
    return HoldemAction("t1", rng.choice(list(ActionKind)), amount)


@pytest.mark.parametrize("seed", range(4))
async def test_hostile_holdem_players_cannot_make_or_lose_chips(make_room, seed, caplog) -> None:
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=4, bots_fill=False, min_humans=3, between_hands=0,
                                   action_clock=30), seed=seed, clock=clock)
    table = room.tables["t1"]
    rng = random.Random(seed)
    clients = [await FakeClient.join(room, Member(f"p{n}", f"P{n}")) for n in range(3)]
    for seat, client in enumerate(clients):
        client.send(Sit("t1", seat, 1000))
        await client.wait_for(lambda m: isinstance(m, TableSnapshot))
    sums: list[tuple[int, int]] = []
    # Each turn every player sends a random request, then a random while passes on
    # the room's clock (often long enough for the action clock to act for someone).
    for _ in range(TURNS):
        if table.hand_number >= 12:
            break
        for client in clients:
            client.send(random_holdem(rng))
        await pass_time(clock, rng.random() * 40, *clients)
    assert table.hand_number >= 12
    for message in clients[0].of(Records):
        for record in message.records:
            if record["type"] == "holdem.HandEnded":
                sums.append((message.hand, sum(s for s in record["stacks"] if s is not None)))
    starts = {m.number: sum(s.stack for s in m.seats) for m in clients[0].of_type("hand_started")}
    assert sums and all(total == starts[number] for number, total in sums)
    await until(lambda: table.hand is None or table.hand.actor is not None, timeout=5)
    in_hand = table.hand.pot_total if table.hand is not None else 0
    live = [table.hand.stacks[s] if table.dealt_in(s) else o.stack
            for s, o in enumerate(table.seats) if o is not None]
    # A busted player may buy in again (1,000 chips each time they sit down).
    sat_down = sum("sits down" in m.text for m in clients[0].of_type("notice"))
    assert sum(live) + in_hand == 1000 * sat_down
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


@pytest.mark.parametrize("seed", range(3))
async def test_hostile_blackjack_players_are_paid_only_what_the_rounds_settle(
        make_room, seed, caplog) -> None:
    clock = FakeClock()
    room = make_room(BlackjackOptions(seats=3, between_rounds=0, betting_clock=20,
                                      action_clock=30), seed=seed, clock=clock)
    table = room.tables["t1"]
    rng = random.Random(seed)
    clients = [await FakeClient.join(room, Member(f"p{n}", f"P{n}")) for n in range(3)]
    for seat, client in enumerate(clients):
        client.send(Sit("t1", seat, 1000))
        await client.wait_for(lambda m: isinstance(m, TableSnapshot))

    def pester(client: FakeClient) -> None:
        roll = rng.random()
        if roll < 0.3:
            client.send(Bet("t1", rng.choice([-1, 0, 10, 25, 500, 501, 5000])))
        elif roll < 0.305:
            client.send(Leave("t1"))
        else:
            client.send(BlackjackAction("t1", rng.choice(list(Move))))

    # As hold'em's: random requests, then a random while on the room's clock.
    for _ in range(TURNS):
        if table.round_number >= 8 or not any(table.seats):
            break
        playing = [c for c in clients if not c.closed]
        for client in playing:
            pester(client)
        await pass_time(clock, rng.random() * 40, *playing)
    assert table.round_number >= 8 or not any(table.seats)
    await pass_time_until(clock, lambda: table.round is None, step=30)
    # The room writes what it sends at the end of its event, in order: a reply to a
    # request sent now comes after every round's records.
    for client in clients:
        if not client.closed:
            start = len(client.messages)
            client.send(Sit("no-such-table", 0, 1000))
            await client.wait_for(lambda m: isinstance(m, Error), after=start)
    settled = {message.hand: record for client in clients for message in client.of(Records)
               for record in message.records if record["type"] == "blackjack.RoundSettled"}
    net: dict[int, int] = {}
    for record in settled.values():
        for seat in record["seats"]:
            net[seat["seat"]] = net.get(seat["seat"], 0) + seat["net"]
    for seat, player in enumerate(table.seats):
        if player is not None:
            assert player.stack == 1000 + net.get(seat, 0)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
