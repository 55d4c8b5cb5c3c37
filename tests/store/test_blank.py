"""A new scoreboard file is written from the template's kept empty database, not migrated."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.store import SCHEMA_VERSION, Database, Outcome, SeatResult, Store, blank
from cardtui.store import database as database_module


def schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return sorted(db.execute("SELECT name, sql FROM sqlite_master").fetchall())


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blank, "_kept", None)
    database_module.keep_blank()


def test_a_new_file_is_written_whole_and_migrates_nothing(
        kept: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    built = tmp_path / "built.sqlite3"
    monkeypatch.setattr(blank, "_kept", None)  # as a game without a template builds it
    Database(built).close()
    database_module.keep_blank()
    ran: list[int] = []

    def counted(number: int):  # noqa: ANN202
        migrate = database_module.MIGRATIONS[number]
        return lambda db: (ran.append(number + 1), migrate(db))

    monkeypatch.setattr(database_module, "MIGRATIONS",
                        tuple(counted(n) for n in range(SCHEMA_VERSION)))
    new = tmp_path / "profile" / "scores.sqlite3"
    db = Database(new)
    assert ran == [] and db.version == SCHEMA_VERSION
    db.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN)], "s", 0.0)
    db.close()
    assert schema(new) == schema(built)
    with sqlite3.connect(new) as check:
        assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert [name for name in os.listdir(new.parent) if name.endswith(".new")] == []


def test_a_store_on_a_written_file_keeps_rounds(kept: None, tmp_path: Path) -> None:
    store = Store(tmp_path / "scores.sqlite3")
    store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, -10, Outcome.LOSS)], "s")
    assert not store.close()
    assert Store(tmp_path / "scores.sqlite3").round_count() == 1


def test_a_file_already_there_is_left_alone(kept: None, tmp_path: Path) -> None:
    path = tmp_path / "scores.sqlite3"
    db = Database(path)
    db.record_round(Game.HOLDEM, [SeatResult("Ann", 10, 5, Outcome.WIN)], "s", 0.0)
    db.close()
    assert not blank.write_blank(path)
    assert Database(path).round_count() == 1


def test_without_a_kept_copy_the_file_is_built(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blank, "_kept", None)
    assert not blank.write_blank(tmp_path / "scores.sqlite3")
    assert Database(tmp_path / "scores.sqlite3").version == SCHEMA_VERSION
