"""A player whose terminal is too small is asked to enlarge it, whenever they arrive.

Seen over SSH: a player arriving at 60x20 was shown the lobby and the tables,
cramped, and never the notice; one arriving at 80x24 got it on shrinking. A
served game starts at the template's size and hears the player's a moment
later: the notice went up before the lobby, which then covered it for good.
"""

from __future__ import annotations

from pathlib import Path

from cardtui.room.config import HoldemOptions
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving
from tests.serve.room_ssh import LAUNCH


async def test_a_player_arriving_small_is_asked_to_enlarge_then_plays(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path / "room", open=True, launch=LAUNCH,
                         tables=(HoldemOptions(name="Friday"),))
    async with serving(config) as server:
        client = await TerminalClient.connect(server.port, width=60, height=20)
        await client.wait_for("Please enlarge the terminal")
        client.resize(80, 24)
        await client.wait_for("Tables in the room")
        client.resize(60, 20)
        await client.wait_for("this one is 60x20")
        client.resize(80, 24)
        await client.wait_for("Tables in the room")
        await client.settle(0.3)
        client.press("\x1b")  # back to the menu: the notice hidden under the lobby is gone
        await client.wait_for("Rules & keys")
        client.abort()
