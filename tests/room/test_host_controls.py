"""The host runs the room: pause, close, kick and ban, blinds, announcements, the log.

Every action goes over the real protocol (fake game processes on socket
pairs); the room checks the sender's key on each one, and a non-host's raw
line changes nothing. Chips are conserved in each: the stacks at the table
plus what went back to a player's balance equal what was bought in.
"""

from __future__ import annotations

import json

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.wire.protocol import (
    Announce,
    Announcement,
    Bet,
    BetsOpen,
    Error,
    ErrorCode,
    HandStarted,
    HandVoided,
    Hello,
    HoldemAction,
    HostBlinds,
    HostClose,
    HostKick,
    HostPause,
    HostResume,
    Kicked,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    Notice,
    Records,
    SeatSettled,
    Sit,
    TableClosed,
    TablePaused,
    TableSnapshot,
    Turn,
    Welcome,
    YourTurnHoldem,
)
from tests.room.support import FakeClient, until
from tests.room.virtual_time import pass_time, pass_time_until

HOST = Member("profile-Host", "Host", host=True)


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


def holdem(**options: object) -> HoldemOptions:
    values: dict[str, object] = dict(seats=3, bots_fill=False, action_clock=30, min_humans=3,
                                     between_hands=60)
    values.update(options)
    return HoldemOptions(**values)  # type: ignore[arg-type]


async def sit(client: FakeClient, table: str, seat: int | None = None, buy_in: int = 1000) -> int:
    start = len(client.messages)
    client.send(Sit(table, seat, buy_in))
    snapshot = await client.wait_for(
        lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None, after=start)
    return int(snapshot.your_seat)


async def ask(client: FakeClient, message: Message, ref: int) -> Message:
    """Send a numbered request; the room's answer to it (a notice, or an error)."""
    start = len(client.messages)
    client.send(message)
    answer: Message = await client.wait_for(
        lambda m: getattr(m, "ref", None) == ref, after=start)
    return answer


async def three_seated(room: Room, clock: FakeClock,
                       buy_ins: tuple[int, ...] = (500, 600, 700)) -> list[FakeClient]:
    clients = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    for seat, (client, buy_in) in enumerate(zip(clients, buy_ins, strict=True)):
        await sit(client, "t1", seat, buy_in)
    await pass_time_until(clock, lambda: bool(clients[0].of(HandStarted)), *clients, step=1)
    return clients


def chips_at(room: Room, table_id: str = "t1") -> int:
    """Every chip at the table: the seats' stacks, and the pot of the hand in play."""
    table = room.tables[table_id]
    hand = getattr(table, "hand", None)
    if hand is not None:
        return sum(s for s in hand.stacks if s is not None) + hand.pot_total
    return sum(p.stack for _, p in table.players())


# --- a non-host reaches none of it -------------------------------------------------------

RAW_HOST_LINES = [
    {"type": "host_pause", "table": "t1"},
    {"type": "host_resume", "table": "t1"},
    {"type": "host_close", "table": "t1", "void": True},
    {"type": "host_close", "table": "t1", "void": False},
    {"type": "host_kick", "name": "Ann"},
    {"type": "host_kick", "name": "Ann", "ban": True},
    {"type": "host_blinds", "table": "t1", "small_blind": 50, "big_blind": 100},
    {"type": "announce", "text": "free chips for all"},
]


