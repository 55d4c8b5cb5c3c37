"""The real game over SSH: the menu, a resize, a room of twenty, a blackjack round.

One server serves the file's players one after another; the room of twenty,
which counts the server's game processes up to its close, has its own.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from cardtui import locations
from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.testing.ssh import (
    TerminalClient,
    child_processes,
    play_a_blackjack_round,
    serving,
)

MENU = "Rules & keys"  # on the menu only (the table's title says "Blackjack")

# The shared server (and its template) lives on the file's event loop, as do its tests.
pytestmark = pytest.mark.asyncio(loop_scope="module")


def game_room(root: Path) -> ServeConfig:
    # Animation off: the tests wait for text, not for frames in between.
    launch = Launch(animation="off", seed=7)
    return ServeConfig(root=root, open=True, max_sessions=24, launch=launch)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[RunningServer]:
    async with serving(game_room(tmp_path_factory.mktemp("game"))) as running:
        yield running


def column_at(client: TerminalClient, text: str) -> int | None:
    """The column ``text`` starts at on screen now, or None while it is not there."""
    for line in client.screen.display:
        if text in line:
            return line.index(text)
    return None


def column_of(client: TerminalClient, text: str) -> int:
    column = column_at(client, text)
    if column is None:
        raise AssertionError(f"{text!r} not on screen:\n{client.text}")
    return column


async def test_a_player_reaches_the_menu_and_quits(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for(MENU)
    assert "Blackjack" in client.text and "Hold'em" in client.text
    client.press("q")
    assert await client.wait_closed() == 0


async def test_the_menu_follows_the_window_size(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for(MENU)
    await client.settle(0.3)
    column = column_of(client, MENU)
    client.resize(120, 40)
    deadline = time.monotonic() + 20
    # Centred: half of 40 more columns. Looked at between frames, the menu may be half
    # redrawn (its title not on screen at that moment): that is "not yet" too.
    while column_at(client, MENU) != column + 20:
        assert time.monotonic() < deadline, f"menu did not re-centre:\n{client.text}"
        await asyncio.sleep(0.05)
    await client.settle(0.3)
    assert "Quit" in client.screen.display[39], "the footer should be on the new bottom row"
    client.press("q")
    assert await client.wait_closed() == 0


async def test_twenty_players_at_once_each_reach_the_menu(tmp_path: Path) -> None:
    before = set(child_processes())
    started = time.monotonic()
    async with serving(game_room(tmp_path)) as server:
        clients = await asyncio.gather(*(TerminalClient.connect(server.port) for _ in range(20)))
        await asyncio.gather(*(client.wait_for(MENU, timeout=60) for client in clients))
        games = set(child_processes()) - before
        assert len(games) == 20
        for client in clients:
            client.press("q")
        statuses = await asyncio.gather(*(client.wait_closed(timeout=30) for client in clients))
        assert statuses == [0] * 20
    assert not games & child_processes().keys(), "a game process outlived its player"
    assert time.monotonic() - started < 90


RESULT = re.compile(r"WIN \+\d+|LOSE [−-]\d+|PUSH")


async def test_a_round_of_blackjack_over_ssh(server: RunningServer) -> None:
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = server.room.config.root / "profiles" / profile_name(fingerprint(player))
    client = await TerminalClient.connect(server.port, key=player)
    await client.wait_for(MENU)
    client.press("b")
    await client.wait_for("Deal")
    await play_a_blackjack_round(client)
    assert RESULT.search(client.text), client.text
    client.press("escape")
    await client.wait_for(MENU)
    client.press("q")
    assert await client.wait_closed() == 0
    assert locations.database_path(profile).exists(), "the round was not kept in the profile"
