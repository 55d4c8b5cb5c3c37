"""A name changed in Settings reaches the room: the lobby, and the other players' screens."""

from __future__ import annotations

from pathlib import Path

from cardtui.room.config import HoldemOptions
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving
from tests.room.support import until
from tests.serve.room_ssh import LAUNCH, named_key, sit_down


async def test_a_player_renamed_in_settings_sits_down_under_the_new_name(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    tables = (HoldemOptions(name="Friday", seats=2, bots_fill=False, min_humans=2,
                            action_clock=60),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = server.room.shared.room.tables["t1"]
        bob = await sit_down(server.port, bob_key, "Bob")
        ann = await TerminalClient.connect(server.port, key=ann_key)
        await ann.wait_for("you are Ann")
        await ann.settle(0.3)
        ann.press("\x1b")
        await ann.wait_for("Rules & keys")  # the menu
        await ann.settle(0.3)
        ann.press("o")
        await ann.wait_for("Player name")
        await ann.settle(0.3)
        ann.press(*["\x7f"] * 3, *"Zelda")
        await ann.wait_for("Zelda")
        await ann.settle(0.3)
        ann.press("\x1b")
        await ann.wait_for("Rules & keys")
        await ann.settle(0.3)
        ann.press("t")
        await ann.wait_for("you are Zelda")  # the room knows her by her new name
        await ann.settle(0.3)
        ann.press("enter")
        await ann.wait_for("Buy in for")
        ann.press("enter")
        await until(lambda: table.in_play)
        await bob.wait_for("Zelda")  # her seat on Bob's screen
        assert [s.name for s in table.seat_infos()] == ["Bob", "Zelda"]
        for client in (ann, bob):
            client.abort()
