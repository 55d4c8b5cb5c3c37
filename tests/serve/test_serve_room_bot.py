"""The bot entry of ``cardtui serve``: only a key in ``bot_keys`` gets a bot's line to the room."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncssh
import pytest

from cardtui.arena import room_bot
from cardtui.arena.protocol import BotView
from cardtui.arena.room_bot import RoomSeat, connect
from cardtui.guest.client import RoomError
from cardtui.holdem.actions import Action, ActionKind
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.serve import bot_door
from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import PROBE, serving
from cardtui.wire.protocol import Chat, Error, HoldemAction, Message, Sit, YourTurnHoldem
from tests.room.support import FakeClient


class Caller:
    def decide(self, view: BotView, rng: random.Random) -> Action:
        return Action.call() if view.legal.call_amount else Action.check()


def key_file(directory: Path, name: str) -> tuple[asyncssh.SSHKey, Path]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = directory / name
    key.write_private_key(path)
    return key, path


def public(*keys: asyncssh.SSHKey) -> str:
    return "".join(key.export_public_key().decode() for key in keys)


def check_or_call(client: FakeClient, message: Message) -> None:
    if isinstance(message, YourTurnHoldem):
        kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
        client.send(HoldemAction(message.table, kind))


def test_the_door_and_the_client_name_the_same_subsystem() -> None:
    assert room_bot.BOT_SUBSYSTEM == bot_door.BOT_SUBSYSTEM


async def test_a_bot_key_plays_at_a_shared_table_and_other_keys_are_refused(
        tmp_path: Path) -> None:
    root = tmp_path / "data"
    root.mkdir()
    robo, robo_file = key_file(tmp_path, "robo")
    player, player_file = key_file(tmp_path, "player")
    _, stranger_file = key_file(tmp_path, "stranger")
    (root / "authorized_keys").write_text(public(player))
    (root / "bot_keys").write_text(public(robo))
    config = ServeConfig(root=root, launch=Launch(game=PROBE), tables=(
        HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2, between_hands=0),))
    async with serving(config) as server:
        at = {"host": "127.0.0.1", "port": server.port,
              "host_fingerprint": server.host_key_fingerprint}
        # A player's key, a stranger's, and a wrong host key never reach the entry.
        with pytest.raises(RoomError, match="refused the bot entry"):
            await connect(**at, name="sneaky", key=player_file)  # type: ignore[arg-type]
        with pytest.raises(RoomError, match="Permission denied"):
            await connect(**at, name="sneaky", key=stranger_file)  # type: ignore[arg-type]
        # A bot key plays no game: its only session is the bot line.
        conn = await asyncssh.connect("127.0.0.1", server.port, username="robo",
                                      known_hosts=None, client_keys=[robo], config=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run()
        conn.close()
        with pytest.raises(RoomError, match="not trusted"):
            await connect("127.0.0.1", server.port, name="robo", key=robo_file,
                          host_fingerprint="SHA256:not-the-room")
        client = await connect(**at, name="robo", key=robo_file)  # type: ignore[arg-type]
        seat = RoomSeat(client, Caller(), "duel", 1000, rng=random.Random(2))
        await seat.sit()
        # Only a seat's requests pass the entry: chat never reaches the room.
        client.send(Chat("t1", "buy my course", ref=9))
        while not isinstance(refused := await asyncio.wait_for(client.receive(), 10), Error):
            pass  # the seat's news (no hand yet: the human has not sat)
        assert refused.ref == 9
        assert refused.message == "a bot may not send chat"
        assert server.room.shared is not None
        human = await FakeClient.join(server.room.shared.room, Member("p-ann", "Ann"))
        human.on_message = check_or_call
        human.send(Sit("t1", None, 1000))
        await asyncio.wait_for(seat.play(hands=1), 10)
        assert seat.hands == 1 and not seat.refusals and not seat.room_errors
        table = server.room.shared.room.tables["t1"]
        names = [o.name for o in table.seats if o is not None]
        assert sorted(names) == ["Ann", "robo (bot)"]
        client.close()
        await human.close()
