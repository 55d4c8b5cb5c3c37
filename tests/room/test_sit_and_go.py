"""Sit-and-go tournaments over the room's protocol, on virtual time.

Fake game processes register in the lobby, take their seats when it starts
and shove every hand (so a tournament takes few hands); bots fill the seats
the host starts it with. Chips are conserved in every test: the players'
buy-ins (the ledger's) plus the house's for the bots equal the prizes paid
plus the prize pool not paid yet, and the tournament chips at the table are
always the starting stack times the entries and rebuys.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.room.room import Room
from cardtui.room.sit_and_go import START_DELAY, SitAndGo
from cardtui.store.room_store import RoomStore
from cardtui.wire.protocol import (
    CreateSitAndGo,
    Error,
    ErrorCode,
    GetLeaderboard,
    HandStarted,
    HandVoided,
    HoldemAction,
    HostStartSitAndGo,
    Leaderboard,
    Message,
    Notice,
    Rebuy,
    Register,
    Sit,
    SitAndGoStage,
    SitAndGoUpdate,
    TableSnapshot,
    TournamentResults,
    TournamentState,
    Unregister,
    YourTurnHoldem,
)
from tests.room.support import FakeClient
from tests.room.test_host_controls import HOST, ask, member
from tests.room.virtual_time import pass_time, pass_time_until

NAMES = ("Ann", "Bob", "Cy", "Dee")
BUY_IN, STACK = 100, 1500


def shove(client: FakeClient, message: Message) -> None:
    """A fake game that puts every chip in at its turn (and rebuys when it may)."""
    if isinstance(message, YourTurnHoldem):
        legal = message.legal
        if legal.can_raise:
            move = HoldemAction(message.table, ActionKind.RAISE_TO, legal.max_raise_to)
        elif legal.call_amount:
            move = HoldemAction(message.table, ActionKind.CALL)
        else:
            move = HoldemAction(message.table, ActionKind.CHECK)
        client.send(move)
    elif isinstance(message, TournamentState) and client.member.name in message.may_rebuy \
            and client.member.name == "Ann":
        client.send(Rebuy(message.table))


def money_conserved(room: Room, sng: SitAndGo) -> None:
    """Balances + prize pool = start + recorded results: what the players paid in (the
    ledger's buy-ins less its cash-outs) and the house's net for its bots is the pool."""
    paid = sum(s.bought_in - s.cashed_out for s in room.ledger.tonight.values())
    assert paid + sng.house_in - sng.house_out == sng.pool
    assert sum(e.paid for e in sng.entries.values()) == sng.pool or sng.pool == 0


def chips_conserved(sng: SitAndGo) -> None:
    rebuys = sum(e.rebuys for e in sng.entries.values())
    assert sng.chips_in_play() == STACK * (len(sng.entries) + rebuys)


async def registered(room: Room, host: FakeClient, *,
                     bots_fill: bool = True) -> tuple[list[FakeClient], str]:
    """Four players in the lobby, a sit-and-go opened by Ann, all four registered."""
    clients = [await FakeClient.join(room, member(name)) for name in NAMES]
    ann = clients[0]
    answer = await ask(ann, CreateSitAndGo("Friday SNG", seats=6, buy_in=BUY_IN,
                                           starting_stack=STACK, level_seconds=120,
                                           late_levels=1, rebuys=1, bots_fill=bots_fill,
                                           ref=1), 1)
    assert isinstance(answer, Notice) and "is open" in answer.text
    sng_id = next(iter(room.sit_and_gos.sit_and_gos))
    for n, client in enumerate(clients, start=10):
        answer = await ask(client, Register(sng_id, ref=n), n)
        assert isinstance(answer, Notice), answer
    return clients, sng_id


async def take_seats(clients: list[FakeClient], table: str) -> None:
    for client in clients:
        start = len(client.messages)
        client.send(Sit(table, None, 0))
        await client.wait_for(lambda m: isinstance(m, TableSnapshot), after=start)


async def test_a_sit_and_go_from_registration_to_payouts(make_room, clock: FakeClock) -> None:
    room = make_room(clock=clock)
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host)
    ann, bob = clients[0], clients[1]
    sng = room.sit_and_gos.sit_and_gos[sng_id]
    # A fifth player registers and thinks better of it: the buy-in goes back.
    eve = await FakeClient.join(room, member("Eve"))
    assert isinstance(await ask(eve, Register(sng_id, ref=2), 2), Notice)
    assert isinstance(await ask(eve, Unregister(sng_id, ref=3), 3), Notice)
    assert room.ledger.tonight["profile-Eve"].cashed_out == BUY_IN
    money_conserved(room, sng)
    assert sng.pool == 4 * BUY_IN
    # The lobby shows it: registered and seats.
    update = ann.of(SitAndGoUpdate)[-1].sit_and_go
    assert update.registered == NAMES and update.seats == 6 and update.open
    # A non-host's raw start changes nothing.
    start = len(bob.messages)
    bob.send_raw(json.dumps({"type": "host_start_sit_and_go", "sit_and_go": sng_id,
                             "ref": 44}).encode() + b"\n")
    refused = await bob.wait_for(lambda m: getattr(m, "ref", None) == 44, after=start)
    assert isinstance(refused, Error) and refused.code is ErrorCode.NOT_HOST
    assert sng.stage is SitAndGoStage.REGISTERING
    # The host starts it early: two bots take the empty seats, on the house.
    assert isinstance(await ask(host, HostStartSitAndGo(sng_id, ref=5), 5), Notice)
    assert sng.stage is SitAndGoStage.RUNNING and len(sng.entries) == 6
    assert sng.pool == 6 * BUY_IN and sng.house_in == 2 * BUY_IN
    assert room.desk.actions[-1].action == "start_sit_and_go"
    money_conserved(room, sng)
    table = sng.table
    assert table is not None and table.id in room.tables
    await take_seats(clients, table.id)
    seen_hands: list[int] = []

    def play(client: FakeClient, message: Message) -> None:
        if isinstance(message, HandStarted) and client is ann:
            chips_conserved(sng)
            seen_hands.append(message.number)
        shove(client, message)

    for client in clients:
        client.on_message = play
    state = ann.of(TournamentState)[-1]
    assert (state.level, state.small_blind, state.big_blind) == (1, 5, 10)
    assert state.level_ends == clock.wall() + 120 and state.players_left == 6
    await pass_time_until(clock, lambda: sng.stage is SitAndGoStage.FINISHED, *clients,
                          step=5)
    assert seen_hands and seen_hands[0] == 1
    # Eliminations in order: each notice names a better place than the one before.
    outs = [m.text for m in ann.of(Notice) if " is out in " in m.text]
    places = [int("".join(ch for ch in text.split(" is out in ")[1] if ch.isdigit()))
              for text in outs]
    assert places == sorted(places, reverse=True) and places[-1] == 2
    # Payouts by place: 50/30/20 of the pool (six entrants), every chip paid.
    results = ann.of(TournamentResults)[-1]
    rebuys = sum(e.rebuys for e in sng.entries.values())
    assert results.pool == BUY_IN * (6 + rebuys)
    assert sum(p.prize for p in results.places) == results.pool
    assert [p.place for p in results.places][:1] == [1] and len(results.places) == 6
    # The first three places are paid (players out in the same hand from the same stack
    # share the places they cover), the better place never less.
    assert sum(p.prize for p in results.places if p.place <= 3) == results.pool
    assert results.places[0].prize >= results.pool // 2
    prizes = [p.prize for p in sorted(results.places, key=lambda p: p.place)]
    assert prizes == sorted(prizes, reverse=True)
    for client in clients:
        mine = client.of(TournamentResults)[-1]
        standing = room.ledger.tonight[client.member.profile]
        assert mine.yours == standing.cashed_out and mine.paid == standing.bought_in
    assert sng.pool == 0
    money_conserved(room, sng)
    # The leaderboard has each player's place.
    board = await ask(bob, GetLeaderboard(ref=9), 9)
    assert isinstance(board, Leaderboard)
    human_places = {p.name: p.place for p in results.places if not p.bot}
    assert {r.name: r.places for r in board.tonight if r.places} == {
        name: (place,) for name, place in human_places.items()}
    # The table closes once the results had their time.
    await pass_time(clock, 60, *clients)
    assert table.id not in room.tables


async def test_late_registration_takes_a_free_seat_while_level_one_lasts(
        make_room, clock: FakeClock) -> None:
    room = make_room(clock=clock)
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host, bots_fill=False)
    sng = room.sit_and_gos.sit_and_gos[sng_id]
    await ask(host, HostStartSitAndGo(sng_id, ref=5), 5)
    table = sng.table
    assert table is not None and len(sng.entries) == 4
    await take_seats(clients, table.id)
    for client in clients:
        client.on_message = shove
    await pass_time(clock, START_DELAY, *clients)
    lou = await FakeClient.join(room, member("Lou"))
    assert lou.of(SitAndGoUpdate) == [] and room.lobby(None).sit_and_gos[0].open
    answer = await ask(lou, Register(sng_id, ref=6), 6)
    assert isinstance(answer, Notice) and "late registration" in answer.text
    assert answer.table == table.id and len(sng.entries) == 5
    await take_seats([lou], table.id)
    lou.on_message = shove
    chips_conserved(sng)
    money_conserved(room, sng)
    # Level 2: late registration is closed.
    await pass_time_until(clock, lambda: sng.level >= 1 or not sng.running, lou, *clients,
                          step=5)
    late = await FakeClient.join(room, member("Ned"))
    refused = await ask(late, Register(sng_id, ref=7), 7)
    assert isinstance(refused, Error)
    assert "closed" in refused.message or "over" in refused.message
    await pass_time_until(clock, lambda: sng.stage is SitAndGoStage.FINISHED, lou, *clients,
                          step=5)
    assert sum(p.prize for p in sng.results) == BUY_IN * (5 + sum(
        e.rebuys for e in sng.entries.values()))
    money_conserved(room, sng)


async def test_a_sit_and_go_comes_back_between_hands_after_a_restart(
        clock: FakeClock, tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "room.sqlite3")
    room = Room([], clock=clock, store=store, rng=random.Random(9))
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host)
    await ask(host, HostStartSitAndGo(sng_id, ref=5), 5)
    sng = room.sit_and_gos.sit_and_gos[sng_id]
    table = sng.table
    assert table is not None
    await take_seats(clients, table.id)
    for client in clients:
        client.on_message = shove
    await pass_time_until(clock, lambda: table.hand_number >= 3 and table.hand is None
                          and sng.running, *clients, step=1)
    kept = {o.name: o.stack for o in table.seats if o is not None}
    before = (table.hand_number, table.positions, sng.level, sng.pool, sng.entries.keys())
    left = sng.seconds_left()
    # The server is killed (nothing more is written), and starts again on the same file.
    later = FakeClock()
    again = Room([], clock=later, store=RoomStore(tmp_path / "room.sqlite3"),
                 rng=random.Random(1))
    back = again.sit_and_gos.sit_and_gos[sng_id]
    assert back.table is not None and back.running
    assert {o.name: o.stack for o in back.table.seats if o is not None} == kept
    assert (back.table.hand_number, back.table.positions, back.level, back.pool,
            back.entries.keys()) == before
    assert abs(back.seconds_left() - left) < 1e-6
    chips_conserved(back)
    # The players come back to their seats, and it plays on to its payouts.
    await room.stop()
    returning = [await FakeClient.join(again, member(name)) for name in NAMES]
    for client in returning:
        client.on_message = shove
    assert all(again.tables[back.table.id].seat_of(c.member.profile) is not None
               for c in returning if c.member.name in kept)
    await pass_time_until(later, lambda: back.stage is SitAndGoStage.FINISHED, *returning,
                          step=15)
    results = returning[0].of(TournamentResults)[-1]
    rebuys = sum(e.rebuys for e in back.entries.values())
    assert sum(p.prize for p in results.places) == (6 + rebuys) * BUY_IN
    assert back.house_in + sum(e.paid for e in back.entries.values()
                               if not e.is_bot) == (6 + rebuys) * BUY_IN
    await again.stop()
    # Finished: its places kept for the all-time board, its state gone.
    third = Room([], clock=FakeClock(), store=RoomStore(tmp_path / "room.sqlite3"),
                 rng=random.Random(2))
    assert sng_id not in third.sit_and_gos.sit_and_gos
    assert any(r.places for r in third.leader_rows(all_time=True))
    await third.stop()


async def test_a_server_killed_mid_hand_voids_it_and_the_tournament_comes_back(
        clock: FakeClock, tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "room.sqlite3")
    room = Room([], clock=clock, store=store, rng=random.Random(9))
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host)
    await ask(host, HostStartSitAndGo(sng_id, ref=5), 5)
    sng = room.sit_and_gos.sit_and_gos[sng_id]
    table = sng.table
    assert table is not None
    await take_seats(clients, table.id)
    await pass_time(clock, START_DELAY, *clients)
    # Hand 1 is in play: the fake games do not act, the blinds are in the pot.
    assert table.hand is not None and table.hand_number == 1
    dealt = {table.seats[s].name: stack for s, stack in  # type: ignore[union-attr]
             enumerate(table.hand.starting_stacks) if stack is not None}
    assert sum(table.hand.stacks[s] for s in range(table.seat_count)
               if table.hand.starting_stacks[s] is not None) < sum(dealt.values())
    # Killed now: the next start finds the tournament as it was before the hand.
    again = Room([], clock=FakeClock(), store=RoomStore(tmp_path / "room.sqlite3"),
                 rng=random.Random(3))
    back = again.sit_and_gos.sit_and_gos[sng_id]
    assert back.table is not None and back.table.hand is None
    assert {o.name: o.stack for o in back.table.seats if o is not None} == dealt
    assert back.table.hand_number == 0 and back.pool == 6 * BUY_IN
    chips_conserved(back)
    # The room that was stopped voided its hand and gave every bet back, as it says.
    await room.stop()
    voided = clients[0].of(HandVoided)
    assert voided and {s.name: s.stack for s in voided[-1].stacks} == dealt
    await again.stop()


def as_dealt(sng: SitAndGo) -> dict[str, int]:
    """Each seat's chips as the store has them: a hand in play counts as not dealt."""
    table = sng.table
    assert table is not None
    out = {}
    for seat, occupant in enumerate(table.seats):
        if occupant is None:
            continue
        dealt = table.hand.starting_stacks[seat] if table.hand is not None else None
        out[occupant.name] = dealt if dealt is not None else occupant.stack
    return out


async def test_kills_at_random_moments_bring_the_tournament_back_each_time(
        tmp_path: Path) -> None:
    """The server killed again and again, after a random stretch of play each time (a
    hand in play, between hands, at a level's change): each start finds the tournament
    as it was before the hand in play, every chip and every buy-in there."""
    rng = random.Random(27)
    path = tmp_path / "room.sqlite3"
    clock = FakeClock()
    room = Room([], clock=clock, store=RoomStore(path), rng=random.Random(4))
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host)
    await ask(host, HostStartSitAndGo(sng_id, ref=5), 5)
    await take_seats(clients, sng_id)
    rooms = [room]
    kills = 0
    while True:
        sng = room.sit_and_gos.sit_and_gos[sng_id]
        for client in clients:
            client.on_message = shove
        for _ in range(rng.randint(1, 20)):
            if sng.stage is SitAndGoStage.FINISHED:
                break
            await pass_time(clock, rng.choice((0.5, 1, 3, 7)), *clients)
        if sng.stage is SitAndGoStage.FINISHED:
            break
        # Killed: its games stop answering, and what it had sent is read first.
        for client in clients:
            client.on_message = None
        for client in clients:
            await client.caught_up()
        expected = as_dealt(sng)
        paid = sum(e.paid for e in sng.entries.values())
        clock = FakeClock()
        room = Room([], clock=clock, store=RoomStore(path), rng=random.Random(rng.random()))
        rooms.append(room)
        kills += 1
        back = room.sit_and_gos.sit_and_gos[sng_id]
        assert back.table is not None and back.table.hand is None
        assert as_dealt(back) == expected
        assert back.pool == paid == sum(e.paid for e in back.entries.values())
        chips_conserved(back)
        clients = [await FakeClient.join(room, member(name)) for name in NAMES]
    assert kills >= 2
    results = clients[0].of(TournamentResults)[-1]
    assert sum(p.prize for p in results.places) == sum(e.paid for e in sng.entries.values())
    for each in rooms:
        await each.stop()
