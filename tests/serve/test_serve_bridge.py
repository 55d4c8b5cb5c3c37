"""The SSH bridge end to end, with the probe app standing in for the game.

One real server on a free port of 127.0.0.1 serves the whole file (each test's
player leaves before the next arrives), and each test connects a real SSH
client with a PTY; what the player sees is a pyte screen.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from cardtui.serve.launch import Launch
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.serve.terminal import ModeTracker
from cardtui.testing.ssh import PROBE, TerminalClient, serving
from tests.room.support import until

# The server (and the template its games fork from) is started once for the file:
# its tests run on the file's event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")


def probe_room(root: Path) -> ServeConfig:
    """An open room where the probe app plays the game."""
    return ServeConfig(root=root, open=True, launch=Launch(game=PROBE))


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[RunningServer]:
    async with serving(probe_room(tmp_path_factory.mktemp("bridge"))) as running:
        yield running


def guest_dirs(server: RunningServer) -> list[Path]:
    return list((server.room.config.root / "guests").glob("**/guest-*"))


async def test_a_guest_gets_the_game_in_the_terminal_they_asked_for(
    server: RunningServer,
) -> None:
    await until(lambda: not guest_dirs(server))  # an earlier test's guest has been cleared
    client = await TerminalClient.connect(server.port, env={"COLORTERM": "truecolor"})
    await client.wait_for("size 80x24")
    assert "TERM xterm-256color" in client.text
    assert "COLORTERM truecolor" in client.text
    assert "ascii no" in client.text
    (guest_dir,) = guest_dirs(server)
    assert (guest_dir / "crash.log").exists(), "the guest does not play in that directory"
    client.press("q")
    assert await client.wait_closed() == 0
    # Removed once the game has ended (a moment after the status, on a busy machine).
    await until(lambda: not guest_dir.exists())


async def test_resizing_the_window_resizes_the_game(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for("size 80x24")
    client.resize(100, 30)
    await client.wait_for("size 100x30")
    # The footer follows the new bottom row (a moment after the size, on a busy machine).
    await until(lambda: "Quit" in client.screen.display[29], timeout=10)
    client.resize(60, 18)
    await client.wait_for("size 60x18")
    client.press("q")
    await client.wait_closed()


async def test_keys_reach_the_game_and_its_exit_status_comes_back(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for("key none")
    client.press("x")
    await client.wait_for("key x")
    client.press("e")  # the probe exits with status 3
    assert await client.wait_closed() == 3


async def test_a_clean_exit_leaves_the_client_terminal_as_it_was(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for("key none")
    client.press("q")
    assert await client.wait_closed() == 0
    tracker = ModeTracker()
    tracker.feed(bytes(client.raw))
    assert b"\x1b[?1049h" in client.raw
    assert tracker.restore_sequence() == b"\x1b[0m", "some terminal mode was left on"


async def test_a_killed_game_still_leaves_the_client_terminal_restored(
    server: RunningServer,
) -> None:
    client = await TerminalClient.connect(server.port)
    await client.wait_for("key none")
    before = len(client.raw)
    client.press("k")  # SIGKILL: the game cannot leave the alternate screen itself
    assert await client.wait_closed() == 128 + 9
    ending = bytes(client.raw[before:])
    assert b"\x1b[?1049l" in ending and b"\x1b[?25h" in ending
    tracker = ModeTracker()
    tracker.feed(bytes(client.raw))
    assert tracker.restore_sequence() == b"\x1b[0m", "some terminal mode was left on"


async def test_a_latin1_locale_gets_ascii_cards(server: RunningServer) -> None:
    client = await TerminalClient.connect(server.port, env={"LANG": "fr_FR.ISO-8859-1"})
    await client.wait_for("ascii yes")
    client.press("q")
    await client.wait_closed()
