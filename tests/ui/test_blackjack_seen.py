"""The count's memory (ShoeTracker): counts what the viewer was shown, once, since the shuffle."""

from __future__ import annotations

from cardtui.blackjack.odds import shoe_composition, unseen_composition
from cardtui.blackjack.records import DealerCard, HoleCardRevealed, PlayerCard, Shuffled
from cardtui.cards import Card, parse_cards
from cardtui.ui.blackjack_seen import ShoeTracker


def card(text: str) -> Card:
    return Card.parse(text)


def test_a_face_down_hole_card_is_not_counted_until_it_is_turned() -> None:
    seen = ShoeTracker(decks=1, fresh_shoe=True)
    seen.begin(1)
    seen.see(PlayerCard(0, 0, card("Th")))
    seen.see(DealerCard(card("5c")))
    seen.see(DealerCard(None, face_down=True))  # type: ignore[arg-type]  # as a viewer gets it
    assert seen.cards is not None
    assert seen.cards.unseen == unseen_composition(1, parse_cards("Th 5c"))
    seen.see(HoleCardRevealed(card("2d")))
    assert seen.cards.count.running == 1  # -1 +1 +1
    assert seen.cards.unseen == unseen_composition(1, parse_cards("Th 5c 2d"))


def test_a_shuffle_between_rounds_starts_the_count_afresh() -> None:
    seen = ShoeTracker(decks=2, fresh_shoe=True)
    seen.begin(1)
    seen.see(PlayerCard(0, 0, card("4h")))
    seen.begin(2)
    seen.see(Shuffled(2))
    assert seen.cards is not None
    assert seen.cards.count.running == 0 and seen.cards.unseen == shoe_composition(2)


def test_joining_a_shoe_in_play_counts_from_the_next_shuffle() -> None:
    seen = ShoeTracker(decks=6, fresh_shoe=False)
    seen.begin(7)
    seen.see(PlayerCard(0, 0, card("4h")))
    assert seen.cards is None
    seen.begin(8)
    seen.see(Shuffled(6))
    seen.see(PlayerCard(0, 0, card("4h")))
    assert seen.cards is not None and seen.cards.count.running == 1


def test_a_round_delivered_again_is_counted_once_and_then_goes_on() -> None:
    seen = ShoeTracker(decks=1, fresh_shoe=True)
    records = [PlayerCard(0, 0, card("2h")), DealerCard(card("3c")), PlayerCard(0, 0, card("4d"))]
    seen.begin(1)
    for record in records[:2]:
        seen.see(record)
    seen.begin(1)  # the viewer came back: the round in play so far, then its next card
    for record in records:
        seen.see(record)
    assert seen.cards is not None and seen.cards.count.running == 3
