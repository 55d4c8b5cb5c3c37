"""Private tables: opened with an invite code, hidden from everyone else's lobby (a host
sees every table), joined with the code."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.store.room_store import ROOM_STORE_NAME, RoomStore
from cardtui.wire.protocol import (
    CreateHoldem,
    Error,
    GetLobby,
    JoinPrivate,
    LobbySnapshot,
    LobbyUpdate,
    Notice,
    Sit,
    Watch,
)
from tests.room.support import FakeClient
from tests.room.test_holdem_room import member, sit

HOST = Member("profile-Hal", "Hal", host=True)


async def lobby_ids(client: FakeClient) -> set[str]:
    start = len(client.messages)
    client.send(GetLobby())
    snapshot = await client.wait_for(lambda m: isinstance(m, LobbySnapshot), after=start)
    return {t.id for t in snapshot.tables}


async def error_for(client: FakeClient, message: object) -> str:
    start = len(client.messages)
    client.send(message)  # type: ignore[arg-type]
    error = await client.wait_for(lambda m: isinstance(m, Error), after=start)
    return str(error.message)


async def test_a_private_table_is_shown_only_to_those_with_its_code_and_to_hosts(
        make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Open", bots_fill=False))
    ann, bob, cy = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    hal = await FakeClient.join(room, HOST)
    start = len(ann.messages)
    ann.send(CreateHoldem("Friday", seats=4, bots_fill=False, private=True))
    opened = await ann.wait_for(lambda m: isinstance(m, Notice), after=start)
    found = re.search(r"private: its invite code is ([A-Z2-9]{6})", opened.text)
    assert found is not None
    code, private = found.group(1), opened.table
    await cy.caught_up()
    # Nobody else heard of it: no lobby line, not in their lobby, not to sit or watch at.
    assert not any(isinstance(m, LobbyUpdate) and m.table.id == private
                   for m in bob.messages + cy.messages)
    assert await lobby_ids(bob) == {"t1"}
    assert await lobby_ids(ann) == {"t1", private}
    assert await lobby_ids(hal) == {"t1", private}  # a host sees every table
    assert await error_for(bob, Sit(private, None, 1000)) == "there is no such table"
    assert await error_for(bob, Watch(private)) == "there is no such table"
    assert await error_for(bob, JoinPrivate("ZZZZZZ")) == "no table has that invite code"
    # The code (as typed, in any case) lets Bob in: the table is in his lobby, he sits.
    start = len(bob.messages)
    bob.send(JoinPrivate(f" {code.lower()} "))
    update = await bob.wait_for(lambda m: isinstance(m, LobbyUpdate), after=start)
    assert update.table.id == private
    assert await lobby_ids(bob) == {"t1", private}
    assert await sit(ann, private) is not None
    assert await sit(bob, private) is not None
    assert await lobby_ids(cy) == {"t1"}
    table = room.tables[private]
    assert sum(o.stack for o in table.seats if o is not None) == 2000  # the two buy-ins


async def test_an_open_table_is_everyones(make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Open", bots_fill=False))
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    start = len(ann.messages)
    ann.send(CreateHoldem("Saturday", seats=4, bots_fill=False))
    opened = await ann.wait_for(lambda m: isinstance(m, Notice), after=start)
    assert "invite code" not in opened.text
    assert await lobby_ids(bob) == {"t1", opened.table}
    assert not room.invites


async def test_a_private_table_is_not_kept_for_a_restart_where_it_would_come_back_open(
        make_room, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    store = RoomStore(tmp_path / ROOM_STORE_NAME)
    try:
        room = Room([HoldemOptions(name="Open")], rng=random.Random(1), store=store)
        ann = await FakeClient.join(room, member("Ann"))
        for name, private in (("Secret", True), ("Public", False)):
            start = len(ann.messages)
            ann.send(CreateHoldem(name, seats=4, bots_fill=False, private=private))
            await ann.wait_for(lambda m: isinstance(m, Notice), after=start)
        assert [json.loads(t.options)["name"] for t in store.tables()] == ["Public"]
        await room.stop()
    finally:
        store.close()
