"""No game outlives its server, even one killed with SIGKILL, and no guest's data either."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cardtui.testing.processes import (
    children,
    controlling_terminal,
    game_processes,
    is_running,
    is_template,
    start_serve,
    stop_serve,
)
from cardtui.testing.ssh import TerminalClient

MENU = "Rules & keys"
#: Under `cardtui serve` a player lands in the room's lobby first.
LOBBY = "Tables in the room"


@pytest.mark.parametrize("options", [(), ("--no-template",)], ids=["template", "no-template"])
async def test_games_die_with_a_killed_server_and_its_guests_are_cleared(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    served = start_serve(tmp_path, *options)
    server, port = served.process, served.port
    try:
        players = [await TerminalClient.connect(port) for _ in range(2)]
        await asyncio.gather(*(player.wait_for(MENU, LOBBY, timeout=60) for player in players))
        games = set(game_processes(server.pid))
        assert len(games) == 2
        assert all(controlling_terminal(game) for game in games), "the PTY is not their terminal"
        templates = {pid for pid in children(server.pid) if is_template(pid)}
        assert len(templates) == (0 if options else 1)
        assert games.isdisjoint(children(server.pid)) != bool(options), "not forked as asked"
        assert len(list((tmp_path / "guests").glob("*/guest-*"))) == 2
        server.kill()  # SIGKILL: no chance to end anything
        server.wait()
        deadline = time.monotonic() + 5
        while any(is_running(pid) for pid in games | templates):
            assert time.monotonic() < deadline, "a process outlived its server by 5 s"
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
