"""The host's say over seats and bans: moving a seat, approving seat requests, unbanning;
and the blinds change that raises the buy-in with it.

Over the real protocol (fake game processes on socket pairs); each action refused
to a non-host's raw line, and chips conserved in each.
"""

from __future__ import annotations

import json

from cardtui.clock import FakeClock
from cardtui.room.config import BlackjackOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.wire.protocol import (
    Error,
    ErrorCode,
    GetHostDesk,
    HandStarted,
    Hello,
    HostApproval,
    HostBlinds,
    HostDeskState,
    HostKick,
    HostMove,
    HostSeatAnswer,
    HostUnban,
    LobbySnapshot,
    LobbyUpdate,
    Notice,
    Sit,
    TableSnapshot,
    Welcome,
)
from tests.room.support import FakeClient
from tests.room.test_host_controls import HOST, ask, chips_at, holdem, member, sit, three_seated
from tests.room.virtual_time import pass_time, pass_time_until

RAW_SEAT_LINES = [
    {"type": "host_move", "table": "t1", "name": "Ann", "seat": 2},
    {"type": "host_approval", "table": "t1", "on": True},
    {"type": "host_seat_answer", "table": "t1", "name": "Ann", "approve": True},
    {"type": "host_unban", "name": "Ann"},
    {"type": "host_desk"},
]


async def test_a_non_host_sending_the_seat_messages_raw_is_refused_and_nothing_changes(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(seats=4, between_hands=600), clock=clock)
    table = room.tables["t1"]
    ann, bob, cy = await three_seated(room, clock)
    await pass_time_until(clock, lambda: table.hand is None, ann, bob, cy, step=30)
    before = [(s, p.name, p.stack) for s, p in table.players()]
    for ref, line in enumerate(RAW_SEAT_LINES, start=100):
        start = len(bob.messages)
        bob.send_raw(json.dumps({**line, "ref": ref}).encode() + b"\n")
        error = await bob.wait_for(lambda m, r=ref: getattr(m, "ref", None) == r, after=start)
        assert isinstance(error, Error) and error.code is ErrorCode.NOT_HOST, line
    assert [(s, p.name, p.stack) for s, p in table.players()] == before
    assert not room.approvals.tables and not room.approvals.approved
    assert room.desk.actions == [] and not bob.of(HostDeskState)


async def test_the_host_moves_a_seat_between_hands_and_it_waits_for_the_big_blind(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(seats=4, between_hands=600), clock=clock)
    table = room.tables["t1"]
    assert isinstance(table, HoldemTable)
    clients = await three_seated(room, clock)
    ann = clients[0]
    host = await FakeClient.join(room, HOST)
    # Mid-hand: refused in plain words, nothing moves.
    refused = await ask(host, HostMove("t1", "Ann", 3, ref=1), 1)
    assert isinstance(refused, Error) and "between hands" in refused.message
    await pass_time_until(clock, lambda: table.hand is None, *clients, step=30)
    total, stack = chips_at(room), table.player_at(0).stack  # type: ignore[union-attr]

    start = len(ann.messages)
    answer = await ask(host, HostMove("t1", "ann", 3, ref=2), 2)
    assert isinstance(answer, Notice) and "seat 4" in answer.text
    assert table.player_at(0) is None and table.player_at(3).stack == stack  # type: ignore
    # Ann's screen learns its new seat; everyone reads why.
    moved = await ann.wait_for(lambda m: isinstance(m, TableSnapshot), after=start)
    assert moved.your_seat == 3
    await clients[1].wait_for(lambda m: isinstance(m, Notice) and "moves Ann to seat 4" in m.text)
    assert 3 in table.waiting  # no blind skipped by moving
    assert chips_at(room) == total  # nothing cashed out or bought in
    assert room.ledger.tonight["profile-Ann"].bought_in == 500
    taken = await ask(host, HostMove("t1", "Bob", 3, ref=3), 3)
    assert isinstance(taken, Error) and "taken" in taken.message
    assert room.desk.actions[-1].action == "move" and "seat 4" in room.desk.actions[-1].detail


