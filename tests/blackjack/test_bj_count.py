"""Hi-Lo: tags, running and true counts, and the index plays on top of basic strategy."""

from __future__ import annotations

import random

import pytest

from cardtui.blackjack.count import (
    FAB_4,
    HI_LO,
    ILLUSTRIOUS_18,
    Count,
    IndexPlay,
    SeenCards,
    When,
    advice,
    hi_lo,
    insurance,
)
from cardtui.blackjack.odds import composition_of, hit_bust_chance
from cardtui.blackjack.records import (
    Action,
    DealerCard,
    DealerPeeked,
    PlayerCard,
    RoundSettled,
    Shuffled,
)
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import advise
from cardtui.blackjack.table import SeatKind, SeatSetup, Table
from cardtui.cards import Card, Deck, parse_cards

H, S, D, P, R = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER
SHOE = Rules()  # 6 decks, S17, no surrender
SHOE_LS = Rules(late_surrender=True)


def test_tags_and_a_whole_deck_counts_to_zero() -> None:
    assert [hi_lo(Card.parse(c)) for c in ("2c", "6d", "7h", "9s", "Tc", "Kd", "As")] == [
        1, 1, 0, 0, -1, -1, -1]
    assert Count(1).after(Deck().cards).running == 0
    assert Count(1).after(Deck().cards).decks_remaining == 0
    assert Count(1).after(Deck().cards).true_count == 0


def test_true_count_divides_by_the_decks_not_yet_seen() -> None:
    count = Count(6).after(parse_cards("2c 3c 4c 5c 6c 2d") * 26)  # 156 cards: 3 decks left
    assert count.running == 156 and count.seen == 156
    assert count.decks_remaining == 3
    assert count.true_count == 52
    half = Count(2).after(parse_cards("Kc Qd 7h") * 26)  # 78 cards seen, half the shoe
    assert half.running == -52 and half.true_count == pytest.approx(-52 / 0.5)


def test_a_shuffle_starts_again_with_the_cards_kept_on_the_table() -> None:
    count = Count.fresh(6, on_table=parse_cards("5c Kd"))
    assert (count.running, count.seen) == (0, 2)
    with pytest.raises(ValueError, match="1 to 8 decks"):
        Count(9)
    with pytest.raises(ValueError, match="cannot have been seen"):
        Count(1, seen=53)


def test_the_lists_are_complete_and_cited() -> None:
    assert len(ILLUSTRIOUS_18) == 18 and len(FAB_4) == 4
    assert [p.number for p in ILLUSTRIOUS_18] == list(range(1, 19))
    # The published indices (Schlesinger, Blackjack Attack; Wizard of Odds' Hi-Lo page).
    assert {p.name: p.index for p in ILLUSTRIOUS_18} == {
        "insurance": 3, "16 v T": 0, "15 v T": 4, "T,T v 5": 5, "T,T v 6": 4, "10 v T": 4,
        "12 v 3": 2, "12 v 2": 3, "11 v A": 1, "9 v 2": 1, "10 v A": 4, "9 v 7": 3,
        "16 v 9": 5, "13 v 2": -1, "12 v 4": 0, "12 v 5": -2, "12 v 6": -1, "13 v 3": -2,
    }
    assert {p.name: p.index for p in FAB_4} == {"14 v T": 3, "15 v T": 0, "15 v 9": 2,
                                                "15 v A": 1}
    assert ILLUSTRIOUS_18[1].label == "Illustrious 18 #2, 16 v T: stand at 0 or more"
    assert ILLUSTRIOUS_18[13].label == "Illustrious 18 #14, 13 v 2: hit below -1"


# One hand per index play: the cards, the up-card, the play at the index,
# the play just on the other side of it.
CASES = [
    ("Th 6d", "T", 0, S, H), ("Th 5d", "T", 4, S, H), ("Th Kd", "5", 5, P, S),
    ("Th Kd", "6", 4, P, S), ("6h 4d", "T", 4, D, H), ("Th 2d", "3", 2, S, H),
    ("Th 2d", "2", 3, S, H), ("6h 5d", "A", 1, D, H), ("6h 3d", "2", 1, D, H),
    ("6h 4d", "A", 4, D, H), ("6h 3d", "7", 3, D, H), ("Th 6d", "9", 5, S, H),
    ("Th 3d", "2", -1, S, H), ("Th 2d", "4", 0, S, H), ("Th 2d", "5", -2, S, H),
    ("Th 2d", "6", -1, S, H), ("Th 3d", "3", -2, S, H),
]