async def test_a_non_host_sending_every_host_message_raw_is_refused_and_nothing_changes(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    before = (table.info(), [(s, p.stack, p.conn) for s, p in table.players()],
              table.hand.records[:] if table.hand else None, table.options)
    for ref, line in enumerate(RAW_HOST_LINES, start=100):
        start = len(bob.messages)
        # Written by hand, as a hostile game would: the room reads the line, not a class.
        bob.send_raw(json.dumps({**line, "ref": ref}).encode() + b"\n")
        error = await bob.wait_for(lambda m, r=ref: getattr(m, "ref", None) == r, after=start)
        assert isinstance(error, Error), line
        assert error.code is ErrorCode.NOT_HOST and "host" in error.message
    await pass_time(clock, 0, ann, bob, cy)
    after = (table.info(), [(s, p.stack, p.conn) for s, p in table.players()],
             table.hand.records[:] if table.hand else None, table.options)
    assert after == before
    assert room.tables.keys() == {"t1"} and not table.paused_by and not table.closing
    assert room.desk.actions == [] and room.desk.banned == set()
    assert room.desk.announcement is None
    for client in (ann, bob, cy):
        assert not client.of(Announcement) and not client.of(Kicked)
        assert not client.of(TablePaused) and not client.closed
    assert not bob.of(Welcome)[0].host


async def test_the_room_tells_a_host_so_at_the_greeting(make_room) -> None:
    room = make_room(holdem())
    host = await FakeClient.join(room, HOST)
    ann = await FakeClient.join(room, member("Ann"))
    assert host.of(Welcome)[0].host and not ann.of(Welcome)[0].host


# --- pause and resume ------------------------------------------------------------------


async def test_pausing_stops_the_action_clock_and_resuming_runs_it_on(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(time_bank=0), clock=clock)  # the action clock alone
    table = room.tables["t1"]
    clients = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    turn = await clients[0].wait_for(lambda m: isinstance(m, Turn))
    actor = clients[turn.seat]
    await pass_time(clock, 10, *clients)  # 20 s left on the clock
    records = len(table.hand.records)

    answer = await ask(host, HostPause("t1", ref=1), 1)
    assert isinstance(answer, Notice) and answer.table == "t1"
    for client in clients:
        paused = await client.wait_for(lambda m: isinstance(m, TablePaused))
        assert paused.by == "Host"
    assert table.info().paused_by == "Host"
    # An hour passes: nobody is acted for, and the player's own action is refused.
    await pass_time(clock, 3600, *clients)
    start = len(actor.messages)
    actor.send(HoldemAction("t1", ActionKind.FOLD, ref=5))
    refused = await actor.wait_for(lambda m: getattr(m, "ref", None) == 5, after=start)
    assert isinstance(refused, Error) and "paused by the host" in refused.message
    assert len(table.hand.records) == records and table.hand.actor == turn.seat
    assert not any("clock ran out" in n.text for n in actor.of(Notice))

    start = len(actor.messages)
    await ask(host, HostResume("t1", ref=2), 2)
    resumed = await actor.wait_for(lambda m: isinstance(m, Turn), after=start)
    assert resumed.seat == turn.seat and resumed.seconds == 20
    await actor.wait_for(lambda m: isinstance(m, YourTurnHoldem), after=start)
    assert any(isinstance(m, TablePaused) and m.by == "" for m in actor.messages[start:])
    # The clock runs on: 20 s later it acts for the seat.
    await pass_time(clock, 20, *clients)
    assert len(table.hand.records) > records
    assert [a.action for a in room.desk.actions] == ["pause", "resume"]
    assert all(a.host == "Host" and a.profile == HOST.profile for a in room.desk.actions)


async def test_a_paused_table_deals_no_hand_until_resumed(make_room, clock: FakeClock) -> None:
    room = make_room(holdem(min_humans=2, seats=2), clock=clock)
    host = await FakeClient.join(room, HOST)
    await ask(host, HostPause("t1", ref=1), 1)
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    snapshot_at = len(bob.messages)
    await sit(bob, "t1", 1)
    assert any(isinstance(m, TablePaused) and m.by == "Host" for m in bob.messages[snapshot_at:])
    await pass_time(clock, 600, ann, bob)
    assert not ann.of(HandStarted)
    await ask(host, HostResume("t1", ref=2), 2)
    await pass_time_until(clock, lambda: bool(ann.of(HandStarted)), ann, step=1)


async def test_pausing_a_blackjack_table_holds_its_betting_clock(
        make_room, clock: FakeClock) -> None:
    room = make_room(BlackjackOptions(seats=2, action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    host = await FakeClient.join(room, HOST)
    await sit(ann, "t1", 0, 500)
    await sit(bob, "t1", 1, 500)
    await pass_time_until(clock, lambda: bool(ann.of(BetsOpen)), ann, step=1)
    ann.send(Bet("t1", 10))
    await until(lambda: table.betting_clock is not None)
    await ask(host, HostPause("t1", ref=1), 1)
    await pass_time(clock, 3600, ann, bob)
    assert table.round is None and table.betting
    start = len(bob.messages)
    bob.send(Bet("t1", 10, ref=9))
    refused = await bob.wait_for(lambda m: getattr(m, "ref", None) == 9, after=start)
    assert isinstance(refused, Error) and "paused" in refused.message
    await ask(host, HostResume("t1", ref=2), 2)
    await pass_time_until(clock, lambda: table.round is not None, ann, step=1)


# --- closing a table ---------------------------------------------------------------------


async def test_closing_with_the_hand_void_returns_every_bet_and_lets_everyone_go(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), holdem(name="Other"), clock=clock)
    clients = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    turn = await clients[0].wait_for(lambda m: isinstance(m, Turn))
    clients[turn.seat].send(HoldemAction("t1", ActionKind.RAISE_TO, 40))
    await clients[0].wait_for(lambda m: isinstance(m, Records) and any(
        r["type"] == "holdem.BetOrRaised" for r in m.records))
    assert chips_at(room) == 1800

    answer = await ask(host, HostClose("t1", void=True, ref=1), 1)
    assert isinstance(answer, Notice) and "closed" in answer.text
    for client in clients:
        voided = await client.wait_for(lambda m: isinstance(m, HandVoided))
        assert {s.seat: s.stack for s in voided.stacks} == {0: 500, 1: 600, 2: 700}
        assert "host" in voided.reason
        await client.wait_for(lambda m: isinstance(m, TableClosed) and m.table == "t1")
    await host.wait_for(lambda m: isinstance(m, TableClosed))
    assert "t1" not in room.tables and list(room.tables) == ["t2"]
    assert all(not conn.tables for conn in room.connections)
    # Back in the lobby, seated nowhere: a reconnect finds no seat (their chips go home).
    await clients[0].close()
    again = await FakeClient.join(room, member("Ann"))
    assert again.of(Welcome)[0].seated_at == ()
    assert room.desk.actions[-1].action == "close" and "void" in room.desk.actions[-1].detail


async def test_closing_after_the_hand_plays_it_out_then_closes(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), clock=clock)
    table = room.tables["t1"]
    clients = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostClose("t1", void=False, ref=1), 1)
    assert isinstance(answer, Notice) and "after this hand" in answer.text
    assert table.closing and "t1" in room.tables
    # Nobody sits down at a closing table.
    dan = await FakeClient.join(room, member("Dan"))
    start = len(dan.messages)
    dan.send(Sit("t1", None, 500, ref=3))
    refused = await dan.wait_for(lambda m: getattr(m, "ref", None) == 3, after=start)
    assert isinstance(refused, Error) and "closing" in refused.message
    # The clock plays the hand out (each seat checks or folds), then the table goes.
    await pass_time_until(clock, lambda: "t1" not in room.tables, *clients, step=30)
    nets = []
    for client in clients:
        settled = await client.wait_for(lambda m: isinstance(m, SeatSettled))
        nets.append(settled.result.net)
        await client.wait_for(lambda m: isinstance(m, TableClosed))
    assert sum(nets) == 0  # what one lost another won: no chip made or lost
    assert not table.voided


