"""Every engine-played hand, written as PHH, replays in pokerkit to the same final stacks."""

from __future__ import annotations

import random
import tomllib

import pytest
from holdem_random_play import random_action, random_hand, replay_strictly

from cardtui.holdem.actions import BetsCollected, PotAwarded
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh import to_phh


def play_random_hand(rng: random.Random) -> Hand:
    hand = random_hand(rng)
    while not hand.is_over:
        hand.act(random_action(hand, rng))
    return hand


def check_replays(hand: Hand) -> None:
    text = to_phh(hand, names=[f"Seat {s + 1}" for s in range(hand.seat_count)])
    state = replay_strictly(text)
    ours = [hand.stacks[s] for s in hand.players]
    assert list(state.stacks) == ours, text
    assert tomllib.loads(text)["finishing_stacks"] == ours


def replay_many(count: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen = {"side pots": 0, "split pots": 0, "heads-up": 0, "ten-handed": 0}
    for _ in range(count):
        hand = play_random_hand(rng)
        check_replays(hand)
        collected = [r for r in hand.records if isinstance(r, BetsCollected)]
        seen["side pots"] += any(len(r.pots) > 1 for r in collected)
        seen["split pots"] += any(
            len(r.winners) > 1 for r in hand.records if isinstance(r, PotAwarded)
        )
        seen["heads-up"] += len(hand.players) == 2
        seen["ten-handed"] += len(hand.players) == 10
    return seen


def test_random_hands_replay_in_pokerkit_to_the_same_stacks() -> None:
    seen = replay_many(1000, seed=20261121)
    # The mix really contains the hard cases.
    print(seen)
    assert seen["side pots"] > 200 and seen["split pots"] > 20, seen
    assert seen["heads-up"] > 50 and seen["ten-handed"] > 50, seen


@pytest.mark.slow
def test_many_more_random_hands_replay_in_pokerkit() -> None:
    replay_many(20000, seed=7)
