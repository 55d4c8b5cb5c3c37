"""Property tests: chips are conserved, no card is dealt twice, every round settles."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.blackjack.records import (
    Action,
    DealerCard,
    HandSettled,
    PlayerCard,
    RoundSettled,
    Shuffled,
)
from cardtui.blackjack.rules import BlackjackPayout, DoubleRule, Rules
from cardtui.blackjack.table import SeatKind, SeatSetup, Table
from cardtui.blackjack.view import RoundView

rules_strategy = st.builds(
    Rules,
    # One deck at 95 % with seven seats runs the shoe dry mid-round: the
    # discards are reshuffled and the cards on the table stay out.
    decks=st.integers(1, 8),
    penetration=st.sampled_from([0.5, 0.75, 0.95]),
    dealer_hits_soft_17=st.booleans(),
    blackjack_pays=st.sampled_from(list(BlackjackPayout)),
    double=st.sampled_from(list(DoubleRule)),
    double_after_split=st.booleans(),
    max_hands=st.integers(1, 4),
    resplit_aces=st.booleans(),
    late_surrender=st.booleans(),
    insurance=st.booleans(),
    dealer_wins_ties=st.booleans(),
)

seats_strategy = st.lists(
    st.builds(
        SeatSetup,
        name=st.sampled_from(["Ann", "Bo", "Cy", "Dee"]),
        kind=st.sampled_from(list(SeatKind)),
        bankroll=st.integers(10, 400),
    ),
    min_size=1,
    max_size=7,
)


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, setups=seats_strategy, seed=st.integers(0, 2**32),
       bets=st.lists(st.integers(-3, 20), min_size=7, max_size=7), rounds=st.integers(1, 12))
def test_chips_cards_and_settlement(rules, setups, seed, bets, rounds) -> None:
    table = Table(rules, setups, random.Random(seed))
    chooser = random.Random(seed + 1)
    dealt: Counter = Counter()
    for _ in range(rounds):
        for i in range(len(setups)):
            if table.can_rebuy(i):
                table.rebuy(i)
            table.change_bet(i, bets[i])
        records = table.deal()
        steps = 0
        while table.in_round:
            legal = sorted(table.legal_actions())
            assert legal, "a human is to act but has no legal move"
            if chooser.random() < 0.05:
                records += table.forfeit()
            else:
                records += table.act(chooser.choice(legal))
            steps += 1
            assert steps < 200
        # Every round ends with exactly one settlement, as its last record.
        assert isinstance(records[-1], RoundSettled)
        assert sum(isinstance(r, RoundSettled) for r in records) == 1
        settled_hands = {(r.seat, r.hand) for r in records if isinstance(r, HandSettled)}
        assert settled_hands == {
            (s, h) for s in table.round.seats_in_play for h in range(len(table.round.hands[s]))
        }
        # No card is dealt more often than the shoe holds it.
        if any(isinstance(r, Shuffled) for r in records):
            dealt.clear()
        dealt.update(r.card for r in records if isinstance(r, PlayerCard | DealerCard))
        assert max(dealt.values()) <= rules.decks
        # Chips are conserved: the players' bankrolls and the house's rack balance.
        assert sum(s.bankroll for s in table.seats) + table.house == sum(
            s.bought for s in table.seats
        )
        assert all(s.bankroll >= 0 for s in table.seats)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_move_is_accepted_and_every_other_refused(seed) -> None:
    rules = Rules(late_surrender=True, resplit_aces=True)
    table = Table(rules, [SeatSetup("Ann", bankroll=50)], random.Random(seed))
    chooser = random.Random(seed)
    table.deal()
    while table.in_round:
        legal = table.round.legal_actions()
        for action in set(Action) - legal:
            assert table.round.problem(action), action
        table.act(chooser.choice(sorted(legal)))


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, setups=seats_strategy, seed=st.integers(0, 2**32))
def test_the_view_rebuilt_from_records_matches_the_engine(rules, setups, seed) -> None:
    table = Table(rules, setups, random.Random(seed))
    chooser = random.Random(seed)
    records = table.deal()
    while table.in_round:
        records += table.act(chooser.choice(sorted(table.legal_actions())))
    view = RoundView.replay(r for r in records if not isinstance(r, Shuffled))
    rnd = table.round
    assert view.dealer == rnd.dealer and not view.hole_hidden
    for seat in rnd.seats_in_play:
        assert [h.cards for h in view.seats[seat].hands] == [h.cards for h in rnd.hands[seat]]
        assert [h.bet for h in view.seats[seat].hands] == [h.bet for h in rnd.hands[seat]]
        assert all(h.result is not None for h in view.seats[seat].hands)
    assert view.settlement is rnd.settlement


def test_a_round_that_runs_the_shoe_dry_never_deals_a_card_on_the_table_again() -> None:
    rules = Rules(decks=1, penetration=0.95)
    setups = [SeatSetup(f"Bot {i}", SeatKind.BOT, 10_000) for i in range(7)]
    table = Table(rules, setups, random.Random(3))
    mid_round = 0
    for _ in range(300):
        records = table.deal()
        while table.in_round:
            records += table.act(sorted(table.legal_actions())[0])
        if any(isinstance(r, Shuffled) and r.mid_round for r in records):
            mid_round += 1
        cards = [r.card for r in records if isinstance(r, PlayerCard | DealerCard)]
        assert len(cards) == len(set(cards)), "a card on the table was dealt again"
    assert mid_round >= 10  # the situation really arose, many times