# --- kick and ban ---------------------------------------------------------------------------


async def test_a_kick_between_hands_sends_the_seats_chips_home(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=600), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    await pass_time_until(clock, lambda: table.hand is None, ann, bob, cy, step=30)
    bob_stack = table.player_at(1).stack
    total = chips_at(room)
    assert total == 1800

    answer = await ask(host, HostKick("Bob", ref=1), 1)
    assert isinstance(answer, Notice) and "Bob" in answer.text
    kicked = await bob.wait_for(lambda m: isinstance(m, Kicked))
    assert kicked.table == "t1" and kicked.by == "Host" and kicked.chips == bob_stack
    assert not kicked.banned
    assert table.player_at(1) is None and not any(c.tables for c in room.connections
                                                  if c.member.profile == "profile-Bob")
    # Conservation: the chips at the table and the chips sent home are the buy-ins.
    assert chips_at(room) + kicked.chips == total
    await ann.wait_for(lambda m: isinstance(m, Notice) and "removed Bob" in m.text)
    # A kick is no ban: Bob may come back and sit down again.
    await sit(bob, "t1", 1, 500)
    assert room.desk.actions[-1].action == "kick" and room.desk.actions[-1].detail == "Bob"


async def test_a_kick_mid_hand_folds_the_seat_and_it_stands_up_as_the_hand_settles(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    turn = await ann.wait_for(lambda m: isinstance(m, Turn))
    kicked_name = ("Ann", "Bob", "Cy")[turn.seat]
    kicked_client = (ann, bob, cy)[turn.seat]
    await ask(host, HostKick(kicked_name, ref=1), 1)
    await kicked_client.wait_for(lambda m: isinstance(m, Kicked))
    # Folded at once (its turn), the hand goes on without the clock.
    await kicked_client.wait_for(lambda m: isinstance(m, Records) and any(
        r["type"] == "holdem.Folded" and r["seat"] == turn.seat for r in m.records))
    await pass_time_until(clock, lambda: table.hand is None, ann, bob, cy, step=30)
    # Its result still reaches the player's store, and the seat is free.
    settled = await kicked_client.wait_for(lambda m: isinstance(m, SeatSettled))
    assert table.player_at(turn.seat) is None
    others = sum(p.stack for _, p in table.players())
    # What the kicked seat takes home is its buy-in and the hand's result.
    assert others + [500, 600, 700][turn.seat] + settled.result.net == 1800


async def test_a_ban_closes_the_players_line_and_refuses_them_for_the_rooms_life(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=600), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    await pass_time_until(clock, lambda: table.hand is None, ann, bob, cy, step=30)
    total = chips_at(room)
    await ask(host, HostKick("Cy", ban=True, ref=1), 1)
    kicked = await cy.wait_for(lambda m: isinstance(m, Kicked))
    assert kicked.banned
    error = await cy.wait_for(lambda m: isinstance(m, Error))
    assert error.code is ErrorCode.BANNED
    await cy.wait_closed()
    assert chips_at(room) + kicked.chips == total
    again = await FakeClient.join(room, member("Cy"), hello=False)
    again.send(Hello(3, ref=1))
    refused = await again.wait_for(lambda m: isinstance(m, Error))
    assert refused.code is ErrorCode.BANNED and refused.ref == 1
    await again.wait_closed()
    assert not again.of(Welcome)
    assert room.desk.banned == {"profile-Cy"} and room.desk.actions[-1].action == "ban"


async def test_a_host_cannot_remove_a_name_nobody_has_nor_themself(make_room) -> None:
    room = make_room(holdem())
    host = await FakeClient.join(room, HOST)
    missing = await ask(host, HostKick("Nobody", ref=1), 1)
    assert isinstance(missing, Error) and "nobody here" in missing.message
    themself = await ask(host, HostKick("host", ban=True, ref=2), 2)
    assert isinstance(themself, Error) and "yourself" in themself.message
    assert room.desk.actions == [] and room.desk.banned == set()


# --- blinds, announcements --------------------------------------------------------------


async def test_new_blinds_apply_from_the_next_hand(make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=5), clock=clock)
    table = room.tables["t1"]
    clients = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostBlinds("t1", 10, 20, ref=1), 1)
    assert isinstance(answer, Notice) and "10/20" in answer.text
    assert table.hand is not None and table.hand.big_blind == 10  # the hand in play keeps its own
    await pass_time_until(clock, lambda: len(clients[0].of(HandStarted)) >= 2, *clients, step=30)
    second = clients[0].of(HandStarted)[1]
    assert (second.small_blind, second.big_blind) == (10, 20)
    lines = [m.table for m in host.messages if isinstance(m, LobbyUpdate)
             and m.table.id == "t1"]
    assert lines and lines[-1].stakes == "10/20"
    bad = await ask(host, HostBlinds("t1", 30, 20, ref=2), 2)
    assert isinstance(bad, Error) and "small_blind" in bad.message
    assert room.desk.actions[-1].detail == "5/10 -> 10/20"


