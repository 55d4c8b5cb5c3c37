"""The kept bankroll: buy-in, leave, restart, rebuy; each change in its round's transaction."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    START_BALANCE,
    BankrollChange,
    BankrollKind,
    Database,
    Outcome,
    SeatResult,
    Store,
)
from cardtui.tables.bankroll import TableBankroll, chips_over_time

BJ = Game.BLACKJACK


def _result(net: int, player: str = "Ann") -> SeatResult:
    outcome = Outcome.WIN if net > 0 else Outcome.LOSS if net < 0 else Outcome.PUSH
    return SeatResult(player, bet=abs(net) or 10, net=net, outcome=outcome)


def _eventually(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Wait for the writer thread (no timing is asserted: the bound only stops a hang)."""
    done = threading.Event()
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        done.wait(0.02)
    return condition()


def test_buy_in_play_leave_and_restart(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    assert store.balance(BJ) == START_BALANCE == 1_000
    after = store.buy_in(BJ, 200)
    assert (after.balance, after.at_table) == (800, 200)
    store.record_round(BJ, [_result(50), _result(-10, "Bot 1")], bankroll_player="Ann")
    store.record_round(BJ, [_result(-20)], bankroll_player="Ann")
    assert store.bankroll(BJ).at_table == 230  # only the bankroll player's result moves chips
    left = store.cash_out(BJ)
    assert (left.balance, left.at_table) == (1_030, 0)
    assert store.close() == []
    again = Store(path)  # a restart: the balance is kept, per game
    assert again.balance(BJ) == 1_030 and again.balance(Game.HOLDEM) == 1_000
    assert [c.kind for c in again.bankroll_changes(BJ)] == [
        BankrollKind.BUY_IN, BankrollKind.RESULT, BankrollKind.RESULT, BankrollKind.CASH_OUT]
    assert again.close() == []


def test_a_killed_session_leaves_its_chips_at_the_table_until_cashed_out(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.buy_in(Game.HOLDEM, 300)
    store.record_round(Game.HOLDEM, [_result(40)], bankroll_player="Ann")
    store._db.close()  # type: ignore[union-attr]  # as if killed: no cash-out
    again = Store(path)
    found = again.bankroll(Game.HOLDEM)
    assert (found.balance, found.at_table) == (700, 340)
    assert again.cash_out(Game.HOLDEM).balance == 1_040
    assert again.cash_out(Game.HOLDEM).balance == 1_040  # nothing left to return
    assert again.close() == []


def test_a_buy_in_the_balance_cannot_pay_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    with pytest.raises(ValueError, match="balance has 1,000 chips for Blackjack"):
        store.buy_in(BJ, 1_001)
    with pytest.raises(ValueError, match="at least 1 chip"):
        store.buy_in(BJ, 0)
    assert store.bankroll_changes(BJ) == []
    assert store.close() == []


def test_going_broke_offers_a_counted_rebuy(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    with pytest.raises(ValueError, match="going broke"):
        store.rebuy(BJ)
    store.buy_in(BJ, 1_000)
    with pytest.raises(ValueError, match="1,000 Blackjack chips are still at a table"):
        store.rebuy(BJ)
    store.record_round(BJ, [_result(-1_000)], bankroll_player="Ann")
    assert store.cash_out(BJ).balance == 0
    after = store.rebuy(BJ)
    assert (after.balance, after.rebuys, after.rebought) == (1_000, 1, 1_000)
    store.buy_in(BJ, 990)
    store.record_round(BJ, [_result(-990)], bankroll_player="Ann")
    assert store.rebuy(BJ).balance == 1_000  # topped up from the 10 left
    assert store.rebuys(BJ) == 2 and store.bankroll(BJ).rebought == 1_990
    assert store.close() == []


def test_a_result_needs_the_bankroll_player_in_the_round(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    with pytest.raises(ValueError, match="Zed has no result"):
        store.record_round(BJ, [_result(10)], bankroll_player="Zed")
    assert store.round_count() == 0
    assert store.close() == []


def test_round_and_bankroll_change_are_one_transaction(tmp_path: Path) -> None:
    db = Database(tmp_path / "cardtui.sqlite3")
    db._db.execute("CREATE TRIGGER refuse BEFORE INSERT ON bankroll "
                   "BEGIN SELECT RAISE(ABORT, 'refused'); END")
    result = BankrollChange("Ann", BJ, BankrollKind.RESULT, 0, 15)
    with pytest.raises(sqlite3.IntegrityError):
        db.record_round(BJ, [_result(15)], "s", 0.0, bankroll=result)
    assert db.round_count() == 0
    db._db.execute("DROP TRIGGER refuse")
    round_id = db.record_round(BJ, [_result(15)], "s", 0.0, bankroll=result)
    with pytest.raises(sqlite3.IntegrityError):  # one change per round, never two
        db._db.execute("INSERT INTO bankroll (player, game, kind, bank, stake, round_id, "
                       "session_id, at) VALUES ('Ann', 'blackjack', 'result', 0, 15, ?, 's', 0)",
                       (round_id,))
    assert db.bankroll(BJ).at_table == 15
    db.close()


def test_changes_waiting_in_memory_count_and_are_saved_later(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path, retry_first=0.02)
    store.buy_in(BJ, 100)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    assert store.record_round(BJ, [_result(25)], bankroll_player="Ann") is None
    store.cash_out(BJ)
    assert len(store.unsaved()) == 2
    assert "1 bankroll change" in store.status  # type: ignore[operator]
    assert store.balance(BJ) == 1_025  # the file's 900, plus what waits
    with pytest.raises(ValueError):
        store.buy_in(BJ, 1_026)  # checked against what waits too
    other.execute("ROLLBACK")
    other.close()
    assert _eventually(lambda: not store.unsaved())
    assert store.balance(BJ) == 1_025
    assert store.close() == []
    reader = Database(path, read_only=True)
    assert reader.bankroll(BJ).balance == 1_025
    reader.close()


def test_reset_forgets_results_not_chips(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path, retry_first=0.02)
    store.buy_in(BJ, 100)
    store.record_round(BJ, [_result(30)], bankroll_player="Ann")
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    store.record_round(BJ, [_result(5)], bankroll_player="Ann")  # waits in memory
    store.reset()
    other.execute("ROLLBACK")
    other.close()
    assert _eventually(lambda: not store.unsaved())
    assert store.round_count() == 0
    found = store.bankroll(BJ)
    assert (found.balance, found.at_table) == (900, 135)
    assert store.close() == []


def test_an_old_file_gains_the_bankroll(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for migrate in MIGRATIONS[:4]:
        migrate(db)
    db.execute("PRAGMA user_version = 4")
    db.execute("COMMIT")
    db.close()
    reader = Database(path, read_only=True)  # cardtui scores reads schema 4 as it is
    assert reader.bankroll(BJ).balance == 1_000 and reader.bankroll_changes(BJ) == []
    reader.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION and store.notice is None
    assert store.buy_in(BJ, 10).balance == 990
    assert store.close() == []


def _schema_5_file(path: Path) -> None:
    """A scoreboard as cardtui wrote it before balances were the profile's (schema 5)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for migrate in MIGRATIONS[:5]:
        migrate(db)
    db.execute("PRAGMA user_version = 5")
    db.execute("INSERT INTO rounds (id, session_id, game, played_at) VALUES (1, 'old', "
               "'blackjack', 1.0), (2, 'old', 'blackjack', 3.0)")
    rows = [  # Ann plays, leaves with 1,040; renamed Annie buys in 200, loses 50, is killed
        ("Ann", "blackjack", "buy-in", -300, 300, None, 1.0),
        ("Ann", "blackjack", "result", 0, 40, 1, 1.5),
        ("Ann", "blackjack", "cash-out", 340, -340, None, 2.0),
        ("Ann", "holdem", "buy-in", -100, 100, None, 2.5),
        ("Annie", "blackjack", "buy-in", -200, 200, None, 3.0),
        ("Annie", "blackjack", "result", 0, -50, 2, 3.5),
    ]
    db.executemany("INSERT INTO bankroll (player, game, kind, bank, stake, round_id, session_id, "
                   "at) VALUES (?, ?, ?, ?, ?, ?, 'old', ?)",
                   [(p, g, k, b, s, r, t) for p, g, k, b, s, r, t in rows])
    db.execute("COMMIT")
    db.close()


def test_balances_kept_per_name_become_the_profiles_one_balance(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    _schema_5_file(path)
    # Before: Ann 1,040 and Annie 800 (+150 at a table) in blackjack; Ann 900 (+100) in hold'em.
    reader = Database(path, read_only=True)  # cardtui scores reads schema 5 as it is
    assert (reader.bankroll(BJ).balance, reader.bankroll(BJ).at_table) == (1_840, 150)
    reader.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION and store.notice is None
    kept = store.bankroll(BJ)
    assert (kept.balance, kept.at_table, kept.rebuys) == (1_840, 150, 0)  # nothing lost
    assert store.chips_at(BJ) == {"": 150}
    holdem = store.bankroll(Game.HOLDEM)
    assert (holdem.balance, holdem.at_table) == (900, 100)  # one name: no carried start
    changes = store.bankroll_changes(BJ)
    assert [(c.player, c.kind) for c in changes] == [
        ("Ann", BankrollKind.BUY_IN), ("Ann", BankrollKind.RESULT), ("Ann", BankrollKind.CASH_OUT),
        ("Annie", BankrollKind.START), ("Annie", BankrollKind.BUY_IN),
        ("Annie", BankrollKind.RESULT)]
    assert chips_over_time(changes) == [1_000, 1_040, 2_040, 1_990]
    # The chips a killed sitting left come back on the next sit-down, whatever the name now.
    assert store.cash_out(BJ).balance == 1_990
    assert store.close() == []


def test_a_renamed_player_keeps_the_balance(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    chips = TableBankroll(store, BJ, "Ann")
    chips.sit_down(wanted=300, low=10)
    store.record_round(BJ, [_result(120)], bankroll_player="Ann")
    assert chips.leave().balance == 1_120
    renamed = TableBankroll(store, BJ, "Annie")
    assert renamed.sit_down(wanted=300, low=10).balance == 820
    store.record_round(BJ, [_result(-20, "Annie")], bankroll_player="Annie")
    assert renamed.leave().balance == 1_100
    assert store.close() == []
