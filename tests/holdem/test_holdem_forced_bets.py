"""Straddles, blinds posted out of turn, dead blinds and the big blind ante.

Each rule on a stacked deck, then random hands with all of them written as
PHH and replayed in pokerkit to the same stacks.
"""

from __future__ import annotations

import random

import pytest
from holdem_random_play import random_action, random_forced_hand, replay_strictly

from cardtui.holdem.actions import (
    AntePosted,
    BetsCollected,
    BlindKind,
    BlindPosted,
    DeadBlindPosted,
    PotAwarded,
)
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.holdem.pots import Pot
from cardtui.holdem.table import BlindLevel, Player, Table

BOARD = "2c7d9h 3s 4c"  # no straight, flush or pair for the hands below
HOLES = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "8s8h"]


def deck_for(players: int) -> object:
    return stacked_deck(HOLES[:players], board=BOARD)


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.call() if hand.call_amount else hand.check()


def test_a_straddler_acts_last_before_the_flop_with_the_option() -> None:
    # Button on seat 0: seats 1 and 2 the blinds, seat 3 straddles 4.
    hand = Hand([100] * 5, button=0, small_blind=1, big_blind=2, deck=deck_for(5),
                straddles={3: 4})
    assert [r for r in hand.records if isinstance(r, BlindPosted)][-1] == BlindPosted(
        3, BlindKind.STRADDLE, 4, False)
    # The first to act sits left of the straddle; calling costs the straddle
    # and a raise is to at least a big blind more (pokerkit agrees).
    assert (hand.actor, hand.call_amount, hand.min_raise_to) == (4, 4, 6)
    for _ in range(4):  # seat 4, button, small and big blind call
        hand.call()
    assert hand.actor == 3 and hand.can_check() and hand.can_raise_to(8)
    hand.check()
    assert hand.pot_total == 20 and hand.actor == 1  # the flop: small blind first


def test_a_new_player_posts_a_big_blind_and_acts_in_turn_with_the_option() -> None:
    # Seat 3 (under the gun) just sat down and posts a big blind to be dealt in.
    hand = Hand([100] * 5, button=0, small_blind=1, big_blind=2, deck=deck_for(5),
                posted={3: 2})
    # The posted blind does not move the first actor: under the gun is first,
    # and here that is the poster, whose blind is live: they may check.
    assert hand.actor == 3 and hand.can_check() and hand.current_bet == 2
    hand.check()
    hand.call()
    hand.call()
    hand.call()
    assert hand.actor == 2 and hand.can_check()  # the real big blind still has the option
    hand.raise_to(6)
    assert hand.actor == 3 and hand.call_amount == 4


def test_a_dead_small_blind_is_in_the_pot_but_not_the_posters_bet() -> None:
    # Seat 3 comes back having missed the blinds: posts 1 dead and 2 live.
    hand = Hand([100] * 4, button=0, small_blind=1, big_blind=2, deck=deck_for(4),
                dead_blinds={3: 1}, posted={3: 2})
    assert hand.records[0] == DeadBlindPosted(3, 1, False)
    assert hand.bets[3] == 2 and hand.stacks[3] == 97
    assert hand.pot_total == 6 and hand.pots == [Pot(1, (1, 2, 3, 0))]
    hand.check()  # seat 3's live 2 covers the bet
    hand.fold()
    hand.fold()
    hand.check()
    collected = [r for r in hand.records if isinstance(r, BetsCollected)][0]
    assert collected.pots == (Pot(6, (2, 3)),)  # the dead chip and both folded blinds' chips


def test_the_big_blind_antes_for_the_table_after_the_blind() -> None:
    hand = Hand([100, 100, 100], button=0, small_blind=5, big_blind=10, deck=deck_for(3),
                big_blind_ante=10)
    assert hand.records[2] == AntePosted(2, 10, False)
    assert (hand.stacks[2], hand.bets[2], hand.current_bet, hand.pot_total) == (80, 10, 10, 25)
    hand.fold()
    hand.fold()
    award = [r for r in hand.records if isinstance(r, PotAwarded)][0]
    # The small blind, the 5 of the big blind it matched and the whole ante:
    # the ante is never uncalled, the other 5 of the blind is.
    assert (award.winners, award.amount) == ((2,), 20)


