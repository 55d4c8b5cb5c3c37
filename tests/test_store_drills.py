"""Drill scores on the scoreboard: recorded, read back per session, reset, migrated."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtui.store import MIGRATIONS, SCHEMA_VERSION, DrillScore, Store
from cardtui.store.keeper import unsaved_report
from cardtui.store.pending import DrillWrite


def test_drill_scores_are_kept_per_session(tmp_path: Path) -> None:
    store = Store(tmp_path / "scores.db")
    store.record_drill("Ann", "pairs", 20, 17, session_id="now")
    store.record_drill("Ann", "count", 3, 2, session_id="earlier")
    assert store.drills("now") == [DrillScore("Ann", "pairs", 20, 17)]
    assert store.drills() == [DrillScore("Ann", "pairs", 20, 17),
                              DrillScore("Ann", "count", 3, 2)]
    store.reset()
    assert store.drills() == []
    store.close()


def test_impossible_scores_are_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "scores.db")
    for asked, correct in ((0, 0), (5, 6), (5, -1)):
        with pytest.raises(ValueError, match="drill score"):
            store.record_drill("Ann", "hard", asked, correct)
    store.close()


def test_an_older_file_gains_the_drills_table(tmp_path: Path) -> None:
    path = tmp_path / "scores.db"
    db = sqlite3.connect(path)
    for migrate in MIGRATIONS[:2]:
        migrate(db)
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    store = Store(path)
    assert store.drills() == []
    store.record_drill("Bo", "all", 10, 9)
    assert store.schema_version == SCHEMA_VERSION
    assert store.drills() == [DrillScore("Bo", "all", 10, 9)]
    store.close()


def test_an_unsaved_drill_is_named_in_the_exit_line() -> None:
    write = DrillWrite("Ann", "soft", 20, 15, "s", 0.0)
    line = unsaved_report([write], None)
    assert line.startswith("1 drill score could not be saved: soft drill, 15 of 20 right, "
                           "for Ann at")
