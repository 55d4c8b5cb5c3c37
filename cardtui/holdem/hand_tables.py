"""Lookup tables behind the fast hand evaluator, built once at import.

Every card gets an additive key, ``rank key << 9 | suit key``, so the sum of
a hand's keys says two things at once:

* the low 9 bits (the suit sum) tell whether some suit holds five or more of
  the cards, and which one;
* the high bits (the rank sum) identify the multiset of ranks, which decides
  every hand that is not a flush.

The rank keys are SKPokerEval's (Henrique Bonetto, "Gaining speed with
additive hashes"): no two multisets of up to seven ranks, at most four of a
rank, share a sum. The suit keys 0, 1, 8 and 57 do the same for suits. Both
claims are checked when the tables are built, so a wrong key cannot slip by.

A hand's value packs the category and up to five ranks (2-14) into one int,
``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5``, most
significant rank first, so comparing values compares hands and the value can
be read back into words:

>>> hex(pack(HandCategory.FULL_HOUSE, (13, 7)))
'0x6d7000'
>>> hex(pack(HandCategory.STRAIGHT, (5,)))
'0x450000'
"""

from __future__ import annotations

from enum import IntEnum
from itertools import combinations_with_replacement


class HandCategory(IntEnum):
    """The nine kinds of poker hand, weakest first (a royal flush is a straight flush)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """How players say it: "Two pair", "Straight flush"."""
        return self.name.replace("_", " ").capitalize()


#: SKPokerEval's rank keys, deuce first.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
#: Suit keys in card-index suit order (c, d, h, s).
SUIT_KEYS = (0, 1, 8, 57)
SUIT_BITS = 9
SUIT_MASK = (1 << SUIT_BITS) - 1
CATEGORY_SHIFT = 20
NO_FLUSH = -1

#: The additive key of each card, by :attr:`cardtui.cards.Card.index`.
CARD_KEYS: tuple[int, ...] = tuple(
    RANK_KEYS[index >> 2] << SUIT_BITS | SUIT_KEYS[index & 3] for index in range(52)
)


def pack(category: HandCategory, ranks: tuple[int, ...]) -> int:
    """The value of a hand of ``category`` decided by ``ranks`` (2-14, most significant first)."""
    value = int(category)
    for rank in ranks:
        value = value << 4 | rank
    return value << 4 * (5 - len(ranks))


def unpack(value: int) -> tuple[HandCategory, tuple[int, ...]]:
    """The category and the five rank nibbles of a value (unused nibbles are 0).

    >>> unpack(pack(HandCategory.TWO_PAIR, (14, 7, 12)))
    (<HandCategory.TWO_PAIR: 2>, (14, 7, 12, 0, 0))
    """
    ranks = tuple(value >> shift & 15 for shift in (16, 12, 8, 4, 0))
    return HandCategory(value >> CATEGORY_SHIFT), ranks


def _straight_top(mask: int) -> int:
    """The top rank of the best straight in a 13-bit rank mask (bit 0 = deuce), or 0."""
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top + 2
    # A-2-3-4-5, the wheel: the ace plays low in a straight
    # (https://en.wikipedia.org/wiki/List_of_poker_hands#Straight).
    wheel = 1 << 12 | 0b1111
    return 5 if mask & wheel == wheel else 0


#: The ranks (2-14) present in every 13-bit mask, highest first.
RANKS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(bit + 2 for bit in range(12, -1, -1) if mask >> bit & 1) for mask in range(1 << 13)
)

#: Best straight top rank (2-14) for every 13-bit rank mask, 0 when none.
STRAIGHT_TOP: tuple[int, ...] = tuple(_straight_top(mask) for mask in range(1 << 13))


def _flush_value(mask: int) -> int:
    top = STRAIGHT_TOP[mask]
    if top:
        return pack(HandCategory.STRAIGHT_FLUSH, (top,))
    return pack(HandCategory.FLUSH, RANKS_IN[mask][:5])


#: Value of the best flush among the ranks of one suit (13-bit mask, 5 or more bits set).
FLUSH_VALUES: tuple[int, ...] = tuple(
    _flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13)
)


def value_from_ranks(ranks: tuple[int, ...]) -> int:
    """Value of the best five of 5-7 cards with these ranks (0 = deuce), when no flush is possible.

    >>> value_from_ranks((12, 0, 1, 2, 3, 9, 9)) == pack(HandCategory.STRAIGHT, (5,))
    True
    >>> value_from_ranks((5, 5, 5, 11, 11, 11, 12)) == pack(HandCategory.FULL_HOUSE, (13, 7))
    True
    """
    # Ranks held at least once, twice, three and four times.
    ones = twos = threes = fours = 0
    for rank in ranks:
        bit = 1 << rank
        if ones & bit:
            if twos & bit:
                if threes & bit:
                    fours |= bit
                threes |= bit
            twos |= bit
        ones |= bit
    if fours:
        quad = RANKS_IN[fours][0]
        kicker = RANKS_IN[ones & ~(1 << quad - 2)][:1]
        return pack(HandCategory.FOUR_OF_A_KIND, (quad, *kicker))
    if threes:
        trips = RANKS_IN[threes][0]
        paired = RANKS_IN[twos & ~(1 << trips - 2)]
        if paired:
            # With two sets of trips, the lower one plays as the pair.
            return pack(HandCategory.FULL_HOUSE, (trips, paired[0]))
    top = STRAIGHT_TOP[ones]
    if top:
        return pack(HandCategory.STRAIGHT, (top,))
    if threes:
        return pack(HandCategory.THREE_OF_A_KIND, (trips, *RANKS_IN[ones & ~threes][:2]))
    pairs = RANKS_IN[twos]
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        # A third pair can only play as the kicker: best five cards only.
        kicker = RANKS_IN[ones & ~(1 << high - 2 | 1 << low - 2)][:1]
        return pack(HandCategory.TWO_PAIR, (high, low, *kicker))
    if pairs:
        return pack(HandCategory.ONE_PAIR, (pairs[0], *RANKS_IN[ones & ~twos][:3]))
    return pack(HandCategory.HIGH_CARD, RANKS_IN[ones][:5])


def _rank_table(size: int) -> dict[int, int]:
    """Rank-key sum -> value for every non-flush hand of ``size`` cards."""
    table: dict[int, int] = {}
    multisets = 0
    key_of = RANK_KEYS.__getitem__
    for ranks in combinations_with_replacement(range(13), size):
        if any(ranks[i] == ranks[i + 4] for i in range(size - 4)):
            continue  # five of a kind: one deck has only four of each rank
        multisets += 1
        table[sum(map(key_of, ranks))] = value_from_ranks(ranks)
    if len(table) != multisets:
        raise AssertionError(f"rank keys collide on {size}-card hands")
    return table


def _flush_suit_table(size: int) -> tuple[int, ...]:
    """Suit-key sum -> suit code (0-3) holding five or more cards, else NO_FLUSH."""
    table = [NO_FLUSH] * (1 << SUIT_BITS)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), size):
        key = sum(SUIT_KEYS[s] for s in suits)
        flush = next((s for s in range(4) if suits.count(s) >= 5), NO_FLUSH)
        if seen.setdefault(key, flush) != flush:
            raise AssertionError(f"suit keys collide on {size}-card hands")
        table[key] = flush
    return tuple(table)


RANK_TABLES: dict[int, dict[int, int]] = {size: _rank_table(size) for size in (5, 6, 7)}
FLUSH_SUITS: dict[int, tuple[int, ...]] = {size: _flush_suit_table(size) for size in (5, 6, 7)}
