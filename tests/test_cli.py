"""The command line: parsed once, one line for every mistake, never a traceback."""

import argparse
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from disk_conditions import run_on_read_only_disk

from cardtui import __version__
from cardtui.cli import main
from cardtui.games import Game
from cardtui.store import SCHEMA_VERSION, Outcome, SeatResult, Store


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtui", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **(env or {})})


def one_line_error(result: subprocess.CompletedProcess[str], status: int = 2) -> str:
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("cardtui")
    return result.stderr


def _scoreboard(folder: Path) -> Path:
    store = Store(folder / "cardtui.sqlite3")
    store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN, blackjack=True)])
    store.close()
    return folder / "cardtui.sqlite3"


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"cardtui {__version__}"


def test_help_lists_the_commands() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    for word in ("blackjack", "holdem", "scores", "sim", "equity", "serve", "--seed"):
        assert word in result.stdout


# -- parsing -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bogus"], "unrecognized arguments"),
        (["--seed", "x"], "whole number"),
        (["--seed", "-3"], "0 or more"),
        (["--animation", "warp"], "invalid choice"),
        (["nosuchcommand"], "invalid choice"),
        (["blackjack", "--nope"], "unrecognized arguments"),
        # The option's value is never taken for the command (it was: AttributeError).
        (["--data-dir", "scores", "sim"], "required: game"),
        (["--data-dir", ""], "needs a directory name"),
        (["holdem", "--bots-only", "--export-phh", ""], "needs a directory name"),
        (["holdem", "--hands", "5"], "--hands only works with --bots-only"),
        (["holdem", "--seats", "3", "--mode", "tournament"], "--seats, --mode only work"),
        (["--data-dir", "/etc/passwd", "scores"], "not a directory"),
        (["scores", "--data-dir", "/tmp/" + "x" * 300], "File name too long"),
    ],
)
def test_bad_flags_exit_2_with_one_line(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtui") and says in err
    assert "Traceback" not in err


def test_a_directory_named_like_a_command_is_still_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--data-dir", "sim", "equity", "AhKh", "QsQd", "--board", "Jc3d5c"]) == 0
    assert "26.36" in capsys.readouterr().out
    _scoreboard(tmp_path / "scores")
    assert main(["--data-dir", "scores", "scores"]) == 0
    assert "Ann" in capsys.readouterr().out


def test_every_bots_only_mode_is_the_engines() -> None:
    from cardtui.commands.botmatch import MODES
    from cardtui.holdem.table import Mode

    assert set(MODES) == {mode.value for mode in Mode}


@pytest.mark.parametrize(
    ("args", "env", "says"),
    [
        (["scores"], {"CARDTUI_DATA_DIR": "/etc/passwd"}, "$CARDTUI_DATA_DIR: /etc/passwd is not"),
        (["scores", "--data-dir", "/tmp/" + "y" * 300], {}, "File name too long"),
        (["--data-dir", "/proc/self/x"], {}, "cannot create the data directory /proc/self/x"),
        (["holdem", "--bots-only", "--hands", "2", "--export-phh", "/proc/self"], {},
         "--export-phh /proc/self: cannot write there"),
    ],
)
def test_unusable_paths_are_one_line_in_a_real_shell(
    args: list[str], env: dict[str, str], says: str
) -> None:
    assert says in one_line_error(run_cli(*args, env=env))


def test_an_unexpected_error_is_one_line_and_the_details_go_to_the_crash_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtui.commands import scores

    def broken(args: argparse.Namespace) -> int:
        raise RuntimeError("a bug in a command")

    monkeypatch.setattr(scores, "run", broken)
    assert main(["scores", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "crash.log" in err and "Traceback" not in err
    assert "RuntimeError: a bug in a command" in (tmp_path / "crash.log").read_text()


# -- cardtui scores: read-only -------------------------------------------------


def test_scores_prints_recorded_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _scoreboard(tmp_path)
    assert main(["scores", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "+15" in out and "Hold'em: no rounds" in out


def test_scores_header_fits_80_columns(tmp_path: Path) -> None:
    _scoreboard(tmp_path)
    result = run_cli("scores", "--data-dir", str(tmp_path), env={"COLUMNS": "80"})
    assert "Blackjacks" in result.stdout and "Off-book" in result.stdout
    assert "…" not in result.stdout


def test_scores_on_a_missing_directory_explains_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scores", "--data-dir", str(tmp_path / "new")]) == 0
    assert "No scores yet" in capsys.readouterr().out
    assert not (tmp_path / "new").exists()


def test_scores_never_migrates_renames_or_rewrites(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    db = sqlite3.connect(old / "cardtui.sqlite3", isolation_level=None)
    from cardtui.store import MIGRATIONS

    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO rounds (session_id, game, played_at) VALUES ('s', 'blackjack', 0)")
    db.execute("INSERT INTO results (round_id, player, bet, net, outcome) "
               "VALUES (1, 'Ann', 10, 10, 'win')")
    db.close()
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "cardtui.sqlite3").write_bytes(b"not a database" * 200)
    newer = tmp_path / "newer"
    _scoreboard(newer)
    db = sqlite3.connect(newer / "cardtui.sqlite3")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = {folder: (folder / "cardtui.sqlite3").read_bytes() for folder in (old, garbage, newer)}

    assert run_cli("scores", "--data-dir", str(old)).returncode == 0  # an old schema reads as is
    assert "damaged" in one_line_error(run_cli("scores", "--data-dir", str(garbage)), 1)
    assert "newer cardtui" in one_line_error(run_cli("scores", "--data-dir", str(newer)), 1)
    for folder, data in before.items():
        assert (folder / "cardtui.sqlite3").read_bytes() == data
        # (A WAL-mode reader may leave SQLite's empty -wal/-shm companions.)
        assert not [p for p in folder.iterdir() if ".corrupt-" in p.name]


def test_scores_while_another_program_locks_the_file_says_busy(tmp_path: Path) -> None:
    path = _scoreboard(tmp_path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        err = one_line_error(run_cli("scores", "--data-dir", str(tmp_path)), 1)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "busy" in err and "try again" in err


def test_scores_reads_a_read_only_disk(tmp_path: Path) -> None:
    _scoreboard(tmp_path / "data")
    result = run_on_read_only_disk(tmp_path / "data", """
        import contextlib, io, json
        from cardtui.cli import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(["scores", "--data-dir", DISK])
        print(json.dumps({"status": status, "out": out.getvalue()}))
    """)
    assert result["status"] == 0 and "Ann" in result["out"]
