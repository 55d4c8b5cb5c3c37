"""The owner of a room across hosts dies: another host resumes it, the players in their seats.

Three :class:`ClusterRoom` hosts over a real nats-server share one room store (a SQLite
file here, as PostgreSQL is in ``cardtui serve --cluster``: the same SQL,
tests/cluster/test_resume_store.py runs it on both). The players are fake games on the
hosts that stay up; the owner dies as after kill -9.
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.lines import VOIDED_BY_MOVE
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import parts, placed_on
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions, TableOptions
from cardtui.room.hosting import RoomHost
from cardtui.wire.protocol import (
    GetLeaderboard,
    HandStarted,
    HandVoided,
    Leaderboard,
    SeatSettled,
    TableClosed,
    TableSnapshot,
    Welcome,
    YourTurnHoldem,
)
from tests.cluster.placement import placed, running
from tests.cluster.test_hosts import _member, join
from tests.room.support import FakeClient, until
from tests.room.test_holdem_room import check_or_call, hand_ended, sit
from tests.support.services import NatsServer

LEASE = 1.0
BUY_IN = 1000


@pytest.fixture
async def hosts(nats_server: NatsServer, tmp_path: Path
                ) -> AsyncIterator[Callable[..., ClusterRoom]]:
    started: list[ClusterRoom] = []

    async def start(*tables: TableOptions, name: str) -> ClusterRoom:
        node = ClusterRoom(
            nats_server.url, Credentials(nats_server.user, nats_server.password), "friday",
            lambda part: RoomHost(
                part.tables, data_dir=tmp_path, resume=True, first_table=part.first_table,
                part=None if part.lobby else part.name,
                siblings=[p.name for p in parts(tables) if not p.lobby] if part.lobby else ()),
            member=_member, tables=tables, host_id=name, lease_seconds=LEASE)
        await node.start()
        started.append(node)
        return node

    yield start  # type: ignore[misc]
    for node in started:
        await node.stop()


def die(node: ClusterRoom) -> None:
    """The host stops as after kill -9: nothing renewed, released or said."""
    assert node.leases is not None and node.nc is not None
    node.steering.stop_now()
    asyncio.get_running_loop().create_task(node.leases.stop())
    asyncio.get_running_loop().create_task(node.nc.close())


async def seated_at_t1(two: ClusterRoom, three: ClusterRoom
                       ) -> tuple[FakeClient, FakeClient, dict[FakeClient, int]]:
    """Ann on host ``two`` and Bob on ``three``, seated at t1, checking or calling."""
    ann, bob = await join(two, "Ann"), await join(three, "Bob")
    seats: dict[FakeClient, int] = {}
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
        seats[client] = await sit(client, "t1")
    return ann, bob, seats


async def play_hand_three(ann: FakeClient, bob: FakeClient,
                          marks: dict[FakeClient, int]) -> None:
    """Both play on after the move: hand 3 (hand 2, voided, is not dealt again) to its
    end; then they leave."""
    for client in (ann, bob):
        client.on_message = act = check_or_call("t1")
        asked = [m for m in client.messages[marks[client]:] if isinstance(m, YourTurnHoldem)]
        if asked:  # (asked before anyone answered: answered now)
            act(client, asked[-1])
    for client in (ann, bob):
        started = await client.wait_for(lambda m: isinstance(m, HandStarted),
                                        after=marks[client])
        assert started.number == 3
        await client.wait_for(hand_ended, after=marks[client])
    for client in (ann, bob):
        await client.close()


@pytest.mark.parametrize("lobby_too", [False, True], ids=["table", "table-and-lobby"])
async def test_the_owner_dying_mid_hand_seats_every_player_again_on_the_new_owner(
        hosts: Callable[..., ClusterRoom], lobby_too: bool) -> None:
    """The host running the table dies; with the lobby (``lobby_too``: the game is greeted
    again), or with the lobby on another host, which plays on."""
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                            between_hands=0.05, action_clock=60, grace=120)
    # The first host up opens the lobby (it stays there); the table is placed by its name.
    names = ["host-1", "host-2", "host-3"]
    table_host = placed_on("t1", names)
    first = table_host if lobby_too else next(n for n in names if n != table_host)
    nodes = [await hosts(options, name=name)
             for name in [first, *(n for n in names if n != first)]]
    await placed(nodes)
    one = running(nodes, "t1")
    assert (running(nodes, "lobby") is one) == lobby_too
    table = one.table("t1")
    assert table is not None
    table.next_deck = stacked_deck(["AsAh", "KsKh"], board="2c7d9c 3h 4s")
    two, three = [n for n in nodes if n is not one]
    ann, bob, seats = await seated_at_t1(two, three)
    # Hand 1 settles; hand 2 is dealt and the owner dies in it.
    nets = {}
    for client in (ann, bob):
        nets[client] = (await client.wait_for(lambda m: isinstance(m, SeatSettled))).result.net
        client.on_message = None
        await client.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 2)
    assert nets[ann] != 0 and nets[ann] + nets[bob] == 0
    room_id = ann.of(Welcome)[0].room
    marks = {client: len(client.messages) for client in (ann, bob)}
    die(one)
    for client in (ann, bob):
        snapshot = await client.wait_for(
            lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None,
            after=marks[client], timeout=10 * LEASE + 10)
        if lobby_too:
            # The lobby's new owner greets the game again: the same room, the same seat.
            welcome = await client.wait_for(lambda m: isinstance(m, Welcome),
                                            after=marks[client])
            assert welcome.seated_at == ("t1",) and welcome.room == room_id
        else:
            assert not client.of(Welcome)[1:]  # the lobby played on: nothing to greet
        # Before its seat again, the game heard the hand it was shown was void (its screen
        # clears it).
        told = client.messages[marks[client]:client.position(snapshot)]
        assert [(m.table, m.hand) for m in told if isinstance(m, HandVoided)] == [("t1", 2)]
        # ...as a message id, which each game words in its player's language.
        assert {m.key for m in told if isinstance(m, HandVoided)} == {VOIDED_BY_MOVE}
        assert snapshot.your_seat == seats[client]
        # The hand in play was void: the stack is the last settled hand's, bets all back.
        stacks = {s.seat: s.stack for s in snapshot.seats}
        assert stacks[seats[client]] == BUY_IN + nets[client]
        # The settled hand not yet acknowledged is sent again: its store records it once,
        # by its name (the same room id, table and number).
        assert any(m.hand == 1 for m in client.of(SeatSettled)[1:])
        assert not [m for m in client.messages[marks[client]:] if isinstance(m, TableClosed)]
    new_owner = running([two, three], "t1")
    resumed = new_owner.table("t1")
    assert resumed is not None
    await until(lambda: all(p.conn is not None for _, p in resumed.players()))
    # Nobody bought in twice: tonight's ledger came over with the table.
    part = new_owner.running["t1"].host.room
    tonight = {s.name: s for s in part.ledger.tonight.values()}
    assert tonight["Ann"].bought_in == tonight["Bob"].bought_in == BUY_IN
    assert tonight["Ann"].net == nets[ann] and tonight["Ann"].hands == 1
    assert sum(part.chips_at_tables().values()) == 2 * BUY_IN
    # The leaderboard and the host's ledger, the lobby's, add in the table's part.
    lobby = running(nodes, "lobby").host
    assert lobby is not None
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(lobby.room.ledger_text()))}
    for client in (ann, bob):
        row = rows[client.member.name]
        assert (int(row["bought_in"]), int(row["at_table"]), int(row["net"]),
                int(row["hands"])) == (BUY_IN, BUY_IN + nets[client], nets[client], 1)
    board = await ask_leaderboard(ann)
    assert {(row.name, row.hands, row.net) for row in board.tonight} == {
        ("Ann", 1, nets[ann]), ("Bob", 1, nets[bob])}
    # They play on from hand 3 (hand 2 was voided; its number is not dealt again).
    await play_hand_three(ann, bob, marks)


async def ask_leaderboard(client: FakeClient) -> Leaderboard:
    start = len(client.messages)
    client.send(GetLeaderboard())
    board: Leaderboard = await client.wait_for(lambda m: isinstance(m, Leaderboard),
                                               after=start)
    return board


async def test_a_host_stopping_hands_its_table_over_with_every_seat(
        hosts: Callable[..., ClusterRoom]) -> None:
    """A rolling restart: the table's host stops cleanly mid-hand; another host resumes the
    table at once, the hand void, both players in their seats, and they play on."""
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                            between_hands=0.05, action_clock=60, grace=120)
    names = ["host-1", "host-2", "host-3"]
    table_host = placed_on("t1", names)
    first = next(n for n in names if n != table_host)  # the lobby stays up
    nodes = [await hosts(options, name=name)
             for name in [first, *(n for n in names if n != first)]]
    await placed(nodes)
    stopping = running(nodes, "t1")
    ann, bob, seats = await seated_at_t1(*(n for n in nodes if n is not stopping))
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, SeatSettled))
        client.on_message = None
        await client.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 2)
    marks = {client: len(client.messages) for client in (ann, bob)}
    await stopping.stop()
    for client in (ann, bob):
        snapshot = await client.wait_for(
            lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None,
            after=marks[client], timeout=10 * LEASE + 10)
        assert snapshot.your_seat == seats[client]
        told = client.messages[marks[client]:client.position(snapshot)]
        assert [(m.table, m.hand) for m in told if isinstance(m, HandVoided)] == [("t1", 2)]
        assert not [m for m in client.messages[marks[client]:] if isinstance(m, TableClosed)]
    await play_hand_three(ann, bob, marks)
