"""The hand's story at showdown in the player's language: who shows what and who wins
with what. It read the engine's English sentence ("bob показывает J♣ J♠: Straight, Ace
high", "Vera выигрывает ... с комбинацией Flush, King high, then Queen-Ten-Eight-Two")
while the line under the board already said "Стрит (A K Q J 10)"."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.holdem.actions import Action, Record
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.view import SeatView, TableView, steps


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _showdown(split: bool = False) -> list[Record]:
    """Heads-up, checked down: Ann's straight beats Bob's flush draw that missed (or,
    ``split``, the board's straight plays for both)."""
    holes = ["JcJs", "Jd2h"] if split else ["JcJs", "Kd2h"]
    board = "AhKsQhTd3c" if not split else "AhKsQhTd9c"
    hand = Hand([500, 500], button=1, small_blind=5, big_blind=10, rng=random.Random(1),
                deck=stacked_deck(holes, board))
    records = list(hand.records)
    while hand.actor is not None:
        records += hand.act(Action.call() if hand.legal_actions().call_amount else Action.check())
    return records


def _log(records: list[Record]) -> list[str]:
    view = TableView([SeatView("Ann", 500, in_hand=True), SeatView("Bob", 500, in_hand=True)])
    for step in steps(records):
        view.apply(step)
    return [f"{line.text} {' '.join(map(str, line.cards))}{line.tail}".strip()
            for line in view.log if line.kind.name in ("SHOWN", "WIN")]


def test_showdown_lines_name_the_hands_in_russian() -> None:
    i18n.set_language("ru")
    lines = _log(_showdown())
    assert any(line.endswith(": Стрит (A K Q J 10)") for line in lines), lines
    assert lines[-1].endswith("с комбинацией Стрит (A K Q J 10)"), lines
    assert not any("high" in line or "Straight" in line for line in lines), lines


def test_a_split_pot_names_the_hand_too() -> None:
    i18n.set_language("ja")
    lines = _log(_showdown(split=True))
    assert all("Straight" not in line for line in lines), lines
    assert "(A K Q J 10)" in lines[-1], lines


def test_english_keeps_the_engines_sentence() -> None:
    lines = _log(_showdown())
    assert any(line.endswith(": Straight, Ace high") for line in lines), lines
    assert lines[-1].endswith("with Straight, Ace high"), lines


def test_a_side_pots_number_stands_apart_from_its_amount_in_russian() -> None:
    """"побочный банк 1 220" read as 1 220 chips (Russian writes 1,220 so)."""
    from tests.holdem.test_pot_announcements import four_way_all_in, shown

    i18n.set_language("ru")
    wins = [line.text for line in shown(four_way_all_in()).log if line.kind.name == "WIN"]
    assert wins == ["Dora выигрывает основной банк и побочный банк 1: 2\xa0700",
                    "Guest 1 выигрывает побочный банк 2: 400"], wins
