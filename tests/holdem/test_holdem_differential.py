"""The evaluator orders hands exactly as three independent libraries do.

Sorting a batch by our value and checking the other library's values are
monotonic (equal exactly when ours are equal) checks the sign of every
pairwise comparison in the batch at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import eval7
import pytest
import treys
from phevaluator import evaluate_cards

from cardtui.cards import Card
from cardtui.holdem import evaluate, rank_indices

HANDS_PER_SIZE = 12_000


def random_hands(size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def codes(hand: Sequence[int]) -> list[str]:
    return [Card.from_index(i).code for i in hand]


def assert_same_order(ours: Sequence[int], theirs: Sequence[int], higher_is_better: bool) -> None:
    sign = 1 if higher_is_better else -1
    pairs = sorted(zip(ours, (sign * t for t in theirs), strict=True))
    for (our_low, their_low), (our_high, their_high) in zip(pairs, pairs[1:], strict=False):
        if our_low == our_high:
            assert their_low == their_high, f"we tie {our_low:#x}, they do not"
        else:
            assert their_low < their_high, f"we rank {our_low:#x} < {our_high:#x}, they do not"


def treys_value(evaluator: treys.Evaluator) -> Callable[[list[int]], int]:
    def value(hand: list[int]) -> int:
        cards = [treys.Card.new(code) for code in codes(hand)]
        return evaluator.evaluate(cards[:2], cards[2:])

    return value


def eval7_value(hand: list[int]) -> int:
    return eval7.evaluate([eval7.Card(code) for code in codes(hand)])


def phevaluator_value(hand: list[int]) -> int:
    return evaluate_cards(*codes(hand))


LIBRARIES: dict[str, tuple[Callable[[list[int]], int], bool]] = {
    "treys": (treys_value(treys.Evaluator()), False),
    "eval7": (eval7_value, True),
    "phevaluator": (phevaluator_value, False),
}


@pytest.mark.parametrize("library", LIBRARIES)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_same_order_as(library: str, size: int) -> None:
    their_value, higher_is_better = LIBRARIES[library]
    hands = random_hands(size, HANDS_PER_SIZE, seed=size)
    # Near-ties are where evaluators go wrong: add hands drawn from half a deck
    # (ranks 8-A in three suits), full of pairs, straights and shared kickers.
    narrow = [i for i in range(24, 52) if i % 4 != 0]
    rng = random.Random(size * 7)
    hands += [rng.sample(narrow, size) for _ in range(HANDS_PER_SIZE // 2)]
    ours = [rank_indices(hand) for hand in hands]
    assert_same_order(ours, [their_value(hand) for hand in hands], higher_is_better)


def test_evaluate_agrees_with_the_fast_path_and_eval7_categories() -> None:
    # eval7.handtype names the category; ours must say the same.
    names = {
        "High Card": "High card",
        "Pair": "One pair",
        "Two Pair": "Two pair",
        "Trips": "Three of a kind",
        "Straight": "Straight",
        "Flush": "Flush",
        "Full House": "Full house",
        "Quads": "Four of a kind",
        "Straight Flush": "Straight flush",
    }
    for hand in random_hands(7, 3_000, seed=99):
        result = evaluate(Card.from_index(i) for i in hand)
        assert result.value == rank_indices(hand)
        assert names[eval7.handtype(eval7_value(hand))] == result.name
