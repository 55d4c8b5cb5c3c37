"""A host asked to stop stops, even when its NATS connection hangs."""

from __future__ import annotations

import asyncio

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.node import ClusterRoom
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost


class StuckConnection:
    """A NATS client whose close never returns (as one did under heavy load)."""

    def __init__(self) -> None:
        self.closing = False

    async def close(self) -> None:
        self.closing = True
        await asyncio.Event().wait()


async def test_a_stuck_nats_connection_does_not_hold_up_the_stop() -> None:
    node = ClusterRoom("nats://127.0.0.1:1", Credentials("u", "p"), "friday",
                       lambda part: RoomHost(part.tables),
                       member=lambda key, _profile: Member("profile", key or "Guest"))
    stuck = StuckConnection()
    node.nc = stuck  # type: ignore[assignment]
    node.stop_step_seconds = 0.01
    # Without the bound this wait_for would time out: the stop would never end.
    await asyncio.wait_for(node.stop(), 5)
    assert stuck.closing
