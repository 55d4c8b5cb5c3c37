"""A shared table's hand is recorded once however often the room sends it (issue 13).

The room sends a key holder's settled hand again until the game says its
store has it, so the store knows each shared hand by its name (room, table,
hand) and a second copy writes nothing and moves no chips: not when it
comes after the first was saved, not while the first waits in memory for a
busy file, not after a scoreboard reset. Schema 7 adds the names and loses
nothing of an older file.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from cardtui.games import Game
from cardtui.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    START_BALANCE,
    BankrollKind,
    Database,
    Outcome,
    SeatResult,
    Store,
)
from cardtui.store.records import room_table
from cardtui.store.schema import SHARED_HANDS_SINCE

HOLDEM = Game.HOLDEM
PLACE = room_table("t1")
HAND = "room-1:t1:7"


def won(chips: int) -> list[SeatResult]:
    return [SeatResult("Ann", 20, chips, Outcome.WIN, pot=chips + 20)]


def record(store: Store, name: str = HAND, chips: int = 30) -> int | None:
    return store.record_round(HOLDEM, won(chips), session_id="s", bankroll_player="Ann",
                              bankroll_place=PLACE, shared_hand=name)


def eventually(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_hand_sent_again_is_recorded_once_and_moves_the_chips_once() -> None:
    store = Store(":memory:")
    heard: list[str] = []
    stop = store.on_shared_saved(heard.append)
    store.buy_in(HOLDEM, 400, player="Ann", place=PLACE)
    first, again = record(store), record(store)
    assert first is not None and again == first  # the second copy names the first's round
    assert store.round_count() == 1 and store.chips_at(HOLDEM) == {PLACE: 430}
    assert store.has_shared_hand(HAND) and not store.has_shared_hand("room-1:t1:8")
    assert heard == [HAND, HAND]  # saved, then found saved: the room hears both times
    record(store, "room-1:t1:8", chips=-20)  # the next hand is a new one
    assert store.round_count() == 2 and store.chips_at(HOLDEM) == {PLACE: 410}
    stop()
    record(store, "room-1:t1:9")
    assert heard == [HAND, HAND, "room-1:t1:8"]
    assert store.close() == []


def test_the_same_hand_from_another_room_is_another_hand() -> None:
    # Table ids and hand numbers start again when the room does: the room's id tells them apart.
    store = Store(":memory:")
    record(store, "room-1:t1:1")
    record(store, "room-2:t1:1")
    assert store.round_count() == 2
    assert store.close() == []


def test_a_copy_that_comes_while_the_first_waits_for_a_busy_file_is_not_kept(
        tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path, retry_first=0.05)
    heard: list[str] = []
    store.on_shared_saved(heard.append)
    store.buy_in(HOLDEM, 400, player="Ann", place=PLACE)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the file
    try:
        assert record(store) is None and record(store) is None  # both wait ...
        assert len(store.unsaved()) == 1  # ... as one
        assert store.chips_at(HOLDEM) == {PLACE: 430}  # counted once while waiting
        assert heard == []  # nothing is saved yet: the room must keep the hand
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert eventually(lambda: not store.unsaved())
    assert heard == [HAND]  # told from the writer thread once it is in the file
    assert store.round_count() == 1 and store.chips_at(HOLDEM) == {PLACE: 430}
    assert store.close() == []


def test_a_scoreboard_reset_keeps_the_names_so_the_chips_never_move_twice() -> None:
    store = Store(":memory:")
    store.buy_in(HOLDEM, 400, player="Ann", place=PLACE)
    record(store)
    store.reset()
    assert store.round_count() == 0
    record(store)  # the room sends it again after the reset
    assert store.round_count() == 0 and store.chips_at(HOLDEM) == {PLACE: 430}
    assert store.close() == []


def test_a_reset_while_a_shared_hand_waits_keeps_its_name(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path, retry_first=0.05)
    store.buy_in(HOLDEM, 400, player="Ann", place=PLACE)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        record(store)
        store.reset()  # the waiting hand becomes its bankroll change alone
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert eventually(lambda: not store.unsaved())
    record(store)  # sent again
    assert store.round_count() == 0 and store.chips_at(HOLDEM) == {PLACE: 430}
    kinds = [c.kind for c in store.bankroll_changes(HOLDEM)]
    assert kinds == [BankrollKind.BUY_IN, BankrollKind.RESULT]
    assert store.close() == []


def _schema_6_file(path: Path) -> None:
    """A scoreboard as cardtui wrote it before shared hands had names (schema 6)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for migrate in MIGRATIONS[:6]:
        migrate(db)
    db.execute("PRAGMA user_version = 6")
    db.execute("INSERT INTO rounds (id, session_id, game, played_at) VALUES "
               "(1, 'old', 'holdem', 1.0)")
    db.execute("INSERT INTO results (round_id, player, bet, net, outcome, pot) VALUES "
               "(1, 'Ann', 20, 30, 'win', 50)")
    db.execute("INSERT INTO hand_histories (round_id, text) VALUES (1, 'variant = \"NT\"')")
    db.executemany(
        "INSERT INTO bankroll (player, game, kind, bank, stake, place, round_id, session_id, at)"
        " VALUES ('Ann', 'holdem', ?, ?, ?, 'room:t1', ?, 'old', ?)",
        [("buy-in", -400, 400, None, 0.5), ("result", 0, 30, 1, 1.0)])
    db.execute("COMMIT")
    db.close()


def test_a_schema_6_file_gains_the_names_and_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    _schema_6_file(path)
    reader = Database(path, read_only=True)  # cardtui scores reads schema 6 as it is
    assert reader.version == SHARED_HANDS_SINCE - 1 and not reader.has_shared_hand(HAND)
    reader.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION >= SHARED_HANDS_SINCE
    assert store.notice is None
    assert store.round_count() == 1 and store.round_nets(HOLDEM, "Ann") == [30]
    assert len(store.hand_histories()) == 1
    assert store.chips_at(HOLDEM) == {PLACE: 430}
    assert store.balance(HOLDEM) == START_BALANCE - 400
    record(store)
    record(store)
    assert store.round_nets(HOLDEM, "Ann") == [30, 30]
    assert store.chips_at(HOLDEM) == {PLACE: 460}
    assert store.close() == []
