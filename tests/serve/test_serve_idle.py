"""An idle served game sends nothing: no blinking cursor over SSH."""

from __future__ import annotations

from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving

MENU = "Rules & keys"
#: How long the player is away: six blinks of a blinking cursor.
IDLE = 3.0


async def test_settings_sends_nothing_while_the_player_is_away(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(seed=7))
    async with serving(config) as server:
        client = await TerminalClient.connect(server.port)
        await client.wait_for(MENU, timeout=60)
        client.press("o")  # Settings: the name field has focus
        await client.wait_for("Player name")
        # Once drawn, three seconds without a byte (six blinks of a blinking cursor) come
        # however long the drawing took on a busy machine; a blinking cursor never lets
        # them come, and the wait fails quoting the screen.
        await client.settle(IDLE, timeout=30)
        client.press("escape")
        await client.wait_for(MENU)
        client.press("q")
        assert await client.wait_closed() == 0
