"""``cardtui stats``: statistics from the kept hand histories, you and each bot personality."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cardtui.cli import main
from cardtui.games import Game
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.store import MIGRATIONS, Outcome, SeatResult, Store

NAMES = ["Ann", "Bob", "Cy"]


def _first_hand() -> Hand:
    # The hands of cardtui.holdem.stats's docstring: Ann beats Bob's three-bet pot.
    hand = Hand([100, 100, 100], button=2, small_blind=1, big_blind=2, names=NAMES,
                deck=stacked_deck(["KhKd", "QhQd", "7c2d"], board="Ks8h3c 4d 9s"))
    hand.fold(), hand.raise_to(6), hand.raise_to(18), hand.call()
    hand.check(), hand.raise_to(20), hand.call(), hand.check(), hand.check()
    hand.check(), hand.check()
    return hand


def _second_hand() -> Hand:
    hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, names=NAMES,
                deck=stacked_deck(["7h2c", "9d4s", "AcAs"]))
    hand.raise_to(5), hand.fold(), hand.fold()
    return hand


def _history(hand: Hand) -> str:
    # PHH order is from the button's left; the personalities follow the players list.
    kinds = {"Ann": "", "Bob": "shark", "Cy": "rock"}
    order = [hand.names[s] for s in hand.players]
    return to_phh(hand) + f"_personalities = {json.dumps([kinds[n] for n in order])}\n"


def _keep(data: Path, hands: list[Hand]) -> None:
    store = Store(data / "cardtui.sqlite3")
    for hand in hands:
        store.record_round(Game.HOLDEM, [SeatResult("Ann", 0, 0, Outcome.PUSH)],
                           hand_history=_history(hand))
    store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 10, Outcome.WIN)])
    assert store.close() == []


def _settings(data: Path, name: str) -> None:
    (data / "settings.json").write_text(json.dumps({"player_name": name}), encoding="utf-8")


def test_you_and_each_bot_personality(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _keep(tmp_path, [_first_hand(), _second_hand()])
    _settings(tmp_path, "Ann")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    # The figures of the statistics module's doctest, one row per personality.
    assert lines["Ann"] == ["Ann", "(you)", "2", "100%", "100%", "-", "0.0", "100%", "100%",
                            "+1025.0"]
    assert lines["Shark"] == ["Shark", "bots", "2", "50%", "50%", "50%", "inf", "100%", "0%",
                              "-975.0"]
    assert lines["Rock"] == ["Rock", "bots", "2", "0%", "0%", "0%", "-", "-", "-", "-50.0"]
    for column in ("Hands", "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD", "bb/100"):
        assert column in out
    header, *table = out.splitlines()
    assert header.startswith("Hold'em statistics: ")  # the file's path, however long
    assert max(len(line) for line in table) <= 80


def test_player_option_picks_your_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _keep(tmp_path, [_first_hand()])
    assert main(["stats", "--data-dir", str(tmp_path), "--player", "Bob"]) == 0
    out = capsys.readouterr().out
    assert "Bob (you)" in out and "Ann " in out  # Ann is just another human here


def test_a_player_with_no_kept_hand_is_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 26: "--player Nobody" printed the others' table, as if Nobody had been found.
    _keep(tmp_path, [_first_hand()])
    assert main(["stats", "--data-dir", str(tmp_path), "--player", "Nobody"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("cardtui stats: error: no kept hold'em hand has a player named 'Nobody' "
                   "(names match exactly)\n")


def test_a_missing_store_is_one_line_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--data-dir", str(tmp_path / "new")]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "No hold'em hands kept yet" in out
    assert not (tmp_path / "new").exists()


def test_a_store_without_hold_em_hands_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _keep(tmp_path, [])
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "No hold'em hands kept yet" in out


def test_an_old_schema_is_read_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for migrate in MIGRATIONS[:3]:
        migrate(db)
    db.execute("PRAGMA user_version = 3")
    db.close()
    before = path.read_bytes()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "No hold'em hands kept yet" in capsys.readouterr().out
    assert path.read_bytes() == before  # never migrated


def test_an_unreadable_history_is_counted_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _keep(tmp_path, [_first_hand()])
    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_round(Game.HOLDEM, [SeatResult("Ann", 0, 0, Outcome.PUSH)],
                       hand_history="not a hand history [")
    store.close()
    _settings(tmp_path, "Ann")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ann (you)" in out and "1 kept hand could not be read and is left out." in out


def test_a_tournaments_hands_are_left_out(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # Tournament chips are not money: bb/100 and the rest come from cash hands only.
    _keep(tmp_path, [_first_hand(), _second_hand()])
    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_round(Game.HOLDEM, [SeatResult("Ann", 100, -100, Outcome.LOSS)],
                       hand_history=_history(_first_hand()), tournament=True)
    assert store.close() == []
    _settings(tmp_path, "Ann")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    lines = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()
             if line.strip()}
    assert lines["Ann"][2] == "2" and lines["Ann"][-1] == "+1025.0"