async def test_an_announcement_reaches_every_screen_and_newcomers(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), clock=clock)
    clients = await three_seated(room, clock)
    lobby = await FakeClient.join(room, member("Dan"))
    host = await FakeClient.join(room, HOST)
    await ask(host, Announce("Last hand at \x1b[31m11pm\x1b[0m", ref=1), 1)
    for client in (*clients, lobby, host):
        said = await client.wait_for(lambda m: isinstance(m, Announcement))
        assert said.name == "Host" and said.text == "Last hand at 11pm"
    later = await FakeClient.join(room, member("Eve"))
    snapshot = later.of(LobbySnapshot)[0]
    assert (snapshot.announced_by, snapshot.announcement) == ("Host", "Last hand at 11pm")
    assert room.desk.actions[-1].action == "announce"


async def test_every_host_action_reaches_the_hosts_log(make_room, clock: FakeClock) -> None:
    room = make_room(holdem(), clock=clock)
    written: list[str] = []
    room.desk.report = written.append
    host = await FakeClient.join(room, HOST)
    await ask(host, HostPause("t1", ref=1), 1)
    await ask(host, Announce("hello", ref=2), 2)
    assert written == ["host Host: pause at table t1", "host Host: announce: hello"]


# --- the same at a blackjack table -----------------------------------------------------


