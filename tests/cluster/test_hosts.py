"""Three hosts of one room over a real nats-server: players on different hosts at one table.

Each host is a :class:`ClusterRoom` with its own NATS connection, as three ``cardtui
serve`` processes have (here in one test process, so the test can stack the deck of
the one room that runs); the players are fake game processes speaking the wire
protocol on the sockets the hosts hand out, every byte they receive kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import Part
from cardtui.holdem.hand import stacked_deck
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.config import BlackjackOptions, HoldemOptions, TableOptions
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    Bet,
    BetsOpen,
    Hello,
    Records,
    SeatSettled,
    TableClosed,
    TableSnapshot,
    Watch,
)
from tests.cluster.placement import die, placed, running
from tests.room.support import FakeClient, until
from tests.room.test_blackjack_room import round_settled, seat, stand_on
from tests.room.test_holdem_room import assert_private, check_or_call, hand_ended, sit
from tests.support.services import NatsServer, start_nats

LEASE = 1.0


def _member(fingerprint: str | None, _profile: Path) -> Member:
    name = fingerprint or "Guest"
    return Member(f"profile-{name}", name)


def parts_of(part: Part) -> RoomHost:
    """Each part's room, as ``cardtui serve`` makes it (here without a store)."""
    return RoomHost(part.tables, first_table=part.first_table)


@pytest.fixture
async def hosts(nats_server: NatsServer) -> AsyncIterator[Callable[..., ClusterRoom]]:
    started: list[ClusterRoom] = []

    async def start(*tables: TableOptions, name: str) -> ClusterRoom:
        node = ClusterRoom(
            nats_server.url, Credentials(nats_server.user, nats_server.password), "friday",
            parts_of, member=_member, tables=tables, host_id=name, lease_seconds=LEASE)
        await node.start()
        started.append(node)
        return node

    yield start  # type: ignore[misc]
    for node in started:
        await node.stop()


async def join(node: ClusterRoom, name: str) -> FakeClient:
    client = FakeClient(Member(f"profile-{name}", name))
    sock = await node.line_for(name, Path("."))
    reader, client._writer = await asyncio.open_connection(sock=sock)
    client._task = asyncio.create_task(client._read(reader))
    client.send(Hello(PROTOCOL_VERSION))
    await client.wait_for(lambda m: m.TYPE == "lobby_snapshot")
    return client


async def test_players_on_two_hosts_play_holdem_to_showdown_each_seeing_only_their_cards(
        hosts: Callable[..., ClusterRoom]) -> None:
    table_options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                                  between_hands=60)
    nodes = [await hosts(table_options, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    owner = running(nodes, "t1")
    table = owner.table("t1")
    assert table is not None and [n for n in nodes if n.table("t1")] == [owner]  # one owner
    table.next_deck = stacked_deck(["AsAh", "KsKh"], board="2c7d9c 3h 4s")
    one, two, three = nodes
    ann, bob = await join(two, "Ann"), await join(three, "Bob")
    watcher = await join(one, "Sam")
    watcher.send(Watch("t1"))
    await watcher.wait_for(lambda m: isinstance(m, TableSnapshot))
    seats = {}
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
        seats[client] = await sit(client, "t1")
    for client in (ann, bob, watcher):
        await client.wait_for(hand_ended)
    hand = table.last_hand
    assert hand is not None
    assert any(r["type"] == "holdem.HandShown" for m in ann.of(Records) for r in m.records)
    for client in (ann, bob, watcher):
        assert_private(bytes(client.raw), hand.hole, seats.get(client))
    for client in (ann, bob):
        settled = await client.wait_for(lambda m: isinstance(m, SeatSettled))
        seat = seats[client]
        assert settled.result.net == hand.stacks[seat] - hand.starting_stacks[seat]
    for client in (ann, bob, watcher):
        await client.close()


async def test_players_on_two_hosts_play_a_blackjack_round_the_hole_card_hidden(
        hosts: Callable[..., ClusterRoom]) -> None:
    options = BlackjackOptions(name="Pit", seats=3, between_rounds=0, betting_clock=5)
    one = await hosts(options, name="host-1")
    two = await hosts(options, name="host-2")
    await placed([one, two])
    table = running([one, two], "t1").table("t1")
    assert isinstance(table, BlackjackTable)
    ann, bob = await join(one, "Ann"), await join(two, "Bob")
    await seat(ann, 0)
    await seat(bob, 2)
    for client in (ann, bob):
        client.on_message = stand_on("t1")
        await client.wait_for(lambda m: isinstance(m, BetsOpen))
    table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "Qs"])  # Ann 16, Bob 15; dealer K, Qs down
    ann.send(Bet("t1", 20))
    bob.send(Bet("t1", 50))
    for client, net in ((ann, -20), (bob, -50)):
        await client.wait_for(round_settled)
        settled = await client.wait_for(lambda m: isinstance(m, SeatSettled))
        assert settled.result.net == net
        # The dealer's hole card reached no host before it was turned over.
        assert client.raw.index(b'"Qs"') > client.raw.index(b'"blackjack.HoleCardRevealed"')
    for client in (ann, bob):
        await client.close()


