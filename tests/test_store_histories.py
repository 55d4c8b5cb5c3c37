"""Hand histories kept with their rounds: one transaction, also when the round waited in memory."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.store import MIGRATIONS, SCHEMA_VERSION, Database, Outcome, SeatResult, Store

PHH = 'variant = "NT"\nactions = ["d dh p1 AhKh"]\n'


def _loss(player: str = "Ann") -> SeatResult:
    return SeatResult(player, bet=10, net=-10, outcome=Outcome.LOSS)


def _eventually(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Wait for the writer thread (no timing is asserted: the bound only stops a hang)."""
    done = threading.Event()
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        done.wait(0.02)
    return condition()


def test_a_hand_history_is_kept_with_its_round(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    first = store.record_round(Game.HOLDEM, [_loss()], "s1", hand_history=PHH)
    store.record_round(Game.BLACKJACK, [_loss()], "s1")  # no history: none kept
    store.record_round(Game.HOLDEM, [_loss()], "s2", hand_history=PHH + "# two\n")
    kept = store.hand_histories()
    assert [(h.round_id, h.game, h.format) for h in kept] == [
        (first, Game.HOLDEM, "phh"), (3, Game.HOLDEM, "phh")]
    assert kept[0].text == PHH
    assert [h.text for h in store.hand_histories(session_id="s2")] == [PHH + "# two\n"]
    assert store.close() == []


def test_round_and_history_are_one_transaction(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = Database(path)
    # The history's insert fails after the round's: the round must go too.
    db._db.execute("CREATE TRIGGER refuse BEFORE INSERT ON hand_histories "
                   "BEGIN SELECT RAISE(ABORT, 'refused'); END")
    with pytest.raises(sqlite3.IntegrityError):
        db.record_round(Game.HOLDEM, [_loss()], "s", 0.0, hand_history=PHH)
    assert db.round_count() == 0
    db.close()


def test_a_round_waiting_in_memory_keeps_its_history(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path, retry_first=0.02)
    store.record_round(Game.HOLDEM, [_loss()], hand_history=PHH)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    assert store.record_round(Game.HOLDEM, [_loss()], hand_history="second\n") is None
    other.execute("ROLLBACK")
    other.close()
    assert _eventually(lambda: not store.unsaved())
    assert [h.text for h in store.hand_histories()] == [PHH, "second\n"]
    assert store.close() == []


def test_reset_forgets_the_histories(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_round(Game.HOLDEM, [_loss()], hand_history=PHH)
    store.reset()
    assert store.hand_histories() == []
    assert store.close() == []


def _schema_3_file(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for migrate in MIGRATIONS[:3]:
        migrate(db)
    db.execute("PRAGMA user_version = 3")
    db.execute("INSERT INTO rounds (session_id, game, played_at) VALUES ('s', 'holdem', 0)")
    db.execute("INSERT INTO results (round_id, player, bet, net, outcome) "
               "VALUES (1, 'Ann', 10, 10, 'win')")
    db.execute("COMMIT")
    db.close()


def test_an_old_file_gains_the_table_and_keeps_its_rounds(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    _schema_3_file(path)
    reader = Database(path, read_only=True)  # cardtui scores: reads schema 3 as it is
    assert reader.hand_histories() == [] and reader.version == 3
    reader.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION and store.notice is None
    assert store.hand_histories() == []
    assert store.totals(Game.HOLDEM)[0].net == 10
    store.record_round(Game.HOLDEM, [_loss()], hand_history=PHH)
    assert [(h.round_id, h.text) for h in store.hand_histories()] == [(2, PHH)]
    assert store.close() == []
