"""The trainer's misses and best count-downs on the scoreboard's rows and in ``cardtui scores``."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui import drill_scores
from cardtui.blackjack.leaks import Miss, MissSource
from cardtui.blackjack.records import Action
from cardtui.cli import main
from cardtui.store import Store
from cardtui.store.trainer_store import TrainerBook, trainer_path


def _book(folder: Path) -> TrainerBook:
    book = TrainerBook(trainer_path(folder))
    miss = Miss(("Th", "6s"), "Tc", Action.HIT, Action.STAND, (Action.HIT, Action.STAND),
                MissSource.TABLE)
    book.add_misses("Ann", [miss, miss], at=1.0)
    book.add_misses("Ann", [Miss(("8h", "8d"), "Ac", Action.STAND, Action.SPLIT, (),
                                 MissSource.DRILL)], at=2.0)
    book.record_time("Ann", "countdown-1", 52.0, at=3.0)
    book.record_time("Ann", "countdown-1", 38.25, at=4.0)
    return book


def test_trainer_rows_count_the_misses_and_keep_the_best_time(tmp_path: Path) -> None:
    book = _book(tmp_path)
    assert drill_scores.trainer_rows(book) == [["Ann", "3", "1", "2", "38.2 s", "-"]]
    book.drop_miss("Ann", book.misses("Ann")[0])
    assert drill_scores.trainer_rows(book)[0][1] == "2"
    book.close()


def test_scores_prints_the_trainer_book(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_drill("Ann", "index", 20, 17)
    store.close()
    _book(tmp_path).close()
    assert main(["scores", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "index" in out and "85%" in out
    assert "misses kept" in out and "38.2 s" in out
