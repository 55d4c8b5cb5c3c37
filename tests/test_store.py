import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from disk_conditions import run_on_full_disk, run_on_read_only_disk

from cardtui.games import Game
from cardtui.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Database,
    Outcome,
    Problem,
    SeatResult,
    Store,
)


def _win(player: str = "Ann", net: int = 10) -> SeatResult:
    return SeatResult(player, bet=10, net=net, outcome=Outcome.WIN)


def _eventually(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Wait for the writer thread (no timing is asserted: the bound only stops a hang)."""
    done = threading.Event()
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        done.wait(0.02)
    return condition()


@pytest.fixture
def notices() -> list[str]:
    return []


@pytest.fixture
def open_store(notices: list[str]) -> Iterator[Callable[[Path], Store]]:
    """``open_store(path)``: a store that reports to ``notices`` and is closed afterwards."""
    stores: list[Store] = []

    def factory(path: Path) -> Store:
        store = Store(path, retry_first=0.02)
        if store.notice:
            notices.append(store.notice)
        store.on_notice = notices.append
        stores.append(store)
        return store

    yield factory
    for store in stores:
        store.close(wait=0)


def _holder(path: Path, *, exclusive: bool = False) -> sqlite3.Connection:
    """Another program in the middle of a long write: it holds the write lock."""
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    if exclusive:  # readers are shut out too, as in rollback-journal mode
        other.execute("PRAGMA locking_mode = EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
    else:
        other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO rounds (session_id, game, played_at) VALUES ('x', 'other', 0)")
    return other


def _rounds_in(path: Path) -> int:
    db = Database(path, read_only=True)
    try:
        return db.round_count()
    finally:
        db.close()


def _set_aside(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if ".corrupt-" in p.name]


# -- the basics ----------------------------------------------------------------


def test_new_store_is_wal_with_the_current_schema(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.schema_version == SCHEMA_VERSION
    store.close()
    check = sqlite3.connect(tmp_path / "s.sqlite3")
    assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.notice is None


def test_totals_per_session_and_all_time(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.record_round(
        Game.BLACKJACK, [_win(net=15), SeatResult("Bot 1", 10, -10, Outcome.LOSS)], "one"
    )
    store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 0, Outcome.PUSH)], "two")
    store.record_round(Game.HOLDEM, [SeatResult("Ann", 20, 80, Outcome.WIN, pot=100,
                                                showdown=True, showdown_won=True)], "two")
    all_time = {t.player: t for t in store.totals(Game.BLACKJACK)}
    assert (all_time["Ann"].rounds, all_time["Ann"].pushes, all_time["Ann"].net) == (2, 1, 15)
    assert all_time["Bot 1"].losses == 1
    session = store.totals(Game.BLACKJACK, "two")
    assert [(t.player, t.rounds) for t in session] == [("Ann", 1)]
    holdem = store.totals(Game.HOLDEM)[0]
    assert (holdem.wins, holdem.showdowns_won, holdem.biggest_pot) == (1, 1, 100)


def test_a_bad_result_is_refused_by_the_caller_and_nothing_is_written(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    with pytest.raises(ValueError, match="sideways"):
        store.record_round(Game.BLACKJACK, [_win(), SeatResult("Ann", 10, 10, "sideways")])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        store.record_round(Game.BLACKJACK, [])
    assert store.round_count() == 0 and store.unsaved() == []


def test_reset_forgets_everything(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.record_round(Game.BLACKJACK, [_win()])
    store.record_tournament("Ann", 2, 6)
    store.reset()
    assert store.round_count() == 0 and store.tournaments() == []


def test_old_schema_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO rounds (session_id, game, played_at) VALUES ('s', 'blackjack', 0)")
    db.execute("INSERT INTO results (round_id, player, bet, net, outcome) "
               "VALUES (1, 'Ann', 10, 10, 'win')")
    db.execute("COMMIT")
    db.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION and store.notice is None
    assert store.totals(Game.BLACKJACK)[0].wins == 1
    store.record_tournament("Ann", 1, 4)
    assert store.tournaments()[0].place == 1


# -- durability ----------------------------------------------------------------


def test_a_round_survives_sigkill_right_after_it_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    script = textwrap.dedent(
        f"""
        import os, signal
        from cardtui.games import Game
        from cardtui.store import Outcome, SeatResult, Store
        store = Store({str(path)!r})
        store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN)])
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert Store(path).totals(Game.BLACKJACK)[0].net == 15


