"""An outside bot comes in at a host that runs none of the room's tables (``cardtui serve
--cluster``'s bot entry, cardtui/serve/bot_door.py) and plays at the owner's hold'em table."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from cardtui.arena.room_bot import RoomSeat, connect
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import PROBE, serving
from cardtui.wire.protocol import Error, Sit
from tests.cluster.doors import joining, owner
from tests.cluster.test_hosts import join
from tests.room.test_holdem_room import check_or_call, sit
from tests.serve.test_serve_room_bot import Caller, key_file, public
from tests.support.services import NatsServer

TABLES = (HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2, between_hands=0),
          BlackjackOptions(name="Pit", seats=2))


async def test_a_bot_at_a_host_without_the_lobby_plays_at_a_holdem_table_across_hosts(
        nats_server: NatsServer, tmp_path: Path) -> None:
    root = tmp_path / "b"
    root.mkdir()
    robo, robo_file = key_file(tmp_path, "robo")
    (root / "authorized_keys").write_text("")
    (root / "bot_keys").write_text(public(robo))
    config = joining(ServeConfig(root=root, launch=Launch(game=PROBE, template=None),
                                 tables=TABLES), nats_server, tmp_path)
    async with owner(nats_server, TABLES) as one, serving(config) as server:
        assert server.room.cluster is not None and server.room.cluster.host is None
        client = await connect("127.0.0.1", server.port, name="robo", key=robo_file,
                               host_fingerprint=server.host_key_fingerprint)
        seat = RoomSeat(client, Caller(), "duel", 1000, rng=random.Random(2))
        await asyncio.wait_for(seat.sit(), 20)
        # The hold'em-only rule, at a host that runs no lobby: from the lobby it was shown.
        client.send(Sit("t2", None, 100, ref=9))
        while not isinstance(refused := await asyncio.wait_for(client.receive(), 20), Error):
            pass
        assert (refused.ref, refused.message) == (9, "a bot sits only at a hold'em table")
        ann = await join(one, "Ann")
        ann.on_message = check_or_call("t1")
        await sit(ann, "t1")
        await asyncio.wait_for(seat.play(hands=1), 20)
        assert seat.hands == 1 and not seat.refusals and not seat.room_errors
        table = one.table("t1") or server.room.cluster.table("t1")
        assert table is not None
        assert sorted(o.name for o in table.seats if o is not None) == ["Ann", "robo (bot)"]
        client.close()
        await ann.close()
