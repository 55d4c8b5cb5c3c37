"""``cardtui sim blackjack --count hilo``: the count's figures, bad flags in one line."""

from __future__ import annotations

import pytest

from cardtui.cli import main


def test_prints_the_edge_overall_and_by_true_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--count", "hilo", "--spread", "1-12", "--hands", "20000",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Hi-Lo, spread 1-12, index plays, 6 decks" in out
    for text in ("player edge per unit bet", "standard deviation a hand", "average bet",
                 "edge at true count +0", "edge at true count +2", "hands/s"):
        assert text in out, text
    assert max(len(line) for line in out.splitlines()) <= 80


def test_flat_betting_and_basic_play_are_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--count", "hilo", "--spread", "5", "--no-deviations",
                 "--hands", "2000", "--seed", "1"]) == 0
    assert "Hi-Lo, flat bet, basic strategy" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["--spread", "1-12"], "--spread and --no-deviations need --count hilo"),
    (["--count", "hilo", "--spread", "12-1"], "low to high"),
    (["--count", "hilo", "--spread", "one-two"], "two whole numbers"),
    (["--count", "hilo", "--ramp", "0"], "at least one unit"),
    (["--count", "knockout"], "invalid choice"),
])
def test_bad_flags_exit_2_with_one_line(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["sim", "blackjack", "--hands", "100", *argv])
    except SystemExit as stopped:  # argparse refuses it while parsing
        code = stopped.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
