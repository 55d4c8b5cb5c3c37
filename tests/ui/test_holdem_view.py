"""The hold'em replay model (cardtui.holdem.view): dead blinds, shown hands, cards seen late."""

from __future__ import annotations

from cardtui.cards import Card
from cardtui.holdem.actions import Action, HoleCardsDealt
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.view import LineKind, TableView, steps
from cardtui.tables.holdem_local import for_viewers


def replay(view: TableView, records: list) -> None:  # type: ignore[type-arg]
    for step in steps(records):
        view.apply(step)


def test_a_dead_blind_leaves_the_stack_as_the_engine_has_it_and_out_of_the_bet() -> None:
    hand = Hand([200, 200, 200], button=0, small_blind=1, big_blind=2,
                dead_blinds={0: 1}, deck=stacked_deck(["AsKs", "7h7d", "9c8c"]))
    view = TableView.for_hand(hand, ["Ann", "Bob", "Cy"])
    replay(view, hand.records)
    assert [s.stack for s in view.seats] == hand.stacks
    assert view.seats[0].bet == 0  # dead chips are not part of a bet
    assert view.seats[0].action == "dead 1"
    assert view.pot_total == hand.pot_total


def test_a_shown_hand_puts_its_cards_on_a_seat_the_viewer_was_not_dealt() -> None:
    hand = Hand([200, 200], button=0, small_blind=1, big_blind=2,
                deck=stacked_deck(["AsKs", "7h7d"], board="2c3d9h Jd Qc"))
    while not hand.is_over:
        hand.act(Action.check() if hand.can_check() else Action.call())
    mine = [for_viewers(r, {0}) for r in hand.records]
    view = TableView.for_hand(hand, ["Ann", "Bob"])
    replay(view, [r for r in mine if not hasattr(r, "description")])  # up to the showdown
    assert view.seats[1].hole == [None, None]
    replay(view, [r for r in mine if hasattr(r, "description") and hasattr(r, "cards")])
    assert view.seats[1].shown and view.seats[1].hole == list(hand.hole[1])  # type: ignore[arg-type]
    shows = [line for line in view.log if line.kind is LineKind.SHOWN]
    assert shows and all(line.cards for line in shows)


def test_hole_cards_delivered_late_fill_the_face_down_cards_rather_than_adding_two() -> None:
    hand = Hand([200, 200], button=0, small_blind=1, big_blind=2,
                deck=stacked_deck(["AsKs", "7h7d"]))
    view = TableView.for_hand(hand, ["Ann", "Bob"])
    replay(view, [for_viewers(r, set()) for r in hand.records])
    assert [s.hole for s in view.seats] == [[None, None], [None, None]]
    dealt = next(r for r in hand.records if isinstance(r, HoleCardsDealt) and r.seat == 1)
    replay(view, [dealt])
    assert view.seats[1].hole == [Card.parse("As"), Card.parse("Ks")]
    assert view.seats[0].hole == [None, None]
