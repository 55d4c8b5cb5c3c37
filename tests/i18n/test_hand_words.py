"""One English word, two meanings: a poker hand and a blackjack player's hand.

Russian says "раздача" for a hand of poker (the deal) and "рука" for one of a blackjack
player's hands after a split; the hold'em history asks in the "poker" context.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.i18n.catalogs import extract


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_a_poker_hand_and_a_split_hand_read_apart_in_russian() -> None:
    i18n.set_language("ru")
    assert i18n.pgettext("poker", "Hand {number}").format(number=3) == "Раздача 3"
    assert i18n._("Hand {number}").format(number=2) == "Рука 2"
    i18n.set_language("en")
    assert i18n.pgettext("poker", "Hand {number}") == "Hand {number}"


def test_the_history_asks_in_the_poker_context() -> None:
    entry = extract().get("Hand {number}", context="poker")
    assert entry is not None
    assert {path for path, _ in entry.locations} == {"cardtui/ui/holdem/history.py"}
