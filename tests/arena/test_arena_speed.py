"""The arena's shortcuts change the speed, not the play.

- :mod:`cardtui.arena.ppe_fast` gives PyPokerEngine's own hand numbers and,
  from the same generator state, PyPokerEngine's own win rate (so the
  HonestPlayer decides as PyPokerEngine's code would);
- a match replays from its seed alone, whatever the process played before
  (the estimates kept for the duplicate rotations are forgotten between matches);
- the equity baseline's Monte Carlo estimates the same equity as
  ``equity_vs_random``.
"""

from __future__ import annotations

import random

import pytest
from pypokerengine.engine.card import Card as EngineCard  # type: ignore[import-untyped]
from pypokerengine.engine.hand_evaluator import (  # type: ignore[import-untyped]
    HandEvaluator,
)
from pypokerengine.utils.card_utils import (  # type: ignore[import-untyped]
    estimate_hole_card_win_rate,
)

from cardtui.arena import ppe_fast
from cardtui.arena.baselines import EQUITY_CACHE, EquityPlayer, load_bot
from cardtui.arena.match import play_match
from cardtui.arena.outside import HONEST_CACHE
from cardtui.arena.pro import Range, range_equity
from cardtui.arena.protocol import BotView
from cardtui.cards import parse_cards
from cardtui.holdem.actions import Action


def engine_cards(ids: list[int]) -> list[EngineCard]:
    return [EngineCard.from_id(i) for i in ids]


def sevens(rng: random.Random, count: int) -> list[list[int]]:
    """Random seven-card hands, half of them drawn from two suits and a few ranks
    (so flushes, straight flushes, full houses and quads come up, not only pairs)."""
    out = []
    for n in range(count):
        if n % 2:
            out.append(rng.sample(range(1, 53), 7))
            continue
        suits = rng.sample(range(4), 2)
        low = rng.randint(1, 8)
        pool = sorted({s * 13 + r for s in suits for r in range(low, low + 6)} | {1, 14, 27, 40})
        out.append(rng.sample(pool, 7))
    return out


def test_the_fast_evaluator_gives_pypokerengines_numbers() -> None:
    hands = sevens(random.Random(5), 3000)
    kinds = set()
    for ids in hands:
        expected = HandEvaluator.eval_hand(engine_cards(ids[:2]), engine_cards(ids[2:]))
        assert ppe_fast.eval_hand(ids[:2], ids[2:]) == expected, ids
        kinds.add(expected >> 16)
    assert len(kinds) == 9  # every kind of hand, high card to straight flush, was met


@pytest.mark.parametrize("players", [2, 6])
def test_the_fast_win_rate_is_pypokerengines_from_the_same_draws(players: int) -> None:
    rng = random.Random(players)
    for board_size in (0, 3, 4, 5):
        ids = rng.sample(range(1, 53), 2 + board_size)
        seed = rng.random()
        random.seed(seed)
        expected = estimate_hole_card_win_rate(40, players, engine_cards(ids[:2]),
                                               engine_cards(ids[2:]))
        assert ppe_fast.win_rate(40, players, ids[:2], ids[2:], random.Random(seed)) == expected


def test_a_match_replays_from_its_seed_whatever_ran_before() -> None:
    kept_at_first_move: list[int] = []

    class Peek:
        def decide(self, view: BotView, rng: random.Random) -> Action:
            kept_at_first_move.append(len(EQUITY_CACHE) + len(HONEST_CACHE))
            return Action.call() if view.legal.call_amount else Action.check()

    def played() -> list[float]:
        result = play_match(["equity", "honest"], seats=2, deals=6, seed=3)
        return [row.bb_per_100 for row in result.rows()]

    first = played()
    assert len(EQUITY_CACHE) and len(HONEST_CACHE)
    # The button (seat 1, Peek) moves first: nothing kept from the match before.
    play_match(["equity", "peek"], seats=2, deals=1, seed=3,
               make=lambda spec: Peek() if spec == "peek" else load_bot(spec))
    assert kept_at_first_move[0] == 0
    assert played() == first


def test_the_equity_baseline_estimates_equity_against_random_hands() -> None:
    hole = tuple(c.index for c in parse_cards("AsAh"))
    share = range_equity(hole, (), [Range()], 6000, random.Random(1))
    assert abs(share - 0.852) < 0.015  # AA against one random hand: 85.2 %
    hole, board = parse_cards("7h2d"), parse_cards("KsQsJd")
    assert EquityPlayer(cache=None).trials == 300
    share = range_equity(tuple(c.index for c in hole), tuple(c.index for c in board),
                         [Range()] * 3, 3000, random.Random(2))
    assert share < 0.1
