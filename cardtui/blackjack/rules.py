"""The house rules of a blackjack table, as one frozen value.

The defaults are a common Las Vegas Strip game (house edge about 0.4 % with
basic strategy: https://wizardofodds.com/games/blackjack/calculator/): six decks,
a cut card at 75 %, the dealer stands on soft 17, blackjack pays 3:2, double
on any two cards and after a split, split to four hands, one card to each
split ace, insurance offered, the dealer peeks, a tie is a push.

>>> rules = Rules()
>>> rules.describe()
'6 decks · S17 · BJ 3:2 · DAS · split to 4 · no surrender · bets 10-500'
>>> Rules.from_json(rules.to_json()) == rules
True
>>> Rules(decks=9)
Traceback (most recent call last):
...
ValueError: a shoe holds 1 to 8 decks, not 9
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

from cardtui.i18n import _, ngettext


class BlackjackPayout(StrEnum):
    """What a natural pays; 6:5 is the short-paying variant some casinos deal."""

    THREE_TO_TWO = "3:2"
    SIX_TO_FIVE = "6:5"

    def pay(self, bet: int) -> int:
        """The winnings on ``bet``; an odd chip is rounded down, as casinos do.

        >>> BlackjackPayout.THREE_TO_TWO.pay(10), BlackjackPayout.SIX_TO_FIVE.pay(10)
        (15, 12)
        >>> BlackjackPayout.THREE_TO_TWO.pay(15)
        22
        """
        numerator, denominator = (3, 2) if self is BlackjackPayout.THREE_TO_TWO else (6, 5)
        return bet * numerator // denominator

    @property
    def units(self) -> float:
        """The payout per unit bet (1.5 or 1.2): the simulator works in units."""
        return 1.5 if self is BlackjackPayout.THREE_TO_TWO else 1.2


class DoubleRule(StrEnum):
    """Which first two cards may be doubled."""

    ANY_TWO = "any"
    NINE_TO_ELEVEN = "9-11"  # a hard 9, 10 or 11 only (the "Reno rule")


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs from one blackjack table to the next."""

    decks: int = 6
    penetration: float = 0.75
    dealer_hits_soft_17: bool = False
    blackjack_pays: BlackjackPayout = BlackjackPayout.THREE_TO_TWO
    double: DoubleRule = DoubleRule.ANY_TWO
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    late_surrender: bool = False
    insurance: bool = True
    dealer_wins_ties: bool = False  # a house variant; in casinos a tie is a push
    min_bet: int = 10
    max_bet: int = 500

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"a shoe holds 1 to 8 decks, not {self.decks}")
        if not 0.1 <= self.penetration <= 0.95:
            raise ValueError(
                f"penetration must be between 10% and 95%, not {self.penetration:.0%}"
            )
        if not 1 <= self.max_hands <= 4:
            raise ValueError(f"a seat may split to 1 to 4 hands, not {self.max_hands}")
        if not 1 <= self.min_bet <= self.max_bet:
            raise ValueError(
                f"the table limits must satisfy 1 <= minimum <= maximum, "
                f"not {self.min_bet}-{self.max_bet}"
            )
        # Coerce plain strings (from JSON or argparse) to the enums.
        object.__setattr__(self, "blackjack_pays", BlackjackPayout(self.blackjack_pays))
        object.__setattr__(self, "double", DoubleRule(self.double))

    def describe(self) -> str:
        """One line for the table felt, in the player's language (H17, DAS, RSA stay: the
        abbreviations are the same at every table)."""
        parts = [
            ngettext("{n} deck", "{n} decks", self.decks).format(n=self.decks),
            "H17" if self.dealer_hits_soft_17 else "S17",
            f"BJ {self.blackjack_pays.value}",
        ]
        if self.double is DoubleRule.NINE_TO_ELEVEN:
            parts.append(_("double 9-11"))
        parts.append("DAS" if self.double_after_split else _("no DAS"))
        parts.append(_("split to {hands}").format(hands=self.max_hands) if self.max_hands > 1
                     else _("no split"))
        if self.resplit_aces:
            parts.append("RSA")
        parts.append(_("late surrender") if self.late_surrender else _("no surrender"))
        if not self.insurance:
            parts.append(_("no insurance"))
        if self.dealer_wins_ties:
            parts.append(_("dealer wins ties"))
        parts.append(_("bets {low}-{high}").format(low=self.min_bet, high=self.max_bet))
        return " · ".join(parts)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["blackjack_pays"] = self.blackjack_pays.value
        data["double"] = self.double.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        """Rules from settings JSON; unknown keys are ignored, a bad value raises ValueError."""
        known = {f.name for f in fields(cls)}
        try:
            return replace(cls(), **{k: v for k, v in data.items() if k in known})
        except (TypeError, ValueError) as error:
            raise ValueError(f"unusable blackjack rules: {error}") from error
