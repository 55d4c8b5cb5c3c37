"""Poker statistics from engine hands and from PHH histories."""

from __future__ import annotations

import math
import random
from pathlib import Path

from holdem_random_play import random_action, random_forced_hand

from cardtui.holdem.phh import to_phh
from cardtui.holdem.phh_read import read_phh
from cardtui.holdem.stats import PlayedHand, PlayerFacts, hand_facts, player_stats

FIXTURES = Path(__file__).parent / "phh"


def test_a_pluribus_style_history_counts_like_a_tracker() -> None:
    replay = read_phh((FIXTURES / "pluribus_style.phh").read_text())
    facts = hand_facts(PlayedHand.from_replay(replay))
    # MrWhite opens, Pluribus three-bets, MrWhite calls; on the flop Pluribus
    # bets and MrWhite calls, on the river MrWhite bets and Pluribus calls.
    assert facts["MrWhite"] == PlayerFacts(
        vpip=True, pfr=True, three_bet_chance=False, three_bet=False, aggressive=1, calls=1,
        saw_flop=True, showdown=True, won_at_showdown=True, net=3650, big_blind=100)
    assert facts["Pluribus"] == PlayerFacts(
        vpip=True, pfr=True, three_bet_chance=True, three_bet=True, aggressive=1, calls=1,
        saw_flop=True, showdown=True, won_at_showdown=False, net=-3500, big_blind=100)
    # The big blind folded to the 3-bet: it faced two raises, no 3-bet chance.
    assert facts["MrBlonde"] == PlayerFacts(net=-100, big_blind=100)
    stats = player_stats([PlayedHand.from_replay(replay)])
    assert stats["Pluribus"].bb_per_100 == -3500.0
    assert stats["MrPink"].three_bet == 0.0  # folded to MrWhite's open
    assert math.isclose(stats["MrWhite"].aggression_factor or 0, 1.0)


def test_every_players_net_is_their_stack_change_and_nothing_is_made() -> None:
    rng = random.Random(8)
    for _ in range(300):
        hand = random_forced_hand(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        names = [f"P{s}" for s in range(hand.seat_count)]
        facts = hand_facts(PlayedHand.from_hand(hand, names))
        for seat in hand.players:
            start = hand.starting_stacks[seat]
            assert start is not None
            assert facts[names[seat]].net == hand.stacks[seat] - start
        winners = [f for f in facts.values() if f.won_at_showdown]
        assert all(f.showdown for f in winners)
        assert all(f.vpip for f in facts.values() if f.pfr or f.three_bet)
        # Read back from PHH, the same hand counts the same.
        replay = read_phh(to_phh(hand, names=names))
        assert hand_facts(PlayedHand.from_replay(replay)) == facts


def test_an_unfinished_history_is_not_counted() -> None:
    text = (FIXTURES / "pluribus_style.phh").read_text()
    partial = text[: text.index('"d db Ks7d2c"')] + "]\n"
    replay = read_phh(partial)
    assert not replay.complete
    assert player_stats([PlayedHand.from_replay(replay)]) == {}
