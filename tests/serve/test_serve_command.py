"""``cardtui serve`` as the host types it: options, errors, start-up and Ctrl-C."""

from __future__ import annotations

import argparse
import stat
import sys
from pathlib import Path

import asyncssh
import pytest

from cardtui.cli import main
from cardtui.commands import serve
from cardtui.testing.processes import start_serve, stop_serve


def serve_args(data_dir: Path, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args(list(extra))
    args.data_dir, args.seed, args.ascii, args.animation = data_dir, None, False, None
    return args


def test_without_asyncssh_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in list(sys.modules):
        if name.startswith("cardtui.serve.") or name == "asyncssh":
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # import asyncssh now fails
    assert serve.run(serve_args(tmp_path, "--open")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "install cardtui[ssh]" in err


def test_a_closed_room_needs_a_list_of_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serve.run(serve_args(tmp_path, "--port", "0")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "authorized_keys" in err and "--open" in err


def test_a_bad_port_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--port", "70000"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "65535" in err


def connect(port: int, trusting: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return asyncssh.connect(
        "127.0.0.1", port, username="p", known_hosts=([trusting], [], []),
        client_keys=[asyncssh.generate_private_key("ssh-ed25519")], agent_path=None, config=None,
    )  # fmt: skip


async def test_the_host_key_is_made_once_kept_private_and_its_fingerprint_shown(
    tmp_path: Path,
) -> None:
    served = start_serve(tmp_path)
    process, port, printed = served.process, served.port, served.fingerprint
    try:
        key_file = tmp_path / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        host_key = asyncssh.read_private_key(key_file).convert_to_public()
        assert printed == host_key.get_fingerprint("sha256")
        # A client that trusts exactly that key gets in; one trusting another does not.
        async with connect(port, trusting=host_key) as connection:
            assert connection.get_server_host_key().get_fingerprint("sha256") == printed
        with pytest.raises(asyncssh.HostKeyNotVerifiable):
            await connect(
                port, trusting=asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
            )
    finally:
        out = stop_serve(process)
    assert "room is closed" in out
    again = start_serve(tmp_path)
    stop_serve(again.process)
    assert again.fingerprint == printed, "the host key must survive a restart"


@pytest.mark.parametrize(
    "args",
    [["--open", "--authorized-keys", "keys"], ["--idle-timeout", "-1"],
     ["--idle-timeout", "soon"], ["--max-sessions", "0"]],
)
def test_contradictory_or_bad_options_are_one_line_and_status_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", *args])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_defaults_are_loopback_with_an_idle_timeout(tmp_path: Path) -> None:
    args = serve_args(tmp_path)
    assert args.host == "127.0.0.1" and args.idle_timeout > 0 and args.max_sessions >= 20
