"""The browser door of a host that runs none of the room's tables (``cardtui serve
--cluster … --no-ssh --web PORT``): a tab's guest sits at the owner's hold'em table.

No browser: the test speaks the door's websocket as textual-serve's page does (its
name in the path, ``["stdin", keys]`` frames) and draws the game's bytes on a pyte
screen, the real game behind it.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import aiohttp
import pyte

from cardtui.room.config import HoldemOptions
from cardtui.room.shared import SeatedPlayer
from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.serve.web import WebConfig, encode_name, start_room, start_web_door
from tests.cluster.doors import joining, owner
from tests.cluster.test_hosts import join
from tests.room.test_holdem_room import sit
from tests.support.services import NatsServer

TABLES = (HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2,
                        between_hands=60, action_clock=60),)
TOKEN = "cluster-night"
#: Long enough for a game to start on two busy cores; only a failing wait waits it out.
WAIT = 60.0


class Tab:
    """A tab's websocket and the screen its bytes draw."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.screen = pyte.Screen(100, 30)
        self._stream = pyte.ByteStream(self.screen)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str) -> None:
        deadline = time.monotonic() + WAIT
        while text not in self.text:
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {text!r}:\n{self.text}"
            try:
                # (asyncio's bound: receive's own timeout did not end a wait for a quiet
                # tab, and a failing test hung instead of failing)
                message = await asyncio.wait_for(self.socket.receive(), left)
            except TimeoutError:
                continue
            assert message.type is aiohttp.WSMsgType.BINARY, (message, self.text)
            self._stream.feed(message.data)

    async def press(self, keys: str) -> None:
        await self.socket.send_str(json.dumps(["stdin", keys]))


async def test_a_browser_guest_at_a_host_without_tables_sits_at_the_owners_table(
        nats_server: NatsServer, tmp_path: Path) -> None:
    launch = Launch(animation="off", seed=7, template=None, base_env=dict(os.environ))
    config = joining(ServeConfig(root=tmp_path / "b", open=True, launch=launch, tables=TABLES),
                     nats_server, tmp_path)
    async with owner(nats_server, TABLES) as one:
        room = await start_room(config, log=lambda text: None)  # --no-ssh: browsers only
        door = await start_web_door(room.room, WebConfig(port=0, token=TOKEN), launch,
                                    config.limits, log=lambda text: None)
        try:
            assert room.room.cluster is not None and room.room.cluster.host is None
            async with aiohttp.ClientSession() as session:
                socket = await session.ws_connect(
                    f"http://127.0.0.1:{door.port}/{TOKEN}/ws/{encode_name('Bob')}"
                    "?width=100&height=30")
                bob = Tab(socket)
                await bob.wait_for("you are Bob")
                await bob.wait_for("Sit  ")  # the lobby's footer: its keys are taken now
                await bob.press("\r")  # the Duel, the room's only table
                await bob.wait_for("Buy in for")
                await bob.press("\r")
                assert room.room.cluster is not None
                table = one.table("t1") or room.room.cluster.table("t1")
                assert table is not None
                deadline = time.monotonic() + WAIT
                while not any(o is not None and o.name == "Bob" for o in table.seats):
                    assert time.monotonic() < deadline, bob.text
                    await asyncio.sleep(0.05)
                (bob_seat,) = [o for o in table.seats if o is not None]
                assert isinstance(bob_seat, SeatedPlayer)
                assert bob_seat.member.guest and bob_seat.stack == 1000
                ann = await join(one, "Ann")
                await sit(ann, "t1")
                await bob.wait_for("Pot")  # dealt: the owner's hand on the tab's screen
                await ann.close()
                await socket.close()
        finally:
            await door.close()
            await room.close()
