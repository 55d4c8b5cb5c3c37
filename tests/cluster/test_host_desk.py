"""The host's desk across hosts: kick, ban and unban reach a table run by another host.

Three hosts of one room and one table, run by a host that is neither the host player's
nor the kicked player's. On one host the room answers a kick from every table; here each
table's seats and bans are in the part running it, and the host player's relay asks every
part and answers once (cardtui/cluster/gather.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import placed_on
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    GetHostDesk,
    Hello,
    HostDeskState,
    HostKick,
    HostRequest,
    HostUnban,
    Kicked,
    Message,
    Notice,
)
from tests.cluster.placement import placed, running
from tests.cluster.test_hosts import hosts, join
from tests.room.support import FakeClient
from tests.room.test_holdem_room import sit

__all__ = ["hosts"]  # the fixture

TABLE = HoldemOptions(name="Game", seats=4, bots_fill=False, min_humans=2, between_hands=60)


async def connect(node: ClusterRoom, member: Member) -> FakeClient:
    """A game on ``node`` for ``member`` (its hello said, nothing awaited)."""
    client = FakeClient(member)
    sock = await node.line_as(member)
    reader, client._writer = await asyncio.open_connection(sock=sock)
    client._task = asyncio.create_task(client._read(reader))
    client.send(Hello(PROTOCOL_VERSION))
    return client


async def ask(client: FakeClient, request: HostRequest) -> list[Message]:
    """What the room answered ``request`` (by its ``ref``), once it said nothing more."""
    ref = request.ref
    start = len(client.messages)
    client.send(request)
    await client.wait_for(lambda m: getattr(m, "ref", None) == ref, after=start)
    await client.caught_up()
    return [m for m in client.messages[start:] if getattr(m, "ref", None) == ref]


async def test_the_host_kicks_bans_and_unbans_a_player_at_a_table_another_host_runs(
        hosts: Callable[..., ClusterRoom]) -> None:
    names = ["host-1", "host-2", "host-3"]
    table_host = placed_on("t1", names)
    others = [n for n in names if n != table_host]
    nodes = [await hosts(TABLE, name=name) for name in [*others, table_host]]
    await placed(nodes)
    assert running(nodes, "t1").id == table_host
    hal_on, bob_on = (next(n for n in nodes if n.id == name) for name in others)
    hal = await connect(hal_on, Member("profile-Hal", "Hal", host=True))
    bob = await join(bob_on, "Bob")
    await sit(bob, "t1")

    # A kick: one answer, from the part running the table (the lobby's part alone says
    # "Bob is not at a table").
    (answer,) = await ask(hal, HostKick("Bob", ref=1))
    assert isinstance(answer, Notice) and answer.text == "Bob is removed from Game.", answer
    kicked = await bob.wait_for(lambda m: isinstance(m, Kicked))
    assert (kicked.table, kicked.chips, kicked.banned) == ("t1", 1000, False)

    # A ban: every part bars him; his table's chips still reach his game before the
    # line closes (the lobby's ban is said first or not).
    await sit(bob, "t1")
    (answer,) = await ask(hal, HostKick("Bob", ban=True, ref=2))
    assert isinstance(answer, Notice) and answer.text == "Bob is banned from the room."
    await bob.wait_closed()
    assert [(m.table, m.chips) for m in bob.of(Kicked) if m.banned] == [("t1", 1000)]
    assert [m.code for m in bob.of(Error)] == [ErrorCode.BANNED]

    (desk,) = await ask(hal, GetHostDesk(ref=3))
    assert isinstance(desk, HostDeskState) and desk.bans == ("Bob",)
    again = await connect(next(n for n in nodes if n.id == table_host),
                          Member("profile-Bob", "Bob"))
    await again.wait_closed()
    assert [m.code for m in again.of(Error)] == [ErrorCode.BANNED]

    (answer,) = await ask(hal, HostUnban("Bob", ref=4))
    assert isinstance(answer, Notice), answer
    (desk,) = await ask(hal, GetHostDesk(ref=5))
    assert isinstance(desk, HostDeskState) and desk.bans == ()
    back = await join(bob_on, "Bob")
    await sit(back, "t1")
    for client in (hal, back):
        await client.close()


async def test_a_refused_kick_is_answered_once(hosts: Callable[..., ClusterRoom]) -> None:
    nodes = [await hosts(TABLE, name=f"host-{n}") for n in (1, 2, 3)]
    await placed(nodes)
    hal = await connect(nodes[1], Member("profile-Hal", "Hal", host=True))
    (answer,) = await ask(hal, HostKick("Nobody", ref=1))
    assert isinstance(answer, Error) and answer.message == "nobody here is called Nobody"
    ann = await join(nodes[2], "Ann")
    (answer,) = await ask(ann, HostKick("Hal", ref=2))  # not a host: refused once
    assert isinstance(answer, Error) and answer.code == ErrorCode.NOT_HOST
    for client in (hal, ann):
        await client.close()
