"""Waiting for a room across hosts to settle: each part on the host it is placed on."""

from __future__ import annotations

from collections.abc import Sequence

from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import placed_on
from tests.room.support import until


def settled(nodes: Sequence[ClusterRoom]) -> bool:
    """Whether each table's part runs on the one host it is placed on among ``nodes`` (the
    lobby stays where it was first opened), and every host knows where each part runs."""
    ids = {node.id for node in nodes}
    for part in nodes[0].parts:
        runners = [node.id for node in nodes if part.name in node.running]
        if len(runners) != 1 or not part.lobby and runners != [placed_on(part.name, ids)]:
            return False
        if any(node.owner_of(part.name) != runners[0] for node in nodes):
            return False
    return True


async def placed(nodes: Sequence[ClusterRoom], timeout: float = 30.0) -> None:
    await until(lambda: settled(nodes), timeout=timeout)


def running(nodes: Sequence[ClusterRoom], part: str) -> ClusterRoom:
    """The host running ``part``."""
    return next(node for node in nodes if part in node.running)


async def die(node: ClusterRoom) -> None:
    """The host stops as after kill -9: nothing renewed, released or said."""
    assert node.leases is not None and node.nc is not None
    node.steering.stop_now()
    await node.leases.stop()
    await node.nc.close()
