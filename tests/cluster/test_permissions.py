"""A NATS user per host: one host's players' bytes (their hole cards) reach no other host.

nats-server is configured by :func:`cardtui.cluster.subjects.nats_users`; a host
that subscribes to another host's lines is refused by the server, and receives
nothing, while the room plays on for every host's players.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import nats
import pytest

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.subjects import nats_users
from cardtui.room.config import HoldemOptions
from cardtui.room.hosting import RoomHost
from cardtui.wire.protocol import TableSnapshot, Watch
from tests.cluster.test_hosts import _member, join
from tests.support.services import NatsServer, start_nats

PASSWORDS = {"host-1": "one-secret", "host-2": "two-secret", "host-3": "three-secret"}


@pytest.fixture
async def per_host_nats() -> AsyncIterator[NatsServer]:
    folder = Path(tempfile.mkdtemp(prefix="cardtui-nats-"))
    server = start_nats(folder, authorization=nats_users("friday", PASSWORDS))
    try:
        yield server
    finally:
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)


async def test_a_host_cannot_read_another_hosts_lines(per_host_nats: NatsServer) -> None:
    nodes = []
    for name, password in PASSWORDS.items():
        node = ClusterRoom(per_host_nats.url, Credentials(name, password), "friday",
                           lambda part: RoomHost(part.tables, first_table=part.first_table),
                           member=_member, tables=[HoldemOptions(seats=3, between_hands=60)],
                           host_id=name, lease_seconds=1.0)
        await node.start()
        nodes.append(node)
    refused: list[Exception] = []

    async def error(problem: Exception) -> None:
        refused.append(problem)

    spy = await nats.connect(per_host_nats.url, user="host-3", password=PASSWORDS["host-3"],
                             error_cb=error, allow_reconnect=False)
    heard: list[bytes] = []

    async def overheard(msg: nats.aio.msg.Msg) -> None:
        heard.append(msg.data)

    await spy.subscribe("cardtui.friday.line.host-2.*.down", cb=overheard)
    await spy.flush()
    ann = await join(nodes[1], "Ann")  # on host-2; the lobby runs on host-1
    ann.send(Watch("t1"))
    await ann.wait_for(lambda m: isinstance(m, TableSnapshot))  # sent on host-2's line
    await spy.flush()
    # The server refused the subscription (nats-py: 'permissions violation for
    # subscription to "cardtui.friday.line.host-2.*.down"'), and sent nothing.
    for _ in range(200):
        if refused:
            break
        await asyncio.sleep(0.01)
    said = [str(e).lower() for e in refused]
    assert heard == [] and any("permissions violation for subscription" in t for t in said)
    await ann.close()
    await spy.close()
    for node in nodes:
        await node.stop()
