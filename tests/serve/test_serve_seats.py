"""A seat is taken by a game, not by a connection or a channel."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.testing.ssh import (
    PROBE,
    TerminalClient,
    connect_quietly,
    open_bare_channel,
    serving,
)

QUICK = Limits(start_timeout=0.5, sessions_per_connection=2)

# The quick room is shared by the file's tests (each leaves its one seat free): they and
# it run on the file's event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")


def small_room(root: Path, limits: Limits = QUICK) -> ServeConfig:
    return ServeConfig(
        root=root, open=True, max_sessions=1, launch=Launch(game=PROBE), limits=limits
    )


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def quick(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[RunningServer]:
    """A room of one seat whose games must start within half a second."""
    async with serving(small_room(tmp_path_factory.mktemp("seats"))) as running:
        yield running


async def wait_until(condition: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def guest_dirs(root: Path) -> list[Path]:
    """Guests' data directories under the room's root."""
    return list((root / "guests").glob("**/guest-*"))


async def test_bare_channels_are_closed_and_hold_no_seat(quick: RunningServer) -> None:
    server = quick
    hoarder = await connect_quietly(server.port)
    channels = [await open_bare_channel(hoarder) for _ in range(2)]
    assert not server.room.sessions, "a channel took a seat before any game"
    # The only seat is still free: a real player sits down at once.
    player = await TerminalClient.connect(server.port)
    await player.wait_for("key none")
    # The bare channels are closed within the start timeout, then the connection.
    await asyncio.wait_for(asyncio.gather(*(c.wait_closed() for c in channels)), 5)
    await asyncio.wait_for(hoarder.wait_closed(), 5)
    player.press("q")
    assert await player.wait_closed() == 0
    await wait_until(lambda: not server.room.sessions)


async def test_a_connection_may_open_only_a_few_sessions(tmp_path: Path) -> None:
    limits = Limits(start_timeout=30, sessions_per_connection=2)
    async with serving(small_room(tmp_path, limits)) as server:
        hoarder = await connect_quietly(server.port)
        for _ in range(2):
            await open_bare_channel(hoarder)
        with pytest.raises(asyncssh.ChannelOpenError):
            await open_bare_channel(hoarder)
        hoarder.close()


async def test_a_connection_that_opens_nothing_is_closed(quick: RunningServer) -> None:
    idle = await connect_quietly(quick.port)
    await asyncio.wait_for(idle.wait_closed(), 5)
    # Gone from the room's list too (an earlier test's last connection with it, if any).
    await wait_until(lambda: not quick.room.connections)


async def test_a_guest_directory_is_made_only_when_the_game_starts(
    quick: RunningServer,
) -> None:
    server, root = quick, quick.room.config.root
    await wait_until(lambda: not guest_dirs(root))  # an earlier test's guest has been cleared
    hoarder = await connect_quietly(server.port)
    await open_bare_channel(hoarder)  # the server has taken the channel in
    assert not guest_dirs(root) and not server.room.sessions
    # The room's only seat: a real player gets it, so the bare channel holds none, and
    # by the time that player's game runs there is one guest directory, theirs.
    player = await TerminalClient.connect(server.port)
    await player.wait_for("key none")
    assert len(guest_dirs(root)) == 1
    player.press("q")
    await player.wait_closed()
    await wait_until(lambda: not guest_dirs(root))
    hoarder.close()
