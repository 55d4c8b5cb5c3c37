"""Hold'em equity: how often each hand wins once the board is dealt out.

>>> from cardtui.cards import parse_cards
>>> result = equity([parse_cards("AhKh"), parse_cards("QsQd")], parse_cards("Jc3d5c"))
>>> result.exact, result.samples
(True, 990)
>>> [f"{hand.equity:.4f}" for hand in result.hands]
['0.2636', '0.7364']

When the board leaves more run-outs than ``exact_limit``, ``trials`` random
run-outs are dealt instead (Monte Carlo) from the injected generator.

All the work is on card indices and the evaluator's additive keys (see
:mod:`cardtui.holdem.hand_tables`): a run-out's key is the sum of its cards'
keys, so each hand costs one addition and one table lookup unless a flush is
possible.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from cardtui.cards import Card
from cardtui.holdem.evaluator import rank7
from cardtui.holdem.hand_tables import CARD_KEYS, FLUSH_SUITS, RANK_TABLES, SUIT_BITS, SUIT_MASK
from cardtui.i18n import N_
from cardtui.i18n.said import Said

__all__ = ["EquityResult", "HandEquity", "equity", "equity_vs_random"]

_BOARD_SIZES = (0, 3, 4, 5)  # preflop, flop, turn, river
_FLUSH_SUIT = FLUSH_SUITS[7]
_RANK_TABLE = RANK_TABLES[7]


@dataclass(frozen=True)
class HandEquity:
    """One hand's share of the run-outs."""

    cards: tuple[Card, ...]
    #: Fraction of run-outs this hand wins outright.
    win: float
    #: Fraction of run-outs this hand ties for the best hand.
    tie: float
    #: Expected share of the pot: wins plus 1/k of each k-way tie.
    equity: float


