"""The stores' guarantees on both backends: a SQLite file and a PostgreSQL schema.

The same tests, the store opened at a path or at a ``postgresql://`` URL: the
balance kept across a restart, a shared hand recorded once by its name (also when
two games of the profile write it at once), a scoreboard reset keeps the chips, a
settled round survives ``kill -9``; on PostgreSQL, a server that stops keeps the
rounds in memory and saves them once it is back. The room's store (leaderboard,
host log, bans, kept tables) comes back after a restart on both.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.store import (
    SCHEMA_VERSION,
    START_BALANCE,
    BankrollKind,
    Database,
    Store,
)
from cardtui.store.backends import open_database, open_room_store
from cardtui.store.postgres import PostgresDatabase, with_schema
from cardtui.store.room_store import ROOM_STORE_NAME, KeptAction, KeptTable
from tests.support.services import PostgresServer, start_postgres
from tests.test_store_bankroll import _eventually, _result

BJ, HOLDEM = Game.BLACKJACK, Game.HOLDEM
PLACE = "room:t1"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the profile's scoreboard is: a file, or a schema of a throwaway PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "cardtui.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def test_the_backend_is_the_one_named(where: str) -> None:
    db = open_database(where)
    assert isinstance(db, PostgresDatabase) == where.startswith("postgresql://")
    assert db.schema_version == SCHEMA_VERSION
    db.close()


def test_buy_in_play_leave_and_restart(where: str) -> None:
    store = Store(where)
    assert store.notice is None and store.balance(BJ) == START_BALANCE
    store.buy_in(BJ, 200)
    store.record_round(BJ, [_result(50), _result(-10, "Bot 1")], bankroll_player="Ann")
    store.record_round(BJ, [_result(-20)], bankroll_player="Ann",
                       hand_history="phh text")
    assert store.bankroll(BJ).at_table == 230
    assert store.cash_out(BJ).balance == 1_030
    assert store.close() == []
    again = Store(where)
    assert again.balance(BJ) == 1_030 and again.balance(HOLDEM) == START_BALANCE
    assert [c.kind for c in again.bankroll_changes(BJ)] == [
        BankrollKind.BUY_IN, BankrollKind.RESULT, BankrollKind.RESULT, BankrollKind.CASH_OUT]
    totals = {t.player: t for t in again.totals(BJ)}
    assert (totals["Ann"].rounds, totals["Ann"].wins, totals["Ann"].net,
            totals["Ann"].biggest_win) == (2, 1, 30, 50)
    assert [h.text for h in again.hand_histories()] == ["phh text"]
    assert again.round_nets(BJ, "Ann") == [50, -20]
    assert again.close() == []


def test_a_shared_hand_is_recorded_once_and_moves_the_chips_once(where: str) -> None:
    store = Store(where)
    store.buy_in(HOLDEM, 400, player="Ann", place=PLACE)
    rounds = [store.record_round(HOLDEM, [_result(30)], session_id="s", bankroll_player="Ann",
                                 bankroll_place=PLACE, shared_hand="room-1:t1:7")
              for _ in range(2)]
    assert rounds[0] == rounds[1] and store.round_count() == 1
    assert store.chips_at(HOLDEM) == {PLACE: 430}
    store.reset()  # the scoreboard is emptied; the hand's name and its chips stay
    store.record_round(HOLDEM, [_result(30)], session_id="s", bankroll_player="Ann",
                       bankroll_place=PLACE, shared_hand="room-1:t1:7")
    assert store.round_count() == 0 and store.chips_at(HOLDEM) == {PLACE: 430}
    assert store.close() == []


def test_two_games_of_a_profile_writing_one_hand_at_once_record_it_once(where: str) -> None:
    # Two game processes of one profile (two SSH sessions) both hear the hand: the
    # lookup inside the write transaction must not let both find it missing.
    open_database(where).close()  # the schema made first, as a running room has it
    dbs = [open_database(where, busy_ms=5_000) for _ in range(4)]
    start = threading.Barrier(len(dbs))

    def write(db: Database) -> None:
        start.wait()
        db.record_round(HOLDEM, [_result(30)], "s", 0.0, shared_hand="room-1:t1:9")

    threads = [threading.Thread(target=write, args=(db,)) for db in dbs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert dbs[0].round_count() == 1 and dbs[0].has_shared_hand("room-1:t1:9")
    for db in dbs:
        db.close()


_KILLED_GAME = """
import os, signal, sys
from cardtui.games import Game
from cardtui.store import Outcome, SeatResult, Store
store = Store(sys.argv[1])
store.buy_in(Game.HOLDEM, 300)
store.record_round(Game.HOLDEM, [SeatResult("Ann", 10, 40, Outcome.WIN)], bankroll_player="Ann")
assert not store.unsaved()
print("settled", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_kill_9_loses_nothing_settled(where: str) -> None:
    run = subprocess.run([sys.executable, "-c", _KILLED_GAME, where], capture_output=True,
                         text=True, cwd=Path(__file__).parents[2], check=False)
    assert run.returncode == -signal.SIGKILL and run.stdout == "settled\n", run.stderr
    again = Store(where)
    assert again.round_count() == 1
    found = again.bankroll(HOLDEM)
    assert (found.balance, found.at_table) == (700, 340)
    assert again.close() == []


@pytest.mark.postgres
def test_a_server_that_stops_pauses_the_store_and_nothing_is_lost(
        postgres_server: PostgresServer | str) -> None:
    """PostgreSQL restarting: rounds wait in memory (the player is told), then are saved.

    About 2 s on a quiet machine, nearly all of it the server's own restart.
    """
    folder: Path | None = None
    server = postgres_server
    if isinstance(server, str):  # .ci's server is not ours to stop: one of our own
        folder = Path(tempfile.mkdtemp(prefix="cardtui-pg-"))
        server = start_postgres(folder)
    try:
        url = with_schema(server.url, f"p_ann_{os.getpid()}")
        store = Store(url, retry_first=0.05)
        told: list[str] = []
        store.on_notice = told.append
        store.buy_in(HOLDEM, 300)
        server.stop()
        store.record_round(HOLDEM, [_result(40)], bankroll_player="Ann")
        assert _eventually(lambda: bool(told)) and len(store.unsaved()) == 1
        server.start()
        # close() wakes the writer from its pause between retries: saved, not reported.
        assert store.close() == []
        again = Store(url)
        assert again.round_count() == 1 and again.bankroll(HOLDEM).at_table == 340
        assert again.close() == []
    finally:
        if folder is not None:
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def room_where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the room's store is: its file, or the room's schema at a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / ROOM_STORE_NAME)
    return str(request.getfixturevalue("postgres_url"))


