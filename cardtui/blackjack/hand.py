"""Hand values: an ace counts 11 while that does not bust the hand, else 1.

Only one ace can ever count 11 (two would make 22), so a hand is described by
its hard total (every ace as 1) and whether an ace is counted as 11, a *soft*
hand (https://wizardofodds.com/games/blackjack/basics/). Four cases:

>>> hand_value(parse_cards("As Kd")).total
21
>>> hand_value(parse_cards("Ac Ad 9h")).total
21
>>> v = hand_value(parse_cards("Ah 6s")); v.total, v.soft, v.label
(17, True, '7 / 17')
>>> hand_value(parse_cards("Kc Qd 2h")).is_bust
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardtui.cards import Card, Rank, parse_cards

__all__ = ["HandValue", "hand_value", "is_natural", "parse_cards", "card_points"]


def card_points(card: Card) -> int:
    """1 for an ace, 10 for a ten or a face card, the pip count otherwise."""
    return card.rank.blackjack_value


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of some cards: ``hard`` counts every ace as 1."""

    hard: int
    has_ace: bool

    @property
    def soft(self) -> bool:
        """True when an ace counts 11 without busting (the hand cannot bust on one card)."""
        return self.has_ace and self.hard <= 11

    @property
    def total(self) -> int:
        return self.hard + 10 if self.soft else self.hard

    @property
    def is_bust(self) -> bool:
        return self.hard > 21

    @property
    def label(self) -> str:
        """``17``, or both totals of a soft hand still in play: ``7 / 17``."""
        if self.soft and self.total != 21:
            return f"{self.hard} / {self.total}"
        return str(self.total)


def hand_value(cards: Iterable[Card]) -> HandValue:
    """The value of ``cards`` (see the module doctest)."""
    hard, has_ace = 0, False
    for card in cards:
        hard += card.rank.blackjack_value
        has_ace = has_ace or card.rank is Rank.ACE
    return HandValue(hard, has_ace)


def is_natural(cards: list[Card], *, from_split: bool = False) -> bool:
    """Two cards worth 21 that were dealt as such: a 21 made after a split is not a blackjack.

    >>> is_natural(parse_cards("Ah Kd")), is_natural(parse_cards("Ah Kd"), from_split=True)
    (True, False)
    >>> is_natural(parse_cards("7h 7d 7s"))
    False
    """
    return len(cards) == 2 and not from_split and hand_value(cards).total == 21
