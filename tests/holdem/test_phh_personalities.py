"""Kept hand histories name each bot's personality: statistics per personality from files."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.stats_rows import table_rows
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


def test_a_bot_that_busts_keeps_its_personality_in_the_hands_history() -> None:
    # finish_hand() empties a busted bot's seat; the history, written after
    # it (as the bots-only export does), still names the bot's personality.
    from cardtui.holdem.hand import stacked_deck

    players = [Player("Rocky", 100, Personality.ROCK), Player("Max", 100, Personality.MANIAC)]
    table = Table(players, rng=random.Random(2), button=0)
    hand = table.start_hand(stacked_deck(["7c2d", "AsAd"], board="AhKd3s 9c 4h"))
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Action.raise_to(legal.max_raise_to) if legal.can_raise else Action.call())
    table.finish_hand()
    assert table.seats[1] is None  # Max busted and left
    data = tomllib.loads(table.hand_history(hand, hand_number=1))
    kinds = dict(zip(data["players"], data["_personalities"], strict=True))
    assert kinds == {"Rocky": "rock", "Max": "maniac"}


def test_the_bots_only_export_credits_a_busted_bot_to_its_personality(tmp_path: Path) -> None:
    # The issue's own command: at seed 7 "Maniac 3" busts in hand 2.
    from cardtui.cli import main

    folder = tmp_path / "d"
    assert main(["--seed", "7", "holdem", "--bots-only", "--hands", "2", "--seats", "6",
                 "--export-phh", str(folder)]) == 0
    texts = [path.read_text() for path in sorted(folder.glob("*.phh"))]
    last = tomllib.loads(texts[-1])
    busted = [name for name, chips in zip(last["players"], last["finishing_stacks"],
                                          strict=True) if chips == 0]
    assert busted, "the seed no longer busts a bot: pick one that does"
    assert all(kind for kind in last["_personalities"])
    rows, unreadable = table_rows(texts, "nobody")
    assert unreadable == 0
    # Every bot counted under its personality; no busted bot as a person's row of its own.
    assert [row.label for row in rows] == ["Maniac bots", "Rock bots", "Shark bots"]
    assert sum(row.stats.hands for row in rows) == 12
