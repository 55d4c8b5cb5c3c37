"""Table advice: its equity agrees with `cardtui equity`'s function, its suggestion with the price.

The exact figures come from :func:`cardtui.holdem.equity.equity`, the function
behind ``cardtui equity``: equity against random hands (or a range) on a
known board is the average of the exact heads-up equity over every hand the
opponent may hold. The advice's Monte Carlo must land within four standard
errors of it.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest

from cardtui.cards import Card, parse_cards
from cardtui.holdem.advice import (
    Spot,
    Suggestion,
    _suggest,
    advise,
    equity_against,
    personality_range,
)
from cardtui.holdem.bots import Personality
from cardtui.holdem.equity import equity

ROCK, SHARK, MANIAC = Personality.ROCK, Personality.SHARK, Personality.MANIAC


def exact_against(hole: str, board: str, hands: list[tuple[Card, Card]]) -> float:
    """The mean exact equity of ``hole`` against each of ``hands`` (the cards that fit)."""
    mine, cards = parse_cards(hole), parse_cards(board)
    used = set(mine) | set(cards)
    fitting = [h for h in hands if not used & set(h)]
    shares = [equity([mine, list(h)], cards).hands[0].equity for h in fitting]
    return sum(shares) / len(shares)


def within_error(measured: float, exact: float, trials: int) -> bool:
    return abs(measured - exact) <= 4 * math.sqrt(0.25 / trials)


def every_hand() -> list[tuple[Card, Card]]:
    return list(combinations([Card.from_index(i) for i in range(52)], 2))


def range_hands(personality: Personality) -> list[tuple[Card, Card]]:
    return [(Card.from_index(a), Card.from_index(b)) for a, b in personality_range(personality)]


@pytest.mark.parametrize(("hole", "board"), [("AsJh", "Kd7c2s9h3c"), ("8h7h", "9h6c2hKs")])
def test_equity_against_random_hands_agrees_with_the_equity_function(hole: str,
                                                                     board: str) -> None:
    trials = 6_000
    spot = Spot(parse_cards(hole), parse_cards(board), pot=100, to_call=0, opponents=(None,))
    advice = advise(spot, random.Random(11), trials=trials)
    exact = exact_against(hole, board, every_hand())
    assert within_error(advice.equity_random, exact, trials), (advice.equity_random, exact)
    # A person's range is unknown: random hands, the same figure.
    assert advice.equity_range == advice.equity_random


@pytest.mark.parametrize("personality", [ROCK, SHARK, MANIAC])
def test_equity_against_a_bot_range_agrees_with_the_equity_function(
        personality: Personality) -> None:
    trials = 6_000
    hole, board = "AsJh", "Kd7c2sJd4c"
    spot = Spot(parse_cards(hole), parse_cards(board), pot=100, to_call=50,
                opponents=(personality,))
    advice = advise(spot, random.Random(5), trials=trials)
    exact = exact_against(hole, board, range_hands(personality))
    assert within_error(advice.equity_range, exact, trials), (advice.equity_range, exact)


def test_a_one_hand_range_is_the_equity_of_that_hand_on_the_flop() -> None:
    queens = [(Card.parse("Qs").index, Card.parse("Qd").index)]
    trials = 6_000
    share = equity_against(parse_cards("AhKh"), parse_cards("Jc3d5c"), [queens], trials=trials,
                           rng=random.Random(3))
    exact = equity([parse_cards("AhKh"), parse_cards("QsQd")], parse_cards("Jc3d5c"))
    assert within_error(share, exact.hands[0].equity, trials)


def test_tighter_personalities_hold_stronger_ranges() -> None:
    sizes = [len(personality_range(p)) for p in (ROCK, SHARK, MANIAC)]
    assert sizes[0] < sizes[1] < sizes[2] <= 1326
    # Aces are in every range; seven-deuce offsuit only in none.
    aces = (Card.parse("Ad").index, Card.parse("As").index)
    seven_deuce = (Card.parse("2c").index, Card.parse("7d").index)
    for personality in (ROCK, SHARK, MANIAC):
        assert aces in personality_range(personality)
        assert seven_deuce not in personality_range(personality)
    # Against a Rock's tight range a middling hand is worth less than against random hands.
    spot = Spot(parse_cards("QhTd"), (), pot=30, to_call=20, opponents=(ROCK,))
    advice = advise(spot, random.Random(1))
    assert advice.equity_range < advice.equity_random - 0.05


def test_the_suggestion_follows_equity_and_the_price_of_the_call() -> None:
    rng = random.Random(9)
    nuts = Spot(parse_cards("AhKh"), parse_cards("QhJhTh2c3d"), pot=400, to_call=200,
                opponents=(SHARK,))
    advice = advise(nuts, rng)
    assert advice.suggestion is Suggestion.RAISE and advice.pot_odds == pytest.approx(1 / 3)
    assert advice.line.startswith("Raise: 100% equity against their range")
    air = Spot(parse_cards("7c2d"), parse_cards("AhKsQd9h4s"), pot=400, to_call=200,
               opponents=(ROCK,))
    advice = advise(air, rng)
    assert advice.suggestion is Suggestion.FOLD
    assert advice.line.endswith("is below the 33% the call needs.")
    cheap = Spot(parse_cards("8h7h"), parse_cards("9h6c2hKs"), pot=1000, to_call=50,
                 opponents=(None,))
    assert advise(cheap, rng).suggestion is Suggestion.CALL
    checked_to = Spot(parse_cards("7c2d"), parse_cards("AhKsQd"), pot=100, to_call=0,
                      opponents=(MANIAC, None))
    advice = advise(checked_to, rng)
    assert advice.suggestion is Suggestion.CHECK and advice.pot_odds is None
    value = Spot(parse_cards("AsAd"), parse_cards("Ac7h2d"), pot=100, to_call=0,
                 opponents=(MANIAC,))
    assert advise(value, rng).suggestion is Suggestion.BET


def test_the_same_generator_gives_the_same_advice_and_bad_spots_a_plain_error() -> None:
    spot = Spot(parse_cards("AsJh"), parse_cards("Kd7c2s"), pot=300, to_call=100,
                opponents=(ROCK, None))
    assert advise(spot, random.Random(4)) == advise(spot, random.Random(4))
    with pytest.raises(ValueError, match="at least one opponent"):
        advise(Spot(parse_cards("AsJh"), (), pot=3, to_call=1, opponents=()), random.Random(1))
    with pytest.raises(ValueError, match="twice"):
        equity_against(parse_cards("AsJh"), parse_cards("AsKd7c"), [None], trials=10,
                       rng=random.Random(1))


def test_a_close_call_shows_the_tenth_that_decides_it() -> None:
    # Was "29% equity against their range beats the 29% the call needs."
    suggestion, reason = _suggest(0.294, 10 / 35, 3, against="against their range")
    assert suggestion is Suggestion.CALL
    assert reason == "29.4% equity against their range beats the 28.6% the call needs"
    assert _suggest(0.41, 0.25, 1, against="")[1] == "41% equity beats the 25% the call needs"
