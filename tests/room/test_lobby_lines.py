"""The lobby's live lines: to players in the lobby only, only when a line changed, a few a second.

Sixty players at ten tables each got a lobby line for every bet at every
table (their hidden lobby redrew hundreds of times a round); a seated player
now hears only their own table, and is given the whole lobby when they leave.
"""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.room.config import BlackjackOptions
from cardtui.room.connection import Member
from cardtui.room.room import LOBBY_INTERVAL, Room
from cardtui.wire.protocol import (
    Bet,
    Leave,
    LobbySnapshot,
    LobbyUpdate,
    Sit,
    TableSnapshot,
)
from tests.room.support import FakeClient, until
from tests.room.virtual_time import pass_time, pass_time_until


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


async def sit(client: FakeClient, table: str, seat: int) -> None:
    start = len(client.messages)
    client.send(Sit(table, seat, 1000))
    await client.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == seat,
                          after=start)


async def lines_out(room: Room, clock: FakeClock, client: FakeClient) -> None:
    """Let the interval pass for every lobby line the room holds back (a change within
    :data:`~cardtui.room.room.LOBBY_INTERVAL` of the last): each has been sent, and has
    reached ``client``; what was not sent by then is not sent at all."""
    await pass_time_until(clock, lambda: not room._lobby_due, client,  # noqa: SLF001
                          step=LOBBY_INTERVAL)  # until no line is waiting for its time


def pits() -> list[BlackjackOptions]:
    # A long betting clock: the window stays open while the test bets.
    return [BlackjackOptions(name=f"Pit {n}", seats=3, betting_clock=60) for n in (1, 2)]


async def test_a_seated_player_hears_no_lobby_lines_and_a_lobby_player_does(
        make_room, clock: FakeClock) -> None:
    room = make_room(*pits(), clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    await sit(ann, "t1", 0)
    lobby = await FakeClient.join(room, member("Lou"))
    ann_heard, lou_heard = len(ann.of(LobbyUpdate)), len(lobby.of(LobbyUpdate))
    bob = await FakeClient.join(room, member("Bob"))
    await sit(bob, "t2", 0)
    line = await lobby.wait_for(lambda m: isinstance(m, LobbyUpdate) and "Bob" in m.table.players)
    assert line.table.id == "t2"
    assert len(lobby.of(LobbyUpdate)) > lou_heard
    await lines_out(room, clock, ann)
    assert len(ann.of(LobbyUpdate)) == ann_heard  # seated at Pit 1: nothing about Pit 2


async def test_a_bet_changes_no_lobby_line_and_sends_none(make_room, clock: FakeClock) -> None:
    room = make_room(*pits(), clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    bob = await FakeClient.join(room, member("Bob"))
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    table = room.tables["t1"]
    await pass_time_until(clock, lambda: getattr(table, "betting", False), ann, step=1)
    lobby = await FakeClient.join(room, member("Lou"))
    await lines_out(room, clock, lobby)  # the sitting down's lines are out
    heard = len(lobby.of(LobbyUpdate))
    ann.send(Bet("t1", 20))
    await until(lambda: table.seats[0] is not None and table.seats[0].bet == 20)
    await lines_out(room, clock, lobby)
    assert len(lobby.of(LobbyUpdate)) == heard


async def test_changes_within_the_interval_come_as_one_line_as_the_table_is_then(
        make_room, clock: FakeClock) -> None:
    room = make_room(*pits(), clock=clock)
    lobby = await FakeClient.join(room, member("Lou"))
    players = [await FakeClient.join(room, member(name)) for name in ("Ann", "Bob", "Cy")]
    heard = len(lobby.of(LobbyUpdate))
    for seat, player in enumerate(players):
        await sit(player, "t1", seat)
    await pass_time(clock, LOBBY_INTERVAL, lobby)  # the interval after the first ends
    await lobby.wait_for(lambda m: isinstance(m, LobbyUpdate) and m.table.players
                         == ("Ann", "Bob", "Cy"), after=heard)
    # The first sitting down at once, the other two together once the interval ended.
    assert len(lobby.of(LobbyUpdate)) - heard == 2


async def test_leaving_a_table_brings_the_whole_lobby_as_it_is_now(
        make_room, clock: FakeClock) -> None:
    room = make_room(*pits(), clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    await sit(ann, "t1", 0)
    bob = await FakeClient.join(room, member("Bob"))
    await sit(bob, "t2", 0)
    start = len(ann.messages)
    ann.send(Leave("t1"))
    snapshot = await ann.wait_for(lambda m: isinstance(m, LobbySnapshot), after=start)
    pit_2 = next(t for t in snapshot.tables if t.id == "t2")
    assert pit_2.players[0] == "Bob"
