"""Preflop hand strength: Bill Chen's formula, as Lou Krieger's *Hold'em Excellence* gives it.

Score the highest card (A 10, K 8, Q 7, J 6, else half its rank); a pair
doubles it (at least 5); suited adds 2; the gap between the cards costs
0/1/2/4/5 points for gaps of 0/1/2/3/4+; a 0- or 1-gap hand whose top card is
below a queen gains 1; half points round up.

>>> from cardtui.cards import parse_cards
>>> [chen_points(parse_cards(hole)) for hole in ("AsAh", "JsTs", "7h2d")]
[20.0, 9.0, -1.5]
>>> [chen_score(parse_cards(hole)) for hole in ("7h2d", "5s4s", "2c2d", "AhKd")]
[-1, 6, 5, 10]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardtui.cards import Card, Rank

_HIGH_CARD_POINTS = {Rank.ACE: 10.0, Rank.KING: 8.0, Rank.QUEEN: 7.0, Rank.JACK: 6.0}
_GAP_PENALTY = (0, 1, 2, 4)  # gaps 0-3; four or more cost 5


def _card_points(rank: Rank) -> float:
    return _HIGH_CARD_POINTS.get(rank, int(rank) / 2)


def chen_points(hole: Sequence[Card]) -> float:
    """The Chen score before rounding."""
    if len(hole) != 2:
        raise ValueError("the Chen formula scores two hole cards")
    high, low = sorted(hole, key=lambda c: c.rank, reverse=True)
    if high.rank == low.rank:
        return max(_card_points(high.rank) * 2, 5.0)
    points = _card_points(high.rank)
    if high.suit == low.suit:
        points += 2
    gap = high.rank - low.rank - 1
    points -= _GAP_PENALTY[gap] if gap < len(_GAP_PENALTY) else 5
    if gap <= 1 and high.rank < Rank.QUEEN:
        points += 1
    return points


def chen_score(hole: Sequence[Card]) -> int:
    """The Chen score, half points rounded up (so -1.5 becomes -1)."""
    return math.floor(chen_points(hole) + 0.5)
