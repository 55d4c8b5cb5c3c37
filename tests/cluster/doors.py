"""The room's owner for the door tests (tests/cluster/test_cluster_web.py, test_cluster_bot.py).

The owner is a :class:`ClusterRoom` in the test process (its room's tables at hand for
the test to look at); the host a player or a bot comes in at is a real server of the
serve command (its SSH door, its browser door) started with ``cluster=`` in its
:class:`ServeConfig`, as ``cardtui serve --cluster`` makes it, on the same event loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.node import ClusterRoom
from cardtui.room.config import TableOptions
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost
from cardtui.serve.server import ServeConfig
from tests.support.services import NatsServer

#: The room's name on NATS in these tests.
ROOM = "friday"


def _member(fingerprint: str | None, _profile: Path) -> Member:
    name = fingerprint or "Guest"
    return Member(f"profile-{name}", name)


@asynccontextmanager
async def owner(nats: NatsServer, tables: Sequence[TableOptions]) -> AsyncIterator[ClusterRoom]:
    """Host "a", started first: it claims every part of the room (it hands a table over to
    a host joining later, the first moment nobody is at it; the lobby stays).

    Its leases last as long as a serve's (the lease bucket's TTL is the first host's:
    a shorter one here let host "b"'s presence lapse between its renewals, and the owner
    dropped b's lines)."""
    node = ClusterRoom(nats.url, Credentials(nats.user, nats.password), ROOM,
                       lambda part: RoomHost(part.tables, first_table=part.first_table),
                       member=_member, tables=tables, host_id="a")
    await node.start()
    try:
        assert node.host is not None, "the first host runs the lobby"
        yield node
    finally:
        await node.stop()


def joining(config: ServeConfig, nats: NatsServer, folder: Path) -> ServeConfig:
    """``config`` as host "b" of the owner's room: ``--cluster URL --cluster-credentials``."""
    secret = folder / "b.nats"
    secret.write_text(f"{nats.user}:{nats.password}\n")
    secret.chmod(0o600)
    return dataclasses.replace(config, cluster=nats.url, cluster_credentials=secret,
                               cluster_room=ROOM, cluster_host="b")
