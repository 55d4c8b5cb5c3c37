"""Engine tests with stacked shoes, one per rule (cards are dealt player, up-card,
player, hole card, then in the order the round asks for them)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtui.blackjack.records import (
    Action,
    DealerCard,
    DealerPeeked,
    HandSettled,
    HoleCardRevealed,
    InsuranceOffered,
    Outcome,
)
from cardtui.blackjack.round import Phase, Round
from cardtui.blackjack.rules import BlackjackPayout, DoubleRule, Rules
from cardtui.cards import Shoe

BASE = Rules()


def stacked(cards: str, rules: Rules = BASE, bets=(10,), stacks=None) -> Round:
    shoe = Shoe(decks=6, rng=random.Random(0))
    shoe.stack(cards.split())
    rnd = Round(rules, shoe, list(bets), stacks)
    rnd.deal()
    return rnd


def nets(rnd: Round) -> list[int]:
    assert rnd.settlement is not None
    return [s.net for s in rnd.settlement.seats]


def hand_results(rnd: Round) -> list[HandSettled]:
    return [r for r in rnd.records if isinstance(r, HandSettled)]


# -- naturals, peeking, insurance ------------------------------------------------


def test_natural_pays_three_to_two_and_beats_a_dealer_21() -> None:
    # Player A K; dealer 6 up, 5 hole, draws K: a three-card 21, beaten by the natural.
    rnd = stacked("As 6h Kd 5c Kc")
    assert rnd.phase is Phase.SETTLED
    assert nets(rnd) == [15]
    assert hand_results(rnd)[0].blackjack


def test_six_to_five_pays_twelve_on_ten() -> None:
    rnd = stacked("As 6h Kd 5c Kc", replace(BASE, blackjack_pays=BlackjackPayout.SIX_TO_FIVE))
    assert nets(rnd) == [12]


def test_multi_card_21_loses_to_dealer_natural_and_pushes_a_dealer_21() -> None:
    rnd = stacked("7s Ah 4d Kc", replace(BASE, insurance=False))
    assert rnd.phase is Phase.SETTLED  # the dealer peeked: nobody gets to play
    assert nets(rnd) == [-10]
    rnd = stacked("7s 6h 4d 5c Kd Kc")
    rnd.hit()  # 7 4 K = 21 stands itself
    assert rnd.phase is Phase.SETTLED
    assert nets(rnd) == [0]  # dealer 6 5 K = 21: a tie is a push


def test_dealer_peeks_with_a_ten_up() -> None:
    rnd = stacked("9s Kh 9d Ac")
    assert any(r == DealerPeeked(blackjack=True) for r in rnd.records)
    assert rnd.phase is Phase.SETTLED and nets(rnd) == [-10]
    rnd = stacked("9s Kh 9d 7c")
    assert DealerPeeked(blackjack=False) in rnd.records
    assert rnd.phase is Phase.PLAYING


def test_no_peek_with_a_low_up_card() -> None:
    rnd = stacked("9s 6h 9d Ac")
    assert not any(isinstance(r, DealerPeeked) for r in rnd.records)


def test_two_naturals_push() -> None:
    rnd = stacked("As Kh Kd Ac", replace(BASE, insurance=False))
    assert nets(rnd) == [0]


def test_insurance_pays_two_to_one_when_the_dealer_has_blackjack() -> None:
    rnd = stacked("Ts Ah 9d Kc")
    assert rnd.phase is Phase.INSURANCE and InsuranceOffered() in rnd.records
    rnd.insure()
    assert rnd.phase is Phase.SETTLED
    assert nets(rnd) == [0]  # bet -10, insurance 5 wins 10
    assert rnd.settlement.seats[0].insured


def test_insurance_is_lost_when_the_dealer_has_no_blackjack() -> None:
    rnd = stacked("Ts Ah 9d 7c")
    rnd.insure()
    assert rnd.phase is Phase.PLAYING
    rnd.stand()  # 19 against soft 18
    assert nets(rnd) == [10 - 5]


def test_declining_insurance_then_dealer_blackjack() -> None:
    rnd = stacked("Ts Ah 9d Kc")
    rnd.decline_insurance()
    assert nets(rnd) == [-10]


def test_insurance_needs_chips_to_cover_it() -> None:
    rnd = stacked("Ts Ah 9d Kc", stacks=[14])
    assert not rnd.can(Action.INSURE)
    with pytest.raises(ValueError, match="more chips for insurance"):
        rnd.insure()


@pytest.mark.parametrize(("hole", "expected"), [("Kc", 10), ("7c", 10)])
def test_even_money_pays_one_to_one_whatever_the_hole_card(hole: str, expected: int) -> None:
    rnd = stacked(f"As Ah Kd {hole}")
    rnd.insure()
    assert nets(rnd) == [expected]
    assert hand_results(rnd)[0].even_money


def test_each_seat_decides_insurance_in_turn() -> None:
    rnd = stacked("Ts 9s Ah 9d Ts 7c", bets=(10, 20))
    assert rnd.insurance_seat == 0
    rnd.decline_insurance()
    assert rnd.insurance_seat == 1
    rnd.insure()
    assert rnd.phase is Phase.PLAYING and rnd.insurance == [0, 10]


def test_insurance_is_not_offered_when_the_rules_say_no() -> None:
    rnd = stacked("Ts Ah 9d 7c", replace(BASE, insurance=False))
    assert rnd.phase is Phase.PLAYING
    assert not rnd.can(Action.INSURE)


# -- dealer rules --------------------------------------------------------------


def test_dealer_stands_on_soft_17_by_default() -> None:
    rnd = stacked("Ts 6h 9d Ac 4c")
    rnd.stand()
    assert nets(rnd) == [10]
    assert not any(isinstance(r, DealerCard) and not r.face_down for r in rnd.records[-5:])


def test_dealer_hits_soft_17_under_h17() -> None:
    rnd = stacked("Ts 6h 9d Ac 4c", replace(BASE, dealer_hits_soft_17=True))
    rnd.stand()
    assert rnd.dealer[-1].code == "4c"
    assert nets(rnd) == [-10]  # dealer 21


def test_dealer_wins_ties_option() -> None:
    rnd = stacked("Ts 8h 8d Kc")
    rnd.stand()
    assert nets(rnd) == [0]
    rnd = stacked("Ts 8h 8d Kc", replace(BASE, dealer_wins_ties=True))
    rnd.stand()
    assert nets(rnd) == [-10]
    assert hand_results(rnd)[0].outcome is Outcome.LOSS


def test_dealer_does_not_draw_when_every_hand_is_bust() -> None:
    rnd = stacked("Ts 6h 6d 5c Kd 9c")
    rnd.hit()  # 10 6 K: bust
    assert rnd.dealer == rnd.dealer[:2]
    assert isinstance(rnd.records[-3], HoleCardRevealed)
    assert nets(rnd) == [-10]


# -- doubling --------------------------------------------------------------------


def test_double_takes_one_card_and_doubles_the_bet() -> None:
    rnd = stacked("6s 6h 5d Kc 9c 8d")
    rnd.double()
    assert rnd.phase is Phase.SETTLED
    assert nets(rnd) == [20]  # 20 against 6 K 8 = 24
    assert rnd.settlement.seats[0].doubled


def test_double_needs_the_chips() -> None:
    rnd = stacked("6s 6h 5d Kc", stacks=[15])
    assert not rnd.can(Action.DOUBLE)
    with pytest.raises(ValueError, match="10 more chips to double"):
        rnd.double()


def test_double_nine_to_eleven_only() -> None:
    rules = replace(BASE, double=DoubleRule.NINE_TO_ELEVEN)
    assert stacked("6s 6h 4d Kc", rules).can(Action.DOUBLE)  # hard 10
    assert not stacked("As 6h 8d Kc", rules).can(Action.DOUBLE)  # soft 19
    assert not stacked("7s 6h 5d Kc", rules).can(Action.DOUBLE)  # hard 12
    assert stacked("7s 6h 5d Kc").can(Action.DOUBLE)


def test_no_double_after_three_cards() -> None:
    rnd = stacked("2s 6h 3d Kc 4c")
    rnd.hit()
    with pytest.raises(ValueError, match="first two cards"):
        rnd.double()


# -- splitting --------------------------------------------------------------------


def test_split_aces_get_one_card_each_and_21_is_not_blackjack() -> None:
    rnd = stacked("As 6h Ad Tc Kd 9s 9c")
    rnd.split()
    assert rnd.phase is Phase.SETTLED  # nothing to decide on split aces
    results = hand_results(rnd)
    assert [r.total for r in results] == [21, 20]
    assert not results[0].blackjack
    assert nets(rnd) == [20]  # paid 1:1, not 3:2; dealer 6 T 9 busts


def test_split_aces_cannot_hit_or_double() -> None:
    rnd = stacked("As 6h Ad Tc Ac 9s 5c", replace(BASE, resplit_aces=True))
    rnd.split()
    assert rnd.turn == (0, 0)  # A A again: may resplit or stand
    assert rnd.legal_actions() == {Action.SPLIT, Action.STAND}
    with pytest.raises(ValueError, match="one card each"):
        rnd.hit()


def test_resplit_aces_when_allowed() -> None:
    rnd = stacked("As 6h Ad Tc Ac 9d 8d 7d 5c", replace(BASE, resplit_aces=True))
    rnd.split()
    rnd.split()
    assert rnd.phase is Phase.SETTLED
    assert [len(h.cards) for h in rnd.hands[0]] == [2, 2, 2]
    assert [r.total for r in hand_results(rnd)] == [20, 19, 18]


def test_no_resplit_aces_by_default() -> None:
    rnd = stacked("As 6h Ad Tc Ac 9d 5c")
    rnd.split()
    assert rnd.phase is Phase.SETTLED
    assert [h.value.total for h in rnd.hands[0]] == [12, 20]


def test_split_up_to_four_hands() -> None:
    rnd = stacked("8s 6h 8d Tc 8c 8h 8s Td")
    rnd.split()
    rnd.split()
    rnd.split()
    assert len(rnd.hands[0]) == 4
    assert [c.code for c in rnd.hands[0][0].cards] == ["8s", "8s"]
    assert not rnd.can(Action.SPLIT)
    with pytest.raises(ValueError, match="at most 4 hands"):
        rnd.split()


def test_split_hand_order_and_bets() -> None:
    rnd = stacked("8s 6h 8d Tc 3c Td 7s Kd", bets=(20,))
    rnd.split()
    assert rnd.turn == (0, 0) and [c.code for c in rnd.hands[0][0].cards] == ["8s", "3c"]
    rnd.hit()  # 8 3 T = 21 stands itself; hand 2 gets its second card
    assert rnd.turn == (0, 1) and [c.code for c in rnd.hands[0][1].cards] == ["8d", "7s"]
    rnd.stand()
    assert [r.bet for r in hand_results(rnd)] == [20, 20]
    assert rnd.settlement.seats[0].split
    assert nets(rnd) == [40]  # dealer 6 T K busts


def test_double_after_split() -> None:
    rnd = stacked("9s 6h 9d Tc 2c")
    rnd.split()
    assert rnd.can(Action.DOUBLE)
    rnd = stacked("9s 6h 9d Tc 2c", replace(BASE, double_after_split=False))
    rnd.split()
    assert not rnd.can(Action.DOUBLE)
    with pytest.raises(ValueError, match="after a split"):
        rnd.double()


def test_split_needs_a_pair_and_the_chips() -> None:
    assert not stacked("9s 6h 8d Tc").can(Action.SPLIT)
    assert stacked("Ks 6h Qd Tc").can(Action.SPLIT)  # any two ten-value cards
    assert not stacked("9s 6h 9d Tc", stacks=[19]).can(Action.SPLIT)


# -- surrender ---------------------------------------------------------------------


def test_late_surrender_loses_half() -> None:
    rules = replace(BASE, late_surrender=True)
    rnd = stacked("Ts Th 6d 7c", rules)
    assert rnd.can(Action.SURRENDER)
    rnd.surrender()
    assert nets(rnd) == [-5]
    assert rnd.settlement.seats[0].surrendered
    assert rnd.dealer == rnd.dealer[:2]  # nothing left to play for


def test_no_surrender_by_default_or_after_a_move() -> None:
    assert not stacked("Ts Th 6d 7c").can(Action.SURRENDER)
    rules = replace(BASE, late_surrender=True)
    rnd = stacked("4s Th 2d 7c 3c", rules)
    rnd.hit()
    assert not rnd.can(Action.SURRENDER)
    rnd = stacked("8s Th 8d 7c 3c 4c", rules)
    rnd.split()
    with pytest.raises(ValueError, match="first two cards"):
        rnd.surrender()


def test_surrender_is_late_the_dealer_peeks_first() -> None:
    rnd = stacked("Ts Th 6d Ac", replace(BASE, late_surrender=True))
    assert rnd.phase is Phase.SETTLED and nets(rnd) == [-10]


# -- turns, forfeits and errors -------------------------------------------------------


def test_hands_act_seat_by_seat_and_21_stands_itself() -> None:
    rnd = stacked("Ts 5s 9h 9d 6s 7c Ac 2d", bets=(10, 10))
    assert rnd.turn == (0, 0)
    rnd.hit()  # T 9 A = 20
    assert rnd.turn == (0, 0)
    rnd.stand()
    assert rnd.turn == (1, 0)
    rnd.hit()  # 5 6 T? no: 2 -> 13
    assert rnd.turn == (1, 0)


def test_forfeit_loses_the_bets_as_they_stand() -> None:
    rnd = stacked("8s 6h 8d Tc 3c")
    rnd.split()
    records = rnd.forfeit()
    assert rnd.phase is Phase.SETTLED and rnd.settlement.forfeited
    assert nets(rnd) == [-20]
    assert all(r.forfeited for r in records if isinstance(r, HandSettled))
    with pytest.raises(ValueError, match="no round in progress"):
        rnd.forfeit()


def test_illegal_moves_raise_plain_errors() -> None:
    rnd = stacked("Ts 6h 9d 7c")
    rnd.stand()
    with pytest.raises(ValueError, match="the round is over"):
        rnd.hit()
    with pytest.raises(ValueError, match="only when the dealer shows an ace"):
        rnd.insure()
    rnd = stacked("Ts Ah 9d 7c")
    with pytest.raises(ValueError, match="insurance comes first"):
        rnd.hit()
    with pytest.raises(ValueError, match="already dealt"):
        rnd.deal()


def test_bets_must_be_within_the_limits() -> None:
    shoe = Shoe(decks=6, rng=random.Random(0))
    with pytest.raises(ValueError, match="outside the table limits"):
        Round(BASE, shoe, [5])
    with pytest.raises(ValueError, match="nobody has a bet down"):
        Round(BASE, shoe, [0, 0])
