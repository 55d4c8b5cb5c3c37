"""``cardtui sim blackjack --count hilo``: the counting lab's figures and back-counting."""

from __future__ import annotations

import pytest

from cardtui.cli import main


def test_the_lab_figures_and_sitting_out_low_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--count", "hilo", "--spread", "1-8", "--wong-below", "0",
                 "--rounds-per-hour", "80", "--bankroll", "500", "--hands", "20000",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "sitting out below 0" in out
    for text in ("rounds played (the rest", "win per 100 rounds", "win per hour (80 rounds)",
                 "SD per 100 rounds", "N0", "SCORE", "risk of ruin, 500 units"):
        assert text in out, text
    assert max(len(line) for line in out.splitlines()) <= 80


def test_sitting_out_needs_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--hands", "100", "--wong-below", "0"]) == 2
    assert "--wong-below" in capsys.readouterr().err
