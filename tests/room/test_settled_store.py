"""A game killed around a settled hand: its store records the hand once, its chips move once.

Each player is a game process as ``cardtui serve`` runs it (a link to an
in-process room, the profile's own store; see
:class:`tests.tables.test_shared_bankroll.KeyHolder`). The game acknowledges
a hand only after its store committed it, so whichever moment it dies at, the
room still has the hand or the store does; and a hand the room sends again
is found in the store by its name and moves nothing.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtui.games import Game as RoomGame
from cardtui.room.config import HoldemOptions
from cardtui.room.room import Room
from cardtui.store import START_BALANCE, Store
from cardtui.tables.session import Settled as SettledEvent
from cardtui.wire.protocol import GetLobby, LobbySnapshot
from tests.room.support import until
from tests.tables.test_shared_bankroll import HOLDEM, KeyHolder

ANN = "key-Ann"


class DiesBeforeSaving(KeyHolder):
    """A game process killed after the room's Settled arrived, before its store wrote it."""

    def record(self, game: RoomGame, settled: SettledEvent) -> None:
        self.settled.append(settled)


def one_hand(make_room) -> Room:  # noqa: ANN001 - the fixture's factory
    # Ann and a bot: one hand, then a long pause while the test looks.
    return make_room(HoldemOptions(seats=2, min_humans=1, between_hands=60, grace=60))


def conserved(ann: KeyHolder, room: Room) -> None:
    """The ledger agrees with the room: chips at the table == her stack, nothing lost."""
    table = room.tables["t1"]
    balance, places = ann.chips()
    assert places == {"room:t1": table.player_at(table.seat_of(ANN)).stack}  # type: ignore[union-attr]
    assert balance + sum(places.values()) == START_BALANCE + ann.results()


async def test_killed_before_the_store_wrote_the_hand_the_next_game_records_it(
        make_room, tmp_path: Path) -> None:
    room = one_hand(make_room)
    table = room.tables["t1"]
    store = Store(tmp_path / "Ann.sqlite3")
    ann = await DiesBeforeSaving("Ann", store).connect(room)
    await ann.sit("t1", 600)
    await until(lambda: len(ann.settled) == 1 and table.hand is None)
    await ann.killed()
    assert store.round_count() == 0  # lost with the process ...
    back = await KeyHolder("Ann", store).connect(room)
    await until(lambda: ANN not in room.unseen)  # ... sent again, written, acknowledged
    assert store.round_count() == 1 and len(back.settled) == 1
    conserved(back, room)


async def test_killed_after_the_store_wrote_the_hand_it_is_not_recorded_again(
        make_room, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = one_hand(make_room)
    table = room.tables["t1"]
    store = Store(tmp_path / "Ann.sqlite3")
    ann = await KeyHolder("Ann", store).connect(room)
    assert ann.link is not None
    monkeypatch.setattr(ann.link, "_seen", lambda name: None)  # dies before the ack leaves
    await ann.sit("t1", 600)
    await until(lambda: len(ann.settled) == 1 and table.hand is None)
    assert store.round_count() == 1 and ANN in room.unseen
    before = ann.chips()
    await ann.killed()
    back = await KeyHolder("Ann", store).connect(room)
    await until(lambda: ANN not in room.unseen)
    assert len(back.settled) == 1  # the room sent it again ...
    assert store.round_count() == 1 and back.chips() == before  # ... and it moved nothing
    conserved(back, room)


def writer_refusals(store: Store) -> list[BaseException]:
    """Every attempt of ``store``'s writer thread that the file turned away, as it happens."""
    refused: list[BaseException] = []
    use = store._use  # noqa: SLF001 - the one call each attempt of the writer makes

    def counted(operation: Callable[[Any], Any], busy_ms: int) -> Any:
        try:
            return use(operation, busy_ms)
        except Exception as error:
            if threading.current_thread().name == "cardtui-store-writer":
                refused.append(error)
            raise

    store._use = counted  # type: ignore[method-assign]  # noqa: SLF001
    return refused


async def test_the_room_keeps_the_hand_until_the_store_has_committed_it(
        make_room, tmp_path: Path) -> None:
    room = one_hand(make_room)
    table = room.tables["t1"]
    path = tmp_path / "Ann.sqlite3"
    store = Store(path, retry_first=0.05)
    refused = writer_refusals(store)
    ann = await KeyHolder("Ann", store).connect(room)
    await ann.sit("t1", 600)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the file: the hand waits
    try:
        await until(lambda: len(ann.settled) == 1 and table.hand is None)
        assert len(store.unsaved()) == 1
        tried = len(refused)
        await until(lambda: len(refused) >= tried + 2)  # the writer tries, waits, tries again
        # A question asked on the same line is answered after any acknowledgement sent before.
        assert ann.link is not None
        await ann.link._ask(GetLobby(), LobbySnapshot)  # noqa: SLF001
        assert ANN in room.unseen  # not acknowledged: it is only in memory
    finally:
        other.execute("ROLLBACK")
        other.close()
    await until(lambda: ANN not in room.unseen)  # the writer saved it, then the game said so
    assert store.unsaved() == [] and store.round_count() == 1
    assert ann.store.chips_at(HOLDEM) == {
        "room:t1": table.player_at(table.seat_of(ANN)).stack}  # type: ignore[union-attr]
