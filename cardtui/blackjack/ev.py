"""What each move is worth, from the cards still unseen: the arithmetic behind a chart.

For a two-card hand against an up-card, :func:`move_values` gives the
expected result of standing, hitting (then hitting or standing as well as
possible, card by card), doubling, splitting and surrendering, in units of
the bet, for the exact composition of the unseen cards. Basic strategy
charts are made this way (https://wizardofodds.com/games/blackjack/appendix/9/
describes the method); the tests use it to check chart cells.

What is exact and what is not:

- standing, hitting and doubling are exact for the composition, the
  dealer's play following every card (:mod:`odds`);
- with an ace or ten up the dealer has peeked and has no blackjack: the
  hole card is known not to complete one, for the dealer's play and for
  the player's own draws alike (exact: see :meth:`Evaluator.draws`);
- a split is valued as two hands of one card each against the unseen
  cards, with no resplit and without the two hands taking cards from each
  other (the usual approximation; it slightly undervalues splits where a
  resplit would be allowed).

>>> from cardtui.blackjack.odds import remove, shoe_composition
>>> unseen = remove(shoe_composition(6), [10, 6, 10])
>>> values = move_values((10, 6), 10, unseen, Rules(late_surrender=True))
>>> values.best_name, round(values.hit, 3), round(values.stand, 3)
('surrender', -0.535, -0.541)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtui.blackjack.odds import Composition, dealer_odds
from cardtui.blackjack.rules import DoubleRule, Rules


@dataclass(frozen=True, slots=True)
class MoveValues:
    """The expected result of each move, per unit bet; ``None`` where the move is not open."""

    stand: float
    hit: float
    double: float | None
    split: float | None
    surrender: float | None

    def as_dict(self) -> dict[str, float]:
        moves = {"stand": self.stand, "hit": self.hit, "double": self.double,
                 "split": self.split, "surrender": self.surrender}
        return {name: value for name, value in moves.items() if value is not None}

    @property
    def best_name(self) -> str:
        moves = self.as_dict()
        return max(moves, key=moves.__getitem__)


class Evaluator:
    """The expected values against one up-card under one set of rules.

    It remembers every (hand, unseen cards) it has valued, and many hands
    reach the same ones (a 3 then a 2, or a 2 then a 3), so one evaluator
    asked about many hands answers much faster than a new one for each.
    """

    def __init__(self, up: int, rules: Rules) -> None:
        self.up = up
        self.rules = rules
        # With an ace or ten up the dealer has peeked: the hole card is not
        # the card that makes a blackjack (None: nothing is known of it).
        self.not_hole = 10 if up == 1 else 1 if up == 10 else None
        self.tie = -1.0 if rules.dealer_wins_ties else 0.0
        self._dealer: dict[Composition, tuple[float, ...]] = {}
        self._best: dict[tuple[int, bool, Composition], float] = {}

    def dealer(self, unseen: Composition) -> tuple[float, ...]:
        """(17, 18, 19, 20, 21, blackjack, bust) for the dealer against ``unseen``."""
        found = self._dealer.get(unseen)
        if found is None:
            found = dealer_odds(self.up, unseen,
                                hits_soft_17=self.rules.dealer_hits_soft_17).probabilities
            self._dealer[unseen] = found
        return found

    def stand(self, total: int, unseen: Composition) -> float:
        """Stand on ``total`` (21 or less, not a natural)."""
        finishes = self.dealer(unseen)
        value = finishes[6] - finishes[5]  # the dealer busts; a dealer blackjack beats any 21
        for dealer_total, chance in zip(range(17, 22), finishes, strict=False):
            if total > dealer_total:
                value += chance
            elif total < dealer_total:
                value -= chance
            else:
                value += self.tie * chance
        return value

    def draws(self, unseen: Composition) -> list[tuple[int, float, Composition]]:
        """Each value the next card can have, its chance, and the cards left after it.

        The hole card is one of the unseen cards but not the next one. After a
        peek it is equally likely to be any unseen card but the excluded
        value, whatever the player has drawn since (drawing a card leaves the
        others equally likely), so the next card is value v with chance
        n_v (M - [v is not excluded]) / (M (N - 1)) for N unseen cards, M of
        them possible hole cards; with nothing known, n_v / N.
        """
        total = sum(unseen)
        excluded = self.not_hole
        could_be_hole = total - unseen[excluded - 1] if excluded else 0
        out = []
        for value in range(1, 11):
            n = unseen[value - 1]
            if n:
                rest = list(unseen)
                rest[value - 1] -= 1
                if excluded:
                    chance = n * (could_be_hole - (value != excluded)) / (
                        could_be_hole * (total - 1))
                else:
                    chance = n / total
                if chance:
                    out.append((value, chance, tuple(rest)))
        return out

    def hit(self, hard: int, ace: bool, unseen: Composition) -> float:
        value = 0.0
        for card, chance, rest in self.draws(unseen):
            if hard + card > 21:
                value -= chance
            else:
                value += chance * self.best(hard + card, ace or card == 1, rest)
        return value

    def best(self, hard: int, ace: bool, unseen: Composition) -> float:
        """Hit or stand, whichever is worth more, from here on."""
        key = (hard, ace, unseen)
        found = self._best.get(key)
        if found is not None:
            return found
        total = hard + 10 if ace and hard <= 11 else hard
        value = self.stand(total, unseen)
        if total < 21:
            value = max(value, self.hit(hard, ace, unseen))
        self._best[key] = value
        return value

    def double(self, hard: int, ace: bool, unseen: Composition) -> float:
        value = 0.0
        for card, chance, rest in self.draws(unseen):
            new_hard, new_ace = hard + card, ace or card == 1
            if new_hard > 21:
                value -= 2 * chance
            else:
                total = new_hard + 10 if new_ace and new_hard <= 11 else new_hard
                value += 2 * chance * self.stand(total, rest)
        return value

    def split(self, card: int, unseen: Composition) -> float:
        """Two hands, each starting with ``card``; ``unseen`` already lacks both cards."""
        one = 0.0
        for second, chance, rest in self.draws(unseen):
            hard, ace = card + second, card == 1 or second == 1
            total = hard + 10 if ace and hard <= 11 else hard
            if card == 1:
                value = self.stand(total, rest)  # one card to each split ace
            else:
                value = self.best(hard, ace, rest)
                if self.rules.double_after_split and _may_double(self.rules, hard, ace):
                    value = max(value, self.double(hard, ace, rest))
            one += chance * value
        return 2 * one

    def move_values(self, cards: tuple[int, int], unseen: Composition) -> MoveValues:
        """See :func:`move_values`."""
        rules = self.rules
        first, second = cards
        hard, ace = first + second, 1 in cards
        total = hard + 10 if ace and hard <= 11 else hard
        if total == 21:
            raise ValueError("a natural is paid at once: there is no decision to value")
        return MoveValues(
            stand=self.stand(total, unseen),
            hit=self.hit(hard, ace, unseen),
            double=self.double(hard, ace, unseen) if _may_double(rules, hard, ace) else None,
            split=self.split(first, unseen) if first == second and rules.max_hands > 1 else None,
            surrender=-0.5 if rules.late_surrender else None,
        )


def _may_double(rules: Rules, hard: int, ace: bool) -> bool:
    if rules.double is DoubleRule.NINE_TO_ELEVEN:
        return not (ace and hard <= 11) and 9 <= hard <= 11
    return True


def move_values(
    cards: tuple[int, int], up: int, unseen: Composition, rules: Rules
) -> MoveValues:
    """Every move's value for a first decision on ``cards`` (values, 1 = ace) against ``up``.

    ``unseen`` is the composition with the player's cards and the up-card
    already taken out. Surrender is late surrender (-0.5) where the rules
    offer it; the split is valued as the module docstring says.
    """
    return Evaluator(up, rules).move_values(cards, unseen)
