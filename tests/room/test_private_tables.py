"""Private tables: opened with an invite code, hidden from everyone else's lobby (a host
sees every table), joined with the code."""

from __future__ import annotations

import random
import re
from pathlib import Path

from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.store.room_store import ROOM_STORE_NAME, RoomStore
from cardtui.wire.protocol import (
    HIDDEN_TABLE,
    CreateHoldem,
    Error,
    GetLobby,
    JoinPrivate,
    LobbySnapshot,
    LobbyUpdate,
    Notice,
    Online,
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


async def test_a_private_table_is_kept_for_a_restart_with_its_code_and_as_hidden(
        make_room, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """It used not to be kept at all (its code was not); now it comes back as it was."""
    store = RoomStore(tmp_path / ROOM_STORE_NAME)
    try:
        room = Room([HoldemOptions(name="Open")], rng=random.Random(1), store=store)
        ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
        start = len(ann.messages)
        ann.send(CreateHoldem("Secret", seats=4, bots_fill=False, private=True))
        opened = await ann.wait_for(lambda m: isinstance(m, Notice), after=start)
        found = re.search(r"invite code is ([A-Z2-9]{6})", opened.text)
        assert found is not None
        bob.send(JoinPrivate(found.group(1)))
        await bob.wait_for(lambda m: isinstance(m, LobbyUpdate))
        await room.stop()
        store.close()

        store = RoomStore(tmp_path / ROOM_STORE_NAME)
        again = Room([HoldemOptions(name="Open")], rng=random.Random(2), store=store)
        try:
            [back] = [t for t in again.tables.values() if t.name == "Secret"]
            assert again.invites[back.id] == found.group(1)
            ann, bob, cy = [await FakeClient.join(again, member(n)) for n in ("Ann", "Bob", "Cy")]
            hal = await FakeClient.join(again, HOST)
            for client in (ann, bob, hal):  # its opener, the player it let in, a host
                [line] = [t for t in client.of(LobbySnapshot)[-1].tables if t.id == back.id]
                assert line.private  # shown with a lock
            assert await lobby_ids(cy) == {"t1"}
            assert await error_for(cy, Sit(back.id, None, 1000)) == "there is no such table"
            assert await lobby_ids(cy) == {"t1"}
            start = len(cy.messages)
            cy.send(JoinPrivate(found.group(1)))
            update = await cy.wait_for(lambda m: isinstance(m, LobbyUpdate), after=start)
            assert update.table.id == back.id and update.table.private
        finally:
            await again.stop()
    finally:
        store.close()


async def test_who_is_here_names_no_private_table_to_a_player_it_is_hidden_from(
        make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Open", bots_fill=False))
    ann, cy = [await FakeClient.join(room, member(n)) for n in ("Ann", "Cy")]
    start = len(ann.messages)
    ann.send(CreateHoldem("Secret", seats=4, bots_fill=False, private=True))
    opened = await ann.wait_for(lambda m: isinstance(m, Notice), after=start)
    await sit(ann, opened.table)
    start = len(cy.messages)
    await cy.wait_for(lambda m: isinstance(m, Online) and any(
        p.name == "Ann" and p.seated for p in m.players), after=start)
    await cy.caught_up()
    # Every byte Cy was sent: the table's id is in none (an id would let Cy ask for it).
    assert f'"{opened.table}"'.encode() not in cy.raw
    [seen] = [p for p in cy.of(LobbySnapshot)[-1].online if p.name == "Ann"]
    assert seen.seated == (HIDDEN_TABLE,)
    # Ann, whom it is shown to, reads where she sits.
    start = len(ann.messages)
    ann.send(GetLobby())
    mine = await ann.wait_for(lambda m: isinstance(m, LobbySnapshot), after=start)
    assert [p.seated for p in mine.online if p.name == "Ann"] == [(opened.table,)]