@pytest.mark.parametrize(("cards", "up", "index", "at", "below"), CASES)
def test_each_index_play_turns_at_its_index(cards: str, up: str, index: int, at: Action,
                                            below: Action) -> None:
    hand, up_card = parse_cards(cards), Card.parse(up + "c")
    at_index, just_below = (advice(hand, up_card, SHOE, index),
                            advice(hand, up_card, SHOE, index - 0.1))
    assert (at_index.action, just_below.action) == (at, below)
    # The side that departs from basic strategy names its index play; the other does not.
    basic = advise(hand, up_card, SHOE, can_double=True, can_split=True, can_surrender=False)
    deviating, plain = (at_index, just_below) if basic.action is below else (
        just_below, at_index)
    assert deviating.index_play is not None and deviating.index_play.index == index
    assert plain.index_play is None


def test_the_reason_names_the_index() -> None:
    tip = advice(parse_cards("Th 6d"), Card.parse("Tc"), SHOE, 1.2)
    assert tip.action is S and tip.index_play is ILLUSTRIOUS_18[1]
    assert tip.reason.startswith("Illustrious 18 #2, 16 v T: stand at 0 or more")
    assert "+1.2" in tip.reason and "basic strategy would hit" in tip.reason
    assert tip.text.startswith("Stand: Illustrious 18 #2")
    plain = advice(parse_cards("Th 6d"), Card.parse("Tc"), SHOE, -1.0)
    assert plain.action is H and plain.index_play is None
    assert "Illustrious" not in plain.reason


def test_fab_4_surrenders() -> None:
    assert advice(parse_cards("Th 4d"), Card.parse("Tc"), SHOE_LS, 3).action is R
    assert advice(parse_cards("Th 4d"), Card.parse("Tc"), SHOE_LS, 2.9).action is H
    assert advice(parse_cards("Th 5d"), Card.parse("9c"), SHOE_LS, 2).action is R
    assert advice(parse_cards("Th 5d"), Card.parse("Ac"), SHOE_LS, 1).action is R
    # 15 v T is a basic-strategy surrender; below 0 the Fab 4 say hit instead.
    assert advice(parse_cards("Th 5d"), Card.parse("Tc"), SHOE_LS, 0).action is R
    below = advice(parse_cards("Th 5d"), Card.parse("Tc"), SHOE_LS, -0.5)
    assert below.action is H and below.index_play is not None
    assert below.reason.startswith("Fab 4 #2, 15 v T: hit below 0")
    # With surrender offered, 16 v T keeps surrendering at any count.
    assert advice(parse_cards("Th 6d"), Card.parse("Tc"), SHOE_LS, 3).action is R
    # Without it, 15 v T stands at +4 (Illustrious 18 #3), never surrenders.
    assert advice(parse_cards("Th 5d"), Card.parse("Tc"), SHOE, 6).action is S


def test_what_cannot_be_done_now_is_not_advised() -> None:
    three_card_ten = parse_cards("2h 3d 5c")
    assert advice(three_card_ten, Card.parse("Tc"), SHOE, 5, can_double=False).action is H
    tens = parse_cards("Th Kd")
    assert advice(tens, Card.parse("6c"), SHOE, 5, can_split=False).action is S
    assert advice(parse_cards("Th 4d"), Card.parse("Tc"), SHOE_LS, 5,
                  can_surrender=False).action is H


def test_a_split_pair_is_not_played_as_its_total() -> None:
    # 8,8 against a ten is split, whatever 16 v T says.
    assert advice(parse_cards("8h 8d"), Card.parse("Tc"), SHOE, 2).action is P
    # Unsplittable, it is a 16 and the index applies.
    assert advice(parse_cards("8h 8d"), Card.parse("Tc"), SHOE, 2, can_split=False).action is S


