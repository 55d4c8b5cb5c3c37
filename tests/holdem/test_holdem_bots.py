"""Bots: Chen scores, personalities that differ, pot-odds sense, determinism."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtui.cards import parse_cards
from cardtui.holdem.actions import Action, ActionKind, BetOrRaised, Called, Folded
from cardtui.holdem.bots import Bot, Personality, decide
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.preflop import chen_points, chen_score
from cardtui.holdem.table import BlindLevel, Player, Table


@pytest.mark.parametrize(
    ("hole", "points"),
    [("AsAh", 20), ("JsTs", 9), ("7h2d", -1.5), ("KsKd", 16), ("2c2d", 5), ("AsKs", 12),
     ("Th9h", 8), ("5s4s", 5.5), ("AhKd", 10), ("Qs9d", 5), ("Ts5s", 2)],
)
def test_chen_points_match_the_formula(hole: str, points: float) -> None:
    assert chen_points(parse_cards(hole)) == points


def test_chen_score_rounds_half_points_up() -> None:
    assert chen_score(parse_cards("7h2d")) == -1
    assert chen_score(parse_cards("5s4s")) == 6


def action_mix(personality: Personality, hands: int = 80) -> Counter[str]:
    """How a personality plays its preflop decisions at a 6-handed table of its kind."""
    rng = random.Random(99)
    players = [Player(f"B{i}", 100_000, personality) for i in range(6)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=rng)
    seen: Counter[str] = Counter()
    for _ in range(hands):
        if table.is_finished:
            table = Table(players, blinds=BlindLevel(5, 10), rng=rng)
        hand = table.play_bot_hand()
        for record in hand.records:
            if isinstance(record, Folded | Called | BetOrRaised):
                seen[type(record).__name__] += 1
    return seen


def test_personalities_play_differently() -> None:
    rock, maniac, shark = (action_mix(p) for p in Personality)
    def fold_share(mix: Counter[str]) -> float:
        return mix["Folded"] / sum(mix.values())
    def raise_share(mix: Counter[str]) -> float:
        return mix["BetOrRaised"] / sum(mix.values())
    assert fold_share(rock) > fold_share(shark) > fold_share(maniac)
    assert raise_share(maniac) > raise_share(shark)
    assert raise_share(maniac) > raise_share(rock)


def river_spot(hole: str, bet: int) -> Hand:
    """Heads-up on the river; seat 0 (button) bets ``bet`` into seat 1 holding ``hole``."""
    deck = stacked_deck(["2c3d", hole], board="AhKd7c 8s 2h")
    hand = Hand([2000, 2000], button=0, small_blind=5, big_blind=10, deck=deck)
    hand.call()
    hand.check()
    for _ in range(5):  # flop and turn checked through, seat 1 checks the river
        hand.check()
    assert hand.actor == 0
    hand.raise_to(bet)
    return hand


def test_bot_calls_a_small_bet_with_a_strong_hand_and_folds_junk_to_a_big_one() -> None:
    strong = river_spot("AsAd", 10)  # three aces, a 10 bet into 20
    assert decide(strong.view(1), random.Random(1), Personality.ROCK).kind in (
        ActionKind.CALL, ActionKind.RAISE_TO,
    )
    junk = river_spot("4c5d", 1500)  # five high (no straight), a huge bet
    assert decide(junk.view(1), random.Random(1), Personality.SHARK) == Action.fold()


def test_decisions_are_deterministic_under_a_seed() -> None:
    hand = river_spot("Qs9s", 15)
    bot = Bot(Personality.MANIAC)
    first = [bot.decide(hand.view(1), random.Random(s)) for s in range(20)]
    again = [bot.decide(hand.view(1), random.Random(s)) for s in range(20)]
    assert first == again
