import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardtui.store import SCHEMA_VERSION, Game, Outcome, SeatResult, Store


def _win(player: str = "Ann", net: int = 10) -> SeatResult:
    return SeatResult(player, bet=10, net=net, outcome=Outcome.WIN)


def test_new_store_is_wal_with_the_current_schema(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.schema_version == SCHEMA_VERSION
    mode = store._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
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


def test_a_round_is_all_or_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    bad = SeatResult("Ann", 10, 10, "sideways")  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        store.record_round(Game.BLACKJACK, [_win(), bad])
    assert store.round_count() == 0
    assert store.totals(Game.BLACKJACK) == []


def test_reset_forgets_everything(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.record_round(Game.BLACKJACK, [_win()])
    store.record_tournament("Ann", 2, 6)
    store.reset()
    assert store.round_count() == 0 and store.tournaments() == []


def test_garbage_file_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = Store(path)
    assert store.notice and "moved to" in store.notice
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    store.record_round(Game.BLACKJACK, [_win()])
    assert Store(path).round_count() == 1


def test_database_from_a_newer_cardtui_is_kept_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.close()
    store = Store(path)
    assert store.notice is not None
    assert any(".corrupt-" in p.name for p in tmp_path.iterdir())


def test_old_schema_is_migrated(tmp_path: Path) -> None:
    from cardtui.store import MIGRATIONS

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


def test_a_round_survives_sigkill_right_after_it_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    script = textwrap.dedent(
        f"""
        import os, signal
        from cardtui.store import Game, Outcome, SeatResult, Store
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
        from cardtui.store import Game, Outcome, SeatResult, Store
        store = Store({str(path)!r})
        for _ in range(25):
            store.record_round(Game.BLACKJACK, [SeatResult(sys.argv[1], 10, 10, Outcome.WIN)])
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, f"P{i}"]) for i in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    assert Store(path).round_count() == 100


def test_unwritable_location_raises_store_error(tmp_path: Path) -> None:
    from cardtui.store import StoreError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises((StoreError, OSError)):
        Store(blocker / "sub" / "cardtui.sqlite3")
    assert os.path.exists(blocker)


def test_damage_deep_in_the_file_is_found_on_use_set_aside_and_noticed(tmp_path: Path) -> None:
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

    notices: list[str] = []
    store = Store(path)  # opening reads only the schema: damage is found on use
    store.on_notice = notices.append
    assert store.totals(Game.BLACKJACK) == []  # a fresh scoreboard, not a crash
    assert notices and "moved to" in notices[0]
    assert any(".corrupt-" in p.name for p in tmp_path.iterdir())
    store.record_round(Game.BLACKJACK, [_win()])
    assert store.round_count() == 1
