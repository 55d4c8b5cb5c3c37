"""Who gets in and what they may do: keys, guests, refusals, and leaving.

The probe app stands in for the game; each test runs a real server on a free
port of 127.0.0.1 and real SSH clients.
"""

from __future__ import annotations

import asyncio
import os
import stat
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.testing.ssh import PROBE, TerminalClient, child_processes, serving


def probe_room(root: Path, **options: Any) -> ServeConfig:
    """A room where the probe app plays the game."""
    return ServeConfig(root=root, launch=Launch(game=PROBE), **options)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorize(root: Path, *keys: asyncssh.SSHKey) -> None:
    root.mkdir(parents=True, exist_ok=True)
    lines = [key.export_public_key().decode().strip() for key in keys]
    (root / "authorized_keys").write_text("# players\n" + "\n".join(lines) + "\n")


def described(pids: set[int]) -> dict[int, str]:
    """Each process's name, state (R, S, T stopped, Z unreaped...) and nice, from /proc."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            found[pid] = "gone"
            continue
        found[pid] = f"{name} state {fields[0]} nice {fields[16]}"
    return found


async def wait_gone(pids: set[int], timeout: float = 10.0) -> None:
    """Wait until none of ``pids`` is our child any more (exited *and* reaped)."""
    deadline = time.monotonic() + timeout
    while pids & child_processes().keys():
        assert time.monotonic() < deadline, f"left behind: {pids & child_processes().keys()}"
        await asyncio.sleep(0.05)


async def wait_free(server: RunningServer, timeout: float = 10.0) -> None:
    """Wait until no session holds a seat."""
    deadline = time.monotonic() + timeout
    while server.room.sessions:
        assert time.monotonic() < deadline, f"seats still held: {server.room.sessions}"
        await asyncio.sleep(0.05)


async def test_an_authorized_key_plays_in_its_own_profile(tmp_path: Path) -> None:
    player = new_key()
    authorize(tmp_path, player)
    async with serving(probe_room(tmp_path)) as server:
        client = await TerminalClient.connect(
            server.port, key=player, width=200, username="../../etc"
        )
        profile = tmp_path / "profiles" / profile_name(fingerprint(player))
        await client.wait_for(f"cwd {profile}")
        assert "data ." in client.text  # every path the game shows is relative
        assert stat.S_IMODE(profile.stat().st_mode) == 0o700
        client.press("q")
        await client.wait_closed()
    assert profile.is_dir(), "a player's profile is kept"
    assert os.listdir(tmp_path / "profiles") == [profile.name]


async def test_a_key_not_on_the_list_is_turned_away(tmp_path: Path) -> None:
    authorize(tmp_path, new_key())
    async with serving(probe_room(tmp_path)) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await TerminalClient.connect(server.port, key=new_key())
        with pytest.raises(asyncssh.PermissionDenied):
            await TerminalClient.connect(server.port)  # no key, and the room is not open
    assert not (tmp_path / "profiles").exists()


async def test_a_key_added_to_the_list_is_let_in_without_a_restart(tmp_path: Path) -> None:
    late = new_key()
    authorize(tmp_path, new_key())
    async with serving(probe_room(tmp_path)) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await TerminalClient.connect(server.port, key=late)
        authorize(tmp_path, new_key(), late)
        client = await TerminalClient.connect(server.port, key=late)
        await client.wait_for("key none")
        await client.close()


async def test_an_open_room_lets_in_any_key(tmp_path: Path) -> None:
    stranger = new_key()
    async with serving(probe_room(tmp_path, open=True)) as server:
        client = await TerminalClient.connect(server.port, key=stranger, width=200)
        await client.wait_for(profile_name(fingerprint(stranger)))
        await client.close()


async def test_anything_but_an_interactive_game_is_refused(tmp_path: Path) -> None:
    async with serving(probe_room(tmp_path, open=True)) as server:
        connection = await asyncssh.connect(
            "127.0.0.1", server.port, username="p", known_hosts=None,
            client_keys=[new_key()], agent_path=None, config=None,
        )  # fmt: skip
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.run("cat /etc/passwd")
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelListenError):
            await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        no_pty = await connection.run()
        assert no_pty.exit_status == 1
        assert "ssh -t" in str(no_pty.stderr)
        assert no_pty.stdout == ""
        # A refused session holding a seat would hold it for good: waited for, not slept on.
        await wait_free(server)
        connection.close()
        await connection.wait_closed()


async def test_a_dropped_connection_leaves_no_process_behind(tmp_path: Path) -> None:
    async with serving(probe_room(tmp_path, open=True)) as server:
        before = set(child_processes())
        leaver = await TerminalClient.connect(server.port)
        stayer = await TerminalClient.connect(server.port)
        await asyncio.gather(leaver.wait_for("key none"), stayer.wait_for("key none"))
        games = set(child_processes()) - before
        assert len(games) == 2
        leaver.abort()  # no SSH goodbye, no EOF: the socket just closes
        deadline = time.monotonic() + 10
        while len(games & child_processes().keys()) != 1:
            assert time.monotonic() < deadline, (
                f"the dropped player's game is still running: {described(games)}")
            await asyncio.sleep(0.05)
        stayer.press("x")
        await stayer.wait_for("key x")
    # Closing the server ends the game still being played, and says so.
    await wait_gone(games)
    assert await stayer.wait_closed() == 128 + 1  # SIGHUP
    assert b"closed the room" in stayer.raw


async def test_a_full_room_says_so(tmp_path: Path) -> None:
    async with serving(probe_room(tmp_path, open=True, max_sessions=1)) as server:
        seated = await TerminalClient.connect(server.port)
        await seated.wait_for("key none")
        late = await TerminalClient.connect(server.port)
        assert await late.wait_closed() == 1
        seated.press("q")
        await seated.wait_closed()
    assert b"room is full" in late.raw or "room is full" in late.text


async def test_an_idle_player_is_shown_out_and_the_seat_freed(tmp_path: Path) -> None:
    async with serving(probe_room(tmp_path, open=True, limits=Limits(idle_timeout=3.0))) as server:
        before = set(child_processes())
        player = await TerminalClient.connect(server.port)
        await player.wait_for("key none")
        games = set(child_processes()) - before
        player.press("x")  # a key press restarts the clock
        await player.wait_for("key x")
        assert await player.wait_closed(timeout=10) == 128 + 1  # hung up (SIGHUP)
        await wait_gone(games)
        assert not server.room.sessions
    assert b"without a key press" in player.raw
