"""Every seven-card hand (C(52, 7) = 133,784,560), counted by category: minutes, so slow."""

from __future__ import annotations

from collections import Counter
from functools import partial
from itertools import combinations, starmap

import pytest

from cardtui.holdem import HandCategory, rank7
from cardtui.holdem.hand_tables import unpack

# The best five of seven, every 7-card hand (Brian Alspach, "7-Card Poker Hands";
# https://en.wikipedia.org/wiki/Poker_probability#Frequency_of_7-card_poker_hands).
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


@pytest.mark.slow
def test_every_seven_card_hand_by_category() -> None:
    values: Counter[int] = Counter()
    for first in range(46):
        values.update(starmap(partial(rank7, first), combinations(range(first + 1, 52), 6)))
    counts: Counter[HandCategory] = Counter()
    for value, count in values.items():
        counts[unpack(value)[0]] += count
    assert dict(counts) == SEVEN_CARD_COUNTS
    # Only 4,824 of the 7,462 five-card values can be the best of seven: the
    # weakest (7-5-4-3-2 high, say) always lose to something in the other two cards.
    assert len(values) == 4_824
