"""Who is here: the lobby's list of players and where they are, the lobby's chat, and a
seat that shows "away" for as long as its player is disconnected."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import LOBBY_INTERVAL
from cardtui.wire.protocol import (
    Error,
    HandStarted,
    Leave,
    LobbyChat,
    LobbyChatLine,
    LobbySnapshot,
    Online,
    OnlinePlayer,
    SeatStatus,
    Sit,
    TableSeats,
    TableSnapshot,
    Watch,
)
from tests.room.support import FakeClient, until
from tests.room.virtual_time import pass_time, pass_time_until


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


async def sit(client: FakeClient, table: str, seat: int | None = None, buy_in: int = 1000) -> None:
    start = len(client.messages)
    client.send(Sit(table, seat, buy_in))
    await client.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None,
                          after=start)


def latest_online(client: FakeClient) -> tuple[OnlinePlayer, ...]:
    """The list as the client has it now: the last Online, or its last lobby snapshot."""
    for message in reversed(client.messages):
        if isinstance(message, Online):
            return message.players
        if isinstance(message, LobbySnapshot):
            return message.online
    return ()


async def test_the_lobby_lists_who_is_here_and_where(make_room, clock: FakeClock) -> None:
    room = make_room(HoldemOptions(name="Main", seats=3, bots_fill=False, min_humans=3),
                     HoldemOptions(name="Side", seats=3, bots_fill=False, min_humans=3),
                     clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    bob = await FakeClient.join(room, member("Bob"))
    host = await FakeClient.join(room, Member("profile-Host", "Host", host=True))
    await sit(ann, "t1", 0)
    start = len(bob.messages)
    bob.send(Watch("t2"))
    await bob.wait_for(lambda m: isinstance(m, TableSnapshot), after=start)
    cy = await FakeClient.join(room, member("Cy"))
    # A newcomer's lobby snapshot has the list.
    assert cy.of(LobbySnapshot)[0].online == (
        OnlinePlayer("Ann", seated=("t1",)),
        OnlinePlayer("Bob", watching=("t2",)),
        OnlinePlayer("Cy"),
        OnlinePlayer("Host", host=True),
    )
    # Those in the lobby hear each change (at most every interval).
    await pass_time(clock, LOBBY_INTERVAL, host, cy)
    start = len(bob.messages)
    bob.send(Leave("t2"))
    await bob.wait_for(lambda m: isinstance(m, LobbySnapshot), after=start)
    await pass_time(clock, LOBBY_INTERVAL, host, cy)
    await until(lambda: OnlinePlayer("Bob") in latest_online(host))
    assert OnlinePlayer("Bob") in latest_online(cy)
    await cy.close()
    await pass_time(clock, LOBBY_INTERVAL, host)
    await until(lambda: all(p.name != "Cy" for p in latest_online(host)))
    # A player at a table is not sent the list: it reaches them back in the lobby.
    assert not [m for m in ann.messages if isinstance(m, Online)][1:]


async def test_lobby_chat_reaches_the_lobby_across_two_players(
        make_room, clock: FakeClock) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=3), clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    bob = await FakeClient.join(room, member("Bob"))
    seated = await FakeClient.join(room, member("Cy"))
    await sit(seated, "t1", 0)
    ann.send(LobbyChat("anyone for \x1b[2Jblackjack?"))
    line = await bob.wait_for(lambda m: isinstance(m, LobbyChatLine))
    assert (line.name, line.text) == ("Ann", "anyone for blackjack?")
    await ann.wait_for(lambda m: isinstance(m, LobbyChatLine))  # the sayer reads it too
    await seated.caught_up()
    assert not seated.of(LobbyChatLine)
    # Whoever comes to the lobby later finds the talk so far.
    dan = await FakeClient.join(room, member("Dan"))
    chat = dan.of(LobbySnapshot)[0].chat
    assert [(e.name, e.text) for e in chat] == [("Ann", "anyone for blackjack?")]
    # Cleaned and rate-limited as a table's chat.
    for number in range(5):
        bob.send(LobbyChat(f"line {number}"))
    bob.send(LobbyChat("one too many", ref=9))
    refused = await bob.wait_for(lambda m: isinstance(m, Error) and m.ref == 9)
    assert "slow down" in refused.message
    bob.send(LobbyChat("\x1b[0m", ref=10))
    empty = await bob.wait_for(lambda m: isinstance(m, Error) and m.ref == 10)
    assert "empty" in empty.message


async def test_a_seat_shows_away_for_the_whole_grace_period(make_room, clock: FakeClock) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=2, action_clock=30,
                                   grace=600, between_hands=5), clock=clock)
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    lobby = await FakeClient.join(room, member("Cy"))
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await pass_time_until(clock, lambda: bool(bob.of(HandStarted)), bob, step=1)
    await ann.close()
    await until(lambda: table.seats[0] is not None and table.seats[0].away)

    def ann_status(client: FakeClient) -> SeatStatus:
        last = [m for m in client.messages if isinstance(m, TableSeats)][-1]
        return next(s.status for s in last.seats if s.seat == 0)

    await bob.caught_up()
    assert ann_status(bob) is SeatStatus.AWAY
    # All through the grace period, hands dealt and played meanwhile: still away.
    for _ in range(9):
        await pass_time(clock, 60, bob, lobby)
        assert ann_status(bob) is SeatStatus.AWAY
        assert {s.seat: s.status for s in table.seat_infos()}[0] is SeatStatus.AWAY
    assert len(bob.of(HandStarted)) > 1
    # A newcomer watching sees it too, and the lobby lists her as away from the table.
    watcher = await FakeClient.join(room, member("Dan"))
    watcher.send(Watch("t1"))
    snapshot = await watcher.wait_for(lambda m: isinstance(m, TableSnapshot))
    assert {s.seat: s.status for s in snapshot.seats}[0] is SeatStatus.AWAY
    await pass_time(clock, LOBBY_INTERVAL, lobby)
    assert OnlinePlayer("Ann", seated=("t1",), away=True) in latest_online(lobby)
    # Back within the grace: her seat plays again.
    back = await FakeClient.join(room, member("Ann"))
    await back.wait_for(lambda m: isinstance(m, TableSnapshot))
    await bob.caught_up()
    assert ann_status(bob) is not SeatStatus.AWAY
    await pass_time(clock, LOBBY_INTERVAL, lobby)
    assert OnlinePlayer("Ann", seated=("t1",)) in latest_online(lobby)
