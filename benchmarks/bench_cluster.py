"""A room across three hosts beside the same room on one: handover latency and relay cost.

Players (fake game processes speaking the wire protocol, :mod:`tests.room.support`)
play check-or-call hold'em at shared tables of six, each taking ``--think`` seconds
(times 0.5-1.5, seeded) over each decision. Two runs, the same players and tables:

- **one host**: every line is a local socket pair to the room (``cardtui serve`` today);
- **three hosts**: three :class:`~cardtui.cluster.node.ClusterRoom` on one nats-server
  (the distribution's, started here with a user and password), each table run by the
  host it is placed on (one owner per table: :mod:`cardtui.cluster.shards`), the players
  split evenly across the hosts: every line is relayed over NATS, two thirds of them to
  another host's table.

Measured in each run:

- **handover latency**: from one player's action leaving their game to the next
  player's turn prompt reaching theirs (p50, p95): the room's own handling plus, across
  hosts, two relays and nats-server on the way;
- **CPU per forwarded message**: this process's CPU (the three hosts and the players
  all live in it) and nats-server's, over the messages the relays and the gateway
  carried, less the one-host run's CPU for the same hands;
- **the cost per session**: CPU millicores per seated player in each run (the players'
  Textual games, which each host runs for its own players as today, come on top: about
  14 millicores each while playing, issue 28's figure).

The SSH doors and the games are the same on every host, so they are left out: this
measures what a cluster adds. All on one machine: the run sits on its two cores.

Run:  python3 benchmarks/bench_cluster.py [--tables 2] [--hands 6] [--think 0.2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtui.cluster.credentials import Credentials  # noqa: E402
from cardtui.cluster.node import ClusterRoom  # noqa: E402
from cardtui.holdem.actions import ActionKind  # noqa: E402
from cardtui.room.config import HoldemOptions  # noqa: E402
from cardtui.room.connection import Member  # noqa: E402
from cardtui.room.hosting import RoomHost  # noqa: E402
from cardtui.room.room import room_pair  # noqa: E402
from cardtui.wire.protocol import (  # noqa: E402
    PROTOCOL_VERSION,
    Hello,
    HoldemAction,
    Message,
    Records,
    Sit,
    TableSnapshot,
    YourTurnHoldem,
)
from tests.cluster.placement import placed  # noqa: E402
from tests.room.support import FakeClient  # noqa: E402
from tests.support.services import start_nats  # noqa: E402

SEATS = 6


class Timing:
    """When the last action at each table left its player, and every handover seen."""

    def __init__(self) -> None:
        self.acted: dict[str, float] = {}
        self.handovers: list[float] = []
        self.hands: dict[str, int] = {}


def player(timing: Timing, think: float, rng: random.Random):  # noqa: ANN201
    factor = rng.uniform(0.5, 1.5)

    def act(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem):
            now = time.perf_counter()
            sent = timing.acted.pop(message.table, None)
            if sent is not None:
                timing.handovers.append(now - sent)
            kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL

            def send() -> None:
                timing.acted[message.table] = time.perf_counter()
                client.send(HoldemAction(message.table, kind))

            asyncio.get_running_loop().call_later(think * factor, send)
        elif isinstance(message, Records) and any(
                r["type"] == "holdem.HandEnded" for r in message.records):
            timing.hands[message.table] = timing.hands.get(message.table, 0) + 1
            timing.acted.pop(message.table, None)  # the next hand's first turn is no handover

    return act


async def connect(sock_source, name: str) -> FakeClient:  # noqa: ANN001
    client = FakeClient(Member(f"profile-{name}", name))
    sock = await sock_source(name)
    reader, client._writer = await asyncio.open_connection(sock=sock)
    client._task = asyncio.create_task(client._read(reader))
    client.send(Hello(PROTOCOL_VERSION))
    await client.wait_for(lambda m: m.TYPE == "lobby_snapshot", timeout=60)
    return client


def table_options(count: int) -> list[HoldemOptions]:
    return [HoldemOptions(name=f"Table {n + 1}", seats=SEATS, bots_fill=False,
                          min_humans=SEATS, between_hands=0.5, action_clock=60)
            for n in range(count)]


async def play(sources: list, tables: int, hands: int, think: float,  # noqa: ANN001
               seed: int) -> tuple[Timing, float, float, int]:
    """Seat every player, play ``hands`` hands at every table: timing, wall, CPU, players."""
    rng = random.Random(seed)
    timing = Timing()
    clients = []
    for table in range(tables):
        for seat in range(SEATS):
            index = table * SEATS + seat
            client = await connect(sources[index % len(sources)], f"P{index}")
            client.on_message = player(timing, think, rng)
            clients.append((client, f"t{table + 1}", seat))
    cpu, wall = time.process_time(), time.perf_counter()
    for client, table_id, seat in clients:
        start = len(client.messages)
        client.send(Sit(table_id, seat, 1000))
        await client.wait_for(lambda m: isinstance(m, TableSnapshot), after=start, timeout=60)
    while min((timing.hands.get(f"t{n + 1}", 0) for n in range(tables)), default=0) < (
            hands * SEATS):  # every player hears each hand's end
        await asyncio.sleep(0.05)
    elapsed, used = time.perf_counter() - wall, time.process_time() - cpu
    for client, _, _ in clients:
        await client.close()
    return timing, elapsed, used, len(clients)


def nats_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ms(samples: list[float]) -> str:
    if len(samples) < 2:
        return "n/a"
    cuts = statistics.quantiles(samples, n=100)
    return f"p50 {cuts[49] * 1000:6.1f} ms   p95 {cuts[94] * 1000:6.1f} ms   ({len(samples)})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--think", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    one = RoomHost(table_options(args.tables))

    async def local(name: str):  # noqa: ANN202
        return await room_pair(one.room, Member(f"profile-{name}", name))

    alone = await play([local], args.tables, args.hands, args.think, args.seed)
    await one.stop()

    folder = Path(tempfile.mkdtemp(prefix="cardtui-nats-"))
    nats = start_nats(folder)
    try:
        nodes = []
        for n in range(3):
            node = ClusterRoom(
                nats.url, Credentials(nats.user, nats.password), "bench",
                lambda part: RoomHost(part.tables, first_table=part.first_table),
                member=lambda fp, _: Member(f"profile-{fp}", fp or "Guest"),
                tables=table_options(args.tables), host_id=f"host-{n + 1}")
            await node.start()
            nodes.append(node)
        await placed(nodes)  # each table on the host it is placed on
        where = {name: node.id for node in nodes for name in node.running}
        print("  parts: " + ", ".join(f"{name} on {host}" for name, host in sorted(where.items())))

        def source(node: ClusterRoom):  # noqa: ANN202
            async def line(name: str):  # noqa: ANN202
                return await node.line_for(name, Path("."))
            return line

        before_nats = nats_cpu(nats.process.pid)
        stats_before = nodes[0].nc.stats.copy() if nodes[0].nc else {}
        spread = await play([source(n) for n in nodes], args.tables, args.hands, args.think,
                            args.seed)
        nats_used = nats_cpu(nats.process.pid) - before_nats
        carried = 0
        for node in nodes:
            assert node.nc is not None
            carried += node.nc.stats["in_msgs"]
        carried -= stats_before.get("in_msgs", 0)
        for node in nodes:
            await node.stop()
    finally:
        nats.kill()
        shutil.rmtree(folder, ignore_errors=True)

    print(f"{args.tables} tables of {SEATS}, {args.hands} hands each, think {args.think} s")
    for label, (timing, wall, cpu, players) in (("one host   ", alone),
                                                ("three hosts", spread)):
        print(f"  {label}  handover  {ms(timing.handovers)}")
        print(f"  {label}  CPU {cpu:5.2f} s over {wall:5.1f} s: "
              f"{cpu / wall / players * 1000:5.1f} millicores a session")
    extra = spread[2] - alone[2]
    print(f"  messages carried by NATS (received by the hosts): {carried}")
    if carried:
        print(f"  CPU per forwarded message: hosts {extra / carried * 1e6:6.1f} us "
              f"(three hosts less one), nats-server {nats_used / carried * 1e6:6.1f} us")


if __name__ == "__main__":
    asyncio.run(main())
