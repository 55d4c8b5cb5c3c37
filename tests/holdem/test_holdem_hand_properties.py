"""Property tests: whatever the table and the play, the engine keeps its invariants."""

from __future__ import annotations

import random

from holdem_random_play import STACK_CHOICES, random_action, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.holdem.actions import HandEnded
from cardtui.holdem.bots import Personality, decide
from cardtui.holdem.hand import Hand

# A hand has at most 4 streets and each bet or raise is at least a big blind,
# so no hand is anywhere near this long; reaching it means a loop.
MAX_ACTIONS = 400


def check_hand_invariants(hand: Hand, total: int) -> None:
    assert sum(hand.stacks) + hand.pot_total == total
    assert all(stack >= 0 for stack in hand.stacks)
    dealt = [card for hole in hand.hole.values() for card in hole] + hand.board
    assert len(dealt) == len(set(dealt)), "a card was dealt twice"


@settings(max_examples=150, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_random_legal_play_conserves_chips_and_always_ends(rng: random.Random) -> None:
    hand = random_hand(rng)
    total = sum(s for s in hand.starting_stacks if s is not None)
    for _ in range(MAX_ACTIONS):
        check_hand_invariants(hand, total)
        if hand.is_over:
            break
        action = random_action(hand, rng)
        assert hand.legal_actions().allows(action)
        hand.act(action)
    assert hand.is_over, "the hand did not end"
    assert sum(hand.stacks) == total
    assert isinstance(hand.records[-1], HandEnded)
    assert len(hand.board) in (0, 3, 4, 5)


@settings(max_examples=100, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    players=st.integers(2, 10),
    personalities=st.lists(st.sampled_from(list(Personality)), min_size=10, max_size=10),
)
def test_bots_only_ever_choose_legal_actions(
    rng: random.Random, players: int, personalities: list[Personality]
) -> None:
    stacks = [rng.choice(STACK_CHOICES) for _ in range(players)]
    hand = Hand(stacks, button=0, small_blind=1, big_blind=2, rng=rng)
    total = sum(stacks)
    for _ in range(MAX_ACTIONS):
        if hand.is_over:
            break
        seat = hand.actor
        assert seat is not None
        action = decide(hand.view(seat), rng, personalities[seat])
        assert hand.legal_actions().allows(action), (action, hand.legal_actions())
        hand.act(action)
        check_hand_invariants(hand, total)
    assert hand.is_over
