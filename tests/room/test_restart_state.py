"""What a restart brings back with a table players opened: its time banks and whether a
host approves its seats; and a table brought back that nobody joins closes after a while
(on virtual time)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cardtui.clock import FakeClock
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.room import REOPENED_IDLE, Room
from cardtui.store.room_store import ROOM_STORE_NAME, RoomStore
from cardtui.wire.protocol import CreateHoldem, HostApproval, Notice, Watch
from tests.room.support import FakeClient, until
from tests.room.test_holdem_room import check_or_call
from tests.room.test_host_controls import HOST, ask, member, sit
from tests.room.virtual_time import pass_time_until


async def opened_with(room: Room, client: FakeClient, name: str) -> str:
    start = len(client.messages)
    client.send(CreateHoldem(name, seats=4, bots_fill=False))
    opened = await client.wait_for(lambda m: isinstance(m, Notice), after=start)
    return str(opened.table)


async def test_time_banks_and_host_approval_come_back_with_the_table(
        tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    store = RoomStore(path)
    room = Room([HoldemOptions(name="Open")], rng=random.Random(1), store=store)
    ann = await FakeClient.join(room, member("Ann"))
    host = await FakeClient.join(room, HOST)
    table_id = await opened_with(room, ann, "Friday")
    await sit(ann, table_id, 0, 500)
    table = room.tables[table_id]
    assert isinstance(table, HoldemTable)
    table.banks["profile-Ann"] = 12.5  # what Ann's bank had left as the server stopped
    await ask(host, HostApproval(table_id, True, ref=1), 1)
    await room.stop()
    store.close()

    store = RoomStore(path)
    again = Room([HoldemOptions(name="Open")], rng=random.Random(2), store=store)
    try:
        [back] = [t for t in again.tables.values() if t.name == "Friday"]
        assert isinstance(back, HoldemTable)
        assert back.banks == {"profile-Ann": 12.5}
        assert again.approvals.asks(back.id) and again.line(back).approval
    finally:
        await again.stop()
        store.close()


async def test_a_table_brought_back_that_nobody_joins_closes_after_a_while(
        clock: FakeClock, tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    store = RoomStore(path)
    room = Room([HoldemOptions(name="Open")], rng=random.Random(1), store=store)
    ann = await FakeClient.join(room, member("Ann"))
    for name in ("Empty", "Watched"):
        await opened_with(room, ann, name)
    await room.stop()
    store.close()

    store = RoomStore(path)
    again = Room([HoldemOptions(name="Open")], rng=random.Random(2), clock=clock, store=store)
    try:
        names = {t.name: t.id for t in again.tables.values()}
        assert names.keys() == {"Open", "Empty", "Watched"}
        bob = await FakeClient.join(again, member("Bob"))
        bob.send(Watch(names["Watched"]))
        await until(lambda: bool(again.tables[names["Watched"]].watchers))
        clock.advance(REOPENED_IDLE - 1)
        assert names["Empty"] in again.tables
        clock.advance(1)
        await until(lambda: names["Empty"] not in again.tables)
        # The watched one stays; the closed one is forgotten for the next start too.
        assert names["Watched"] in again.tables
        assert [t.id for t in store.tables()] == [names["Watched"]]
    finally:
        await again.stop()
        store.close()


async def test_a_time_bank_drawn_on_is_kept_as_the_hand_settles_for_a_killed_server(
        clock: FakeClock, tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    store = RoomStore(path)
    room = Room([HoldemOptions(name="Open")], rng=random.Random(1), clock=clock, store=store)
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    start = len(ann.messages)
    ann.send(CreateHoldem("Friday", seats=2, bots_fill=False, action_clock=20))
    table_id = str((await ann.wait_for(lambda m: isinstance(m, Notice), after=start)).table)
    bob.on_message = check_or_call(table_id)  # Bob plays; Ann says nothing
    await sit(ann, table_id, 0, 500)
    await sit(bob, table_id, 1, 500)
    table = room.tables[table_id]
    assert isinstance(table, HoldemTable)
    await pass_time_until(clock, lambda: table.hand_number >= 1 and table.hand is None,
                          ann, bob, step=5)
    assert table.banks["profile-Ann"] < 30  # her clock ran out: her bank was drawn on
    # Killed: the room never stops, its store never closes; a new one reads the file.
    again = RoomStore(path)
    try:
        [kept] = again.tables()
        assert json.loads(kept.state)["banks"] == table.banks
    finally:
        again.close()
        await room.stop()
        store.close()