def test_the_rooms_store_brings_everything_back_after_a_restart(room_where: str) -> None:
    store = open_room_store(room_where)
    assert store.usable and store.notice is None
    store.keep_standing("profile-Ann", "Ann", 3, 120)
    store.keep_standing("profile-Ann", "Ann", 4, 90)  # the same line, updated
    store.keep_action(KeptAction(1.0, "Host", "profile-Zed", "ban", None, "Zed banned"))
    store.keep_ban("profile-Zed", "Zed")
    store.keep_ban("profile-Zed", "Zed again")
    for table in ("t2", "t1"):
        store.keep_table(KeptTable(table, "holdem", '{"blinds": [5, 10]}', "profile-Ann"))
    store.keep_table(KeptTable("t2", "holdem", '{"blinds": [10, 20]}', "profile-Ann"))
    store.drop_table("t9")  # never kept: nothing happens
    store.close()  # (never closed after a kill -9: each change was its own transaction)
    again = open_room_store(room_where)
    assert [(s.name, s.hands, s.net) for s in again.standings()] == [("Ann", 4, 90)]
    assert [a.detail for a in again.actions()] == ["Zed banned"]
    assert again.banned_names() == {"profile-Zed": "Zed again"}
    assert [(t.id, t.options) for t in again.tables()] == [
        ("t2", '{"blinds": [10, 20]}'), ("t1", '{"blinds": [5, 10]}')]
    again.drop_tables()
    assert again.tables() == []
    again.close()
