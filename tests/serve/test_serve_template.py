"""Games forked from the room's template play, end and fail as games started from scratch do."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.testing.processes import children, is_running, is_template
from cardtui.testing.ssh import (
    PROBE,
    TerminalClient,
    child_processes,
    play_a_blackjack_round,
    serving,
)

MENU = "Rules & keys"

# The probe's two servers (with a template, without) are shared by the file's tests
# that leave them running; they and the tests live on the file's event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")

#: A running server and every line it has logged so far.
Logged = tuple[RunningServer, list[str]]


async def probe_server(root: Path, launch: Launch) -> AsyncIterator[Logged]:
    logged: list[str] = []
    async with serving(ServeConfig(root=root, open=True, launch=launch), logged.append) as server:
        yield server, logged


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def forking(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Logged]:
    """The probe served from a template: each game is forked from it."""
    async for served in probe_server(tmp_path_factory.mktemp("forking"), Launch(game=PROBE)):
        yield served


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def spawning(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Logged]:
    """The probe served without a template: each game is a new process."""
    root = tmp_path_factory.mktemp("spawning")
    async for served in probe_server(root, Launch(game=PROBE, template=None)):
        yield served


def template_of(server: RunningServer) -> int:
    template = server.room.config.launch.template
    assert template is not None and template.running is not None, "no template running"
    return template.running.pid


def process_name(pid: int) -> str:
    return Path(f"/proc/{pid}/comm").read_text().strip()


def sockets(pid: int) -> set[str]:
    """The sockets ``pid`` holds open (``socket:[inode]``)."""
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:"):
            found.add(target)
    return found


def terminals(pid: int) -> set[str]:
    """The pseudo-terminals ``pid`` holds open."""
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("/dev/pts/") or target == "/dev/ptmx":
            found.add(target)
    return found


async def test_a_game_forked_from_the_template_reaches_the_menu_and_plays(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(seed=11, animation="off"))
    async with serving(config) as server:
        template = template_of(server)
        client = await TerminalClient.connect(server.port)
        await client.wait_for(MENU, timeout=60)
        (game,) = children(template)
        assert process_name(game) == "cardtui-game"
        assert process_name(template) == "cardtui-templat"
        client.press("b")
        await client.wait_for("Deal")
        await client.settle(0.3)
        await play_a_blackjack_round(client)
        client.press("escape")
        await client.wait_for(MENU)
        client.press("q")
        assert await client.wait_closed() == 0
    assert not is_running(game)
    assert not is_running(template), "the template outlived its server"


@pytest.mark.parametrize("template", [True, False], ids=["template", "no-template"])
@pytest.mark.parametrize(
    ("key", "status"), [("q", 0), ("e", 3), ("k", 128 + signal.SIGKILL), ("r", 1)]
)
async def test_exit_status_and_crash_log_are_the_same_either_way(
    forking: Logged, spawning: Logged, template: bool, key: str, status: int
) -> None:
    server, logged = forking if template else spawning
    earlier = len(logged)
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = server.room.config.root / "profiles" / profile_name(fingerprint(player))
    client = await TerminalClient.connect(server.port, key=player, width=200)
    await client.wait_for("key none", timeout=60)  # a spawned game starts at nice 19
    (game,) = child_processes()
    forked = game not in children(os.getpid())
    assert forked == template
    client.press(key)
    assert await client.wait_closed() == status  # the ending is logged before the status
    report = (profile / "crash.log").read_text()
    assert ("RuntimeError: the probe was asked to fail" in report) == (key == "r")
    assert ("unexpected error" in client.text) == (key == "r")
    ending = [line for line in logged[earlier:] if "left (" in line or "failed (" in line]
    expected = "killed by SIGKILL" if key == "k" else f"exit status {1 if key == 'r' else status}"
    assert len(ending) == 1 and expected in ending[0], logged


async def test_a_forked_game_holds_nothing_of_the_template_or_of_other_players(
    forking: Logged,
) -> None:
    server, _ = forking
    template = template_of(server)
    first = await TerminalClient.connect(server.port)
    await first.wait_for("key none")
    (first_game,) = children(template)
    second = await TerminalClient.connect(server.port)
    await second.wait_for("key none")
    (second_game,) = set(children(template)) - {first_game}
    for game in (first_game, second_game):
        # Its own terminal and nothing else: not the other player's, not a master.
        assert len(terminals(game)) == 1, terminals(game)
        assert not sockets(game) & sockets(template), "the template's control line leaked"
    assert terminals(first_game) != terminals(second_game)
    for client in (first, second):
        client.press("q")
        assert await client.wait_closed() == 0


async def test_when_the_template_stops_its_games_end_and_new_players_start_without_it(
    tmp_path: Path,
) -> None:
    logged: list[str] = []
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(game=PROBE))
    async with serving(config, logged.append) as server:
        template = template_of(server)
        seated = await TerminalClient.connect(server.port)
        await seated.wait_for("key none")
        (game,) = children(template)
        os.kill(template, signal.SIGKILL)
        assert await seated.wait_closed() == 128 + signal.SIGKILL
        deadline = time.monotonic() + 5
        while is_running(game):
            assert time.monotonic() < deadline, "a game outlived its template by 5 s"
            await asyncio.sleep(0.05)
        assert sum("template stopped" in line for line in logged) == 1, logged
        late = await TerminalClient.connect(server.port)
        await late.wait_for("key none")
        (spawned,) = child_processes()
        assert spawned in children(os.getpid()) and not is_template(spawned)
        late.press("q")
        assert await late.wait_closed() == 0
