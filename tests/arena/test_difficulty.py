"""Difficulty at table setup: kept with the setup, and the bots' moves come from its brains."""

from __future__ import annotations

import random

import pytest

from cardtui.arena.baselines import EquityPlayer
from cardtui.arena.brains import Brains
from cardtui.arena.pro import Pro
from cardtui.arena.protocol import bot_view
from cardtui.holdem.bots import Personality
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.tables.holdem_local import HoldemLocalSession


def named(name: str) -> str | None:
    return None if name.strip() else "Enter a name."


def bots_only(difficulty: Difficulty) -> HoldemConfig:
    seats = tuple(SeatConfig(f"Bot {n}", p) for n, p in enumerate(
        (Personality.ROCK, Personality.MANIAC, Personality.SHARK), start=1))
    return HoldemConfig(seats=seats, difficulty=difficulty)


def test_the_difficulty_is_kept_with_the_setup() -> None:
    hard = bots_only(Difficulty.HARD)
    assert hard.to_json()["difficulty"] == "hard"
    assert HoldemConfig.from_json(hard.to_json(), default_name="Ann", name_problem=named) == hard
    # Normal writes nothing: a setup saved before difficulty existed reads the same.
    assert "difficulty" not in bots_only(Difficulty.NORMAL).to_json()
    edited = hard.to_json() | {"difficulty": "impossible"}
    loaded = HoldemConfig.from_json(edited, default_name="Ann", name_problem=named)
    assert loaded.difficulty is Difficulty.NORMAL


@pytest.mark.parametrize(("difficulty", "bot"), [(Difficulty.EASY, EquityPlayer),
                                                 (Difficulty.HARD, Pro)])
def test_a_local_table_plays_the_chosen_bots(difficulty: Difficulty, bot: type) -> None:
    session = HoldemLocalSession(bots_only(difficulty), random.Random(3))
    table = session.table
    hand = table.start_hand()
    for _ in range(12):
        if hand.is_over:
            break
        assert hand.actor is not None
        names = tuple(hand.names or ())
        expected = bot().decide(bot_view(hand, names), random.Random(8))
        table.rng = random.Random(8)  # the same draws for the session's bot
        move = session.decide()
        assert move == expected
        hand.act(move)


def test_normal_is_the_personalities() -> None:
    config = bots_only(Difficulty.NORMAL)
    table = config.make_table(random.Random(1))
    table.start_hand()
    table.rng = random.Random(5)
    expected = table.bot_action()
    table.rng = random.Random(5)
    assert Brains(Difficulty.NORMAL).decide_at(table) == expected
