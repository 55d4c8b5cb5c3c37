"""``cardtui arena --room``: its flags, each bad one a single line and status 2."""

from __future__ import annotations

import pytest

from cardtui.cli import main


@pytest.mark.parametrize(("argv", "message"), [
    (["--room", "nowhere", "--table", "T"], "--room wants HOST:PORT, not 'nowhere'"),
    (["--room", "h:99999", "--table", "T"], "--room wants HOST:PORT"),
    (["--room", "h:2222"], "--room needs --table NAME"),
    (["--room", "h:2222", "--table", "T", "--bots", "station,rock"], "--room seats one bot"),
    (["--table", "T"], "--table needs --room"),
    (["--key", "/no/such/key"], "no key file '/no/such/key'"),
    (["--room", "h:2222", "--table", "T", "--duplicate"], "--duplicate is for matches"),
    (["--room", "h:2222", "--table", "T", "--name", "two words"], "--name wants 1-16 letters"),
    (["--room", "h:2222", "--table", "T", "--buy-in", "0"], "--buy-in"),
])
def test_a_bad_room_flag_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if "--bots" not in argv:
        argv = [*argv, "--bots", "station"]
    try:
        code = main(["arena", *argv])
    except SystemExit as exited:  # argparse's own checks exit from the parser
        code = exited.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_room_that_is_not_there_is_one_line_and_status_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on: bound, never listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        code = main(["arena", "--room", f"127.0.0.1:{port}", "--table", "T", "--bots", "station",
                     "--host-fingerprint", "SHA256:x"])
    assert code == 1
    err = capsys.readouterr().err
    assert f"cannot reach the room at 127.0.0.1:{port}" in err and err.count("\n") == 1
