"""Every number and name a command takes has sane limits; a refusal is one line and status 2.

Issue 24: ``sim --hands 10^30``, ``equity --trials 10^20``, ``holdem
--bots-only --hands 10^20``, ``--exact-limit -1``, an empty or 5,000-character
``stats --player`` and ``--bots-only --stack 1`` were accepted; ``--web-token``
without ``--web`` was ignored silently; ``replay FIFO`` and ``serve --tables
/dev/zero`` hung.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtui.cli import build_parser, main

HUGE = "1" + "0" * 30


def run(argv: list[str]) -> int:
    """The status of ``cardtui ARGV``, whether argparse or the command refused it."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize(("argv", "message"), [
    (["sim", "blackjack", "--hands", HUGE], "--hands must be 1 to 100,000,000"),
    (["sim", "blackjack", "--hands", "9" * 5000], "--hands must be 1 to 100,000,000"),
    (["sim", "blackjack", "--hands", "0"], "--hands must be 1 to 100,000,000, not 0"),
    (["sim", "blackjack", "--decks", "9"], "--decks must be 1 to 8, not 9"),
    (["sim", "blackjack", "--ramp", HUGE], "--ramp must be 0 to 1,000"),
    (["equity", "AhKh", "QsQd", "--trials", "1" + "0" * 20], "--trials must be 1 to 100,000,000"),
    (["equity", "AhKh", "QsQd", "--trials", "0"], "--trials must be 1 to 100,000,000, not 0"),
    (["equity", "AhKh", "QsQd", "--exact-limit", "-1"],
     "--exact-limit must be 0 to 10,000,000, not -1"),
    (["holdem", "--bots-only", "--hands", "1" + "0" * 20], "--hands must be 1 to 1,000,000"),
    (["holdem", "--bots-only", "--seats", "9" * 5000], "--seats must be 2 to 10"),
    (["holdem", "--bots-only", "--seats", "11"], "--seats must be 2 to 10, not 11"),
    (["holdem", "--bots-only", "--stack", "9" * 5000], "--stack must be 1 to"),
    (["holdem", "--bots-only", "--stack", "1"],
     "--stack must be 100 (10 big blinds) to 1,000,000,000,000, not 1"),
    (["holdem", "--bots-only", "--blinds", f"5/{HUGE}"], "--blinds and the ante are at most"),
    (["stats", "--player", ""], "Enter a name of 1 to 12 characters."),
    (["stats", "--player", "x" * 5000], "A name has at most 12 characters (this one has 5000)"),
    (["serve", "--web-token", "abc"], "--web-token only works with --web PORT"),
    (["replay", "x.phh", "--hand", "0"], "--hand must be 1 or more, not 0"),
])
def test_an_input_past_its_limit_is_one_line_and_status_2(
        argv: list[str], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--data-dir", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert err.count("\n") == 1 and len(err) < 300


@pytest.mark.parametrize("path", ["fifo", "/dev/zero"])
@pytest.mark.parametrize("command", ["replay", "serve"])
def test_a_path_that_is_no_regular_file_is_refused_at_once(
        command: str, path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if path == "fifo":
        path = str(tmp_path / "in.toml")
        os.mkfifo(path)
    argv = ["replay", path] if command == "replay" else ["serve", "--tables", path]
    assert run(["--data-dir", str(tmp_path / "data"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a regular file" in err, err


def test_the_limits_are_in_the_help() -> None:
    parser = build_parser()
    helps = {name: " ".join(sub.format_help().split()) for name, sub in
             parser._subparsers._group_actions[0].choices.items()}  # type: ignore[union-attr]
    assert "1 to 100,000,000" in helps["sim"]
    assert "1 to 100,000,000" in helps["equity"] and "0 to 10,000,000" in helps["equity"]
    assert "1 to 1,000,000" in helps["holdem"] and "at least 10 big blinds" in helps["holdem"]
    assert "1 to 12 characters" in helps["stats"]
    assert "at most 32 MB" in helps["replay"]
