"""Basic strategy tables against the published 4-8 deck chart, and the hint text.

https://wizardofodds.com/games/blackjack/strategy/4-decks/
"""

from __future__ import annotations

import pytest

from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import advise, decide, insurance_advice
from cardtui.cards import Card, parse_cards

S17 = Rules(late_surrender=True)
H17 = Rules(late_surrender=True, dealer_hits_soft_17=True)
NO_DAS = Rules(double_after_split=False)

UP = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "A": 1}


def move(cards: str, up: str, rules: Rules = S17, *, first: bool = True) -> Action:
    hand = parse_cards(cards)
    pair = len(hand) == 2 and hand[0].rank.blackjack_value == hand[1].rank.blackjack_value
    return advise(hand, Card.parse(up + "c"), rules, can_double=first, can_split=first and pair,
                  can_surrender=first and rules.late_surrender).action


H, S, D, P, R = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER


@pytest.mark.parametrize(("cards", "up", "expected"), [
    ("5h 3d", "6", H),  # 8 or less hit
    ("5h 4d", "3", D), ("5h 4d", "2", H), ("5h 4d", "7", H),  # 9
    ("6h 4d", "9", D), ("6h 4d", "T", H),  # 10
    ("6h 5d", "T", D), ("6h 5d", "A", H),  # 11
    ("Th 2d", "4", S), ("Th 2d", "3", H), ("Th 2d", "7", H),  # 12
    ("Th 3d", "2", S), ("Th 6d", "6", S), ("Th 6d", "7", H),
    ("Th 5d", "T", R), ("Th 5d", "9", H), ("Th 5d", "A", H),  # 15: surrender vs T only
    ("Th 6d", "9", R), ("Th 6d", "A", R),  # 16 vs 9, T, A
    ("Th 7d", "A", S),
    ("Ah 2d", "5", D), ("Ah 2d", "4", H), ("Ah 4d", "4", D), ("Ah 6d", "3", D),
    ("Ah 7d", "2", S), ("Ah 7d", "6", D), ("Ah 7d", "8", S), ("Ah 7d", "9", H),
    ("Ah 8d", "6", S),
    ("Ah As", "A", P), ("8h 8s", "T", P), ("Th Ks", "6", S), ("5h 5s", "6", D),
    ("2h 2s", "2", P), ("2h 2s", "8", H), ("4h 4s", "5", P), ("4h 4s", "4", H),
    ("6h 6s", "2", P), ("7h 7s", "7", P), ("9h 9s", "7", S), ("9h 9s", "8", P),
    ("9h 9s", "A", S),
])
def test_s17_das_basic_strategy(cards: str, up: str, expected: Action) -> None:
    assert move(cards, up) is expected


@pytest.mark.parametrize(("cards", "up", "s17", "h17"), [
    ("6h 5d", "A", H, D),
    ("Ah 7d", "2", S, D),
    ("Ah 8d", "6", S, D),
    ("Th 5d", "A", H, R),
    ("Th 7d", "A", S, R),
    ("8h 8s", "A", P, R),
])
def test_h17_changes(cards: str, up: str, s17: Action, h17: Action) -> None:
    assert move(cards, up, S17) is s17
    assert move(cards, up, H17) is h17


@pytest.mark.parametrize(("cards", "up", "expected"), [
    ("2h 2s", "2", H), ("2h 2s", "4", P), ("3h 3s", "3", H), ("4h 4s", "5", H),
    ("6h 6s", "2", H), ("6h 6s", "3", P),
])
def test_without_double_after_split(cards: str, up: str, expected: Action) -> None:
    assert move(cards, up, NO_DAS) is expected


def test_fallbacks_when_the_best_move_is_not_allowed() -> None:
    assert move("Ah 7d", "4", first=False) is S  # Ds: stand
    assert move("Ah 6d", "4", first=False) is H  # D: hit
    assert move("Th 6d", "T", first=False) is H  # Rh: hit
    assert move("Th 6d", "T", Rules()) is H  # no surrender at this table


def test_decide_on_numbers_matches_advise_on_cards() -> None:
    action, table, code, row = decide(16, False, None, 10, S17, can_double=True,
                                      can_split=False, can_surrender=True)
    assert (action, table, code, row) == (R, "hard", "Rh", 16)


def test_hints_explain_the_move() -> None:
    advice = advise(parse_cards("Th 6d"), Card.parse("7c"), Rules(), can_double=True,
                    can_split=False, can_surrender=False)
    assert advice.situation == "hard 16 against a 7"
    assert advice.text.startswith("Hit: ")
    assert "17 or more" in advice.reason
    advice = advise(parse_cards("Ah As"), Card.parse("Ac"), Rules(), can_double=True,
                    can_split=True, can_surrender=False)
    assert advice.situation == "a pair of aces against an ace"
    assert insurance_advice().action is Action.DECLINE_INSURANCE


def test_a_fallback_reads_as_a_reason_then_what_would_be_better() -> None:
    # Was "surrender is not allowed now, so: against a 10 the dealer usually makes
    # 17 or more, so 16 must improve." and "no card can bust a 11."
    advice = advise(parse_cards("Th 6d"), Card.parse("Kc"), Rules(), can_double=True,
                    can_split=False, can_surrender=False)
    assert advice.reason == ("against a 10 the dealer usually makes 17 or more, so 16 must "
                             "improve. Surrendering would be better, but it is not offered now.")
    advice = advise(parse_cards("6h 3d 2c"), Card.parse("6c"), Rules(), can_double=False,
                    can_split=False, can_surrender=False)
    assert advice.reason == ("no card can bust an 11. "
                             "Doubling would be better, but it is not allowed now.")


def test_even_money_is_advised_as_what_it_is() -> None:
    # A blackjack against an ace was told "insurance pays 2:1 but ..." as any other hand.
    advice = insurance_advice(even_money=True)
    assert advice.action is Action.DECLINE_INSURANCE
    assert advice.situation == "a blackjack against an ace"
    assert advice.reason.startswith("even money is insurance on it.")
    assert insurance_advice().situation == "insurance against an ace"
