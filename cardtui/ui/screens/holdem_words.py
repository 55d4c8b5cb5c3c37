"""A player's hand in words as the board comes, and the pots in one line.

>>> from cardtui.cards import parse_cards
>>> describe_hand(parse_cards("AhAd"), [])
'Pair of Aces'
>>> describe_hand(parse_cards("AhKh"), []), describe_hand(parse_cards("Tc7d"), [])
('Ace-King suited', 'Ten-Seven offsuit')
>>> describe_hand(parse_cards("Ah7d"), parse_cards("As 7c 2d"))
'Two pair, Aces and Sevens, Two kicker'
>>> describe_hand(parse_cards("Ah"), [])
''
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtui.cards import Card
from cardtui.holdem.evaluator import evaluate
from cardtui.holdem.pots import Pot


def describe_hand(hole: Sequence[Card], board: Sequence[Card]) -> str:
    """The best hand so far; before the flop, the two hole cards by name."""
    if len(hole) < 2:
        return ""
    if len(board) >= 3:
        return evaluate([*hole, *board]).description
    high, low = sorted(hole, key=lambda c: c.rank, reverse=True)
    if high.rank == low.rank:
        return f"Pair of {high.rank.plural}"
    kind = "suited" if high.suit == low.suit else "offsuit"
    return f"{high.rank.noun}-{low.rank.noun} {kind}"


def pots_line(pots: Sequence[Pot], bets: int) -> str:
    """``Pot 150`` or ``Main pot 150 · Side pot 1: 80``, plus this street's bets.

    >>> pots_line([], 15)
    'Pot 15'
    >>> pots_line([Pot(150, (0, 1, 2)), Pot(80, (1, 2))], 40)
    'Main pot 150 · Side pot 1: 80 · Bets 40'
    """
    if len(pots) <= 1:
        return f"Pot {sum(p.amount for p in pots) + bets:,}"
    parts = [f"Main pot {pots[0].amount:,}"]
    parts += [f"Side pot {i}: {p.amount:,}" for i, p in enumerate(pots[1:], start=1)]
    if bets:
        parts.append(f"Bets {bets:,}")
    return " · ".join(parts)
