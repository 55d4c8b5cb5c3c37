"""The room's hosts: keys in ``host_keys`` beside ``authorized_keys``, or ``--room-host``."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from cardtui.commands.serve import add_arguments
from cardtui.room.config import HoldemOptions
from cardtui.serve.keys import HostKeys, fingerprint
from cardtui.serve.server import Floor, ServeConfig


def public_line(key: asyncssh.SSHKey, comment: str = "host@laptop") -> str:
    return f"{key.export_public_key().decode().strip()} {comment}"


def test_host_keys_beside_authorized_keys_and_given_files_make_hosts(tmp_path: Path) -> None:
    ann, bob, cy = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "authorized_keys").write_text(
        "".join(public_line(k) + "\n" for k in (ann, bob, cy)))
    (keys / "host_keys").write_text("# the host\n" + public_line(ann) + "\n")
    extra = tmp_path / "bob.pub"
    extra.write_text(public_line(bob) + "\n")
    config = ServeConfig(root=tmp_path / "data", authorized_keys_path=keys / "authorized_keys",
                         room_host_keys=(extra,), tables=(HoldemOptions(),))
    assert config.host_keys_file == keys / "host_keys"
    floor = Floor(config, print)
    assert floor.shared is not None
    profile_dir = tmp_path / "profile"
    members = {name: floor.shared.member(fingerprint(key), profile_dir)
               for name, key in (("ann", ann), ("bob", bob), ("cy", cy))}
    assert members["ann"].host and members["bob"].host and not members["cy"].host
    # A guest is never a host.
    assert not floor.shared.member(None, profile_dir).host
    # The file is read again when it changes: Cy runs the room from her next game.
    (keys / "host_keys").write_text(public_line(ann) + "\n" + public_line(cy, "cy") + "\n")
    assert floor.shared.member(fingerprint(cy), profile_dir).host


def test_no_host_keys_file_means_no_host(tmp_path: Path) -> None:
    assert HostKeys((tmp_path / "host_keys",)).fingerprints() == frozenset()


def test_a_broken_host_keys_file_stops_the_start_and_a_broken_edit_keeps_the_list(
        tmp_path: Path) -> None:
    path = tmp_path / "host_keys"
    path.write_text("not a key\n")
    with pytest.raises(ValueError, match="host_keys:1: not a public key"):
        Floor(ServeConfig(root=tmp_path, open=True), print)
    ann = asyncssh.generate_private_key("ssh-ed25519")
    path.write_text(public_line(ann) + "\n")
    hosts = HostKeys((path,))
    assert hosts.fingerprints() == {fingerprint(ann)}
    path.write_text("garbage, longer than the key line was so that the size changes for sure\n")
    logged: list[str] = []
    assert hosts.fingerprints(logged.append) == {fingerprint(ann)}
    assert logged and "kept the previous host keys" in logged[0]


def test_room_host_is_repeatable_on_the_command_line() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--room-host", "a.pub", "--room-host", "b.pub"])
    assert args.room_host == [Path("a.pub"), Path("b.pub")]
    assert parser.parse_args([]).room_host == []
