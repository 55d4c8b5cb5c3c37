"""Every pot is announced by the name and amount the table showed it with (issue 24).

A 4-way all-in was announced as "Dora wins 3,030" (the main pot and side pot 1,
pushed together once the losing hands were killed) and "Guest 1 wins side pot 1
360" (it was side pot 2): the award's number was its place among the pots left
after killing, not on the table. After a fold-out the centre read
"Pot 0 · Bet 360": the returned bet stayed the street's bet.
"""

from __future__ import annotations

from datetime import UTC, datetime

from cardtui.holdem.actions import BetsCollected, PotAwarded
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.pokerstars import to_pokerstars
from cardtui.holdem.view import LineKind, TableView, steps, with_slides

NAMES = ["Ann", "Dora", "Guest 1", "Bob"]


def four_way_all_in() -> Hand:
    # Ann is shortest and loses; Dora (all-in for 800) has the best hand; Guest 1
    # beats Bob for the 200 each put in over Dora.
    deck = stacked_deck(["7c2d", "AsAh", "KsKh", "QsQh"], board="3c8d9h 4s Jd")
    hand = Hand([300, 800, 1000, 1000], button=3, small_blind=5, big_blind=10, deck=deck)
    hand.raise_to(1000)  # Guest 1, first to act
    for _ in range(3):
        hand.call()  # Bob, Ann (all-in 300), Dora (all-in 800)
    assert hand.is_over
    return hand


def shown(hand: Hand, *, frames: int = 0) -> TableView:
    view = TableView.for_hand(hand, NAMES)
    plan = steps(hand.records)
    for step in with_slides(plan, frames) if frames else plan:
        view.apply(step)
    return view


def test_an_award_names_the_pots_the_table_showed() -> None:
    hand = four_way_all_in()
    collected = [r for r in hand.records if isinstance(r, BetsCollected)][-1]
    assert [p.amount for p in collected.pots] == [1200, 1500, 400]
    wins = [line.text for line in shown(hand).log if line.kind is LineKind.WIN]
    assert wins == ["Dora wins main pot and side pot 1: 2,700", "Guest 1 wins side pot 2: 400"]
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    assert [(a.pot_index, a.pot_count, a.amount, a.winners) for a in awards] == [
        (0, 2, 2700, (1,)), (2, 1, 400, (2,))]


def test_pots_pushed_together_slide_together_and_end_empty() -> None:
    hand = four_way_all_in()
    view = TableView.for_hand(hand, NAMES)
    totals = []
    for step in with_slides(steps(hand.records), 4):
        view.apply(step)
        if view.pots and not view.over:
            totals.append(view.pot_total)
            assert all(pot.amount >= 0 for pot in view.pots)
    assert totals[-1] == 0  # every pot pushed, none left drawn
    assert view.seats[1].stack == 2700 and view.seats[2].stack == 400


def test_after_a_fold_out_no_bet_is_left_in_the_centre() -> None:
    deck = stacked_deck(["7c2d", "AsAh", "KsKh"], board="3c8d9h 4s Jd")
    hand = Hand([1000, 1000, 1000], button=2, small_blind=5, big_blind=10, deck=deck)
    hand.call(), hand.call(), hand.check()  # to the flop: 30 in the pot
    hand.raise_to(360)  # a bet on the flop...
    hand.fold(), hand.fold()  # ...nobody calls it: it comes back
    view = TableView.for_hand(hand, NAMES[:3])
    for step in steps(hand.records):
        view.apply(step)
        if isinstance(step, PotAwarded):
            assert view.current_bet == 0 and sum(s.bet for s in view.seats) == 0
    wins = [line.text for line in view.log if line.kind is LineKind.WIN]
    assert wins == ["Ann wins 30"]


def test_the_pokerstars_export_numbers_the_pots_as_they_were_pushed() -> None:
    # The export counts pushes (a tracker reads each "collected" line against the
    # summary): the award's place on the table must not leak in as "Side pot-2".
    text = to_pokerstars(four_way_all_in(), hero=0, hand_number=1,
                         when=datetime(2026, 11, 27, tzinfo=UTC),
                         names=["Ann", "Dora", "Guest", "Bob"])
    assert "Dora collected 2700 from main pot" in text
    assert "Guest collected 400 from side pot" in text
    assert "Total pot 3100 Main pot 2700. Side pot-1 400. | Rake 0" in text
