"""Texas Hold'em: the hand evaluator, equity calculator and betting engine."""

from cardtui.holdem.equity import EquityResult, HandEquity, equity, equity_vs_random
from cardtui.holdem.evaluator import (
    HandCategory,
    HandRank,
    evaluate,
    rank5,
    rank6,
    rank7,
    rank_indices,
)

__all__ = [
    "EquityResult",
    "HandCategory",
    "HandEquity",
    "HandRank",
    "equity",
    "equity_vs_random",
    "evaluate",
    "rank5",
    "rank6",
    "rank7",
    "rank_indices",
]