def test_a_short_big_blind_posts_the_blind_first_then_what_is_left_of_the_ante() -> None:
    # TDA 2024 RP-11: big-blind-first calculation.
    hand = Hand([100, 100, 14], button=0, small_blind=5, big_blind=10, deck=deck_for(3),
                big_blind_ante=10)
    posted = [r for r in hand.records if isinstance(r, BlindPosted | AntePosted)]
    assert posted[1:] == [BlindPosted(2, BlindKind.BIG, 10, False), AntePosted(2, 4, True)]


def test_the_table_deals_big_blind_antes_and_posts() -> None:
    players = [Player(f"P{i}", 500) for i in range(4)]
    table = Table(players, blinds=BlindLevel(5, 10, 10, big_blind_ante=True),
                  rng=random.Random(3), button=0)
    assert str(table.blinds) == "5/10 big blind ante 10"
    hand = table.start_hand(posted={3: 10})
    antes = [r for r in hand.records if isinstance(r, AntePosted)]
    assert antes == [AntePosted(hand.positions.big_blind, 10, False)]
    assert BlindPosted(3, BlindKind.BIG, 10, False) in hand.records


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"straddles": {1: 4}}, "posts a blind already"),
    ({"posted": {7: 2}}, "not dealt in"),
    ({"dead_blinds": {3: 0}}, "must be positive"),
    ({"straddles": {3: 4}, "posted": {3: 2}}, "both straddle and post"),
])
def test_forced_bets_that_make_no_sense_are_refused_in_one_line(
    kwargs: dict, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Hand([100] * 5, button=0, small_blind=1, big_blind=2, rng=random.Random(1), **kwargs)


def replay_forced(hands: int, seed: int) -> dict[str, int]:
    """``hands`` random hands with forced bets, each replayed by pokerkit to the same
    stacks; how many of each forced bet they held."""
    rng = random.Random(seed)
    seen = {"straddle": 0, "posted blind": 0, "dead blind": 0, "big blind ante": 0}
    for _ in range(hands):
        hand = random_forced_hand(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        for bet in hand.forced:
            if bet.kind.value in seen:
                seen[bet.kind.value] += 1
        text = to_phh(hand)
        assert list(replay_strictly(text).stacks) == [hand.stacks[s] for s in hand.players], text
    return seen


def test_random_hands_with_forced_bets_replay_in_pokerkit_to_the_same_stacks() -> None:
    seen = replay_forced(250, seed=20260501)  # (600 took 7 s of CPU: more under -m slow)
    print(seen)
    assert min(seen.values()) > 40, seen


@pytest.mark.slow
def test_many_more_hands_with_forced_bets_replay_in_pokerkit() -> None:
    assert min(replay_forced(5000, seed=20261128).values()) > 800


def test_a_player_who_sits_down_can_post_to_be_dealt_in_at_once() -> None:
    players = [Player(f"P{i}", 500) for i in range(4)]
    table = Table(players, blinds=BlindLevel(5, 10), seat_count=6, rng=random.Random(2), button=0)
    hand = table.start_hand()
    while not hand.is_over:
        hand.fold() if hand.can_fold() else hand.check()
    table.finish_hand()
    table.sit_down(5, Player("New", 300))
    with pytest.raises(ValueError, match="not an empty seat"):
        table.sit_down(5, Player("Late", 300))
    # Seat 2 is the next small blind: a refused post changes nothing.
    with pytest.raises(ValueError, match="cannot straddle or post"):
        table.start_hand(posted={2: 10})
    assert table.hand is None and table.positions == hand.positions
    hand = table.start_hand(posted={5: 10})
    assert hand.positions.big_blind == 3
    assert 5 in hand.players and BlindPosted(5, BlindKind.BIG, 10, False) in hand.records
    # Seat 4 is empty: the new player is under the gun, acts first, and the
    # posted blind is live (they may check).
    assert hand.actor == 5 and hand.can_check()
