"""An idle served game sends nothing: no blinking cursor over SSH."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving

MENU = "Rules & keys"


async def test_settings_sends_nothing_while_the_player_is_away(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(seed=7))
    async with serving(config) as server:
        client = await TerminalClient.connect(server.port)
        await client.wait_for(MENU, timeout=60)
        client.press("o")  # Settings: the name field has focus
        await client.wait_for("Player name")
        await asyncio.sleep(1.5)  # drawn
        before = client.received
        await asyncio.sleep(3)  # six blinks of a blinking cursor
        assert client.received == before, f"{client.received - before} bytes while idle"
        client.press("escape")
        await client.wait_for(MENU)
        client.press("q")
        assert await client.wait_closed() == 0
