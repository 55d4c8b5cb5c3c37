"""Exact odds for the cards still unseen: will a hit bust, how will the dealer finish.

Everything here works on a *composition*: how many cards of each blackjack
value are still unseen (the shoe plus the dealer's hole card), as a tuple
of ten counts for the ace, 2, 3, ... 9 and ten-value cards. A finite shoe
is not an infinite deck: after three tens have gone, a ten is less likely,
and these figures follow the real shoe card by card.

The dealer's distribution is computed by following every way the dealer's
hand can go, weighted by the chance of each card given the cards already
drawn (exact for the composition, not a simulation). When the up-card is an
ace or a ten and the dealer has peeked without finding a blackjack, the
hole card is known not to complete one; the figures are then conditioned
on that, as published dealer tables are
(https://wizardofodds.com/games/blackjack/dealer-outcome-probabilities/).

>>> six_decks = remove(shoe_composition(6), [6])
>>> odds = dealer_odds(6, six_decks, hits_soft_17=False)
>>> round(odds.bust, 4), round(sum(odds.probabilities), 12)
(0.4228, 1.0)
>>> round(hit_bust_chance(16, six_decks), 4)  # 191 of the 311 unseen cards bust a 16
0.6141
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from cardtui.cards import Card

#: Counts of unseen cards by blackjack value: index 0 aces, 1 twos ... 9 tens.
Composition = tuple[int, ...]

#: The dealer's possible finishes, in the order of :attr:`DealerOdds.probabilities`.
FINISHES = ("17", "18", "19", "20", "21", "blackjack", "bust")


def shoe_composition(decks: int) -> Composition:
    """A full shoe: 4 of each value per deck, 16 ten-value cards per deck."""
    if decks < 1:
        raise ValueError(f"a shoe holds at least one deck, not {decks}")
    return (4 * decks,) * 9 + (16 * decks,)


def composition_of(cards: Iterable[Card]) -> Composition:
    """How many of ``cards`` have each blackjack value."""
    counts = [0] * 10
    for card in cards:
        counts[card.rank.blackjack_value - 1] += 1
    return tuple(counts)


def remove(composition: Composition, values: Iterable[int]) -> Composition:
    """``composition`` less one card of each value in ``values`` (1 = ace, 10 = ten).

    >>> remove(shoe_composition(1), [1, 10, 10])
    (3, 4, 4, 4, 4, 4, 4, 4, 4, 14)
    """
    counts = list(composition)
    for value in values:
        if counts[value - 1] == 0:
            raise ValueError(f"no card of value {value} is left to remove")
        counts[value - 1] -= 1
    return tuple(counts)


def unseen_composition(decks: int, seen: Iterable[Card]) -> Composition:
    """The cards not yet seen in a shoe of ``decks`` decks, after ``seen`` came out.

    ``seen`` is every card shown since the shuffle: the discard tray and the
    cards face up on the table (not the dealer's hole card while it is down).
    """
    return remove(shoe_composition(decks), (card.rank.blackjack_value for card in seen))


def _peek_excludes(up: int) -> int | None:
    """The hole-card value that would have made a dealer blackjack, found by the peek."""
    return 10 if up == 1 else 1 if up == 10 else None


def hit_bust_chance(
    hard_total: int, unseen: Composition, *, up: int | None = None, peeked: bool = False
) -> float:
    """The chance that one more card takes a hand with this hard total over 21.

    ``hard_total`` counts every ace as 1 (a soft hand busts only when its hard
    total does). The next card comes from ``unseen`` less the hole card; when
    ``peeked`` (the dealer, showing ``up``, looked and has no blackjack) the
    hole card is known not to be the card that completes one, which makes
    that value a little more likely to come next. Exact:
    P(next = v) = n_v (M - [v is not excluded]) / (M (N - 1)), where N cards
    are unseen and M of them could be the hole card.

    >>> round(hit_bust_chance(12, shoe_composition(1)), 4)  # 16 tens of 52
    0.3077
    >>> hit_bust_chance(11, shoe_composition(1))
    0.0
    """
    total = sum(unseen)
    if total == 0:
        raise ValueError("no cards are left to draw")
    busting = [v for v in range(1, 11) if hard_total + v > 21]
    excluded = _peek_excludes(up) if (peeked and up is not None) else None
    if excluded is None:
        return sum(unseen[v - 1] for v in busting) / total
    if total < 2:
        raise ValueError("no card is left once the hole card is taken out")
    could_be_hole = total - unseen[excluded - 1]
    if could_be_hole == 0:
        raise ValueError("the dealer could not have peeked: every unseen card makes a blackjack")
    chance = 0.0
    for v in busting:
        n = unseen[v - 1]
        chance += n * (could_be_hole - (v != excluded)) / (could_be_hole * (total - 1))
    return chance


@dataclass(frozen=True, slots=True)
class DealerOdds:
    """How the dealer's hand will finish, with ``up`` showing (1 = ace, 10 = ten).

    ``probabilities`` follows :data:`FINISHES`: 17, 18, 19, 20, 21 (made with
    three or more cards, or a 21 that is not a two-card ace-ten), blackjack, bust.
    """

    up: int
    probabilities: tuple[float, float, float, float, float, float, float]
    hits_soft_17: bool
    peeked: bool

    @property
    def bust(self) -> float:
        return self.probabilities[6]

    @property
    def blackjack(self) -> float:
        return self.probabilities[5]

    def total(self, finish: int) -> float:
        """The chance the dealer stands on exactly ``finish`` (17-21, blackjack excluded)."""
        if not 17 <= finish <= 21:
            raise ValueError(f"the dealer finishes on 17 to 21 or busts, not {finish}")
        return self.probabilities[finish - 17]

    def as_dict(self) -> dict[str, float]:
        return dict(zip(FINISHES, self.probabilities, strict=True))


def dealer_odds(
    up: int, unseen: Composition, *, hits_soft_17: bool, peeked: bool = True
) -> DealerOdds:
    """The dealer's final-total distribution for this up-card and these unseen cards.

    ``unseen`` must not include the up-card (it is on the table). With
    ``peeked`` and an ace or ten up, the dealer has looked and has no
    blackjack, so blackjack has probability 0 and the rest is conditioned on
    that; otherwise the hole card is any unseen card. Results are memoised by
    composition, so asking again for the same shoe costs nothing.
    """
    if not 1 <= up <= 10:
        raise ValueError(f"an up-card is worth 1 (ace) to 10, not {up}")
    if len(unseen) != 10 or min(unseen) < 0:
        raise ValueError("a composition is ten counts, none below zero")
    return _dealer_odds(up, tuple(unseen), hits_soft_17, peeked and _peek_excludes(up) is not None)


@lru_cache(maxsize=4096)
def _dealer_odds(up: int, unseen: Composition, hits_soft_17: bool, peeked: bool) -> DealerOdds:
    total = sum(unseen)
    if total == 0:
        raise ValueError("no card is left for the dealer's hole card")
    excluded = _peek_excludes(up) if peeked else None
    hole_total = total - (unseen[excluded - 1] if excluded else 0)
    if hole_total == 0:
        raise ValueError("the dealer could not have peeked: every unseen card makes a blackjack")
    finishes = [0.0] * 7
    memo: dict[tuple[int, bool, Composition], tuple[float, ...]] = {}
    counts = list(unseen)
    for hole in range(1, 11):
        n = counts[hole - 1]
        if n == 0 or hole == excluded:
            continue
        chance = n / hole_total
        if {up, hole} == {1, 10}:
            finishes[5] += chance
            continue
        counts[hole - 1] -= 1
        rest = _dealer_from(up + hole, up == 1 or hole == 1, tuple(counts), hits_soft_17, memo)
        counts[hole - 1] += 1
        for i, p in enumerate(rest):
            finishes[i if i < 5 else 6] += chance * p
    # (Seven finishes, as FINISHES: tuple() of a list cannot say how many.)
    return DealerOdds(up, tuple(finishes), hits_soft_17, peeked)  # type: ignore[arg-type]


def _dealer_from(
    hard: int, ace: bool, unseen: Composition, hits_soft_17: bool,
    memo: dict[tuple[int, bool, Composition], tuple[float, ...]],
) -> tuple[float, ...]:
    """(17, 18, 19, 20, 21, bust) from a dealer hand of ``hard`` (aces as 1), drawing on.

    Memoised per call: the same cards drawn in another order reach the same state.
    """
    if ace and hard <= 11:
        soft_total = hard + 10
        if soft_total > 17 or (soft_total == 17 and not hits_soft_17):
            return _STANDS[soft_total]
    elif hard >= 17:
        return _STANDS[hard] if hard <= 21 else _BUST
    key = (hard, ace, unseen)
    found = memo.get(key)
    if found is not None:
        return found
    total = sum(unseen)
    if total == 0:
        # The shoe ran dry (only in tiny test shoes): the dealer's table
        # reshuffles the discards, which these figures cannot see; stand as is.
        raise ValueError("the unseen cards ran out before the dealer finished")
    out = [0.0] * 6
    counts = list(unseen)
    for value in range(1, 11):
        n = counts[value - 1]
        if n == 0:
            continue
        counts[value - 1] -= 1
        rest = _dealer_from(hard + value, ace or value == 1, tuple(counts), hits_soft_17, memo)
        counts[value - 1] += 1
        chance = n / total
        for i, p in enumerate(rest):
            out[i] += chance * p
    result = tuple(out)
    memo[key] = result
    return result


_STANDS = {t: tuple(1.0 if i == t - 17 else 0.0 for i in range(6)) for t in range(17, 22)}
_BUST = (0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
