"""The fast simulator: agreement with the full engine, and with exact dealer figures."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from cardtui.blackjack.rules import BlackjackPayout, DoubleRule, Rules
from cardtui.blackjack.sim import DOUBLE, HIT, SPLIT, STAND, SURRENDER, compile_strategy, simulate
from cardtui.blackjack.table import SeatKind, SeatSetup, Table

RULE_SETS = [
    Rules(),
    Rules(dealer_hits_soft_17=True, late_surrender=True, resplit_aces=True),
    Rules(decks=1, penetration=0.95, double_after_split=False,
          blackjack_pays=BlackjackPayout.SIX_TO_FIVE, dealer_wins_ties=True),
    Rules(decks=2, double=DoubleRule.NINE_TO_ELEVEN, max_hands=2, late_surrender=True),
]


def engine_nets(rules: Rules, rounds: int, seed: int) -> list[float]:
    """One basic-strategy bot at the full engine, in units of its bet."""
    bet = 10
    table = Table(rules, [SeatSetup("Bot", SeatKind.BOT, bankroll=10**9)], random.Random(seed))
    table.set_bet(0, bet)
    out = []
    for _ in range(rounds):
        table.deal()
        assert not table.in_round
        out.append(table.last_settlement.seats[0].net / bet)
    return out


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe()[:40])
def test_fast_simulator_and_full_engine_agree_round_by_round(rules: Rules) -> None:
    rounds = 1500
    fast = simulate(rules, rounds, random.Random(11), keep_nets=True)
    slow = engine_nets(rules, rounds, 11)
    assert fast.nets == pytest.approx(slow)
    # Splits, doubles and surrenders all happened, so the comparison covered them.
    assert {abs(n) for n in slow} >= {1.0, 2.0} or rules.max_hands == 2


def test_compiled_tables_follow_the_reference_card() -> None:
    look = compile_strategy(Rules())
    assert look.first_hard[11][10] == DOUBLE and look.first_hard[11][1] == HIT
    assert look.first_hard[12][4] == STAND and look.first_hard[12][3] == HIT
    assert look.first_soft[7][3] == DOUBLE  # A6 vs 3
    assert look.first_soft[8][2] == STAND and look.first_soft[8][9] == HIT  # A7
    assert look.later_soft[8][3] == STAND  # A7 vs 3 after a hit: no double, so stand
    assert look.pair_first[8][1] == SPLIT and look.pair_first[10][6] == -1
    h17 = compile_strategy(Rules(dealer_hits_soft_17=True, late_surrender=True))
    assert h17.first_hard[11][1] == DOUBLE
    assert h17.pair_first[8][1] == SURRENDER
    assert h17.first_hard[17][1] == SURRENDER
    assert h17.split_hard[17][1] == STAND  # no surrender after a split


def _within(value: float, expected: float, se: float) -> None:
    assert abs(value - expected) <= 3 * se, f"{value:.5f} vs {expected:.5f} (3 SE = {3 * se:.5f})"


def _bust_se(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n)


# Dealer bust chances by up-card, computed exactly for a six-deck shoe with the
# up-card removed, given no dealer blackjack (the dealer peeks).
BUST_S17 = {2: .3535, 3: .3742, 4: .3958, 5: .4184, 6: .4228, 7: .2619, 8: .2437, 9: .2292,
            10: .2302, 1: .1670}
BUST_H17 = {**BUST_S17, 2: .3567, 3: .3770, 4: .3985, 5: .4196, 6: .4393, 1: .2013}


def check_against_reference(result, bust_table, edge_low: float, edge_high: float) -> None:
    n = result.hands
    _within(result.blackjack_rate, 0.047489, _bust_se(0.047489, n))
    se = result.standard_error
    assert edge_low - 3 * se <= result.house_edge <= edge_high + 3 * se, (
        f"house edge {result.house_edge:.4%} ± {se:.4%}"
    )
    for up, p in bust_table.items():
        # A cut card moves the exact figures by a few hundredths of a percent.
        _within(result.bust_rate(up), p, _bust_se(p, result.dealer_up[up]) + 0.0005)


def test_base_game_agrees_with_the_reference_modestly() -> None:
    # 200,000 hands: the house edge SE is about 0.26 %, so 3 SE is honest but wide.
    result = simulate(Rules(), 200_000, random.Random(2024))
    check_against_reference(result, BUST_S17, 0.0040, 0.0045)
    assert result.hands_per_second > 0


@pytest.mark.slow
def test_base_game_agrees_with_the_reference_over_millions() -> None:
    result = simulate(Rules(), 6_000_000, random.Random(6))
    check_against_reference(result, BUST_S17, 0.0040, 0.0045)


@pytest.mark.slow
def test_h17_costs_about_a_fifth_of_a_percent_over_millions() -> None:
    result = simulate(replace(Rules(), dealer_hits_soft_17=True), 6_000_000, random.Random(7))
    check_against_reference(result, BUST_H17, 0.0060, 0.0065)


def test_progress_is_reported() -> None:
    seen: list[int] = []
    simulate(Rules(), 12_000, random.Random(1), progress=seen.append)
    assert seen[-1] == 12_000 and seen == sorted(seen)
