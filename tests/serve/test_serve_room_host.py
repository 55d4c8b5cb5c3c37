"""The host runs the room over real SSH clients: the host's key (in host_keys beside
authorized_keys) pauses a table, announces and removes a player from the lobby; a
player's key is offered none of it, and its commands typed at a table are refused.

The removed player's chips come back to their balance: their profile's store
holds the start plus every recorded result, nothing left at the table.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from asyncssh import SSHKey

from cardtui import locations
from cardtui.games import Game
from cardtui.room.config import HoldemOptions
from cardtui.serve.server import ServeConfig
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient, serving
from tests.serve.room_ssh import LAUNCH, named_key, profile, sit_down


def public_line(key: object) -> str:
    return key.export_public_key().decode().strip() + " host\n"  # type: ignore[attr-defined]


def friday_hosted_by_ann(tmp_path: Path) -> tuple[Path, SSHKey, SSHKey, ServeConfig]:
    """A room with one hold'em table, Friday; Ann's key is a host's, Bob's a player's."""
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    (root / "host_keys").write_text(public_line(ann_key))
    tables = (HoldemOptions(name="Friday", seats=4, min_humans=1, action_clock=600,
                            between_hands=600),)
    return root, ann_key, bob_key, ServeConfig(root=root, open=True, launch=LAUNCH,
                                               tables=tables)


async def test_the_host_pauses_announces_and_removes_a_player_over_ssh(tmp_path: Path) -> None:
    root, ann_key, bob_key, config = friday_hosted_by_ann(tmp_path)
    async with serving(config) as server:
        room = server.room.shared.room
        bob = await sit_down(server.port, bob_key, "Bob", width=100)
        await bob.wait_for("Friday")
        ann = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await ann.wait_for("you are Ann")
        await ann.wait_for("h Host")  # the host's key is offered the host's menu
        await ann.wait_for("Bob (Friday)")  # ... and sees who is where

        # Bob is no host: a host's command typed at his table is refused by the room.
        await bob.settle(0.3)
        bob.press("m")
        await bob.wait_for("Say to the table")
        bob.press(*"/close void", "enter")
        await bob.wait_for("hosts may do that")
        assert "t1" in room.tables and room.desk.actions == []

        # The host pauses Friday from the lobby's menu: Bob's table says so.
        await ann.settle(0.3)
        ann.press("h")
        await ann.wait_for("Pause Friday")
        ann.press("p")
        await bob.wait_for("paused by the host (Ann)")
        assert room.tables["t1"].paused_by == "Ann"
        # ... announces to the whole room ...
        await ann.settle(0.3)
        ann.press("a")
        await ann.wait_for("Announce to the whole room")
        ann.press(*"last hand at midnight", "enter")
        await bob.wait_for("last hand at midnight")
        await ann.wait_for("The host (Ann) announces: last hand at midnight")
        # ... and removes Bob: his chips go back to his balance.
        await ann.settle(0.3)
        ann.press("k")
        await ann.wait_for("Remove whom?")
        ann.press("enter")
        await bob.wait_for("removed you from this table")
        assert [a.action for a in room.desk.actions] == ["pause", "announce", "kick"]

        store = Store(locations.database_path(profile(root, bob_key)))
        try:
            for _ in range(100):
                if not store.chips_at(Game.HOLDEM):
                    break
                await asyncio.sleep(0.05)
            assert store.chips_at(Game.HOLDEM) == {}
            nets = sum(store.round_nets(Game.HOLDEM, "Bob"))
            assert store.balance(Game.HOLDEM) == 1_000 + nets
        finally:
            store.close()
        for client in (ann, bob):
            await client.close()
