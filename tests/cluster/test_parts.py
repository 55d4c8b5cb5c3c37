"""One owner per table: a room's tables spread over its hosts, each moving alone.

Three hosts of one room (each a :class:`ClusterRoom` with its own NATS connection, in
this test's process) and three tables: each table runs on the one host it is placed on,
every player's lobby lists all three, a player sits at two tables run by two other
hosts, and the host of one of them dying moves that table alone: the other plays on,
hand after hand, without a pause, and a watcher of the moved table watches it on its
new host.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nats.aio.msg import Msg

from cardtui.cluster import lines
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import PATIENCE, placed_on
from cardtui.room.config import HoldemOptions
from cardtui.wire.protocol import (
    HandVoided,
    LobbySnapshot,
    Message,
    Online,
    Records,
    Rename,
    Renamed,
    SeatSettled,
    Sit,
    TableClosed,
    TableSnapshot,
    Watch,
    Welcome,
)
from tests.cluster.placement import die, placed, running
from tests.cluster.test_hosts import LEASE, hosts, join
from tests.room.support import FakeClient, until
from tests.room.test_holdem_room import check_or_call, sit

__all__ = ["hosts"]  # the fixture

TABLES = [HoldemOptions(name=f"Table {n}", seats=2, bots_fill=False, min_humans=2,
                        between_hands=0.2, action_clock=60) for n in (1, 2, 3)]


def at_both(*tables: str) -> Callable[[FakeClient, Message], None]:
    acts = [check_or_call(table) for table in tables]

    def act(client: FakeClient, message: Message) -> None:
        for each in acts:
            each(client, message)

    return act


def ended_at(table: str) -> Callable[[Message], bool]:
    return lambda m: isinstance(m, Records) and m.table == table and any(
        r["type"] == "holdem.HandEnded" for r in m.records)


async def test_each_table_runs_on_one_host_and_every_lobby_lists_them_all(
        hosts: Callable[..., ClusterRoom]) -> None:
    nodes = [await hosts(*TABLES, name=f"host-{n}") for n in (1, 2, 3)]
    # host-1, up first, took every part; each table then moved to the host it is placed on
    # the first moment nobody sat at it (the lobby stays where it opened).
    await placed(nodes)
    owners = {table: running(nodes, table).id for table in ("t1", "t2", "t3")}
    assert len(set(owners.values())) == 3, owners  # (these three names spread them all)
    for table, owner in owners.items():
        assert [n.id for n in nodes if n.table(table) is not None] == [owner]
    for node in nodes:
        client = await join(node, f"Player of {node.id}")
        (lobby,) = client.of(LobbySnapshot)
        assert [t.id for t in lobby.tables] == ["t1", "t2", "t3"]
        assert [t.name for t in lobby.tables] == ["Table 1", "Table 2", "Table 3"]
        await client.close()


async def test_a_host_dying_moves_its_table_alone_and_the_other_plays_on(
        hosts: Callable[..., ClusterRoom]) -> None:
    nodes = [await hosts(*TABLES, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    dying, staying = running(nodes, "t1"), running(nodes, "t2")
    (door,) = [n for n in nodes if n not in (dying, staying)]  # the players' own host
    ann, bob = await join(door, "Ann"), await join(door, "Bob")
    sam = await join(staying, "Sam")  # watches t1
    sam.send(Watch("t1"))
    await sam.wait_for(lambda m: isinstance(m, TableSnapshot) and m.table.id == "t1")
    for client in (ann, bob):
        client.on_message = at_both("t1", "t2")
        await sit(client, "t1")
        await sit(client, "t2")
    for client in (ann, bob):
        await client.wait_for(ended_at("t1"))
        await client.wait_for(ended_at("t2"))
    # The host running t1 dies as after kill -9: nothing renewed, released or said.
    marks = {client: len(client.messages) for client in (ann, bob, sam)}
    await die(dying)
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, TableClosed) and m.table == "t1",
                              after=marks[client], timeout=10 * LEASE + 10)
    await until(lambda: staying.table("t1") is not None or door.table("t1") is not None,
                timeout=10 * LEASE + 10)
    # The watcher watches t1 on its new host, never told it closed.
    again = await sam.wait_for(lambda m: isinstance(m, TableSnapshot) and m.table.id == "t1",
                               after=marks[sam])
    assert again.your_seat is None
    assert not [m for m in sam.messages if isinstance(m, TableClosed)]
    # Meanwhile t2 dealt on: hands ended there after the kill, none voided, never closed,
    # the lobby never greeted anyone again.
    for client in (ann, bob):
        await client.wait_for(ended_at("t2"), after=marks[client])
        since = client.messages[marks[client]:]
        assert not [m for m in since if isinstance(m, HandVoided | TableClosed)
                    and m.table == "t2"]
        assert len(client.of(Welcome)) == 1
    # Every hand settled at t2 moved chips from one of them to the other.
    nets: dict[int, int] = {}
    for client in (ann, bob):
        for settled in client.of(SeatSettled):
            if settled.table == "t2":
                nets[settled.hand] = nets.get(settled.hand, 0) + settled.result.net
    assert nets and all(net == 0 for hand, net in nets.items() if hand in _both(ann, bob))
    # They sit at t1 again, on its new host, and play there too.
    marks = {client: len(client.messages) for client in (ann, bob)}
    for client in (ann, bob):
        await sit(client, "t1")
    for client in (ann, bob):
        await client.wait_for(ended_at("t1"), after=marks[client])
        await client.close()


def _both(ann: FakeClient, bob: FakeClient) -> set[int]:
    """The t2 hands both games heard settle (the last may be on its way to one of them)."""
    hands = [{m.hand for m in c.of(SeatSettled) if m.table == "t2"} for c in (ann, bob)]
    return hands[0] & hands[1]


async def test_who_is_here_and_a_new_name_span_every_part(
        hosts: Callable[..., ClusterRoom]) -> None:
    nodes = [await hosts(*TABLES, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    lobby = running(nodes, "lobby")
    table_id = next(t for t in ("t1", "t2", "t3") if running(nodes, t) is not lobby)
    table = running(nodes, table_id).table(table_id)
    assert table is not None
    ann = await join(lobby, "Ann")
    bob = await join(next(n for n in nodes if n is not lobby), "Bob")
    await sit(ann, table_id)
    # Who is here, as Bob's lobby lists it: Ann seated at that table, which only its own
    # part knows.
    await bob.wait_for(lambda m: isinstance(m, Online) and any(
        p.name == "Ann" and p.seated == (table_id,) and not p.away for p in m.players))
    start = len(ann.messages)
    ann.send(Rename("Annie", ref=41))
    await until(lambda: any(p.name == "Annie" for _, p in table.players()))
    # A request to the table's part after it: its answer comes after the part's own
    # answer to the new name (one line, in order), which the relay kept from the game.
    ann.send(Sit(table_id, None, 1000, ref=42))
    await ann.wait_for(lambda m: getattr(m, "ref", None) == 42, after=start)
    answers = [m for m in ann.messages[start:] if getattr(m, "ref", None) == 41]
    assert [(type(m), getattr(m, "name", None)) for m in answers] == [(Renamed, "Annie")]
    await ann.close()
    await bob.close()


async def test_a_table_placed_on_a_host_without_it_stays_where_it_was_taken(
        hosts: Callable[..., ClusterRoom]) -> None:
    """host-2 runs with a tables file lacking the second table, which is placed on it: the
    host that has it keeps it (handing it over idle, to a host that never takes it, would
    close it for every player in turn)."""
    one = await hosts(*TABLES[:2], name="host-1")
    two = await hosts(TABLES[0], name="host-2")
    assert placed_on("t2", ["host-1", "host-2"]) == "host-2"
    # Each turn is a third of a lease; host-1 opened t2 alone, first up, and holds it.
    await until(lambda: one.live == two.live == {"host-1", "host-2"})
    for _ in range(3 * PATIENCE + 3):
        await one.steer()
        assert one.table("t2") is not None
    assert two.table("t2") is None


async def test_a_part_that_took_the_line_and_never_greeted_is_asked_again(
        hosts: Callable[..., ClusterRoom], monkeypatch: pytest.MonkeyPatch) -> None:
    """An owner handing a table over can take a game's line as its room closes and greet
    nobody: the game would wait at "Joining the room…" (seen once in a loaded CI run). The
    relay opens that part's line again after a while, and the game is shown the room."""
    monkeypatch.setattr(lines, "GREETING_PATIENCE", 0.5)
    nodes = [await hosts(*TABLES, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    gateway = running(nodes, "t2").running["t2"].gateway
    serve = gateway._open
    swallowed: list[bytes] = []

    async def took_and_left(msg: Msg) -> None:  # the first line: "ok", and nothing after
        if swallowed:
            await serve(msg)
        else:
            swallowed.append(msg.data)
            await msg.respond(b"ok")

    monkeypatch.setattr(gateway, "_open", took_and_left)
    await gateway.stop()  # subscribed again with the stand-in
    await gateway.start()
    ann = await join(nodes[0], "Ann")  # join() waits for the lobby: the greeting came
    assert swallowed
    (lobby,) = ann.of(LobbySnapshot)
    assert [t.id for t in lobby.tables] == ["t1", "t2", "t3"]
    await ann.close()
