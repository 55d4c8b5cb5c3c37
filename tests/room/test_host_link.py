"""The host's controls as the games see them: a game's link to the room, the profile's store.

A kicked or closed-out key holder's chips come back to their balance: the
balance after equals the start plus every recorded result (conservation,
with the room's own stack as the check). A non-host's link asking a host's
request is refused, and the lobby's list, chat and announcements reach the
links and the table sessions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.clock import FakeClock
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import LOBBY_INTERVAL, Room, room_pair
from cardtui.tables.session import Note, SeatClock, ToAct
from cardtui.wire.protocol import (
    Announce,
    HostClose,
    HostKick,
    HostPause,
    HostResume,
    OnlinePlayer,
)
from tests.room.support import until
from tests.room.virtual_time import until_now_due
from tests.tables.test_shared_bankroll import KeyHolder, store_of, watch_room


async def host_link(room: Room) -> RoomLink:
    client = await RoomClient.open(await room_pair(room, Member("key-Host", "Host", host=True)))
    link = RoomLink(client)
    await link.start()
    return link


async def test_a_kicked_key_holders_chips_come_back_to_the_balance(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    seen = watch_room(room, "key-Ann")
    table = room.tables["t1"]
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    session = await ann.sit("t1", 600)
    await until(lambda: len(ann.settled) == 1 and table.hand is None)
    host = await host_link(room)
    assert host.is_host and ann.link is not None and not ann.link.is_host
    said = await host.host(HostKick("Ann"))
    assert "Ann" in said
    await until(lambda: session.gone)
    assert ann.chips() == (400 + seen.stood_up_with[0], {})
    assert ann.chips()[0] == 1_000 + ann.results()
    assert session.room_closing and not session.kept_chips
    session.leave()  # the screen goes: nothing is sent, nothing returned twice
    assert ann.chips()[0] == 1_000 + ann.results()
    await host.close()


async def test_a_table_closed_mid_hand_voids_it_and_the_chips_come_back(
        make_room, tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=3, min_humans=2, bots_fill=False, between_hands=60,
                                   action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann"), plays=False).connect(room)
    bob = await KeyHolder("Bob", store_of(tmp_path, "Bob"), plays=False).connect(room)
    ann_session = await ann.sit("t1", 600)
    await bob.sit("t1", 500)
    await until_now_due(clock, lambda: table.hand is not None)
    host = await host_link(room)
    await host.host(HostClose("t1", void=True))
    await until(lambda: ann_session.gone and bob.session is not None and bob.session.gone)
    for player in (ann, bob):
        assert player.chips() == (1_000, {})  # the hand was void: nothing won, nothing lost
        assert player.results() == 0
    assert "t1" not in room.tables
    await host.close()


async def test_a_non_hosts_link_is_refused_every_host_request(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    assert ann.link is not None
    for request in (HostPause("t1"), HostClose("t1", void=True), HostKick("Ann"),
                    Announce("hi")):
        with pytest.raises(RoomRefused, match="only the room's hosts"):
            await ann.link.host(request)
    assert room.desk.actions == [] and not room.tables["t1"].paused_by


async def test_the_links_hear_who_is_here_the_lobby_chat_and_the_announcement(
        make_room, tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=3, min_humans=2, bots_fill=False, action_clock=30),
                     clock=clock)
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann"), plays=False).connect(room)
    bob = await KeyHolder("Bob", store_of(tmp_path, "Bob"), plays=False).connect(room)
    assert ann.link is not None and bob.link is not None
    ann.link.lobby_say("  shall we start?  ")
    await until(lambda: bool(bob.link and bob.link.lobby_chat))
    assert [(e.name, e.text) for e in bob.link.lobby_chat] == [("Ann", "shall we start?")]
    with pytest.raises(ValueError):
        bob.link.lobby_say("   ")
    host = await host_link(room)
    await clock.run(LOBBY_INTERVAL)
    await until(lambda: bool(ann.link and OnlinePlayer("Host", host=True) in ann.link.online))
    # At a table, the session shows the announcement and the pause as notes.
    session = await ann.sit("t1", 600)
    await bob.sit("t1", 500)
    await until_now_due(clock, lambda: room.tables["t1"].in_play)
    events: list[object] = []
    session.detach()
    session.attach(events.append)
    await host.host(Announce("last orders at midnight"))
    await until(lambda: any(isinstance(e, Note) and "midnight" in e.text for e in events))
    assert ann.link.announcement == ("Host", "last orders at midnight")
    await host.host(HostPause("t1"))
    await until(lambda: session.paused_by == "Host")
    assert session.to_act is None and session.clock is None
    assert any(isinstance(e, SeatClock) and e.deadline is None for e in events)
    await host.host(HostResume("t1"))
    await until(lambda: session.paused_by == "" and any(
        isinstance(e, Note) and "resumed" in e.text for e in events))
    await until(lambda: session.clock is not None)
    assert not any(isinstance(e, ToAct) and e.seat != session.your_seat for e in events)
    await host.close()


async def test_host_commands_typed_in_a_tables_chat_box(make_room, tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=3, min_humans=2, bots_fill=False, action_clock=30),
                     clock=clock)
    table = room.tables["t1"]
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann"), plays=False).connect(room)
    host = await host_link(room)
    ann_session = await ann.sit("t1", 600)
    host_session = await host.sit("t1", 500)
    await until_now_due(clock, lambda: table.in_play)
    heard: list[object] = []
    host_session.attach(heard.append)
    said: list[object] = []
    ann_session.detach()
    ann_session.attach(said.append)

    def notes(events: list[object]) -> list[str]:
        return [e.text for e in events if isinstance(e, Note)]

    # A non-host's command reaches the room, which refuses it: nothing changes.
    ann_session.chat("/pause")
    await until(lambda: any("the room's hosts may do that" in n for n in notes(said)))
    assert not table.paused_by and room.desk.actions == []
    # The host's pauses the table; a command missing its word is said here, not sent.
    host_session.chat("/pause")
    await until(lambda: table.paused_by == "Host")
    host_session.chat("/close")
    assert any("/close void" in n for n in notes(heard)) and "t1" in room.tables
    host_session.chat("/resume")
    await until(lambda: not table.paused_by)
    host_session.chat("/blinds 10/20")
    await until(lambda: table.next_options is not None and table.next_options.big_blind == 20)
    host_session.chat("//shrug")  # an escaped slash is chat
    await until(lambda: any(n.endswith(": /shrug") for n in notes(said)))
    host_session.chat("/close void")
    await until(lambda: "t1" not in room.tables)
    assert [a.action for a in room.desk.actions] == ["pause", "resume", "blinds", "close"]
    # In the lobby: /announce from the host's lobby chat box.
    host.lobby_say("/announce the bar is open")
    await until(lambda: ann.link is not None
                and ann.link.announcement == ("Host", "the bar is open"))
    await host.close()


async def test_a_banned_players_lobby_says_why_the_line_closed(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    assert ann.link is not None
    told: list[str | None] = []
    ann.link.listen(told.append)
    host = await host_link(room)
    await host.host(HostKick("Ann", ban=True))
    await until(lambda: ann.link is not None and ann.link.closed)
    # Not "The room has closed.": it has not, for everyone else.
    assert told[-1] == "the host has banned you from this room"
    await host.close()
