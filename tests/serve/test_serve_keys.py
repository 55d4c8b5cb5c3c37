"""Host key, players' keys and profiles, without a network."""

from __future__ import annotations

import stat
from pathlib import Path

import asyncssh
import pytest

from cardtui.serve.identity import GuestHouse, member, profile_name
from cardtui.serve.keys import (
    fingerprint,
    load_or_create_host_key,
    read_authorized_fingerprints,
)
from cardtui.serve.server import Floor, ServeConfig


def public_line(key: asyncssh.SSHKey, comment: str = "ann@laptop") -> str:
    """The key as a player pastes it from ``~/.ssh/id_ed25519.pub``."""
    return f"{key.export_public_key().decode().strip()} {comment}"


def test_the_host_key_is_created_private_once_then_reused(tmp_path: Path) -> None:
    path = tmp_path / "server" / "ssh_host_ed25519_key"
    key, created = load_or_create_host_key(path)
    assert created and stat.S_IMODE(path.stat().st_mode) == 0o600
    again, created_again = load_or_create_host_key(path)
    assert not created_again and fingerprint(again) == fingerprint(key)


def test_authorized_keys_skip_comments_and_options(tmp_path: Path) -> None:
    ann, bob, eve = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    path = tmp_path / "authorized_keys"
    path.write_text(
        "# game night\n\n"
        f"{public_line(ann)}\n"
        f'command="echo hi there",restrict {public_line(bob, "bob")}\n'
    )
    assert read_authorized_fingerprints(path) == {fingerprint(ann), fingerprint(bob)}
    assert fingerprint(eve) not in read_authorized_fingerprints(path)


def test_a_line_without_a_key_is_named(tmp_path: Path) -> None:
    path = tmp_path / "authorized_keys"
    path.write_text("# ok\nssh-ed25519 not-base64-at-all\n")
    with pytest.raises(ValueError, match=r"authorized_keys:2: not a public key"):
        read_authorized_fingerprints(path)


def test_a_broken_edit_keeps_the_previous_list(tmp_path: Path) -> None:
    ann = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "authorized_keys"
    path.write_text(public_line(ann) + "\n")
    logged: list[str] = []
    room = Floor(ServeConfig(root=tmp_path), logged.append)
    assert room.admits(fingerprint(ann))
    path.write_text("garbage that is longer than the key line was, to change the size\n")
    assert room.admits(fingerprint(ann))
    assert logged and "kept the previous" in logged[0]


def test_each_key_has_its_own_profile_and_guests_leave_nothing(tmp_path: Path) -> None:
    ann, bob = (fingerprint(asyncssh.generate_private_key("ssh-ed25519")) for _ in range(2))
    assert member(tmp_path, ann).profile_dir != member(tmp_path, bob).profile_dir
    assert member(tmp_path, ann).profile_dir == tmp_path / "profiles" / profile_name(ann)
    house = GuestHouse(tmp_path)
    visitor = house.guest()
    assert visitor.is_guest and visitor.profile_dir.is_dir()
    (visitor.profile_dir / "settings.json").write_text("{}")
    visitor.release()
    assert not visitor.profile_dir.exists()
    member(tmp_path, ann).release()
    assert (tmp_path / "profiles" / profile_name(ann)).is_dir()
    house.close()
    assert not list((tmp_path / "guests").glob("server-*"))


def test_guests_left_by_a_dead_server_are_cleared_at_the_next_start(tmp_path: Path) -> None:
    running = GuestHouse(tmp_path)
    kept = running.guest()
    (kept.profile_dir / "settings.json").write_text("{}")
    # A server killed with SIGKILL: its folder stays, its lock is gone with it.
    dead = tmp_path / "guests" / "server-dead"
    (dead / "guest-left").mkdir(parents=True)
    (dead / "guest-left" / "settings.json").write_text("{}")
    (tmp_path / "guests" / "guest-older-layout").mkdir()
    restarted = GuestHouse(tmp_path)
    assert restarted.swept == 2
    assert not dead.exists() and not (tmp_path / "guests" / "guest-older-layout").exists()
    assert kept.profile_dir.is_dir(), "a running server's guests were swept away"
    restarted.close()
    running.close()


@pytest.mark.parametrize("which", ["host key", "players' keys"])
def test_a_key_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path, which: str) -> None:
    # Issue 24: a FIFO given as a key file hung the server (asyncssh and read_text
    # waited for a writer); now it is refused as not a regular file.
    import os

    path = tmp_path / "keys"
    os.mkfifo(path)
    read = load_or_create_host_key if which == "host key" else read_authorized_fingerprints
    with pytest.raises(ValueError, match="is not a regular file"):
        read(path)


def test_a_key_file_of_endless_bytes_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a regular file"):
        read_authorized_fingerprints(Path("/dev/zero"))