def test_several_processes_share_one_store(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    Store(path).close()
    script = textwrap.dedent(
        f"""
        import sys
        from cardtui.games import Game
        from cardtui.store import Outcome, SeatResult, Store
        store = Store({str(path)!r})
        for _ in range(25):
            store.record_round(Game.BLACKJACK, [SeatResult(sys.argv[1], 10, 10, Outcome.WIN)])
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, f"P{i}"]) for i in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    assert Store(path).round_count() == 100


# -- real damage is set aside --------------------------------------------------


def test_garbage_file_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = Store(path)
    assert store.notice and "moved to" in store.notice
    aside = _set_aside(tmp_path)
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    store.record_round(Game.BLACKJACK, [_win()])
    assert Store(path).round_count() == 1


def test_damage_deep_in_the_file_is_found_on_use_set_aside_and_noticed(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str]
) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    for i in range(2000):
        store.record_round(Game.BLACKJACK, [_win(f"P{i % 7}")])
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 20 * page
    data[5 * page: len(data) - page] = b"\xde\xad\xbe\xef" * ((len(data) - 6 * page) // 4)
    path.write_bytes(bytes(data))

    store = open_store(path)  # opening reads only the schema: damage is found on use
    assert store.totals(Game.BLACKJACK) == []  # a fresh scoreboard, not a crash
    assert notices and "moved to" in notices[0]
    assert _set_aside(tmp_path)
    store.record_round(Game.BLACKJACK, [_win()])
    assert store.round_count() == 1


# -- healthy but unavailable: left alone, each with its own message -----------


def test_a_newer_schema_is_left_alone_and_rounds_are_kept(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str]
) -> None:
    path = tmp_path / "cardtui.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.commit()
    db.close()
    before = path.read_bytes()

    store = open_store(path)
    assert store.problem is not None and store.problem.problem is Problem.NEWER
    assert notices and "newer cardtui" in notices[0] and "moved" not in notices[0]
    assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert len(store.close(wait=0)) == 1  # kept in memory, reported, never written
    assert not _set_aside(tmp_path)
    assert path.read_bytes() == before
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == (
        SCHEMA_VERSION + 5)


def test_locked_at_open_is_waited_for_not_set_aside(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str]
) -> None:
    path = tmp_path / "cardtui.sqlite3"
    Store(path).close()
    other = _holder(path, exclusive=True)

    store = open_store(path)
    assert store.problem is not None and store.problem.problem is Problem.BUSY
    assert "busy" in notices[0] and not _set_aside(tmp_path)
    # Recording does not wait for the other program: the round is kept...
    assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert len(store.unsaved()) == 1
    other.execute("ROLLBACK")
    other.close()
    # ...and saved by the writer thread once the lock is gone.
    assert _eventually(lambda: not store.unsaved())
    assert store.round_count() == 1
    assert "written again" in notices[-1]


def test_a_long_write_elsewhere_never_blocks_recording(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str]
) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = open_store(path)
    store.record_round(Game.BLACKJACK, [_win()])
    other = _holder(path)
    # The other program keeps its lock until this thread has recorded three
    # rounds: a record_round that waited for the lock could never return.
    for _ in range(3):
        assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert len(store.unsaved()) == 3
    assert _eventually(lambda: any("busy" in n for n in notices))  # it lasted: say so
    other.execute("ROLLBACK")
    other.close()
    assert _eventually(lambda: not store.unsaved())
    assert store.round_count() == 4 and not _set_aside(tmp_path)


def test_a_full_disk_keeps_the_round_tells_at_once_and_saves_it_later(tmp_path: Path) -> None:
    result = run_on_full_disk(tmp_path / "disk", """
        import json, time
        from cardtui.games import Game
        from cardtui.store import Outcome, SeatResult, Store
        notices = []
        store = Store(DISK + "/cardtui.sqlite3", retry_first=0.05)
        store.on_notice = notices.append
        win = [SeatResult("Ann", 10, 10, Outcome.WIN)]
        store.record_round(Game.BLACKJACK, win)
        fill_disk()
        recorded, kept = 1, 0
        while kept == 0 and recorded < 500:  # until the disk has no room left at all
            recorded += 1
            kept += store.record_round(Game.BLACKJACK, win) is None
        told_at_once = list(notices)
        problem = store.problem.problem.value
        waiting = len(store.unsaved())
        free_disk()
        for _ in range(3000):
            if not store.unsaved():
                break
            time.sleep(0.01)
        print(json.dumps({"told": told_at_once, "problem": problem, "waiting": waiting,
                          "recorded": recorded, "saved": store.round_count(),
                          "unsaved": len(store.close()), "notices": notices}))
    """)
    assert result["problem"] == "full" and result["waiting"] == 1
    assert len(result["told"]) == 1 and "is full" in result["told"][0]
    assert "1 settled round is kept" in result["told"][0]
    assert result["unsaved"] == 0 and result["saved"] == result["recorded"]
    assert "written again" in result["notices"][-1]


def test_a_read_only_disk_is_left_alone_and_still_read(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = Store(folder / "cardtui.sqlite3")
    store.record_round(Game.BLACKJACK, [_win()])
    store.close()
    result = run_on_read_only_disk(folder, """
        import json, os
        from cardtui.games import Game
        from cardtui.store import Outcome, SeatResult, Store
        store = Store(DISK + "/cardtui.sqlite3", retry_first=0.05)
        kept = store.record_round(Game.BLACKJACK, [SeatResult("Bo", 10, 5, Outcome.WIN)])
        print(json.dumps({"notice": store.notice, "problem": store.problem.problem.value,
                          "kept": kept is None, "read": store.round_count(),
                          "unsaved": len(store.close(wait=0)), "files": os.listdir(DISK)}))
    """)
    assert result["problem"] == "read-only" and "cannot be written" in result["notice"]
    assert result["kept"] and result["unsaved"] == 1 and result["read"] == 1
    assert sorted(result["files"]) == ["cardtui.sqlite3"]
    assert _rounds_in(folder / "cardtui.sqlite3") == 1


def test_a_folder_that_cannot_exist_is_a_notice_not_a_crash(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = open_store(blocker / "sub" / "cardtui.sqlite3")
    assert store.problem is not None and "cannot be used" in notices[0]
    assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert blocker.read_text() == "x"


def test_the_read_only_database_never_changes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.close()
    before = path.read_bytes()
    reader = Database(path, read_only=True)
    assert reader.round_count() == 0 and reader.tournaments() == []  # schema 1: no tournaments
    reader.close()
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["cardtui.sqlite3"]


def test_a_bug_while_writing_keeps_the_round_and_logs_the_details(
    tmp_path: Path, open_store: Callable[[Path], Store], notices: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object) -> int:
        raise RuntimeError("a bug in the writer")

    store = open_store(tmp_path / "cardtui.sqlite3")
    monkeypatch.setattr(Database, "record_round", broken)
    assert store.record_round(Game.BLACKJACK, [_win()]) is None  # no exception for the table
    assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert "crash.log" in notices[0] and len(notices) == 1
    assert "RuntimeError: a bug in the writer" in (tmp_path / "crash.log").read_text()
    monkeypatch.undo()
    assert store.close(wait=5) == []  # the last try at close saves both
    assert _rounds_in(tmp_path / "cardtui.sqlite3") == 2


def test_the_last_try_at_close_is_made_even_while_the_writer_is_still_failing(
    tmp_path: Path, open_store: Callable[[Path], Store], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """close() began while the writer thread was still inside a failing write.

    The writer then gave up (after close had reset ``_given_up`` for its last
    try) and close, seeing a writer alive, started none: the round was lost.
    """
    store = open_store(tmp_path / "cardtui.sqlite3")
    writer_failing = threading.Event()

    def broken(*args: object) -> int:
        if threading.current_thread().name == "cardtui-store-writer":
            writer_failing.set()
            # The writer's attempt is still failing when close() starts.
            _eventually(lambda: store._closing, seconds=10)
        raise RuntimeError("a bug in the writer")

    monkeypatch.setattr(Database, "record_round", broken)
    assert store.record_round(Game.BLACKJACK, [_win()]) is None
    assert writer_failing.wait(10)
    monkeypatch.undo()  # the bug is fixed before close; the writer's attempt is already under way
    assert store.close(wait=5) == []
    assert _rounds_in(tmp_path / "cardtui.sqlite3") == 1
