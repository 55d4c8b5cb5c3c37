"""Hold'em hand evaluation: the best five of five, six or seven cards.

>>> from cardtui.cards import parse_cards
>>> hand = evaluate(parse_cards("Kh Kd 7s 7c Ks 2d 3c"))
>>> hand.name, hand.description
('Full house', 'Full house, Kings over Sevens')
>>> " ".join(map(str, hand.best_five))
'Ks Kh Kd 7s 7c'
>>> evaluate(parse_cards("Ah 2c 3d 4s 5h Kc Kd")).description
'Straight, Five high'
>>> evaluate(parse_cards("As Ks Qs Js Ts")) > evaluate(parse_cards("9h 8h 7h 6h 5h"))
True

The fast path takes card indices (:attr:`Card.index`, 0-51) and returns the
same value as :func:`evaluate`, for bots and equity loops that rank millions
of hands:

>>> rank7(*(c.index for c in parse_cards("Kh Kd 7s 7c Ks 2d 3c"))) == hand.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from cardtui.cards import ALL_CARDS, Card, Rank
from cardtui.holdem.hand_tables import (
    CARD_KEYS,
    FLUSH_SUITS,
    FLUSH_VALUES,
    RANK_TABLES,
    SUIT_MASK,
    HandCategory,
    unpack,
)

__all__ = ["HandCategory", "HandRank", "evaluate", "rank5", "rank6", "rank7", "rank_indices"]


@dataclass(frozen=True, order=True)
class HandRank:
    """How good a hand is. Hands compare (and tie) by :attr:`value` alone."""

    #: Higher is better; equal values split the pot.
    value: int
    category: HandCategory = field(compare=False)
    #: The five cards that make the hand, groups first, then kickers, high to low.
    best_five: tuple[Card, ...] = field(compare=False)
    description: str = field(compare=False)

    @property
    def name(self) -> str:
        """The category in words: "Two pair"."""
        return self.category.label


# The fast path. Each ranker is a closure so that its tables are cell
# variables, read faster than module globals: this is the inner loop of every
# equity calculation. With five or more cards of one suit nothing but a
# straight flush beats the flush (quads or a full house would need three more
# cards of other suits), so the flush path may ignore the other cards. The
# literals 511 and 9 are SUIT_MASK and SUIT_BITS, inlined for speed.


def _make_rank7() -> Callable[[int, int, int, int, int, int, int], int]:
    keys, flush_suits, table, flush_values = CARD_KEYS, FLUSH_SUITS[7], RANK_TABLES[7], FLUSH_VALUES

    def rank7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        """Value of the best five of seven cards, given their indices (0-51)."""
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
        suit = flush_suits[key & 511]
        if suit < 0:
            return table[key >> 9]
        mask = 0
        for card in (a, b, c, d, e, f, g):
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        return flush_values[mask]

    return rank7


def _make_rank6() -> Callable[[int, int, int, int, int, int], int]:
    keys, flush_suits, table, flush_values = CARD_KEYS, FLUSH_SUITS[6], RANK_TABLES[6], FLUSH_VALUES

    def rank6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        """Value of the best five of six cards, given their indices (0-51)."""
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
        suit = flush_suits[key & 511]
        if suit < 0:
            return table[key >> 9]
        mask = 0
        for card in (a, b, c, d, e, f):
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        return flush_values[mask]

    return rank6


def _make_rank5() -> Callable[[int, int, int, int, int], int]:
    keys, flush_suits, table, flush_values = CARD_KEYS, FLUSH_SUITS[5], RANK_TABLES[5], FLUSH_VALUES

    def rank5(a: int, b: int, c: int, d: int, e: int) -> int:
        """Value of a five-card hand, given its card indices (0-51)."""
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
        if flush_suits[key & 511] < 0:
            return table[key >> 9]
        mask = 1 << (a >> 2) | 1 << (b >> 2) | 1 << (c >> 2) | 1 << (d >> 2) | 1 << (e >> 2)
        return flush_values[mask]

    return rank5


rank7 = _make_rank7()
rank6 = _make_rank6()
rank5 = _make_rank5()
_RANKERS: dict[int, Callable[..., int]] = {5: rank5, 6: rank6, 7: rank7}


def rank_indices(indices: Sequence[int]) -> int:
    """Value of 5, 6 or 7 cards given as indices (no checks: use :func:`evaluate` for those).

    >>> rank_indices([48, 49, 50, 51, 0]) == rank5(48, 49, 50, 51, 0)
    True
    """
    return _RANKERS[len(indices)](*indices)


def evaluate(cards: Iterable[Card]) -> HandRank:
    """The best five-card hand among 5, 6 or 7 distinct cards.

    >>> from cardtui.cards import parse_cards
    >>> evaluate(parse_cards("Ac Ad Kh Kd 7s 7h 2c")).description
    'Two pair, Aces and Kings, Seven kicker'
    >>> evaluate(parse_cards("Ac Ad"))
    Traceback (most recent call last):
    ...
    ValueError: a poker hand is 5, 6 or 7 cards, not 2
    """
    hand = tuple(cards)
    ranker = _RANKERS.get(len(hand))
    if ranker is None:
        raise ValueError(f"a poker hand is 5, 6 or 7 cards, not {len(hand)}")
    indices = [card.index for card in hand]
    if len(set(indices)) != len(indices):
        raise ValueError(f"the same card appears twice in {' '.join(map(str, hand))}")
    value = ranker(*indices)
    category, description, ranks = _describe(value)
    return HandRank(value, category, _best_five(indices, category, ranks), description)


def _best_five(
    indices: list[int], category: HandCategory, ranks: tuple[int, ...]
) -> tuple[Card, ...]:
    """The cards making a hand of these ranks, in the order a dealer reads them out."""
    pool = sorted(indices, reverse=True)
    if category is HandCategory.FLUSH or category is HandCategory.STRAIGHT_FLUSH:
        suit = FLUSH_SUITS[len(indices)][sum(CARD_KEYS[i] for i in indices) & SUIT_MASK]
        pool = [i for i in pool if i & 3 == suit]
    chosen = []
    for rank in ranks:
        wanted = rank - 2
        for position, index in enumerate(pool):
            if index >> 2 == wanted:
                chosen.append(ALL_CARDS[index])
                del pool[position]
                break
    return tuple(chosen)


@cache
def _describe(value: int) -> tuple[HandCategory, str, tuple[int, ...]]:
    """Category, words and the five ranks in reading order, for a hand value."""
    category, nibbles = unpack(value)
    names = [Rank(r) for r in nibbles if r]
    text, ranks = _words(category, names)
    # Plain ints: the reading order is matched against card indices in a hot loop.
    return category, text, tuple(int(r) for r in ranks)


def _words(category: HandCategory, names: list[Rank]) -> tuple[str, tuple[int, ...]]:
    """The hand in words, and its five ranks in reading order (groups, then kickers)."""
    first = names[0]
    kickers = "-".join(r.noun for r in names[1:])
    plural = "kickers" if len(names) > 2 else "kicker"
    match category:
        case HandCategory.STRAIGHT_FLUSH | HandCategory.STRAIGHT:
            top = int(first)
            # The wheel reads 5-4-3-2-A: the ace plays low
            # (https://en.wikipedia.org/wiki/List_of_poker_hands#Straight).
            ranks = tuple(top - i for i in range(4)) + (14 if top == 5 else top - 4,)
            if category is HandCategory.STRAIGHT_FLUSH and top == 14:
                return "Royal flush", ranks
            return f"{category.label}, {first.noun} high", ranks
        case HandCategory.FOUR_OF_A_KIND:
            text = f"Four of a kind, {first.plural}, {names[1].noun} kicker"
            return text, (first,) * 4 + (names[1],)
        case HandCategory.FULL_HOUSE:
            text = f"Full house, {first.plural} over {names[1].plural}"
            return text, (first,) * 3 + (names[1],) * 2
        case HandCategory.THREE_OF_A_KIND:
            text = f"Three of a kind, {first.plural}, {kickers} kickers"
            return text, (first,) * 3 + tuple(names[1:])
        case HandCategory.TWO_PAIR:
            second, kicker = names[1], names[2]
            text = f"Two pair, {first.plural} and {second.plural}, {kicker.noun} kicker"
            return text, (first, first, second, second, kicker)
        case HandCategory.ONE_PAIR:
            text = f"Pair of {first.plural}, {kickers} {plural}"
            return text, (first, first, *names[1:])
        case HandCategory.FLUSH:
            return f"Flush, {first.noun} high, then {kickers}", tuple(names)
        case _:
            return f"High card, {first.noun}, then {kickers}", tuple(names)
