"""``cardtui sim blackjack``: figures printed, bad values refused in one line."""

from __future__ import annotations

import pytest

from cardtui.blackjack.rules import BlackjackPayout, Rules
from cardtui.cli import main
from cardtui.commands.sim import expected_edge


def test_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--hands", "3000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    for text in ("house edge", "player blackjack", "dealer busts, 6 up", "dealer busts, A up",
                 "hands/s", "3,000 hands", "seed 5", "4.75 %", "42.28 %", "0.40-0.45 %"):
        assert text in out


def test_rule_flags_reach_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "blackjack", "--hands", "500", "--seed", "1", "--h17", "--pays", "6:5",
                 "--surrender", "--decks", "8", "--no-das"]) == 0
    out = capsys.readouterr().out
    assert "8 decks · H17 · BJ 6:5" in out and "no DAS" in out and "late surrender" in out


def _edge_cells(out: str) -> list[str]:
    # The cells, not the padding: the speed row's width varies from run to run.
    return [cell.strip() for cell in out.split("house edge")[1].split("\n")[0].split("│")]


def test_same_seed_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sim", "blackjack", "--hands", "2000", "--seed", "9"])
    first = _edge_cells(capsys.readouterr().out)
    main(["sim", "blackjack", "--hands", "2000", "--seed", "9"])
    assert _edge_cells(capsys.readouterr().out) == first


@pytest.mark.parametrize(("argv", "message"), [
    (["--hands", "0"], "--hands must be 1 to 100,000,000, not 0"),
    (["--decks", "9"], "--decks must be 1 to 8, not 9"),
    (["--penetration", "2"], "penetration"),
    (["--max-hands", "5"], "--max-hands must be 1 to 4, not 5"),
])
def test_bad_values_exit_2_with_one_line(argv, message, capsys) -> None:
    # Whole numbers are refused by their argument type (argparse exits with 2).
    try:
        status = main(["sim", "blackjack", *argv])
    except SystemExit as stop:
        status = int(stop.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_expected_edge_uses_the_reference_rule_table() -> None:
    assert expected_edge(Rules()) == "0.40-0.45 %"
    assert expected_edge(Rules(dealer_hits_soft_17=True)) == "about 0.62 %"
    assert expected_edge(Rules(blackjack_pays=BlackjackPayout.SIX_TO_FIVE)) == "about 1.78 %"
    assert expected_edge(Rules(decks=2)) == ""
