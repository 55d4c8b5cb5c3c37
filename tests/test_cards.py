import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtui.cards import ALL_CARDS, Card, Deck, Rank, Shoe, Suit, parse_cards


@pytest.mark.parametrize("bad", ["", "A", "1x", "Zs", "11h", "As s", "Tz"])
def test_parse_rejects_bad_cards_with_a_plain_message(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(bad)


def test_every_card_round_trips_through_its_code_and_index() -> None:
    assert len(set(ALL_CARDS)) == 52
    for i, card in enumerate(ALL_CARDS):
        assert card.index == i
        assert Card.from_index(i) is card
        assert Card.parse(card.code) == card
        assert Card.parse(card.unicode()) == card
        assert Card.parse(card.ascii()) == card


def test_cards_are_immutable_and_hashable() -> None:
    card = Card.parse("As")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert {card, Card(Rank.ACE, Suit.SPADES)} == {card}


def test_renderings_are_one_cell_per_symbol() -> None:
    assert Card.parse("Th").unicode() == "10♥"
    assert Card.parse("Th").ascii() == "10H"
    assert "\ufe0f" not in "".join(c.unicode() for c in ALL_CARDS)


def test_parse_cards_reads_packed_and_spaced_forms() -> None:
    assert parse_cards("10hAs") == [Card.parse("Th"), Card.parse("As")]
    assert parse_cards("Jc,3d 5c") == parse_cards("Jc3d5c")


def test_empty_deck_says_so() -> None:
    deck = Deck([])
    with pytest.raises(ValueError, match="empty"):
        deck.deal()


@given(seed=st.integers(0, 2**32), decks=st.integers(1, 8), pen=st.floats(0.5, 0.9))
def test_shoe_deals_each_card_exactly_decks_times(seed: int, decks: int, pen: float) -> None:
    shoe = Shoe(decks=decks, penetration=pen, rng=random.Random(seed))
    dealt = [shoe.deal() for _ in range(shoe.size)]
    assert sorted(dealt) == sorted(ALL_CARDS * decks)
    assert shoe.needs_shuffle


def test_same_seed_same_shoe() -> None:
    a = Shoe(rng=random.Random(42))
    b = Shoe(rng=random.Random(42))
    assert [a.deal() for _ in range(20)] == [b.deal() for _ in range(20)]


@pytest.mark.parametrize(("decks", "pen"), [(0, 0.75), (9, 0.75), (6, 0.05), (6, 1.0)])
def test_shoe_rejects_impossible_settings(decks: int, pen: float) -> None:
    with pytest.raises(ValueError):
        Shoe(decks=decks, penetration=pen)
