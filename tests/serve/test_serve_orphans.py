"""No game outlives its server, even one killed with SIGKILL, and no guest's data either."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from cardtui.testing.processes import (
    children,
    controlling_terminal,
    is_running,
    start_serve,
    stop_serve,
)
from cardtui.testing.ssh import TerminalClient

MENU = "Rules & keys"
#: Under `cardtui serve` a player lands in the room's lobby first.
LOBBY = "Tables in the room"


async def test_games_die_with_a_killed_server_and_its_guests_are_cleared(tmp_path: Path) -> None:
    served = start_serve(tmp_path)
    server, port = served.process, served.port
    try:
        players = [await TerminalClient.connect(port) for _ in range(2)]
        await asyncio.gather(*(player.wait_for(MENU, LOBBY, timeout=60) for player in players))
        games = set(children(server.pid))
        assert len(games) == 2
        assert all(controlling_terminal(game) for game in games), "the PTY is not their terminal"
        assert len(list((tmp_path / "guests").glob("*/guest-*"))) == 2
        server.kill()  # SIGKILL: no chance to end anything
        server.wait()
        deadline = time.monotonic() + 5
        while any(is_running(game) for game in games):
            assert time.monotonic() < deadline, "a game outlived its server by 5 s"
            await asyncio.sleep(0.05)
        for player in players:
            player.abort()
    finally:
        server.kill()
        server.wait()
    assert list((tmp_path / "guests").glob("*/guest-*")), "nothing left to clear (test is moot)"
    again = start_serve(tmp_path)
    stop_serve(again.process)
    assert not list((tmp_path / "guests").glob("*/guest-*"))
    assert "cleared 2 guests' directories" in again.banner
