"""``cardtui holdem --bots-only``: headless bot play, PHH export, summary, one-line errors."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from pokerkit import HandHistory

from cardtui.cli import main
from cardtui.commands import botmatch as command


def namespace(*argv: str, seed: int | None = 1) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(["--bots-only", *argv])
    args.seed, args.data_dir, args.ascii = seed, None, False
    return args


def test_plays_hands_and_writes_one_phh_file_per_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "hands"
    args = namespace("--hands", "12", "--seats", "4", "--export-phh", str(out_dir))
    assert command.run(args) == 0
    out = capsys.readouterr().out
    files = sorted(out_dir.glob("*.phh"))
    assert len(files) == 12 and files[0].name == "hand-00001.phh"
    assert "12 hands" in out and "showdowns" in out and "Shark 1" in out
    for path in files:
        history = HandHistory.loads(path.read_text())
        assert history.players is not None and len(history.players) >= 2
        final = list(history)[-1]
        assert list(final.stacks) == history.finishing_stacks


def test_same_seed_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(namespace("--hands", "20", "--seats", "6", seed=3)) == 0
    first = capsys.readouterr().out
    assert command.run(namespace("--hands", "20", "--seats", "6", seed=3)) == 0
    assert capsys.readouterr().out == first


def test_tournament_mode_prints_places(capsys: pytest.CaptureFixture[str]) -> None:
    args = namespace("--hands", "400", "--seats", "3", "--mode", "tournament",
                     "--stack", "200", "--blinds", "10/20/2")
    assert command.run(args) == 0
    out = capsys.readouterr().out
    assert "place" in out and "blinds 10/20 ante 2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--hands", "0"), "--hands must be 1 to 1,000,000, not 0"),
        (("--seats", "1"), "--seats must be 2 to 10"),
        (("--seats", "11"), "--seats must be 2 to 10"),
        (("--stack", "0"), "--stack must be 1 to"),
        (("--blinds", "10/5"), "--blinds needs 0 < small blind <= big blind"),
        (("--blinds", "ten"), "--blinds must look like 5/10"),
    ],
)
def test_bad_values_exit_2_with_one_line(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Numbers are refused by their argument type (argparse exits), blinds by the command.
    try:
        status = main(["holdem", "--bots-only", *argv])
    except SystemExit as stop:
        status = int(stop.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_export_path_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "taken"
    path.write_text("")
    assert command.run(namespace("--export-phh", str(path))) == 2
    assert "is not a directory" in capsys.readouterr().err


def test_cli_dispatches_bots_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["holdem", "--bots-only", "--hands", "3", "--seats", "2", "--seed", "4"]) == 0
    assert "3 hands" in capsys.readouterr().out
