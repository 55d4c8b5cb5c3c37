"""Shared tables over SSH: how long one player's key takes to show on another player's screen.

A crowd of real SSH players (asyncssh + pyte, :mod:`tests.serve.room_crowd`)
plays blackjack rounds at shared tables of six: each bets in the betting
window and stands on their turn, taking about ``--think`` seconds over each
decision once its prompt shows (default 1 s: people at a table take a second
or more; with no thought at all sixty bots deal as fast as the two cores
allow and every latency is a queue). Each thought is ``--think`` times a
factor between 0.5 and 1.5 drawn for that player (seeded): people do not all
take the same second. With ``--lockstep`` every thought is exactly
``--think``: the ten tables, seated together, then stand at the same instants
round after round and all sixty games redraw at once, a worst case a real
room does not see (printed for comparison). Every session's bytes are received and
parsed (pyte) by one client process, this one; its CPU is printed. Measured,
in the same run:

- **handover latency**: from one player's ``s`` (stand) to the next player's
  prompt appearing on *their* screen: the key goes over SSH to the first
  player's game, to the room, the room's turn message to the second
  player's game, and its redraw back over SSH. p50 and p95, with one table
  of six (6 sessions) and with ten tables of six (60 sessions). The clock
  stops when the bytes that drew the prompt reach the client (the latest
  bytes when it is seen), not when this process gets round to reading them:
  one process reading sixty terminals on the server's own two cores lags
  behind them all at once whenever the games are busy (its event loop was
  seen 140-290 ms late), which a player's own terminal does not;
- **the peer**: the same key in a local game (not shared) played by one more
  player on the same server at the same time, thinking as long: ``s`` at a
  local blackjack table until "Deal again?" shows on that player's screen;
- **CPU per round**: the room's own callbacks (every event-loop callback that
  belongs to ``cardtui.room``, timed with the thread's CPU clock), the
  whole server process (the room plus the SSH bridging of every screen), the
  players' game processes (each draws its table on every message from the
  room: by far the most of it), and the clients (this process).

The server runs in its own process (:class:`tests.serve.room_crowd.CrowdServer`)
so its CPU is its own. Target on the project's 2-core machine (issue 11): p95 <= 150 ms
at 60 sessions.

Run:  python3 benchmarks/bench_room_latency.py [--rounds 6] [--big-rounds 4] [--think 1]
      [--lockstep]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from cardtui.testing.ssh import TerminalClient

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # tests.serve.room_crowd, the players

from tests.serve.room_crowd import (  # noqa: E402
    CrowdServer,
    Player,
    RoomMeter,
    Table,
    play,
    rounds_played,
    sit_at_row,
)
from tests.serve.room_ssh import named_key  # noqa: E402

SEATS = 6


@dataclass(frozen=True)
class Result:
    label: str
    sessions: int
    handovers: list[float]
    local: list[float]
    rounds: int
    room_cpu: float
    server_cpu: float
    games_cpu: float
    clients_cpu: float
    seconds: float
    think: float
    lockstep: bool


# --- the players --------------------------------------------------------------------


async def local_player(port: int, root: Path, go: asyncio.Event,
                       stop: asyncio.Event, think: float, vary: random.Random | None
                       ) -> list[float]:
    """One more player at a local (not shared) blackjack table: ``s`` until "Deal again?".

    They think as long as the crowd over each key (a peer playing flat out
    would load the machine more than any one of the crowd).
    """
    client = await TerminalClient.connect(port, key=named_key(root, "Solo"), width=80, height=30)
    await client.wait_for("you are Solo", timeout=300)
    await client.settle(0.3, timeout=300)
    client.press("\x1b")
    await client.wait_for("Rules & keys", timeout=120)
    await client.settle(0.3, timeout=120)
    client.press("b")
    await client.wait_for("then d deals", timeout=120)
    await go.wait()  # seated before the crowd (a full server may turn a late login away)
    samples: list[float] = []
    while not stop.is_set():
        prompt = await client.wait_for("Hit or stand?", "Deal again?", "then d deals",
                                       "nsurance?", "Even money?", timeout=120)
        await client.settle(0.2, timeout=120)
        await asyncio.sleep(think * (vary.uniform(0.5, 1.5) if vary is not None else 1.0))
        if prompt != "Hit or stand?":
            played = rounds_played(client)
            client.press("n" if prompt in ("nsurance?", "Even money?") else "d")
            await moved_on(client, prompt, played)
            continue
        client._changed.clear()  # noqa: SLF001 - the clock starts with the key
        start = time.monotonic()
        client.press("s")
        await client.wait_for("Deal again?", timeout=120)
        samples.append(client.received_at - start)  # (as the crowd's: when its bytes came)
    await client.close()
    return samples


async def moved_on(client: TerminalClient, text: str, played: int,
                   timeout: float = 120) -> None:
    """Wait until ``text`` has left the screen, or a round settled (a natural: dealt and over)."""
    deadline = time.monotonic() + timeout
    while (text in client.flat
           and rounds_played(client) == played):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{text!r} stayed on screen:\n{client.text}")
        client._changed.clear()  # noqa: SLF001
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client._changed.wait(), 0.5)  # noqa: SLF001


async def measure(label: str, tables: int, rounds: int, think: float,
                  lockstep: bool) -> Result:
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-room-") as folder:
        root = Path(folder) / "room"
        names = [[f"T{t}P{s}" for s in range(SEATS)] for t in range(tables)]
        keys = {n: named_key(root, n) for row in names for n in row}
        server = CrowdServer(root, tables, SEATS)
        go, stop = asyncio.Event(), asyncio.Event()
        local = asyncio.create_task(local_player(server.port, root, go, stop, think,
                                                   None if lockstep else random.Random(-1)))
        try:
            async def seat(row: int, table_names: list[str]) -> list[Player]:
                # One table's players one at a time (a player arriving while the
                # previous one's sitting down redraws the lobby is fine: the
                # cursor moves a row at a time, each checked); the tables at once.
                table = Table(row)
                return [Player(n, table, await sit_at_row(server.port, keys[n], n, row,
                                                          timeout=600))
                        for n in table_names]

            seated = await asyncio.gather(*(seat(row, table_names)
                                            for row, table_names in enumerate(names)))
            players = [player for row in seated for player in row]
            go.set()
            cpu_before, started = server.cpu_seconds(), time.monotonic()
            games_before, clients_before = server.games_cpu_seconds(), time.process_time()
            await asyncio.gather(*(play(p, rounds, timeout=120 * rounds, think=think,
                                        vary=None if lockstep else random.Random(n))
                                   for n, p in enumerate(players)))
            seconds = time.monotonic() - started
            server_cpu = server.cpu_seconds() - cpu_before
            games_cpu = server.games_cpu_seconds() - games_before
            clients_cpu = time.process_time() - clients_before
            stop.set()
            local_samples = await local
            for player in players:
                await player.client.close()
            summary = server.stop()
        finally:
            server.kill()
    dealt = sum(t["rounds"] for t in summary["tables"])
    tables_seen = {id(p.table): p.table for p in players}.values()
    handovers = [h for table in tables_seen for h in table.handovers]
    return Result(label, tables * SEATS, handovers, local_samples, dealt,
                  summary["room_cpu"], server_cpu, games_cpu, clients_cpu, seconds, think, lockstep)


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(result: Result) -> None:
    def ms(samples: list[float]) -> str:
        if not samples:
            return "no samples"
        return (f"p50 {statistics.median(samples) * 1000:6.0f} ms   "
                f"p95 {quantile(samples, 0.95) * 1000:6.0f} ms   (n={len(samples)})")

    print(f"\n{result.label}: {result.sessions} sessions, {result.rounds} rounds dealt in "
          f"{result.seconds:.0f} s ({'exactly ' if result.lockstep else '~'}{result.think:g} s "
          f"to think over each decision; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"  shared table, stand -> next player's prompt:  {ms(result.handovers)}")
    print(f"  local table (peer), stand -> 'Deal again?':   {ms(result.local)}")
    if result.rounds:
        print(f"  room CPU per round:   {result.room_cpu / result.rounds * 1000:7.2f} ms "
              f"({result.room_cpu:.2f} s in all)")
        print(f"  server CPU per round: {result.server_cpu / result.rounds * 1000:7.2f} ms "
              f"(room + SSH bridging of every screen; {result.server_cpu:.1f} s in all)")
        print(f"  games CPU per round:  {result.games_cpu / result.rounds * 1000:7.0f} ms "
              f"(every player's game process, the peer's too; {result.games_cpu:.1f} s in all, "
              f"{result.games_cpu / result.seconds:.2f} cores)")
        print(f"  clients CPU per round:{result.clients_cpu / result.rounds * 1000:7.0f} ms "
              f"(this process's SSH clients and terminals; {result.clients_cpu:.1f} s in all)")


async def holdem_room_cpu(hands: int) -> tuple[float, float]:
    """The room alone dealing hold'em to six players who check or call: its CPU per hand.

    No SSH and no screens: six bare game ends on socket pairs
    (:class:`tests.room.support.FakeClient`). Returns (room callbacks' CPU,
    the whole process's CPU with the six clients) per hand, in seconds.
    """
    from cardtui.holdem.actions import ActionKind
    from cardtui.room.config import HoldemOptions
    from cardtui.room.connection import Member
    from cardtui.room.room import Room
    from cardtui.wire.protocol import HoldemAction, Message, Sit, YourTurnHoldem
    from tests.room.support import FakeClient, until

    meter = RoomMeter()
    meter.install()
    room = Room([HoldemOptions(seats=SEATS, bots_fill=False, min_humans=SEATS,
                               starting_stack=10**6, between_hands=0, action_clock=60,
                               seed=1)])
    table = room.tables["t1"]

    def calls(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem):
            kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
            client.send(HoldemAction("t1", kind))

    clients = [await FakeClient.join(room, Member(f"p{n}", f"P{n}")) for n in range(SEATS)]
    for seat, client in enumerate(clients):
        client.on_message = calls
        client.send(Sit("t1", seat, 10**6))
    await until(lambda: table.hand_number >= 1)
    room_before, process_before = meter.seconds, time.process_time()
    await until(lambda: table.hand_number > hands, timeout=600)
    room_cpu, process_cpu = meter.seconds - room_before, time.process_time() - process_before
    await room.stop()
    for client in clients:
        await client.close()
    meter.uninstall()
    return room_cpu / hands, process_cpu / hands


async def main(rounds: int, big_rounds: int, think: float, lockstep: bool) -> None:
    print(f"cardtui shared-table latency on {os.cpu_count()} cores "
          f"(load average {os.getloadavg()[0]:.1f} at start)")
    room_hand, process_hand = await holdem_room_cpu(200)
    print(f"\nhold'em, the room alone (six players checking or calling, no SSH): "
          f"{room_hand * 1000:.2f} ms room CPU per hand "
          f"({process_hand * 1000:.2f} ms with the six bare clients)")
    report(await measure("one table of six", 1, rounds, think, lockstep))
    report(await measure("ten tables of six", 10, big_rounds, think, lockstep))
    print("\nTarget (issue 11): p95 <= 150 ms at 60 sessions.")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds at one table of six")
    parser.add_argument("--big-rounds", type=int, default=4, help="rounds at each of ten tables")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds each player takes over a decision (0: none)")
    parser.add_argument("--lockstep", action="store_true",
                        help="every player thinks exactly --think seconds (tables act in step)")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.big_rounds, args.think, args.lockstep))
