"""Three host processes, one nats-server, one PostgreSQL: kill -9 of the room's owner.

Each host is :mod:`tests.cluster.host_process` (the room's part of ``cardtui serve
--cluster``, a TCP door in place of SSH). Two players on the two hosts that do not
run the room sit at its hold'em table; each one's bytes carry their own hole cards
and never the other's before the showdown. The owner is killed with SIGKILL in the
middle of a hand: the hand never settles, both players hear the table closed,
another host runs the room within a few seconds, and both sit down again there and
play a hand to its end.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtui.cluster.shards import placed_on
from cardtui.room.connection import Member
from cardtui.wire.codec import decode_record
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    HandStarted,
    Hello,
    Records,
    SeatSettled,
    TableClosed,
    YourTurnHoldem,
)
from tests.cluster.serve_hosts import runs
from tests.room.support import FakeClient
from tests.room.test_holdem_room import assert_private, check_or_call, hand_ended, sit
from tests.support.services import NatsServer, PostgresServer

ROOT = Path(__file__).resolve().parents[2]
LEASE = 1.0
#: A bound on every wait (none is a timing assertion: a hang fails instead of stalling).
WAIT = 60.0



class Host:
    def __init__(self, nats: NatsServer, store: str, name: str) -> None:
        self.name = name
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.cluster.host_process", nats.url, nats.user,
             nats.password, store, name, str(LEASE)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.strip())

    async def said(self, text: str) -> bool:
        for _ in range(int(WAIT / 0.05)):
            if any(line.startswith(text) for line in self.lines):
                return True
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} ended: {self.lines}")
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name} never said {text!r}: {self.lines}")

    @property
    def port(self) -> int:
        return int(next(line for line in self.lines if line.startswith("ready ")).split()[1])

    def owns(self) -> bool:
        """Whether this host runs the table (the part ``t1``) now, as its log says."""
        return runs(self.lines, "t1")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def hosts(nats_server: NatsServer, postgres_server: PostgresServer | str,
          postgres_url: str) -> Iterator[list[Host]]:
    started = [Host(nats_server, postgres_url, f"host-{n}") for n in (1, 2, 3)]
    yield started
    for host in started:
        if host.process.poll() is None:
            host.kill()


async def join(host: Host, name: str) -> FakeClient:
    client = FakeClient(Member(f"profile-{name}", name))
    reader, client._writer = await asyncio.open_connection("127.0.0.1", host.port)
    client._writer.write(f"{name}\n".encode())
    client._task = asyncio.create_task(client._read(reader))
    client.send(Hello(PROTOCOL_VERSION))
    await client.wait_for(lambda m: m.TYPE == "lobby_snapshot", timeout=WAIT)
    return client


def own_cards(client: FakeClient, seat: int) -> dict[int, tuple]:
    for message in client.of(Records):
        for record in message.records:
            if record["type"] == "holdem.HoleCardsDealt" and record["seat"] == seat:
                return {seat: decode_record(record).cards}  # type: ignore[attr-defined]
    raise AssertionError("no hole cards of its own")


@pytest.mark.slow  # three Python processes starting on two cores: 10-20 s
@pytest.mark.postgres
async def test_kill_9_of_the_owner_mid_hand_and_the_room_moves_to_another_host(
        hosts: list[Host]) -> None:
    for host in hosts:
        await host.said("ready")
    # The first host up takes every part and hands the table over once the host it is
    # placed on is up.
    owner = next(h for h in hosts if h.name == placed_on("t1", [h.name for h in hosts]))
    for _ in range(int(WAIT / 0.05)):
        if owner.owns() and not any(h.owns() for h in hosts if h is not owner):
            break
        await asyncio.sleep(0.05)
    ann_host, bob_host = [h for h in hosts if h is not owner]
    ann, bob = await join(ann_host, "Ann"), await join(bob_host, "Bob")
    for client in (ann, bob):
        client.on_message = check_or_call("t1")  # before sitting: the hand starts at once
    seats = {ann: await sit(ann, "t1", 0), bob: await sit(bob, "t1", 1)}
    for client in (ann, bob):
        await client.wait_for(hand_ended, timeout=WAIT)
    holes = {**own_cards(ann, 0), **own_cards(bob, 1)}
    for client in (ann, bob):
        assert_private(bytes(client.raw), holes, seats[client])
        await client.wait_for(lambda m: isinstance(m, SeatSettled), timeout=WAIT)
    # The next hand starts after the table's pause; nobody acts in it, and the owner
    # dies in the middle of it (kill -9: nothing said, nothing released).
    for client in (ann, bob):
        client.on_message = None
    marks = {c: len(c.messages) for c in (ann, bob)}
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, (YourTurnHoldem, HandStarted)),
                              after=marks[client], timeout=WAIT)
    settled_before = {c: len(c.of(SeatSettled)) for c in (ann, bob)}
    owner.kill()
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, TableClosed), after=marks[client],
                              timeout=WAIT)
        assert len(client.of(SeatSettled)) == settled_before[client]  # voided, not settled
    for _ in range(int(WAIT / 0.05)):
        if ann_host.owns() or bob_host.owns():
            break
        await asyncio.sleep(0.05)
    assert ann_host.owns() != bob_host.owns()  # one new owner
    # Back in the room on its new host, both sit down again and play a hand out.
    marks = {c: len(c.messages) for c in (ann, bob)}
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    for client in (ann, bob):
        await client.wait_for(hand_ended, after=marks[client], timeout=WAIT)
        await client.wait_for(lambda m: isinstance(m, SeatSettled), after=marks[client],
                              timeout=WAIT)
        await client.close()
    assert owner.process.returncode == -signal.SIGKILL
