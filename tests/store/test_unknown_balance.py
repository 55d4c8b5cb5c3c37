"""A kept balance the store could not read is unknown, not the start balance.

Seen in play: balance 20; another program held the scoreboard with a lock
that shut readers out too while cardtui started; ``b`` seated the player with
1,000 chips and no house rebuy counted, and once the lock went the losses
were written against the balance, which ended at -980.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatKind, SeatSetup
from cardtui.games import Game
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.store import BankrollUnknown, Outcome, SeatResult, Store
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, Note
from cardtui.ui.widgets.bankroll_table import chips_line, read_bankrolls

HOLDEM = Game.HOLDEM


def _result(net: int) -> SeatResult:
    return SeatResult("Ann", abs(net), net, Outcome.WIN if net > 0 else Outcome.LOSS)


def _eventually(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Wait for the writer thread (no timing is asserted: the bound only stops a hang)."""
    pause = threading.Event()
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        pause.wait(0.02)
    return condition()


def _balance_of_20(path: Path) -> None:
    store = Store(path)
    store.buy_in(HOLDEM, 980, player="Ann")
    store.record_round(HOLDEM, [_result(-980)], bankroll_player="Ann")
    store.cash_out(HOLDEM, player="Ann")
    assert store.balance(HOLDEM) == 20
    assert store.close() == []


def _lock_out_readers(path: Path) -> sqlite3.Connection:
    """Another program's lock that shuts readers out too (exclusive locking mode)."""
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO rounds (session_id, game, played_at) VALUES ('x', 'other', 0)")
    return other


def _let_go(other: sqlite3.Connection) -> None:
    other.execute("ROLLBACK")
    other.close()


def test_nothing_is_bought_in_or_rebought_on_a_balance_never_read(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    _balance_of_20(path)
    other = _lock_out_readers(path)
    store = Store(path, retry_first=0.02)
    assert not store.bankroll(HOLDEM).known
    # The menu's line says so, rather than the start balance.
    assert chips_line(read_bankrolls(store)) == (
        "Chips: Blackjack not readable yet · Hold'em not readable yet")
    with pytest.raises(BankrollUnknown, match="cannot be read yet"):
        TableBankroll(store, HOLDEM, "Ann").sit_down(wanted=1_000, low=20)
    with pytest.raises(BankrollUnknown):
        store.rebuy(HOLDEM)
    with pytest.raises(BankrollUnknown):
        store.buy_in(HOLDEM, 10)
    assert store.unsaved() == []  # nothing was staked, nothing waits
    _let_go(other)
    chips = TableBankroll(store, HOLDEM, "Ann")
    seated = chips.sit_down(wanted=1_000, low=20)  # read now: the 20 it has
    assert seated.chips == 20 and seated.rebought == 0
    store.record_round(HOLDEM, [_result(-20)], bankroll_player="Ann")
    assert chips.leave().balance == 0
    assert store.close() == []


def test_a_result_written_while_unreadable_moves_the_chips_where_they_are(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.buy_in(HOLDEM, 300, player="Ann")
    assert store.close() == []  # as if killed: 300 still at the local table
    other = _lock_out_readers(path)
    store = Store(path, retry_first=0.02)
    assert store.record_round(HOLDEM, [_result(-40)], bankroll_player="Ann") is None
    _let_go(other)
    assert _eventually(lambda: not store.unsaved())
    found = store.bankroll(HOLDEM)
    assert (found.balance, found.at_table) == (700, 260)  # the table's chips, not the balance's
    assert store.close() == []


async def test_the_table_says_so_and_seats_no_chips_until_b_can_read(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    _balance_of_20(path)
    other = _lock_out_readers(path)
    store = Store(path, retry_first=0.02)
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK)),
                         stack=1_000, small_blind=1, big_blind=2)
    session = HoldemLocalSession(setup, random.Random(1), button=0)
    session.keep_chips(TableBankroll(store, HOLDEM, "Ann"))
    seen: list[Event] = []
    session.attach(seen.append)
    notes = [e.text for e in seen if isinstance(e, Note)]
    assert any("cannot be read yet" in n and "b tries again" in n for n in notes)
    assert session.table.seats[0].stack == 0  # type: ignore[union-attr]
    assert session.busted_humans() == [0]
    session.rebuy()  # b while the lock holds: still nothing
    assert session.table.seats[0].stack == 0  # type: ignore[union-attr]
    _let_go(other)
    session.rebuy()  # b once it can be read: the 20 the balance has
    assert session.table.seats[0].stack == 20  # type: ignore[union-attr]
    assert store.bankroll(HOLDEM).balance == 0
    session.close()
    assert store.balance(HOLDEM) == 20
    assert store.close() == []


def test_the_blackjack_table_too_seats_no_chips_until_r_can_read(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.buy_in(Game.BLACKJACK, 980, player="Ann")
    store.record_round(Game.BLACKJACK, [_result(-980)], bankroll_player="Ann")
    store.cash_out(Game.BLACKJACK, player="Ann")
    assert store.close() == []
    other = _lock_out_readers(path)
    store = Store(path, retry_first=0.02)
    setup = TableSetup(seats=(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT)))
    session = BlackjackLocalSession.sit_down(setup, random.Random(7))
    session.keep_chips(TableBankroll(store, Game.BLACKJACK, "Ann"))
    seen: list[Event] = []
    session.attach(seen.append)
    assert any("cannot be read yet" in e.text for e in seen if isinstance(e, Note))
    assert session.table.seats[0].bankroll == 0 and session.table.can_rebuy(0)
    session.rebuy(0)  # r while the lock holds: still nothing, not the house's table chips
    assert session.table.seats[0].bankroll == 0
    _let_go(other)
    session.rebuy(0)
    assert session.table.seats[0].bankroll == 20
    session.detach()
    assert store.balance(Game.BLACKJACK) == 20
    assert store.close() == []
