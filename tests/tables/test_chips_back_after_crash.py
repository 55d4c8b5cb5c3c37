"""Chips that come back after a crash are told to the player, and their ledger row names them.

Seen in play: chips a killed game had left at a table came back to the
balance without a word, and the cash-out rows written then had an empty
player.
"""

from __future__ import annotations

import random
from pathlib import Path

from cardtui.games import Game
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.room.config import HoldemOptions
from cardtui.store import BankrollKind, Outcome, SeatResult, Store
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, Note
from tests.room.support import until
from tests.tables.test_shared_bankroll import KeyHolder, store_of

HOLDEM = Game.HOLDEM


def test_the_local_table_says_what_a_killed_game_left_there(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.buy_in(HOLDEM, 300, player="Ann")
    store.record_round(HOLDEM, [SeatResult("Ann", 40, 40, Outcome.WIN)], bankroll_player="Ann")
    assert store.close() == []  # killed: no cash-out, 340 still at the table
    store = Store(path)
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK)))
    session = HoldemLocalSession(setup, random.Random(1), button=0)
    session.keep_chips(TableBankroll(store, HOLDEM, "Ann"))
    seen: list[Event] = []
    session.attach(seen.append)
    notes = [e.text for e in seen if isinstance(e, Note)]
    assert any(n.startswith("340 chips Ann left at this table") and "came back" in n
               for n in notes), notes
    cash_out = [c for c in store.bankroll_changes(HOLDEM) if c.kind is BankrollKind.CASH_OUT]
    assert [(c.player, c.bank) for c in cash_out] == [("Ann", 340)]
    session.close()
    assert store.close() == []


async def test_the_room_says_what_came_back_and_the_row_names_the_player(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 500)
    await until(lambda: len(ann.settled) >= 1 and room.tables["t1"].hand is None)
    at_table = ann.chips()[1]["room:t1"]
    await ann.killed()
    await room.stop()  # the server stopped: no room holds her seat now
    again = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    await ann.connect(again)
    assert ann.link is not None
    told: list[str | None] = []
    ann.link.listen(told.append)  # the lobby, listening once the link is open
    assert ann.chips() == (500 + at_table, {})
    assert len(told) == 1 and told[0] is not None
    assert told[0].startswith(f"{at_table:,} Hold'em chips left at a shared table came back")
    assert "the room no longer holds the seat" in told[0]
    cash_out = ann.store.bankroll_changes(HOLDEM)[-1]
    assert (cash_out.kind, cash_out.player, cash_out.bank) == (
        BankrollKind.CASH_OUT, "Ann", at_table)
