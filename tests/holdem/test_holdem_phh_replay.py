"""Every engine-played hand, written as PHH, replays in pokerkit to the same final stacks."""

from __future__ import annotations

import random
import tomllib

import pytest
from holdem_random_play import random_action, random_hand, replay_strictly

from cardtui.holdem.actions import BetsCollected, PotAwarded
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.holdem.table import BlindLevel, Mode, Player, Table


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
    # 400 in the default run (10 s of CPU were 1,000); -m slow replays 20,000 more.
    seen = replay_many(400, seed=20261121)
    # The mix really contains the hard cases.
    print(seen)
    assert seen["side pots"] > 200 and seen["split pots"] > 20, seen
    assert seen["heads-up"] > 20 and seen["ten-handed"] > 20, seen


@pytest.mark.slow
def test_many_more_random_hands_replay_in_pokerkit() -> None:
    replay_many(20000, seed=7)


def bot_tournament_hands(tournaments: int, seed: int) -> int:
    """Play bots-only tournaments (short stacks, fast blinds) and replay every hand."""
    rng = random.Random(seed)
    schedule = [BlindLevel(5, 10), BlindLevel(10, 20, 2), BlindLevel(25, 50, 5), BlindLevel(50, 99)]
    played = 0
    for _ in range(tournaments):
        count = rng.randint(2, 10)
        players = [
            Player(f"Bot {i + 1}", rng.choice((60, 150, 300)), rng.choice(list(Personality)))
            for i in range(count)
        ]
        seat_count = rng.randint(count, 10)
        table = Table(
            players, mode=Mode.TOURNAMENT, blinds=schedule, hands_per_level=5,
            seat_count=seat_count, rng=rng,
        )
        while not table.is_finished:
            hand = table.play_bot_hand()
            state = replay_strictly(table.hand_history(hand))
            assert list(state.stacks) == [hand.stacks[s] for s in hand.players]
            played += 1
        places = [place for place, _ in table.places]  # out together, level: one place
        assert len(places) == count and all(
            place in (number, places[number - 2] if number > 1 else 1)
            for number, place in enumerate(places, 1))
    return played


def test_bot_tournaments_replay_in_pokerkit() -> None:
    assert bot_tournament_hands(25, seed=11) > 200


def test_known_difference_pokerkit_refuses_a_raise_reopened_by_three_short_all_ins() -> None:
    # See test_short_all_ins_adding_up_across_a_call_reopen_the_betting: TDA
    # rule 41 lets seat 0 re-raise; pokerkit 0.7.7 does not. If pokerkit ever
    # agrees, this test fails and the note in the rules test can go.
    deck = stacked_deck(["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "8s8h"], board="2c7d9h 3s 4c")
    hand = Hand([1000, 170, 1000, 230, 290, 1000], button=5, small_blind=5, big_blind=10,
                deck=deck)
    for _ in range(5):
        hand.call()
    hand.check()
    hand.raise_to(100)
    hand.all_in()
    hand.call()
    hand.all_in()
    hand.all_in()
    hand.fold()
    hand.all_in()  # seat 0 re-raises: legal under TDA Rule 47-A
    while not hand.is_over:
        hand.call()
    with pytest.raises(ValueError, match="cannot raise in face of a non-full all-in"):
        replay_strictly(to_phh(hand))