async def test_the_owner_of_a_table_dying_mid_hand_voids_it_and_another_host_runs_it(
        hosts: Callable[..., ClusterRoom]) -> None:
    game = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                         between_hands=60, action_clock=60)
    other = HoldemOptions(name="Other", seats=2, bots_fill=False, min_humans=2,
                          between_hands=60, action_clock=60)
    nodes = [await hosts(game, other, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    dying = running(nodes, "t1")
    ann_host, bob_host = [n for n in nodes if n is not dying]
    ann, bob = await join(ann_host, "Ann"), await join(bob_host, "Bob")
    await sit(ann, "t1")
    await sit(bob, "t1")
    await ann.wait_for(lambda m: m.TYPE == "your_turn_holdem" or m.TYPE == "hand_started")
    # The host running t1 dies as after kill -9: nothing renewed, released or said.
    untouched = {name for name in dying.running if name != "t1"}
    await die(dying)
    # Another host claims t1 once its lease lapses; each player's game is told the table
    # closed (its chips come home from its store's last settled state).
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, TableClosed) and m.table == "t1",
                              timeout=10 * LEASE + 10)
    assert not ann.of(SeatSettled)  # the hand in play was never settled: voided
    await until(lambda: any(n.table("t1") is not None for n in (ann_host, bob_host)),
                timeout=10 * LEASE + 10)
    new_owner = running([ann_host, bob_host], "t1")
    assert await new_owner.leases.owner("t1") == new_owner.id  # type: ignore[union-attr]
    # The parts the dead host ran move too; t2 never closed for anyone.
    assert not any(isinstance(m, TableClosed) and m.table == "t2" for m in ann.messages)
    assert untouched <= {"lobby", "t2"}
    # Back in the lobby, they sit down again at t1 on its new host and play.
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
        await sit(client, "t1")
    for client in (ann, bob):
        await client.wait_for(hand_ended)
        await client.close()


async def test_nats_server_killed_and_started_again_pauses_the_room_and_it_plays_on(
        nats_server: NatsServer) -> None:
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                            between_hands=0.5, action_clock=60)
    nodes = []
    for name in ("host-1", "host-2", "host-3"):
        node = ClusterRoom(nats_server.url,
                           Credentials(nats_server.user, nats_server.password), "friday",
                           parts_of, member=_member, tables=[options], host_id=name,
                           lease_seconds=3.0)
        await node.start()
        nodes.append(node)
    await placed(nodes)
    holders = dict(nodes[0].holders)
    ann, bob = await join(nodes[1], "Ann"), await join(nodes[2], "Bob")
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    for client in (ann, bob):
        await client.wait_for(hand_ended)
    # kill -9 of nats-server, started again on the same port and folder: the relays
    # reconnect, the room's owner keeps its lease, the table plays on.
    nats_server.kill()
    again = start_nats(nats_server.folder, nats_server.user, nats_server.password,
                       port=nats_server.port)
    nats_server.process = again.process
    marks = {c: len(c.messages) for c in (ann, bob)}
    for client in (ann, bob):
        await client.wait_for(hand_ended, after=marks[client], timeout=30)
    for client in (ann, bob):
        # None lost. A hand heard again is the room resending what the game has not
        # acknowledged, on the line opened again; the store records it once, by its
        # name (tests/store/test_both_backends.py).
        assert {1, 2} <= {m.hand for m in client.of(SeatSettled)}
    assert all(n.holders == holders for n in nodes)  # every part kept its owner
    for client in (ann, bob):
        await client.close()
    for node in nodes:
        await node.stop()


async def test_a_player_whose_host_dies_comes_back_to_the_seat_through_another_host(
        hosts: Callable[..., ClusterRoom]) -> None:
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                            between_hands=60, action_clock=60, grace=120)
    nodes = [await hosts(options, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    owner = running(nodes, "t1")
    table = owner.table("t1")
    assert table is not None
    two, three = [n for n in nodes if n is not owner]
    ann, bob = await join(two, "Ann"), await join(three, "Bob")
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    # Ann's host dies as after kill -9: its presence lapses, the owner drops its lines and
    # Ann's seat waits for her (the grace period).
    await die(two)
    await until(lambda: table.seats[0] is not None and table.seats[0].away,
                timeout=10 * LEASE + 10)
    back = await join(three, "Ann")  # the same key through another host
    welcome = back.of_type("welcome")[0]
    assert welcome.seated_at == ("t1",)
    await until(lambda: not table.seats[0].away)
    for client in (back, bob):
        await client.close()
