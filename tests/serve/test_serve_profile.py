"""A served game reaches nothing outside its player's profile and names no host path."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import pytest

from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import ServeConfig
from cardtui.serve.terminal import ClientTerminal
from cardtui.testing.ssh import PROBE, TerminalClient, serving
from cardtui.ui.app import CardtuiApp

MENU = "Rules & keys"


def files_under(root: Path) -> set[Path]:
    return {Path(folder, name) for folder, _, names in os.walk(root) for name in names}


def profile_of(root: Path, key: asyncssh.SSHKey) -> Path:
    return root / "profiles" / profile_name(fingerprint(key))


async def test_the_screenshot_command_writes_only_in_the_profile(tmp_path: Path) -> None:
    root, host_home = tmp_path / "room", tmp_path / "host-home"
    host_home.mkdir()
    downloads = Path.home() / "Downloads"
    downloads_before = files_under(downloads)
    player = asyncssh.generate_private_key("ssh-ed25519")
    launch = Launch(animation="off", seed=7, base_env={**os.environ, "HOME": str(host_home)})
    async with serving(ServeConfig(root=root, open=True, launch=launch)) as server:
        client = await TerminalClient.connect(server.port, key=player, width=120)
        await client.wait_for(MENU)
        before = files_under(tmp_path)
        client.press("\x10")  # ctrl+p: the command palette
        await client.wait_for("Search for commands")
        client.press(*"Screenshot")
        await client.settle(0.3)
        client.press("enter")
        await client.wait_for("Saved screenshot")
        await client.settle(0.3)
        screen = client.text
        client.press("q")
        await client.wait_closed()
    made = files_under(tmp_path) - before
    profile = profile_of(root, player)
    shots = [path for path in made if path.suffix == ".svg"]
    assert len(shots) == 1 and shots[0].parent == profile / "screenshots", made
    assert all(path.is_relative_to(profile) for path in made), made
    assert not files_under(host_home) and files_under(downloads) == downloads_before
    assert "screenshots/" in screen and str(tmp_path) not in screen  # relative: no host path
    assert str(tmp_path).encode() not in client.raw


async def test_a_screenshot_cannot_be_sent_elsewhere(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(elsewhere)
    app = CardtuiApp(data_dir=data_dir, animation="off", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_screenshot(filename="../../escaped.svg", path=str(elsewhere))
        app.deliver_screenshot(filename="..", path="/")
        await pilot.pause(0.3)
    assert not files_under(elsewhere) and not (tmp_path / "home").exists()
    saved = files_under(data_dir / "screenshots")
    assert [path.name for path in saved if path.name == "escaped.svg"] == ["escaped.svg"]
    assert len(saved) == 2


async def test_a_game_lives_in_its_profile_and_cannot_write_a_huge_file(tmp_path: Path) -> None:
    player = asyncssh.generate_private_key("ssh-ed25519")
    launch = Launch(game=PROBE, max_file_size=1024 * 1024, base_env={**os.environ})
    async with serving(ServeConfig(root=tmp_path, open=True, launch=launch)) as server:
        client = await TerminalClient.connect(server.port, key=player, width=200)
        profile = profile_of(tmp_path, player)
        await client.wait_for(f"home {profile}")
        assert f"cwd {profile}" in client.text
        client.press("w")  # the probe writes 2 MiB
        await client.wait_for("write failed: File too large")
        client.press("x")
        await client.wait_for("key x")  # still playing: EFBIG, not SIGXFSZ
        client.press("q")
        assert await client.wait_closed() == 0
    assert (profile / "big.bin").stat().st_size == 1024 * 1024


def test_the_host_environment_stays_outside(tmp_path: Path) -> None:
    secret = {"SSH_AUTH_SOCK": "/run/host-agent", "TEXTUAL_LOG": "/tmp/host.log"}
    launch = Launch(game=PROBE, base_env={**os.environ, **secret})
    env = launch.environment(ClientTerminal(), tmp_path)
    assert not secret.keys() & env.keys()
    assert env["HOME"] == str(tmp_path) and env["TMPDIR"].startswith(str(tmp_path))


async def test_a_full_profile_closes_the_game_with_one_line(tmp_path: Path) -> None:
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = profile_of(tmp_path, player)
    profile.mkdir(parents=True)
    (profile / "old-hands.bin").write_bytes(bytes(2048))
    limits = Limits(max_profile_size=1024)
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(game=PROBE), limits=limits)
    async with serving(config) as server:
        client = await TerminalClient.connect(server.port, key=player)
        assert await client.wait_closed() == 1
    assert b"profile on this host is full" in client.raw
    assert b"Traceback" not in client.raw


async def test_a_new_key_holder_is_named_after_their_login_once(tmp_path: Path) -> None:
    """``ssh ann@host`` sits down as "ann"; the name is the profile's, set once."""
    root = tmp_path / "room"
    ann, other_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    launch = Launch(animation="off", seed=7)
    async with serving(ServeConfig(root=root, open=True, launch=launch)) as server:
        first = await TerminalClient.connect(server.port, key=ann, username="ann")
        await first.wait_for("Welcome, ann.")
        first.press("q")
        await first.wait_closed()
        # The same key under another login keeps the name the profile has.
        again = await TerminalClient.connect(server.port, key=ann, username="root")
        await again.wait_for("Welcome, ann.")
        again.press("q")
        await again.wait_closed()
        # A login that is no valid player name (over 12 characters) is not used.
        other = await TerminalClient.connect(server.port, key=other_key, username="x" * 13)
        await other.wait_for("Welcome, Player.")
        other.press("q")
        await other.wait_closed()
    assert not (root / "ann").exists() and not (root / "profiles" / "ann").exists()
