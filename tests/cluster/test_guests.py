"""Guests on different hosts of one room never share a name (a real nats-server)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import nats

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.guests import GuestNumbers
from cardtui.cluster.node import ClusterRoom
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost
from tests.support.services import NatsServer


async def test_three_hosts_drawing_at_once_never_get_the_same_number(
        nats_server: NatsServer) -> None:
    connections = [await nats.connect(nats_server.url, user=nats_server.user,
                                      password=nats_server.password) for _ in range(3)]
    try:
        counters = [await GuestNumbers.open(nc.jetstream(), "friday") for nc in connections]
        drawn = await asyncio.gather(*[c.draw() for c in counters for _ in range(10)])
        assert sorted(drawn) == list(range(1, 31))
        # Another room counts its own guests.
        other = await GuestNumbers.open(connections[0].jetstream(), "saturday")
        assert await other.draw() == 1
    finally:
        for nc in connections:
            await nc.close()


async def test_a_guest_on_each_host_gets_a_name_of_its_own(nats_server: NatsServer) -> None:
    def guest(_fingerprint: str | None, _profile: Path) -> Member:
        return Member("guest-x", "Guest 1", guest=True)  # as each host alone would name one

    nodes = [ClusterRoom(nats_server.url, Credentials(nats_server.user, nats_server.password),
                         "friday", lambda part: RoomHost(part.tables), member=guest,
                         host_id=f"host-{n}", lease_seconds=1.0) for n in (1, 2)]
    try:
        for node in nodes:
            await node.start()
        lines = [await node.line_for(None, Path(".")) for node in nodes for _ in range(2)]
        names = sorted(relay.member.name for node in nodes for relay in node.relays)
        assert names == ["Guest 1", "Guest 2", "Guest 3", "Guest 4"]
        for line in lines:
            line.close()
    finally:
        for node in nodes:
            await node.stop()
