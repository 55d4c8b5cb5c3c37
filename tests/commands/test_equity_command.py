"""``cardtui equity``: the Rich table, exact or Monte Carlo, and one-line errors."""

from __future__ import annotations

import argparse

import pytest

from cardtui.commands import equity as command


def namespace(*argv: str, seed: int | None = 1, ascii_only: bool = False) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(argv)
    args.seed, args.data_dir, args.ascii = seed, None, ascii_only
    return args


def test_flop_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(namespace("AhKh", "QsQd", "--board", "Jc3d5c")) == 0
    out = capsys.readouterr().out
    assert "Exact: every one of 990 run-outs." in out
    assert "A♥ K♥" in out and "Q♠ Q♦" in out and "J♣ 3♦ 5♣" in out
    # AhKh wins 261 of the 990 turn-and-river run-outs (eval7 agrees, see the equity tests).
    assert "26.36" in out and "73.64" in out


def test_monte_carlo_with_samples_and_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("AhKh", "QsQd", "7c7d", "--trials", "3000", "--dead", "2c", "--exact-limit", "1000")
    assert command.run(namespace(*argv, seed=5)) == 0
    first = capsys.readouterr().out
    assert "Monte Carlo: 3,000 random run-outs. Dead cards: 2♣." in first
    assert command.run(namespace(*argv, seed=5)) == 0
    assert capsys.readouterr().out == first


def test_preflop_is_exact_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    # Five hands leave C(42, 5) = 850,668 boards: under the default limit.
    assert command.run(namespace("AhKh", "QsQd", "7c7d", "2s3s", "Jh9h")) == 0
    assert "Exact: every one of 850,668 run-outs." in capsys.readouterr().out


def test_ascii_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(namespace("AhKh", "QsQd", "--board", "Jc3d5c4h", ascii_only=True)) == 0
    out = capsys.readouterr().out
    assert "AH KH" in out and "JC 3D 5C 4H" in out and "Exact: every one of 44 run-outs." in out
    assert out.isascii()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("AhKh", "QsXd"), "'Xd' is not a card"),
        (("AhKh", "AhQd"), "Ah appears twice"),
        (("AhKh",), "equity needs at least two hands, not 1"),
        (("AhKh", "QsQd", "--board", "Jc3d"), "a board is 0, 3, 4 or 5 cards, not 2"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.run(namespace(*argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
