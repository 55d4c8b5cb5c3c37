"""The replay model's totals: both totals of a soft hand in play, one once it is finished.

Issue 9 item 21: settled soft hands still showed "10 / 20 WIN" and the dealer
"7 / 17".
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.blackjack.round import Round
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import SeatKind, SeatSetup, Table
from cardtui.blackjack.view import RoundView
from cardtui.cards import Shoe


def round_with(cards: str, seats: int = 1) -> Round:
    shoe = Shoe(decks=1, rng=random.Random(1))
    shoe.stack(cards.split())
    return Round(Rules(), shoe, bets=[10] * seats)


def test_a_soft_hand_shows_both_totals_while_it_plays_and_one_once_it_stands() -> None:
    # Deal order: player, dealer up-card, player, dealer hole card; then draws.
    rnd = round_with("Ah 6d 2c Ac 5s")
    view = RoundView.replay(rnd.deal())
    hand = view.seats[0].hands[0]
    assert hand.label == "3 / 13" and not hand.finished
    for record in rnd.hit():  # A 2 5: soft 18
        view.apply(record)
    assert hand.label == "8 / 18"
    records = rnd.stand()
    view.apply(records[0])  # the stand itself: the hand is finished
    assert hand.finished and hand.label == "18"
    for record in records[1:]:
        view.apply(record)
        if view.settlement is None:
            assert view.dealer_label in ("6", "7 / 17")  # the dealer's soft 17 in play
    # The dealer stands on soft 17 (Rules() default): settled, one number each.
    assert view.dealer_label == "17" and hand.label == "18"
    assert hand.result is not None and hand.result.net == 10


def test_every_hand_is_finished_exactly_when_the_engine_is_done_with_it() -> None:
    rnd = round_with("8h 6d 8c Ts 3h 9c 2d 2s", seats=1)
    view = RoundView.replay(rnd.deal())
    for record in rnd.split():
        view.apply(record)
    hands = view.seats[0].hands
    assert [h.finished for h in hands] == [False, False]
    for record in rnd.stand():  # the first 8 stands; the turn moves to the second
        view.apply(record)
    assert [h.finished for h in hands] == [True, False]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), soft17=st.booleans())
def test_finished_follows_the_engine_through_random_rounds(seed: int, soft17: bool) -> None:
    rules = Rules(dealer_hits_soft_17=soft17, late_surrender=True)
    setups = [SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT), SeatSetup("Bo")]
    table = Table(rules, setups, random.Random(seed))
    chooser = random.Random(seed)
    for _ in range(5):
        view = RoundView.replay(table.deal())
        while table.in_round:
            rnd = table.round
            assert rnd is not None
            for seat in rnd.seats_in_play:
                for engine_hand, shown in zip(rnd.hands[seat], view.seats[seat].hands,
                                              strict=True):
                    if engine_hand.value.total != 21:  # 21 reads the same either way
                        done = engine_hand.done or engine_hand.value.is_bust
                        assert shown.finished == done
            action = chooser.choice(sorted(table.legal_actions()))
            for record in table.act(action):
                view.apply(record)
        for seat_view in view.seats.values():
            assert all(h.finished and h.label == str(h.value.total) for h in seat_view.hands)
        assert view.dealer_label == str(view.dealer_value.total)