async def test_at_blackjack_a_kick_mid_round_stands_the_seat_and_a_void_close_returns_bets(
        make_room, clock: FakeClock) -> None:
    room = make_room(BlackjackOptions(seats=3, between_rounds=0, action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    host = await FakeClient.join(room, HOST)
    for seat, client in enumerate((ann, bob, cy)):
        await sit(client, "t1", seat, 300 + 100 * seat)
    await pass_time_until(clock, lambda: bool(ann.of(BetsOpen)), ann, step=1)
    table.shoe.stack(["Th", "9s", "8d", "6c", "7h", "5d", "Kc"])  # no insurance asked
    for client in (ann, bob, cy):
        client.send(Bet("t1", 20))
    await until(lambda: table.round is not None)
    # Bob is removed mid-round: the room stands for him, the round settles, he stands up.
    await ask(host, HostKick("Bob", ref=1), 1)
    kicked = await bob.wait_for(lambda m: isinstance(m, Kicked))
    assert kicked.chips == 400
    await pass_time_until(clock, lambda: table.round is None, ann, cy, step=30)
    settled = await bob.wait_for(lambda m: isinstance(m, SeatSettled))
    assert table.seats[1] is None
    # Ann and Cy's next round: voided by the host's close, every bet back.
    await pass_time_until(clock, lambda: len(ann.of(BetsOpen)) >= 2, ann, step=1)
    stacks = {s: p.stack for s, p in table.players()}
    ann.send(Bet("t1", 50))
    cy.send(Bet("t1", 50))
    await until(lambda: table.round is not None)
    await ask(host, HostClose("t1", void=True, ref=2), 2)
    voided = await ann.wait_for(lambda m: isinstance(m, HandVoided))
    assert {s.seat: s.stack for s in voided.stacks} == stacks
    await ann.wait_for(lambda m: isinstance(m, TableClosed))
    # Conservation against the dealer: each seat's chips are its buy-in and its recorded
    # results (the void round records none); Bob takes home his buy-in and his result.
    for client, seat, buy_in in ((ann, 0, 300), (cy, 2, 500)):
        nets = sum(m.result.net for m in client.of(SeatSettled))
        assert stacks[seat] == buy_in + nets
        assert {s.seat: s.stack for s in voided.stacks}[seat] == buy_in + nets
    assert len(bob.of(SeatSettled)) == 1 and kicked.chips + settled.result.net >= 0
    assert [a.action for a in room.desk.actions] == ["kick", "close"]
