"""The room's store: the leaderboard's all-time figures, the host's log and the bans
come back when the room starts again on the same file; a damaged file is set aside."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from cardtui.clock import FakeClock
from cardtui.room.hosting import RoomHost
from cardtui.room.room import Room
from cardtui.store.room_store import ROOM_STORE_NAME, KeptTable, RoomStore
from cardtui.wire.protocol import (
    CreateBlackjack,
    CreateHoldem,
    Error,
    ErrorCode,
    GetLeaderboard,
    Hello,
    HostBlinds,
    HostKick,
    Leaderboard,
    Leave,
    LobbySnapshot,
    Notice,
    SeatSettled,
    Welcome,
)
from tests.room.support import FakeClient, until
from tests.room.test_host_controls import HOST, ask, holdem, member, sit, three_seated
from tests.room.virtual_time import pass_time_until


async def test_a_restart_brings_back_the_leaderboard_the_log_and_the_bans(
        clock: FakeClock, tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    store = RoomStore(path)
    assert store.notice is None
    room = Room([holdem(between_hands=5)], rng=random.Random(1), clock=clock, store=store)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    await pass_time_until(clock, lambda: table.hand_number >= 2 and table.hand is None,
                          ann, bob, cy, step=30)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostKick("Cy", ban=True, ref=1), 1)
    assert isinstance(answer, Notice)
    await pass_time_until(clock, lambda: table.hand is None, ann, bob, step=30)
    before = await ask(ann, GetLeaderboard(ref=2), 2)
    assert isinstance(before, Leaderboard)
    figures = {r.name: (r.hands, r.net) for r in before.all_time}
    assert figures == {c.member.name: (len(c.of(SeatSettled)),
                                       sum(s.result.net for s in c.of(SeatSettled)))
                       for c in (ann, bob, cy)}
    log = [(a.action, a.detail) for a in room.desk.actions]
    await room.stop()
    # The server starts again (killed: its store never closed): a new room on the same
    # file sees every change, each committed as it happened.
    again = RoomStore(path)
    assert again.notice is None
    room2 = Room([holdem()], rng=random.Random(2), clock=clock, store=again)
    try:
        dee = await FakeClient.join(room2, member("Dee"))
        after = await ask(dee, GetLeaderboard(ref=3), 3)
        assert isinstance(after, Leaderboard)
        assert {r.name: (r.hands, r.net) for r in after.all_time} == figures
        assert after.tonight == ()  # tonight is this run's
        assert [(a.action, a.detail) for a in room2.desk.actions] == log == [("ban", "Cy")]
        assert room2.desk.actions[0].host == "Host"
        # Cy is still banned: refused at the greeting.
        cy2 = await FakeClient.join(room2, member("Cy"), hello=False)
        cy2.send(Hello(3, ref=1))
        refused = await cy2.wait_for(lambda m: isinstance(m, Error))
        assert refused.code is ErrorCode.BANNED
        await cy2.wait_closed()
        assert not cy2.of(Welcome)
    finally:
        await room2.stop()
        again.close()
        store.close()


async def test_a_damaged_store_is_set_aside_with_a_notice_and_a_new_one_started(
        tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    path.write_bytes(b"this is not a database at all" * 200)
    told: list[str] = []
    host = RoomHost([holdem()], rng=random.Random(1), log=told.append, data_dir=tmp_path)
    try:
        assert host.store is not None and host.store.usable
        notice = host.store.notice
        assert notice is not None and "damaged" in notice and "moved to" in notice
        assert told == [notice]
        aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{ROOM_STORE_NAME}.corrupt-")]
        assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
        assert aside[0].name in notice
        # The new file works: a ban is kept in it.
        host.store.keep_ban("profile-Zed")
        assert RoomStore(path).bans() == {"profile-Zed"}
    finally:
        await host.stop()


async def test_a_store_from_a_newer_cardtui_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    data = path.read_bytes()
    store = RoomStore(path)
    assert not store.usable and store.notice is not None and "newer" in store.notice
    store.keep_ban("profile-Zed")  # kept nowhere, and no error
    assert path.read_bytes() == data
    assert list(tmp_path.iterdir()) == [path]


async def test_a_room_host_without_a_data_directory_keeps_nothing() -> None:
    host = RoomHost([holdem()], rng=random.Random(1))
    try:
        assert host.store is None and host.room.store is None
    finally:
        await host.stop()


# --- tables opened from the lobby come back -------------------------------------------


async def test_tables_opened_from_the_lobby_come_back_with_their_options(
        clock: FakeClock, tmp_path: Path) -> None:
    path = tmp_path / ROOM_STORE_NAME
    store = RoomStore(path)
    room = Room([holdem()], rng=random.Random(1), clock=clock, store=store)
    ann = await FakeClient.join(room, member("Ann"))
    made = await ask(ann, CreateHoldem("Late game", seats=4, small_blind=25, big_blind=50,
                                       starting_stack=5000, bots_fill=False, action_clock=45,
                                       ref=1), 1)
    assert isinstance(made, Notice)
    made = await ask(ann, CreateBlackjack("Ann's pit", seats=3, rules={"min_bet": 25,
                                                                       "max_bet": 250},
                                          ref=2), 2)
    assert isinstance(made, Notice)
    # A hand in play at the late game when the server stops: voided, every bet back.
    bob = await FakeClient.join(room, member("Bob"))
    await sit(ann, "t2", 0, 5000)
    await sit(bob, "t2", 1, 4000)
    late = room.tables["t2"]
    await pass_time_until(clock, lambda: late.hand is not None, ann, bob, step=1)
    options = {t.name: t.options for t in room.tables.values()}
    await room.stop()
    assert late.voided and sum(p.stack for _, p in late.players()) == 9000

    again = RoomStore(path)
    room2 = Room([holdem()], rng=random.Random(2), clock=clock, store=again)
    try:
        assert {t.name: t.options for t in room2.tables.values()} == options
        assert not any(t.permanent for t in room2.tables.values() if t.name != "Hold'em")
        cy = await FakeClient.join(room2, member("Cy"))
        lobby = cy.of(LobbySnapshot)[0]
        assert [t.name for t in lobby.tables] == ["Hold'em", "Late game", "Ann's pit"]
        # Ann opened them: she still may open no more than two.
        ann2 = await FakeClient.join(room2, member("Ann"))
        refused = await ask(ann2, CreateHoldem("Third", ref=5), 5)
        assert isinstance(refused, Error) and "at most" in refused.message
        # A table that closes (empty once someone left it) is no longer kept.
        pit = next(t for t in room2.tables.values() if t.name == "Ann's pit")
        await sit(cy, pit.id, 0, 100)
        cy.send(Leave(pit.id))
        await until(lambda: pit.id not in room2.tables)
        assert [t.game for t in again.tables()] == ["holdem"]
    finally:
        await room2.stop()
        again.close()
        store.close()


async def test_a_kept_table_whose_options_no_longer_make_a_table_is_dropped(
        clock: FakeClock, tmp_path: Path) -> None:
    store = RoomStore(tmp_path / ROOM_STORE_NAME)
    store.keep_table(KeptTable("t9", "holdem", '{"name":"Bad","seats":99}', "profile-Ann"))
    store.keep_table(KeptTable("t8", "holdem", "[1, 2]", "profile-Ann"))
    store.keep_table(KeptTable("t7", "holdem", '{"name":"Good","seats":3}', "profile-Ann"))
    room = Room([holdem()], rng=random.Random(1), clock=clock, store=store)
    try:
        assert [t.name for t in room.tables.values()] == ["Hold'em", "Good"]
        assert [(t.id, t.game) for t in store.tables()] == [("t2", "holdem")]
    finally:
        await room.stop()
        store.close()


async def test_a_kept_table_comes_back_with_the_blinds_the_host_set(
        clock: FakeClock, tmp_path: Path) -> None:
    store = RoomStore(tmp_path / ROOM_STORE_NAME)
    room = Room([holdem()], rng=random.Random(1), clock=clock, store=store)
    ann = await FakeClient.join(room, member("Ann"))
    await ask(ann, CreateHoldem("Late game", ref=1), 1)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostBlinds("t2", 10, 20, ref=2), 2)
    assert isinstance(answer, Notice)
    await room.stop()
    room2 = Room([holdem()], rng=random.Random(2), clock=clock, store=store)
    try:
        late = room2.tables["t2"]
        assert late.name == "Late game" and late.options.stakes == "10/20"
    finally:
        await room2.stop()
        store.close()