def test_soft_hands_take_no_hard_index() -> None:
    assert advice(parse_cards("Ah 5d"), Card.parse("Tc"), SHOE, 3).action is H  # soft 16


def test_short_packs_and_h17_keep_their_own_basic_strategy() -> None:
    # 1-2 decks: the shoe indices do not apply (9 v 2 is a basic double in 2 decks).
    two = Rules(decks=2)
    assert advice(parse_cards("6h 3d"), Card.parse("2c"), two, -3).action is D
    assert advice(parse_cards("Th 6d"), Card.parse("Tc"), two, 3).action is H
    # H17: 11 v A is a basic double, below the S17 index too.
    h17 = Rules(dealer_hits_soft_17=True)
    assert advice(parse_cards("6h 5d"), Card.parse("Ac"), h17, -2).action is D


def test_insurance_at_plus_three() -> None:
    assert insurance(SHOE, 2.9).action is Action.DECLINE_INSURANCE
    taken = insurance(SHOE, 3.0)
    assert taken.action is Action.INSURE and taken.index_play is ILLUSTRIOUS_18[0]
    assert taken.reason.startswith("Illustrious 18 #1, insurance: insure at +3 or more")
    assert insurance(Rules(decks=1), 4).action is Action.INSURE


def test_index_play_sides() -> None:
    above = IndexPlay("Illustrious 18", 2, "16 v T", "hard", 16, 10, 0, When.AT_OR_ABOVE, S)
    below = IndexPlay("Illustrious 18", 14, "13 v 2", "hard", 13, 2, -1, When.BELOW, H)
    assert above.applies(0) and not above.applies(-0.01)
    assert below.applies(-1.01) and not below.applies(-1)


# -- following a real table's records --------------------------------------------


def engine_unseen(table: Table) -> tuple[int, ...]:
    """The truth: the cards left in the shoe, and the hole card while it is face down."""
    hidden = list(table.shoe.cards)
    rnd = table.round
    if rnd is not None and len(rnd.dealer) > 1 and not rnd.hole_revealed:
        hidden.append(rnd.dealer[1])
    return composition_of(hidden)


@pytest.mark.parametrize("rules", [Rules(decks=1, penetration=0.95), Rules(decks=6)],
                         ids=["1 deck to the end", "6 decks"])
def test_seen_cards_follow_the_table_exactly(rules: Rules) -> None:
    table = Table(rules, [SeatSetup("Ann", SeatKind.HUMAN, bankroll=10**9),
                          SeatSetup("Bot", SeatKind.BOT, bankroll=10**9)], random.Random(5))
    seen = SeenCards.fresh(rules.decks)
    mid_round_shuffles = 0
    for _ in range(300):
        records = table.deal()
        while True:
            seen = seen.after_all(records)
            mid_round_shuffles += sum(isinstance(r, Shuffled) and r.mid_round for r in records)
            assert seen.unseen == engine_unseen(table)
            # Hi-Lo is balanced: what is seen counts minus what is not.
            hidden_tags = sum(HI_LO[v] * n for v, n in enumerate(seen.unseen))
            assert seen.count.running == -hidden_tags
            if not table.in_round:
                break
            advice = table.advice()
            assert advice is not None
            records = table.act(advice.action)
    if rules.decks == 1:
        assert mid_round_shuffles > 0  # the case where the table's cards stay out was met


def test_the_odds_panel_figures() -> None:
    shoe = SeenCards.fresh(6).after_all([
        PlayerCard(0, 0, Card.parse("Th")), DealerCard(Card.parse("Ac")),
        PlayerCard(0, 0, Card.parse("6d")), DealerCard(Card.parse("9s"), face_down=True),
        DealerPeeked(blackjack=False),
    ])
    assert shoe.peeked and shoe.count.running == -1 and shoe.count.seen == 3
    hand, up = parse_cards("Th 6d"), Card.parse("Ac")
    assert shoe.bust_chance(hand, up) == hit_bust_chance(16, shoe.unseen, up=1, peeked=True)
    odds = shoe.dealer_odds(up, Rules())
    assert odds.blackjack == 0 and odds.peeked
    settled = shoe.after(RoundSettled((), 20, False, False))
    assert settled.on_table == () and not settled.peeked
