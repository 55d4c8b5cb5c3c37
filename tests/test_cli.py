import subprocess
import sys
from pathlib import Path

import pytest

from cardtui import __version__
from cardtui.cli import main


def run_cli(*args: str, env_dir: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtui", *args], capture_output=True,
                          text=True, timeout=60)


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"cardtui {__version__}"


@pytest.mark.parametrize(
    "args",
    [["--bogus"], ["--seed", "x"], ["--seed", "-3"], ["--animation", "warp"],
     ["nosuchcommand"], ["blackjack", "--nope"]],
)
def test_bad_flags_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtui")
    assert "Traceback" not in err


def test_data_dir_that_is_a_file_is_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "f"
    file.write_text("")
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(file), "scores"])
    assert exit_info.value.code == 2
    assert "not a directory" in capsys.readouterr().err


def test_help_lists_the_commands() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    for word in ("blackjack", "holdem", "scores", "sim", "equity", "serve", "--seed"):
        assert word in result.stdout


def test_scores_prints_recorded_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtui.store import Game, Outcome, SeatResult, Store

    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN, blackjack=True)])
    store.close()
    assert main(["scores", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "+15" in out and "Hold'em: no rounds" in out


def test_global_options_work_after_the_command(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scores", "--data-dir", str(tmp_path / "new")]) == 0
    assert (tmp_path / "new" / "cardtui.sqlite3").exists()


def test_ctrl_c_in_a_long_command_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "cardtui", "sim", "blackjack", "--hands", "100000000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(3)  # well into the simulation, past start-up
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err and "interrupted" in err
