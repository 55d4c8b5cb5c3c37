"""Main and side pots, and splitting a pot between tied winners.

A player all-in can win from each opponent only what they put in themselves,
so every distinct all-in level makes one more pot (table stakes:
https://en.wikipedia.org/wiki/Betting_in_poker#Table_stakes).
Seat 0 is all-in for 50, seat 1 for 120, seats 2 and 3 put in 200 each and
seat 3 later folded:

>>> [(p.amount, p.eligible) for p in build_pots([50, 120, 200, 200], live={0, 1, 2})]
[(200, (0, 1, 2)), (210, (1, 2)), (160, (2,))]

Chips of folded players stay in the pots they reached; two adjacent levels
with the same eligible players are one pot (pokerkit merges them the same way,
which matters for the odd chip).

>>> [(p.amount, p.eligible) for p in build_pots([30, 100, 100], live={1, 2})]
[(230, (1, 2))]

Each pot is split separately (TDA Rule 21); the odd chips go to the first
winner clockwise from the button (TDA Rule 20-A):

>>> split_pot(11, (4, 1, 2))
(5, 3, 3)
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    #: Seats that can still win this pot (not folded, put in enough), clockwise from the button.
    eligible: tuple[int, ...]


def build_pots(
    contributions: Sequence[int], live: Collection[int], order: Sequence[int] | None = None
) -> list[Pot]:
    """Pots from each seat's total contribution this hand (antes, blinds, bets).

    ``live`` are the seats still in the hand; ``order`` lists seats clockwise
    from the button (default: seat order) and orders each pot's ``eligible``.
    """
    seats = list(order) if order is not None else list(range(len(contributions)))
    pots: list[Pot] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(s for s in seats if s in live and contributions[s] >= level)
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(Pot(amount, eligible))
        previous = level
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Shares of ``amount`` for ``winners`` (listed clockwise from the button).

    Every odd chip goes to the first winner: TDA Rule 20-A gives the odd chip
    to the first seat left of the button, and pokerkit (whose replays our
    hand histories must match) hands the whole remainder to that player.
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    return tuple(share + (odd if i == 0 else 0) for i in range(len(winners)))


def pots_covered(shown: Sequence[Pot], pushed: Sequence[Pot]) -> list[tuple[int, int]]:
    """For each pot ``pushed`` to its winners, the pots of ``shown`` it is made of:
    (the first one's index, how many).

    The pots a table shows are pushed as they are, except that the dealer
    kills the losing hands first: a main pot and a side pot then left with the
    same contenders are one pot (one push, one split). Killing hands only
    merges neighbouring pots, so each pushed pot ends where a shown one ends.
    When the chips do not add up so (pots the table never showed), each pushed
    pot is named by its own place.

    Dora wins the main pot and side pot 1 at once; Ann side pot 2:

    >>> shown = [Pot(1200, (0, 1, 2, 3)), Pot(1830, (0, 1, 3)), Pot(360, (1, 3))]
    >>> pots_covered(shown, [Pot(3030, (0,)), Pot(360, (1,))])
    [(0, 2), (2, 1)]
    >>> pots_covered(shown, shown)
    [(0, 1), (1, 1), (2, 1)]
    >>> pots_covered([], [Pot(30, (0,))])
    [(0, 1)]
    """
    ends = list(itertools.accumulate(pot.amount for pot in shown))
    if not ends or ends[-1] != sum(pot.amount for pot in pushed):
        return [(index, 1) for index in range(len(pushed))]
    covered: list[tuple[int, int]] = []
    first = total = 0
    for index, pot in enumerate(pushed):
        total += pot.amount
        if total not in ends[first:]:
            return [(index, 1) for index in range(len(pushed))]
        last = ends.index(total, first)
        covered.append((first, last - first + 1))
        first = last + 1
    return covered
