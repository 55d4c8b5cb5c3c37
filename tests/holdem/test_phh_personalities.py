"""Kept hand histories name each bot's personality: statistics per personality from files."""

from __future__ import annotations

import random
import tomllib

from cardtui.commands.stats import table_rows
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.table import Player, Table


def _bots() -> Table:
    players = [Player("Sam", 200, Personality.SHARK), Player("Bot 1", 200, Personality.ROCK),
               Player("Bot 2", 200, Personality.MANIAC)]
    return Table(players, rng=random.Random(3))


def test_a_history_names_each_bots_personality_in_the_players_order() -> None:
    table = _bots()
    hand = table.play_bot_hand()
    data = tomllib.loads(table.hand_history(hand, hand_number=1))
    kinds = dict(zip(data["players"], data["_personalities"], strict=True))
    assert kinds == {"Sam": "shark", "Bot 1": "rock", "Bot 2": "maniac"}


def test_a_person_is_an_empty_entry() -> None:
    table = Table([Player("Ann", 200), Player("Bot 1", 200, Personality.ROCK)],
                  rng=random.Random(1))
    hand = table.start_hand()
    while not hand.is_over:
        hand.act(Action.fold() if hand.can_fold() else Action.check())
    data = tomllib.loads(table.hand_history(hand))
    assert dict(zip(data["players"], data["_personalities"], strict=True)) == {
        "Ann": "", "Bot 1": "rock"}


def test_statistics_from_the_files_count_bots_by_personality() -> None:
    table = _bots()
    texts = [table.hand_history(table.play_bot_hand()) for _ in range(5)]
    rows, unreadable = table_rows(texts, "Sam")
    assert unreadable == 0
    assert [row.label for row in rows] == ["Sam (you)", "Maniac bots", "Rock bots"]
    assert all(row.stats.hands == 5 for row in rows)


def test_a_table_of_people_writes_no_personalities() -> None:
    table = Table([Player("Ann", 200), Player("Bob", 200)], rng=random.Random(1))
    hand = table.start_hand()
    hand.act(Action.fold())
    assert "_personalities" not in table.hand_history(hand)
