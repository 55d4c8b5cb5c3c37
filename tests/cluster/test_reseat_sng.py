"""A sit-and-go's host dies mid-hand: another host resumes the tournament, seats and all.

Sit-and-gos live in the lobby's part (cardtui/cluster/shards.py). The lobby's host dies
as after kill -9 while the two players, on the two other hosts, are in a hand; another
host takes the lobby from its store and restores the tournament as a restarted server
does (tests/room/test_sit_and_go.py): the hand void, every chip back as it was dealt, the
prize pool whole, both players in their seats, and the tournament deals on.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtui.cluster.node import ClusterRoom
from cardtui.room import sit_and_go
from cardtui.wire.protocol import (
    CreateSitAndGo,
    HandStarted,
    HandVoided,
    Notice,
    Register,
    SitAndGoUpdate,
    TableSnapshot,
    TournamentResults,
)
from tests.cluster.placement import placed, running
from tests.cluster.test_hosts import join
from tests.cluster.test_reseat import LEASE, die, hosts
from tests.room.support import FakeClient
from tests.room.test_sit_and_go import chips_conserved, shove, take_seats

__all__ = ["hosts"]  # the fixture

BUY_IN, STACK = 100, 1500


async def answer(client: FakeClient, request: CreateSitAndGo | Register) -> Notice:
    start = len(client.messages)
    client.send(request)
    said = await client.wait_for(lambda m: getattr(m, "ref", None) == request.ref, after=start)
    assert isinstance(said, Notice), said
    return said


async def test_the_lobbys_host_dying_mid_hand_brings_the_sit_and_go_back_on_another(
        hosts: Callable[..., ClusterRoom], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sit_and_go, "START_DELAY", 0.1)  # (10 s of a real clock otherwise)
    nodes = [await hosts(name=f"host-{n}") for n in (1, 2, 3)]  # the lobby alone
    await placed(nodes)
    lobby_host = running(nodes, "lobby")
    two, three = [n for n in nodes if n is not lobby_host]
    ann, bob = await join(two, "Ann"), await join(three, "Bob")
    await answer(ann, CreateSitAndGo("Heads-up", seats=2, buy_in=BUY_IN, starting_stack=STACK,
                                     level_seconds=600, bots_fill=False, ref=1))
    sng_id = ann.of(SitAndGoUpdate)[-1].sit_and_go.id
    for n, client in enumerate((ann, bob), start=2):
        await answer(client, Register(sng_id, ref=n))
    update = await ann.wait_for(lambda m: isinstance(m, SitAndGoUpdate)
                                and m.sit_and_go.table != "")
    table = update.sit_and_go.table
    await take_seats([ann, bob], table)
    seats = {}
    for client in (ann, bob):
        dealt = await client.wait_for(lambda m: isinstance(m, HandStarted) and m.table == table)
        assert dealt.number == 1
        seats[client] = next(s.seat for s in dealt.seats if s.name == client.member.name)
    assert {s.stack for s in dealt.seats} == {STACK}
    marks = {client: len(client.messages) for client in (ann, bob)}
    die(lobby_host)  # in hand 1: nobody acts, the blinds are in the pot
    for client in (ann, bob):
        snapshot = await client.wait_for(
            lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None,
            after=marks[client], timeout=10 * LEASE + 10)
        told = client.messages[marks[client]:client.position(snapshot)]
        (voided,) = [m for m in told if isinstance(m, HandVoided)]
        assert voided.table == table and voided.hand == 1
        assert {s.stack for s in voided.stacks} == {STACK}  # every bet back
        assert snapshot.your_seat == seats[client]
    new_host = running([two, three], "lobby")
    assert new_host.host is not None
    back = new_host.host.room.sit_and_gos.sit_and_gos[sng_id]
    assert back.running and back.pool == 2 * BUY_IN
    # (The resumed table may have dealt again already, here where it waits 0.1 s and not
    # 10: its stacks are read as the tournament's chips, a hand in play counted whole.)
    chips_conserved(back)
    # It deals on, to the end: the winner is paid the pool (winner takes all heads-up).
    for client in (ann, bob):
        client.on_message = shove
        await client.caught_up()  # (a turn asked before shove was set is asked again below)
    for client in (ann, bob):
        for turn in [m for m in client.messages[marks[client]:]
                     if m.TYPE == "your_turn_holdem"][-1:]:
            shove(client, turn)
    results = await ann.wait_for(lambda m: isinstance(m, TournamentResults), timeout=60)
    assert sum(p.prize for p in results.places) == 2 * BUY_IN
    assert {p.name for p in results.places} == {"Ann", "Bob"}
    for client in (ann, bob):
        await client.close()
