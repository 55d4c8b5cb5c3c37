"""Equity against exact enumerations with eval7's evaluator, eval7's and pokerkit's calculators."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import eval7
import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import Deck as PokerkitDeck
from pokerkit import StandardHighHand, calculate_equities, parse_range

from cardtui.cards import ALL_CARDS, Card, parse_cards
from cardtui.holdem.equity import equity, equity_vs_random

AK_SUITED, QUEENS = parse_cards("AhKh"), parse_cards("QsQd")


def eval7_exact(
    holes: Sequence[Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = ()
) -> list[tuple[float, float, float]]:
    """(win, tie, equity) per hand, dealing every run-out and ranking with eval7."""
    used = {*board, *dead, *(c for hole in holes for c in hole)}
    deck = [eval7.Card(c.code) for c in ALL_CARDS if c not in used]
    known = [eval7.Card(c.code) for c in board]
    hole_cards = [[eval7.Card(c.code) for c in hole] for hole in holes]
    wins, ties, shares, total = [0] * len(holes), [0] * len(holes), [0.0] * len(holes), 0
    for runout in combinations(deck, 5 - len(board)):
        full = known + list(runout)
        values = [eval7.evaluate(hole + full) for hole in hole_cards]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        total += 1
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += 1 / len(winners)
    return [(wins[i] / total, ties[i] / total, shares[i] / total) for i in range(len(holes))]


def assert_matches_exact(result_hands, expected) -> None:  # type: ignore[no-untyped-def]
    for hand, (win, tie, share) in zip(result_hands, expected, strict=True):
        assert hand.win == pytest.approx(win, abs=1e-12)
        assert hand.tie == pytest.approx(tie, abs=1e-12)
        assert hand.equity == pytest.approx(share, abs=1e-12)


def test_flop_is_exact_and_matches_eval7_enumeration() -> None:
    board = parse_cards("Jc3d5c")
    result = equity([AK_SUITED, QUEENS], board)
    assert result.exact and result.samples == 990  # C(45, 2) turns and rivers
    assert_matches_exact(result.hands, eval7_exact([AK_SUITED, QUEENS], board))
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)


def test_flop_matches_pokerkit_monte_carlo() -> None:
    result = equity([AK_SUITED, QUEENS], parse_cards("Jc3d5c"))
    theirs = calculate_equities(
        (parse_range("AhKh"), parse_range("QsQd")),
        PokerkitCard.parse("Jc3d5c"),
        2,
        5,
        PokerkitDeck.STANDARD,
        (StandardHighHand,),
        sample_count=3_000,
    )
    # 3,000 samples: standard error about 0.008, so 0.04 is five of them.
    for hand, their_equity in zip(result.hands, theirs, strict=True):
        assert hand.equity == pytest.approx(their_equity, abs=0.04)


def test_preflop_monte_carlo_matches_eval7() -> None:
    result = equity([AK_SUITED, QUEENS], trials=20_000, rng=random.Random(4), exact_limit=0)
    assert not result.exact and result.samples == 20_000
    # eval7's Monte Carlo counts a tie as half a win, as our equity does.
    theirs = eval7.py_hand_vs_range_monte_carlo(
        [eval7.Card("Ah"), eval7.Card("Kh")], eval7.HandRange("QsQd"), [], 400_000
    )
    # Standard errors 0.0035 (ours) and 0.0008 (theirs): 0.018 is five of them combined.
    assert result.hands[0].equity == pytest.approx(theirs, abs=0.018)
    # The exact figure (1,712,304 boards, see the slow test) is 46.21%.
    assert result.hands[0].equity == pytest.approx(0.4621, abs=0.018)


@pytest.mark.slow
def test_preflop_exact_matches_eval7_enumeration() -> None:
    result = equity([AK_SUITED, QUEENS])
    assert result.exact and result.samples == 1_712_304  # C(48, 5)
    assert_matches_exact(result.hands, eval7_exact([AK_SUITED, QUEENS]))


def test_three_hands_on_the_turn_with_dead_cards() -> None:
    hands = [parse_cards("AsAd"), parse_cards("KsQs"), parse_cards("7h8h")]
    board, dead = parse_cards("Js Tc 9h 2s"), parse_cards("3s 6h")
    result = equity(hands, board, dead)
    assert result.exact and result.samples == 52 - 6 - 4 - 2
    assert_matches_exact(result.hands, eval7_exact(hands, board, dead))


def test_four_hands_on_the_flop_exact_and_monte_carlo() -> None:
    # Exact matches eval7 to the last run-out; Monte Carlo lands close to it.
    hands = [parse_cards(h) for h in ("AcKd", "9s9h", "QcJc", "6d5d")]
    board = parse_cards("Tc 8d 2c")
    expected = eval7_exact(hands, board)
    exact = equity(hands, board)
    assert_matches_exact(exact.hands, expected)
    sampled = equity(hands, board, trials=5_000, rng=random.Random(9), exact_limit=100)
    assert not sampled.exact
    for hand, (_, _, share) in zip(sampled.hands, expected, strict=True):
        assert hand.equity == pytest.approx(share, abs=0.035)  # 5 standard errors


def test_a_board_that_plays_splits_every_pot() -> None:
    result = equity([parse_cards("2c3d"), parse_cards("4h5h")], parse_cards("As Ks Qs Js Ts"))
    assert result.exact and result.samples == 1
    assert [(h.win, h.tie, h.equity) for h in result.hands] == [(0.0, 1.0, 0.5)] * 2


def test_monte_carlo_is_reproducible_under_a_seed() -> None:
    def run(seed: int) -> list[float]:
        result = equity([AK_SUITED, QUEENS], trials=2_000, rng=random.Random(seed), exact_limit=0)
        return [h.equity for h in result.hands]

    assert run(1) == run(1)
    assert run(1) != run(2)


@pytest.mark.parametrize(
    ("hands", "board", "dead", "message"),
    [
        (["AhKh"], "", "", "equity needs at least two hands, not 1"),
        (["AhKh", "QsQdQc"], "", "", "a hold'em hand is 2 hole cards, not 3"),
        (["AhKh", "QsQd"], "2c3c", "", "a board is 0, 3, 4 or 5 cards, not 2"),
        (["AhKh", "AhQd"], "", "", "Ah appears twice"),
        (["AhKh", "QsQd"], "Qs2c3c", "", "Qs appears twice"),
        (["AhKh", "QsQd"], "", "Kh", "Kh appears twice"),
    ],
)
def test_bad_input(hands: list[str], board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity([parse_cards(h) for h in hands], parse_cards(board), parse_cards(dead))


def test_too_many_dead_cards() -> None:
    dead = [c for c in ALL_CARDS if c not in (*AK_SUITED, *QUEENS)][:46]
    with pytest.raises(ValueError, match="only 2 cards are left to deal 5 to the board"):
        equity([AK_SUITED, QUEENS], dead=dead)


def eval7_share_vs_one_random_hand(hole: Sequence[Card], board: Sequence[Card]) -> float:
    """Exact pot share of ``hole`` on a full board against every possible opponent hand."""
    used = {*hole, *board}
    deck = [eval7.Card(c.code) for c in ALL_CARDS if c not in used]
    known = [eval7.Card(c.code) for c in board]
    ours = eval7.evaluate([eval7.Card(c.code) for c in hole] + known)
    total = 0.0
    opponents = list(combinations(deck, 2))
    for opponent in opponents:
        theirs = eval7.evaluate(list(opponent) + known)
        total += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
    return total / len(opponents)


def test_equity_vs_random_on_the_river_matches_eval7_enumeration() -> None:
    hole, board = parse_cards("Jh Td"), parse_cards("Js 7c 4d 4s 2h")
    expected = eval7_share_vs_one_random_hand(hole, board)
    share = equity_vs_random(hole, board, 1, trials=8_000, rng=random.Random(3))
    assert share == pytest.approx(expected, abs=0.025)  # 5 standard errors


def test_equity_vs_random_preflop_figures() -> None:
    rng = random.Random(8)
    # Aces win about 85% heads-up and about 35% against eight random hands.
    assert equity_vs_random(parse_cards("AsAh"), (), 1, trials=4_000, rng=rng) == pytest.approx(
        0.852, abs=0.03
    )
    assert equity_vs_random(parse_cards("AsAh"), (), 8, trials=3_000, rng=rng) == pytest.approx(
        0.35, abs=0.05
    )


def test_equity_vs_random_with_the_nuts_and_a_split() -> None:
    rng = random.Random(1)
    royal = parse_cards("As Ks Qs Js Ts")
    assert equity_vs_random(parse_cards("2c 3d"), royal, 3, trials=200, rng=rng) == 0.25
    nuts = equity_vs_random(
        parse_cards("As Ks"), parse_cards("Qs Js Ts 2c 2d"), 8, trials=200, rng=rng
    )
    assert nuts == 1.0


def test_equity_vs_random_bad_input() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError, match="cannot deal hands to 0 opponents"):
        equity_vs_random(AK_SUITED, (), 0, trials=10, rng=rng)
    with pytest.raises(ValueError, match="cannot deal hands to 24 opponents"):
        equity_vs_random(AK_SUITED, (), 24, trials=10, rng=rng)
    with pytest.raises(ValueError, match="Ah appears twice"):
        equity_vs_random(AK_SUITED, parse_cards("Ah 2c 3c"), 2, trials=10, rng=rng)
