"""One host of a room across hosts, in a process of its own, for tests/cluster/test_processes.py.

The room's part of ``cardtui serve --cluster`` (:class:`ClusterRoom`, a shared
PostgreSQL store), with a plain TCP door instead of SSH and game processes: a
connection's first line is the player's name, every byte after it is that player's
line to the room, as a game's would be.

    python3 -m tests.cluster.host_process NATS_URL USER PASSWORD POSTGRES_URL HOST_ID LEASE
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
from pathlib import Path

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import Part
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost

TABLES = [HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                        between_hands=1, action_clock=60)]


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()


async def main(nats_url: str, user: str, password: str, store: str, host_id: str,
               lease: float) -> None:
    def make_host(part: Part) -> RoomHost:
        return RoomHost(part.tables, store=store, first_table=part.first_table,
                        part=None if part.lobby else part.name)

    node = ClusterRoom(nats_url, Credentials(user, password), "friday", make_host,
                       member=lambda name, _: Member(f"profile-{name}", name or "Guest"),
                       tables=TABLES, host_id=host_id, lease_seconds=lease,
                       log_line=lambda text: print(text, flush=True))
    await node.start()

    async def door(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        name = (await reader.readline()).decode().strip()
        line: socket.socket = await node.line_for(name, Path("."))
        room_reader, room_writer = await asyncio.open_connection(sock=line)
        await asyncio.gather(pipe(reader, room_writer), pipe(room_reader, writer))

    server = await asyncio.start_server(door, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    print(f"ready {port}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    url, user, password, store, host_id, lease = sys.argv[1:7]
    asyncio.run(main(url, user, password, store, host_id, float(lease)))
