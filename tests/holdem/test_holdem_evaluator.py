"""The hand evaluator: categories, values, descriptions and the best five cards."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, starmap

import pytest

from cardtui.cards import Card, parse_cards
from cardtui.holdem import HandCategory, HandRank, evaluate, rank5, rank6, rank7, rank_indices
from cardtui.holdem.hand_tables import RANK_TABLES, unpack

# Every five-card hand, by category: (hands, distinct values)
# (https://en.wikipedia.org/wiki/Poker_probability#Frequency_of_5-card_poker_hands).
FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: (40, 10),
    HandCategory.FOUR_OF_A_KIND: (624, 156),
    HandCategory.FULL_HOUSE: (3_744, 156),
    HandCategory.FLUSH: (5_108, 1_277),
    HandCategory.STRAIGHT: (10_200, 10),
    HandCategory.THREE_OF_A_KIND: (54_912, 858),
    HandCategory.TWO_PAIR: (123_552, 858),
    HandCategory.ONE_PAIR: (1_098_240, 2_860),
    HandCategory.HIGH_CARD: (1_302_540, 1_277),
}


def hand(text: str) -> HandRank:
    return evaluate(parse_cards(text))


def test_every_five_card_hand_by_category() -> None:
    values = Counter(starmap(rank5, combinations(range(52), 5)))
    hands: Counter[HandCategory] = Counter()
    distinct: Counter[HandCategory] = Counter()
    for value, count in values.items():
        category = unpack(value)[0]
        hands[category] += count
        distinct[category] += 1
    found = {category: (hands[category], distinct[category]) for category in HandCategory}
    assert found == FIVE_CARD_COUNTS
    assert len(values) == 7_462


def test_categories_order_every_value() -> None:
    # A value's category is its top bits, so any hand of a better category wins.
    worst_of_each = {}
    for value in RANK_TABLES[5].values():
        category = unpack(value)[0]
        worst_of_each[category] = min(worst_of_each.get(category, value), value)
    for category, worst in worst_of_each.items():
        weaker = [v for v in RANK_TABLES[5].values() if unpack(v)[0] < category]
        assert all(v < worst for v in weaker)


def test_rank_tables_hold_every_rank_multiset() -> None:
    # Counted independently: the coefficients of (1 + x + x^2 + x^3 + x^4)^13,
    # one factor per rank, at most four cards of a rank.
    ways = [1]
    for _ in range(13):
        ways = [
            sum(ways[n - k] for k in range(5) if 0 <= n - k < len(ways))
            for n in range(len(ways) + 4)
        ]
    assert (ways[5], ways[6], ways[7]) == (6_175, 18_395, 49_205)
    assert {size: len(table) for size, table in RANK_TABLES.items()} == {
        5: ways[5],
        6: ways[6],
        7: ways[7],
    }


def test_seven_cards_rank_as_their_best_five_subset() -> None:
    rng = random.Random(2024)
    for _ in range(3_000):
        cards = rng.sample(range(52), 7)
        best = max(starmap(rank5, combinations(cards, 5)))
        assert rank7(*cards) == best
        assert evaluate(Card.from_index(i) for i in cards).value == best
        assert rank_indices(cards) == best
        six = cards[:6]
        assert rank6(*six) == max(starmap(rank5, combinations(six, 5))) == rank_indices(six)


def test_flush_heavy_hands_rank_as_their_best_five_subset() -> None:
    # Random hands rarely hold five of a suit; draw these from 9 spades and 4 hearts.
    rng = random.Random(5)
    deck = [r * 4 + 3 for r in range(13)][:9] + [r * 4 + 2 for r in range(4)] + [51, 47, 43]
    for _ in range(2_000):
        cards = rng.sample(deck, 7)
        assert rank7(*cards) == max(starmap(rank5, combinations(cards, 5)))


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("As Ks Qs Js Ts 2d 3c", HandCategory.STRAIGHT_FLUSH, "Royal flush"),
        ("9h 8h 7h 6h 5h Ah Ac", HandCategory.STRAIGHT_FLUSH, "Straight flush, Nine high"),
        ("Ad 2d 3d 4d 5d Kc Kh", HandCategory.STRAIGHT_FLUSH, "Straight flush, Five high"),
        ("Ac Ad Ah As Kc Qd 2s", HandCategory.FOUR_OF_A_KIND, "Four of a kind, Aces, King kicker"),
        ("Kh Kd Ks 7c 7s 2d 3c", HandCategory.FULL_HOUSE, "Full house, Kings over Sevens"),
        ("7h 7d 7s Kc Ks Kd 2c", HandCategory.FULL_HOUSE, "Full house, Kings over Sevens"),
        ("Ah Qh 9h 7h 4h 3c 2d", HandCategory.FLUSH, "Flush, Ace high, then Queen-Nine-Seven-Four"),
        ("Ah 2c 3d 4s 5h Kc Kd", HandCategory.STRAIGHT, "Straight, Five high"),
        ("Ah Kc Qd Js Th 2c 2d", HandCategory.STRAIGHT, "Straight, Ace high"),
        (
            "7h 7d 7s Ac Kd 2c 3d",
            HandCategory.THREE_OF_A_KIND,
            "Three of a kind, Sevens, Ace-King kickers",
        ),
        ("Ah Ad 7s 7c Qd Qh 2c", HandCategory.TWO_PAIR, "Two pair, Aces and Queens, Seven kicker"),
        ("Ah Ad 7s 7c Qd 3h 2c", HandCategory.TWO_PAIR, "Two pair, Aces and Sevens, Queen kicker"),
        ("Th Td As Kc 4d 3h 2c", HandCategory.ONE_PAIR, "Pair of Tens, Ace-King-Four kickers"),
        (
            "Ah Kd 9s 7c 4d 3h 2c",
            HandCategory.HIGH_CARD,
            "High card, Ace, then King-Nine-Seven-Four",
        ),
        ("6h 6d 6s 6c 5d", HandCategory.FOUR_OF_A_KIND, "Four of a kind, Sixes, Five kicker"),
    ],
)
def test_descriptions(cards: str, category: HandCategory, description: str) -> None:
    result = hand(cards)
    assert result.category is category
    assert result.description == description
    assert result.name == category.label


@pytest.mark.parametrize(
    ("cards", "best_five"),
    [
        ("Kh Kd 7s 7c Ks 2d 3c", "Ks Kh Kd 7s 7c"),
        ("Ah 2c 3d 4s 5h Kc Kd", "5h 4s 3d 2c Ah"),
        ("As Ks Qs Js Ts Ah Kh", "As Ks Qs Js Ts"),
        ("Ac Ad Ah As 2c Qd Kd", "As Ah Ad Ac Kd"),
        ("Ah Qh 9h 7h 4h 2h Kc", "Ah Qh 9h 7h 4h"),
        ("Ah Ad 7s 7c Qd Qh 2c", "Ah Ad Qh Qd 7s"),
        ("Th Td As Kc 4d 3h 2c", "Th Td As Kc 4d"),
        ("9c 8d 7h 6s 5c 4d", "9c 8d 7h 6s 5c"),
    ],
)
def test_best_five(cards: str, best_five: str) -> None:
    result = hand(cards)
    assert result.best_five == tuple(parse_cards(best_five))
    assert evaluate(result.best_five).value == result.value


def test_best_five_of_random_hands_makes_the_hand() -> None:
    rng = random.Random(11)
    for _ in range(2_000):
        cards = [Card.from_index(i) for i in rng.sample(range(52), rng.choice((5, 6, 7)))]
        result = evaluate(cards)
        assert len(set(result.best_five)) == 5
        assert set(result.best_five) <= set(cards)
        assert evaluate(result.best_five).value == result.value


# Seed 002's evaluator compared only the category and the highest card of the
# group: it had no kickers, no A-2-3-4-5 straight, and called any hand with a
# flush and a straight somewhere in it a straight flush.


def test_seed_002_kickers_decide_between_equal_pairs() -> None:
    board = "Ah Ad 9c 6s 2h"
    assert hand(f"Kc Qd {board}") > hand(f"Kd Jc {board}")
    assert hand(f"Kc 3d {board}") == hand(f"Kd 4c {board}")  # the board plays A-A-K-9-6
    assert hand("Ah Ad Kc Qd 9s") > hand("Ac As Kd Qh 8s")  # the fifth card decides


def test_seed_002_kickers_decide_between_equal_two_pair_and_quads() -> None:
    assert hand("Ah Ad 7s 7c Kd") > hand("Ac As 7h 7d Qd")
    assert hand("9h 9d 9s 9c Ad") > hand("9h 9d 9s 9c Kd")
    assert hand("Qh Qd 8s 8c 5d 5h Ac") == hand("Qs Qc 8h 8d Ah 4c 4d")


def test_seed_002_wheel_is_the_lowest_straight() -> None:
    wheel = hand("Ah 2c 3d 4s 5h 9c 9d")
    assert wheel.category is HandCategory.STRAIGHT
    assert wheel < hand("2c 3d 4s 5h 6c 9h 9d")
    assert wheel > hand("Ah Ac Ad Ks Qh 2s 3s")
    assert hand("Ah Kh Qc Jd 2s 3s 4s").category is HandCategory.HIGH_CARD  # no wrap-around


def test_seed_002_straight_flush_needs_one_suit() -> None:
    # A flush in hearts and a straight across suits is only a flush.
    mixed = hand("9h 8h 7c 6h 5d 2h Kh")
    assert mixed.category is HandCategory.FLUSH
    assert hand("9h 8h 7h 6h 5h").category is HandCategory.STRAIGHT_FLUSH
    assert hand("Ad 2d 3d 4d 5d").category is HandCategory.STRAIGHT_FLUSH
    assert hand("Ad 2d 3d 4d 5d") < hand("2d 3d 4d 5d 6d")


def test_hand_rank_compares_by_value_only() -> None:
    one, other = hand("Ah Kd 9s 7c 4d"), hand("Ad Kh 9c 7s 4h")
    assert one == other and hash(one) == hash(other)
    assert one.best_five != other.best_five


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Ah Kd 9s 7c", "a poker hand is 5, 6 or 7 cards, not 4"),
        ("Ah Kd 9s 7c 4d 3d 2d 5c", "a poker hand is 5, 6 or 7 cards, not 8"),
        ("Ah Kd 9s 7c Ah", "the same card appears twice in Ah Kd 9s 7c Ah"),
    ],
)
def test_bad_hands(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hand(cards)