@dataclass(frozen=True)
class EquityResult:
    """The equity of every hand, and how it was measured."""

    hands: tuple[HandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    #: True when every run-out was dealt (enumeration), False for Monte Carlo.
    exact: bool
    #: How many run-outs were evaluated.
    samples: int


def equity(
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    trials: int = 100_000,
    rng: random.Random | None = None,
    exact_limit: int = 2_000_000,
) -> EquityResult:
    """Win, tie and equity of two or more hold'em hands.

    ``dead`` cards are known to be out of the deck (folded or burned face up).
    Every run-out is dealt when there are at most ``exact_limit`` of them (any
    hold'em board under the default); otherwise ``trials`` random run-outs are
    drawn from ``rng`` (a fresh, unseeded generator if none is given).

    >>> from cardtui.cards import parse_cards
    >>> equity([parse_cards("AhKh")])
    Traceback (most recent call last):
    ...
    ValueError: equity needs at least two hands, not 1
    """
    holes = [tuple(hand) for hand in hands]
    board_cards, dead_cards = tuple(board), tuple(dead)
    if len(holes) < 2:
        raise ValueError(Said(N_("equity needs at least two hands, not {count}"),
                              count=len(holes)))
    for hole in holes:
        _check_hole(hole)
    _check_board(board_cards)
    remaining = _remaining_deck([*(c for h in holes for c in h), *board_cards, *dead_cards])
    missing = 5 - len(board_cards)
    if len(remaining) < missing:
        raise ValueError(Said(N_("only {left} cards are left to deal {missing} to the board"),
                              left=len(remaining), missing=missing))
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")

    runouts = comb(len(remaining), missing)
    exact = runouts <= exact_limit
    boards: Iterable[Sequence[int]]
    if exact:
        boards = combinations(remaining, missing)
        samples = runouts
    else:
        generator = rng if rng is not None else random.Random()
        boards = (generator.sample(remaining, missing) for _ in range(trials))
        samples = trials
    wins, ties, shares = _tally(holes, board_cards, boards)
    results = tuple(
        HandEquity(hole, wins[i] / samples, ties[i] / samples, (wins[i] + shares[i]) / samples)
        for i, hole in enumerate(holes)
    )
    return EquityResult(results, board_cards, dead_cards, exact, samples)


def equity_vs_random(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: int,
    *,
    trials: int,
    rng: random.Random,
) -> float:
    """Share of the pot ``hole`` wins against ``opponents`` random hands (Monte Carlo).

    A win counts 1 and a k-way tie 1/k, over ``trials`` deals of the opponents'
    hole cards and the rest of the board.

    >>> from cardtui.cards import parse_cards
    >>> share = equity_vs_random(parse_cards("AsAh"), (), 1, trials=2000, rng=random.Random(1))
    >>> 0.80 < share < 0.90
    True
    """
    hero, board_cards = tuple(hole), tuple(board)
    _check_hole(hero)
    _check_board(board_cards)
    remaining = _remaining_deck([*hero, *board_cards])
    missing = 5 - len(board_cards)
    if opponents < 1 or 2 * opponents + missing > len(remaining):
        raise ValueError(f"cannot deal hands to {opponents} opponents")
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")

    keys, flush_suit, table = CARD_KEYS, _FLUSH_SUIT, _RANK_TABLE
    key_of = keys.__getitem__
    known = [c.index for c in board_cards]
    base = sum(keys[i] for i in known)
    hero_idx = [c.index for c in hero]
    hero_key = keys[hero_idx[0]] + keys[hero_idx[1]]
    drawn_count = missing + 2 * opponents
    total = 0.0
    for _ in range(trials):
        drawn = rng.sample(remaining, drawn_count)
        runout = drawn[:missing]
        board_key = base + sum(map(key_of, runout))
        key = board_key + hero_key
        if flush_suit[key & SUIT_MASK] < 0:
            best = table[key >> SUIT_BITS]
        else:
            best = rank7(*hero_idx, *known, *runout)
        tied = 1
        for seat in range(missing, drawn_count, 2):
            a, b = drawn[seat], drawn[seat + 1]
            key = board_key + keys[a] + keys[b]
            if flush_suit[key & SUIT_MASK] < 0:
                value = table[key >> SUIT_BITS]
            else:
                value = rank7(a, b, *known, *runout)
            if value > best:
                break
            if value == best:
                tied += 1
        else:
            total += 1 / tied
    return total / trials


def _tally(
    holes: list[tuple[Card, ...]],
    board: tuple[Card, ...],
    boards: Iterable[Sequence[int]],
) -> tuple[list[int], list[int], list[float]]:
    """Wins, ties and tie shares of each hand over the given run-outs (index tuples)."""
    if len(holes) == 2:
        return _tally_heads_up(holes, board, boards)
    keys, flush_suit, table = CARD_KEYS, _FLUSH_SUIT, _RANK_TABLE
    key_of = keys.__getitem__
    known = [c.index for c in board]
    base = sum(keys[i] for i in known)
    hole_idx = [(h[0].index, h[1].index) for h in holes]
    hole_keys = [keys[a] + keys[b] for a, b in hole_idx]
    players = range(len(holes))
    wins, ties, shares = [0] * len(holes), [0] * len(holes), [0.0] * len(holes)
    for runout in boards:
        board_key = base + sum(map(key_of, runout))
        values = []
        for player in players:
            key = board_key + hole_keys[player]
            if flush_suit[key & SUIT_MASK] < 0:
                values.append(table[key >> SUIT_BITS])
            else:
                values.append(rank7(*hole_idx[player], *known, *runout))
        best = max(values)
        winners = [p for p in players if values[p] == best]
        if len(winners) == 1:
            wins[winners[0]] += 1
        else:
            for p in winners:
                ties[p] += 1
                shares[p] += 1 / len(winners)
    return wins, ties, shares


def _tally_heads_up(
    holes: list[tuple[Card, ...]],
    board: tuple[Card, ...],
    boards: Iterable[Sequence[int]],
) -> tuple[list[int], list[int], list[float]]:
    """:func:`_tally` for two hands, the common case, unrolled: twice as fast preflop."""
    keys, flush_suit, table = CARD_KEYS, _FLUSH_SUIT, _RANK_TABLE
    key_of = keys.__getitem__
    known = [c.index for c in board]
    base = sum(keys[i] for i in known)
    (a1, a2), (b1, b2) = ((h[0].index, h[1].index) for h in holes)
    first_key, second_key = keys[a1] + keys[a2], keys[b1] + keys[b2]
    first = second = split = 0
    for runout in boards:
        board_key = base + sum(map(key_of, runout))
        key = board_key + first_key
        if flush_suit[key & SUIT_MASK] < 0:
            first_value = table[key >> SUIT_BITS]
        else:
            first_value = rank7(a1, a2, *known, *runout)
        key = board_key + second_key
        if flush_suit[key & SUIT_MASK] < 0:
            second_value = table[key >> SUIT_BITS]
        else:
            second_value = rank7(b1, b2, *known, *runout)
        if first_value > second_value:
            first += 1
        elif second_value > first_value:
            second += 1
        else:
            split += 1
    return [first, second], [split, split], [split / 2, split / 2]


def _check_hole(hole: tuple[Card, ...]) -> None:
    if len(hole) != 2:
        raise ValueError(Said(N_("a hold'em hand is 2 hole cards, not {count}"),
                              count=len(hole)))


def _check_board(board: tuple[Card, ...]) -> None:
    if len(board) not in _BOARD_SIZES:
        raise ValueError(Said(N_("a board is 0, 3, 4 or 5 cards, not {count}"),
                              count=len(board)))


def _remaining_deck(used: list[Card]) -> list[int]:
    """Indices of the cards not in ``used``; ValueError if a card is used twice."""
    indices = [card.index for card in used]
    seen: set[int] = set()
    for card, index in zip(used, indices, strict=True):
        if index in seen:
            raise ValueError(Said(N_("{card} appears twice"), card=card))
        seen.add(index)
    return [i for i in range(52) if i not in seen]
