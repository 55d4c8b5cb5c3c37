"""Texas Hold'em: the hand evaluator, equity calculator and betting engine.

The evaluator and the equity calculator are re-exported here, but loaded only
when one of their names is first asked for (PEP 562): building the evaluator's
tables takes a fifth of a second, and importing any other hold'em module (the
records, the view, the button) must not pay it. The menu imports some of those
and plays no hold'em (issue 24).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtui.holdem.equity import EquityResult, HandEquity, equity_vs_random
    from cardtui.holdem.evaluator import (
        HandCategory,
        HandRank,
        evaluate,
        rank5,
        rank6,
        rank7,
        rank_indices,
    )

#: Each re-exported name and the module that defines it.
_HOMES = {
    "EquityResult": "equity",
    "HandEquity": "equity",
    "equity_vs_random": "equity",
    "HandCategory": "evaluator",
    "HandRank": "evaluator",
    "evaluate": "evaluator",
    "rank5": "evaluator",
    "rank6": "evaluator",
    "rank7": "evaluator",
    "rank_indices": "evaluator",
}

__all__ = [
    "EquityResult",
    "HandCategory",
    "HandEquity",
    "HandRank",
    "equity_vs_random",
    "evaluate",
    "rank5",
    "rank6",
    "rank7",
    "rank_indices",
]


def __getattr__(name: str) -> Any:
    # (``equity`` names the submodule, always: the function of that name is
    # ``cardtui.holdem.equity.equity``. Re-exported lazily it would be the
    # function or the module depending on what was imported first.)
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
