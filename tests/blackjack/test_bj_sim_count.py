"""The strategy lab with the Hi-Lo count: bet spread, index plays, edge by true count.

The default suite runs small versions; the statistically meaningful runs are
marked slow (``pytest -m slow tests/blackjack/test_bj_sim_count.py``) and
print what they measure.
"""

from __future__ import annotations

import math
import random

import pytest

from cardtui.blackjack.rules import Rules
from cardtui.blackjack.sim import CountPlan, SimResult, simulate

FLAT_BASIC = CountPlan(spread=(1, 1), deviations=False)
FLAT = CountPlan(spread=(1, 1))
SPREAD = CountPlan(spread=(1, 12))  # index plays on, 2 units a true count


def test_counting_without_changing_bets_or_plays_is_basic_strategy_round_by_round() -> None:
    basic = simulate(Rules(), 20_000, random.Random(3), keep_nets=True)
    counted = simulate(Rules(), 20_000, random.Random(3), keep_nets=True, count=FLAT_BASIC)
    assert counted.nets == basic.nets
    assert counted.player_edge == pytest.approx(-basic.house_edge)
    low, high = counted.player_edge_95
    basic_low, basic_high = basic.confidence_95
    assert (low, high) == pytest.approx((-basic_high, -basic_low))


def test_index_plays_change_some_rounds_and_the_spread_changes_the_bets() -> None:
    basic = simulate(Rules(), 20_000, random.Random(3), keep_nets=True)
    flat = simulate(Rules(), 20_000, random.Random(3), keep_nets=True, count=FLAT)
    # The first deviation (or insurance) comes after a while; from then on the
    # card stream, and so every round, differs.
    first = next(i for i, (a, b) in enumerate(zip(basic.nets, flat.nets, strict=True)) if a != b)
    assert 10 < first < 5_000
    spread = simulate(Rules(), 20_000, random.Random(3), keep_nets=True, count=SPREAD)
    bets = {abs(n) for n in spread.nets}
    assert 24 <= max(bets) <= 12 * 8  # a 12-unit bet doubled or split; at most 4 doubled hands
    assert spread.hands < spread.wagered < 12 * spread.hands


def test_bet_ramp() -> None:
    plan = CountPlan(spread=(1, 12), units_per_count=2)
    assert [plan.bet(tc) for tc in (-4, 0, 1.9, 2, 2.9, 3, 4, 5, 6, 7, 30)] == [
        1, 1, 1, 2, 2, 4, 6, 8, 10, 12, 12]
    assert CountPlan(spread=(2, 8), units_per_count=1).bet(-1) == 2
    assert FLAT.describe() == "Hi-Lo, flat bet, index plays"
    assert SPREAD.describe() == "Hi-Lo, spread 1-12, index plays"
    with pytest.raises(ValueError, match="spread"):
        CountPlan(spread=(12, 1))
    with pytest.raises(ValueError, match="ramp"):
        CountPlan(units_per_count=0)


def test_rounds_are_grouped_by_the_true_count_at_the_bet() -> None:
    result = simulate(Rules(), 30_000, random.Random(8), count=SPREAD)
    bands = result.count_bands()
    assert sum(band.hands for band in bands) == result.hands
    counts = [band.true_count for band in bands]
    assert counts == sorted(counts) and min(counts) < -1 and max(counts) > 3
    zero = next(band for band in bands if band.true_count == 0)
    assert zero.low < zero.edge < zero.high
    assert result.standard_deviation > 1.15  # wider than a flat bet's ~1.15 units


def test_chunks_combine_into_one_result() -> None:
    parts = [simulate(Rules(), 5_000, random.Random(seed), count=SPREAD) for seed in (1, 2)]
    total = SimResult.combine(parts)
    assert total.hands == 10_000
    assert total.net == pytest.approx(parts[0].net + parts[1].net)
    assert total.wagered == pytest.approx(parts[0].wagered + parts[1].wagered)
    assert sum(b.hands for b in total.count_bands()) == 10_000


def test_the_edge_is_higher_at_high_counts_in_a_small_run() -> None:
    result = simulate(Rules(), 150_000, random.Random(21), count=FLAT)
    low = _pooled(result, lambda tc: tc <= -1)
    high = _pooled(result, lambda tc: tc >= 3)
    assert high[0] - low[0] > 1.96 * math.hypot(low[1], high[1]), (low, high)


def _pooled(result: SimResult, keep) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The edge over the bands ``keep`` selects and its standard error."""
    hands = net = squared = 0.0
    for key, (h, n, s) in result.by_count.items():
        if keep(key):
            hands, net, squared = hands + h, net + n, squared + s
    mean = net / hands
    return mean, math.sqrt((squared / hands - mean * mean) / hands)


# -- statistically meaningful runs (slow) ---------------------------------------

SLOW_HANDS = 4_000_000


@pytest.mark.slow
def test_a_1_12_spread_at_75_percent_penetration_wins() -> None:
    result = simulate(Rules(), SLOW_HANDS, random.Random(1212), count=SPREAD)
    low, high = result.player_edge_95
    print(f"\n1-12 spread, index plays, 6 decks S17 DAS, 75 % penetration, "
          f"{result.hands:,} hands: player edge {result.player_edge:+.3%} "
          f"(95 % {low:+.3%} .. {high:+.3%}), SD {result.standard_deviation:.2f} units a hand, "
          f"average bet {result.wagered / result.hands:.2f} units")
    assert low > 0


@pytest.mark.slow
def test_the_edge_rises_with_the_true_count() -> None:
    result = simulate(Rules(), SLOW_HANDS, random.Random(77), count=FLAT)
    bands = [b for b in result.count_bands(minimum_hands=20_000) if -3 <= b.true_count <= 6]
    for band in bands:
        print(f"\nTC {band.true_count:+d}: {band.hands:>9,} hands, edge {band.edge:+.2%} "
              f"({band.low:+.2%} .. {band.high:+.2%})", end="")
    # Weighted least squares of edge on true count: the slope and its interval.
    weights = [1 / ((b.high - b.low) / 3.92) ** 2 for b in bands]
    total = sum(weights)
    mean_x = sum(w * b.true_count for w, b in zip(weights, bands, strict=True)) / total
    mean_y = sum(w * b.edge for w, b in zip(weights, bands, strict=True)) / total
    sxx = sum(w * (b.true_count - mean_x) ** 2 for w, b in zip(weights, bands, strict=True))
    slope = sum(w * (b.true_count - mean_x) * (b.edge - mean_y)
                for w, b in zip(weights, bands, strict=True)) / sxx
    se = math.sqrt(1 / sxx)
    print(f"\nedge per true count: {slope:+.3%} (95 % {slope - 1.96 * se:+.3%} .. "
          f"{slope + 1.96 * se:+.3%})")
    assert slope - 1.96 * se > 0
    assert 0.002 < slope < 0.008  # the rule of thumb is about +0.5 % a true count


@pytest.mark.slow
def test_flat_betting_with_the_count_on_keeps_the_basic_strategy_edge() -> None:
    basic = simulate(Rules(), SLOW_HANDS, random.Random(5))
    flat = simulate(Rules(), SLOW_HANDS, random.Random(5), count=FLAT)
    low, high = -basic.confidence_95[1], -basic.confidence_95[0]
    print(f"\nbasic strategy {-basic.house_edge:+.3%} (95 % {low:+.3%} .. {high:+.3%}); "
          f"flat bet with index plays {flat.player_edge:+.3%}")
    assert low <= flat.player_edge <= high