async def test_a_blackjack_seat_moves_between_rounds(make_room, clock: FakeClock) -> None:
    room = make_room(BlackjackOptions(seats=3, action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann = await FakeClient.join(room, member("Ann"))
    host = await FakeClient.join(room, HOST)
    await sit(ann, "t1", 0, 300)
    answer = await ask(host, HostMove("t1", "Ann", 2, ref=1), 1)
    assert isinstance(answer, Notice)
    assert table.seats[0] is None and table.seats[2] is not None
    assert table.seats[2].stack == 300


async def test_a_seat_at_a_table_the_host_approves_waits_for_the_hosts_answer(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(seats=4, min_humans=1), clock=clock)
    table = room.tables["t1"]
    host = await FakeClient.join(room, HOST)
    bob, cy = [await FakeClient.join(room, member(n)) for n in ("Bob", "Cy")]
    on = await ask(host, HostApproval("t1", True, ref=1), 1)
    assert isinstance(on, Notice)
    line = await host.wait_for(lambda m: isinstance(m, LobbyUpdate) and m.table.approval)
    assert line.table.id == "t1"
    await bob.caught_up()
    assert bob.of(LobbySnapshot)[-1].tables[0].approval

    start = len(bob.messages)
    bob.send(Sit("t1", None, 500, ref=7))
    waits = await bob.wait_for(lambda m: getattr(m, "ref", None) == 7, after=start)
    assert isinstance(waits, Error) and "approval" in waits.message
    told = await host.wait_for(lambda m: isinstance(m, Notice) and "Bob asks" in m.text)
    assert "/approve Bob" in told.text
    assert table.seat_of("profile-Bob") is None
    cy.send(Sit("t1", None, 500))
    await host.wait_for(lambda m: isinstance(m, Notice) and "Cy asks" in m.text)

    desk = await ask(host, GetHostDesk(ref=2), 2)
    assert isinstance(desk, HostDeskState)
    assert [(r.table, r.name) for r in desk.requests] == [("t1", "Bob"), ("t1", "Cy")]
    await ask(host, HostSeatAnswer("t1", "Bob", True, ref=3), 3)
    await bob.wait_for(lambda m: isinstance(m, Notice) and "approved your seat" in m.text)
    await ask(host, HostSeatAnswer("t1", "Cy", False, ref=4), 4)
    await cy.wait_for(lambda m: isinstance(m, Notice) and "did not approve" in m.text)
    # Approved, Bob sits as at any table; Cy's next request waits again.
    assert await sit(bob, "t1", None, 500) is not None
    start = len(cy.messages)
    cy.send(Sit("t1", None, 500, ref=8))
    again = await cy.wait_for(lambda m: getattr(m, "ref", None) == 8, after=start)
    assert isinstance(again, Error) and "approval" in again.message
    assert sum(p.stack for _, p in table.players()) == 500  # Bob's buy-in, nothing else
    assert [a.action for a in room.desk.actions] == ["approval", "approve", "refuse"]
    # A host asks nobody; turned off, the waiting may sit.
    assert await sit(host, "t1", None, 500) is not None
    await ask(host, HostApproval("t1", False, ref=5), 5)
    await cy.wait_for(lambda m: isinstance(m, Notice) and "no longer asks" in m.text)
    assert await sit(cy, "t1", None, 500) is not None


async def test_the_hosts_list_of_bans_and_an_unban(make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=600), clock=clock)
    host = await FakeClient.join(room, HOST)
    cy = await FakeClient.join(room, member("Cy"))
    await ask(host, HostKick("Cy", ban=True, ref=1), 1)
    await cy.wait_closed()
    desk = await ask(host, GetHostDesk(ref=2), 2)
    assert isinstance(desk, HostDeskState) and desk.bans == ("Cy",)
    missing = await ask(host, HostUnban("Nobody", ref=3), 3)
    assert isinstance(missing, Error) and "banned" in missing.message
    answer = await ask(host, HostUnban("cy", ref=4), 4)
    assert isinstance(answer, Notice) and "Cy may come back" in answer.text
    again = await FakeClient.join(room, member("Cy"), hello=False)
    again.send(Hello(3, ref=1))
    assert (await again.wait_for(lambda m: isinstance(m, Welcome))).name == "Cy"
    assert room.desk.banned == set() and room.desk.actions[-1].action == "unban"


async def test_blinds_past_the_least_buy_in_raise_it_and_say_so(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=5), clock=clock)  # 5/10: buy-in 400 to 1,000
    table = room.tables["t1"]
    assert isinstance(table, HoldemTable)
    clients = await three_seated(room, clock)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostBlinds("t1", 25, 50, ref=1), 1)
    assert isinstance(answer, Notice)
    assert "blinds 25/50" in answer.text and "buy-in is 500 to 1,000" in answer.text
    await clients[0].wait_for(lambda m: isinstance(m, Notice) and "500 to 1,000" in m.text)
    await pass_time_until(clock, lambda: len(clients[0].of(HandStarted)) >= 2, *clients,
                          step=30)
    assert clients[0].of(HandStarted)[1].big_blind == 50
    assert table.options.limits == (500, 1000)
    # Far past the stacks: the range goes up to 10 big blinds, and the table plays on.
    await ask(host, HostBlinds("t1", 100, 200, ref=2), 2)
    await pass_time(clock, 0, *clients)
    assert (table.next_options or table.options).limits == (2000, 2000)
