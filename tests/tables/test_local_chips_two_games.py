"""Two game processes of one profile at local tables: each plays its own kept chips.

Two terminals (or two SSH sessions of one key) share the profile's
scoreboard. A sit-down used to cash out whatever chips were at "the" local
table first: the other process's, still in its seat, went back to the
balance and were bought in again, so the same chips sat in two seats.
"""

from __future__ import annotations

from pathlib import Path

from cardtui.games import Game
from cardtui.store import Outcome, SeatResult, Store
from cardtui.tables.bankroll import TableBankroll

HOLDEM = Game.HOLDEM


def test_a_second_game_sitting_down_leaves_the_first_games_chips_alone(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    first, second = Store(path), Store(path)  # two game processes of one profile
    mine = TableBankroll(first, HOLDEM, "Ann")
    mine.sit_down(wanted=600, low=10)
    other = TableBankroll(second, HOLDEM, "Ann")
    seated = other.sit_down(wanted=1_000, low=10)
    assert (seated.chips, seated.returned) == (400, 0)  # what the balance had, nothing else
    first.record_round(HOLDEM, [SeatResult("Ann", 50, 50, Outcome.WIN)],
                       bankroll_player="Ann", bankroll_place=mine.place)
    assert mine.leave().balance == 650
    kept = second.bankroll(HOLDEM)
    assert (kept.balance, kept.at_table) == (650, 400)
    assert other.leave().balance == 1_050
    assert first.close() == [] and second.close() == []


def test_chips_a_closed_game_left_come_back_to_the_next_sit_down(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    first = Store(path)
    TableBankroll(first, HOLDEM, "Ann").sit_down(wanted=600, low=10)
    assert first.close() == []  # gone without standing up
    second = Store(path)
    seated = TableBankroll(second, HOLDEM, "Ann").sit_down(wanted=1_000, low=10)
    assert (seated.chips, seated.returned) == (1_000, 600)
    assert second.bankroll(HOLDEM).at_table == 1_000
    assert second.close() == []
    assert not (tmp_path / "cardtui.sqlite3.games").exists()  # nothing left beside the file
