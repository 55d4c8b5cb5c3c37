"""A crowd arrives at once: how long until each player sees the game, what each costs, and
what the players already seated feel meanwhile.

Three figures, each measured with games forked from the template (what
``cardtui serve`` does) and, as the peer in the same run, with every game
started as a new Python process (``cardtui serve --no-template``, what
cardtui did before):

* **burst**: N real SSH clients (asyncssh, 80x24, as guests) connect at the
  same moment; for each, the seconds from its connect call until the first
  screen (the room's lobby) has arrived. p50, p95 and the slowest, and how
  many never got there; and the CPU it cost: each game's (median) and the
  server's per connection, which the load of other work on the machine
  changes far less than it changes the times;
* **memory**: K players sit idle on that screen; each game's PSS (from
  ``/proc/PID/smaps_rollup``: pages shared with the template or other games
  count a share each), their mean, and the template's own PSS spread over them;
  beside them, the floor: a bare Textual app (:mod:`cardtui.testing.probe`: a
  header, nine lines of text, a footer) forked from the same template and
  idle the same way, what any Textual game would cost at least;
* **latency**: one seated player opens the blackjack table and goes back to
  the menu over and over (key press to screen change), first in a quiet
  room, then while M more players join at once.

The server runs in its own process and session with the room's default
tables, as ``cardtui serve`` does; the clients run here, the joiners in a
session of their own (a real crowd's clients run on its own machines).

Run:  python3 benchmarks/bench_ssh_burst.py [--burst 100] [--idle 10] [--joiners 25]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

import asyncssh

from cardtui.room.config import default_tables
from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import ServeConfig, start_server
from cardtui.testing.processes import children, game_processes, is_template, proportional_memory
from cardtui.testing.ssh import PROBE, TerminalClient, connect_quietly

MIB = 1024 * 1024
#: Under ``cardtui serve`` a player lands in the room's lobby; the menu is behind it.
FIRST_SCREEN = (b"Tables in the room", b"Rules & keys", b"COLORTERM")  # (the last: the probe)
MENU = "Rules & keys"
PROBE_LABEL = "bare Textual app, template"
#: Seconds the server gets to start (and its template to load) before the crowd.
WARM_UP = 4.0
#: Bursts of joiners while the seated player's latency is measured.
BURSTS = 3


class _Arrival(asyncssh.SSHClientSession[bytes]):
    """A player's terminal that only watches for the first screen (no emulator: 100 of
    them decoding every frame would cost this process more than the server)."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.seen = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.raw += data
        if not self.seen.is_set() and any(text in self.raw for text in FIRST_SCREEN):
            self.seen.set()


Arrival = tuple[float | None, asyncssh.SSHClientConnection | None]


async def arrive(port: int, timeout: float) -> Arrival:
    """Connect as a guest; seconds until the first screen arrived (None: it never did)."""
    started = time.perf_counter()
    connection = None
    try:
        connection = await connect_quietly(port)
        session = _Arrival()
        await connection.create_session(
            lambda: session, term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        await asyncio.wait_for(session.seen.wait(), timeout)
    except (OSError, asyncssh.Error, TimeoutError):
        return None, connection
    return time.perf_counter() - started, connection


@dataclass(frozen=True)
class Burst:
    times: list[float]
    failed: int
    #: CPU seconds each game had used when the last player saw the first screen.
    game_cpu: list[float]
    #: CPU seconds the server (handshakes, logins, bridging) used for the whole burst.
    server_cpu: float


@dataclass(frozen=True)
class Memory:
    games: list[int]
    template: int


@dataclass(frozen=True)
class Latency:
    quiet: list[float]
    burst: list[float]
    joined: int


class Server:
    """``cardtui serve`` in its own process (its CPU is not ours)."""

    def __init__(self, root: Path, template: bool, probe: bool = False) -> None:
        options = ([] if template else ["--no-template"]) + (["--probe"] if probe else [])
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(root), *options],
            stdout=subprocess.PIPE, text=True,
            # Its own session, as a host starts it: where the kernel groups
            # each session for the scheduler (autogroup), the clients' CPU
            # here, which a real crowd spends on its own machines, is not
            # taken from the server's share.
            start_new_session=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        self.port = int(self.process.stdout.readline().split()[1])

    def games(self) -> list[int]:
        return list(game_processes(self.process.pid))

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    def template(self) -> int | None:
        return next((pid for pid in children(self.process.pid) if is_template(pid)), None)

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


async def serve(root: Path, template: bool, probe: bool = False) -> None:
    launch = Launch() if template else Launch(template=None)
    if probe:
        launch = replace(launch, game=PROBE)
    config = ServeConfig(
        root=root, open=True, port=0, launch=launch, max_sessions=1000,
        limits=replace(Limits(), logins_per_address=1000, logins_total=1000),
        tables=tuple(default_tables(30.0)),
    )  # fmt: skip
    running = await start_server(config, lambda text: None)
    print(f"port {running.port}", flush=True)
    await asyncio.Event().wait()


def cpu_seconds(pid: int) -> float:
    """CPU time ``pid`` has used, all its threads (``/proc/PID/task/*/schedstat``, ns)."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as stat:
                total += int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


async def burst(root: Path, template: bool, count: int) -> Burst:
    server = Server(root, template)
    try:
        await asyncio.sleep(WARM_UP)
        before = server.cpu()
        results = await asyncio.gather(*(arrive(server.port, 120) for _ in range(count)))
        game_cpu = [cpu_seconds(pid) for pid in server.games()]
        server_cpu = server.cpu() - before
        for _, connection in results:
            if connection is not None:
                connection.abort()
    finally:
        server.stop()
    times = [seconds for seconds, _ in results if seconds is not None]
    return Burst(times, count - len(times), game_cpu, server_cpu)


async def memory(root: Path, template: bool, count: int, probe: bool = False) -> Memory:
    server = Server(root, template, probe)
    connections = []
    try:
        await asyncio.sleep(WARM_UP)
        for _ in range(count):  # one at a time: idle players, not a crowd
            seconds, connection = await arrive(server.port, 60)
            connections.append(connection)
            assert seconds is not None, "a player never saw the first screen"
        await asyncio.sleep(3)  # every game idle on its first screen
        games = [proportional_memory(pid) for pid in server.games()]
        shared = server.template()
        return Memory(games, proportional_memory(shared) if shared is not None else 0)
    finally:
        for connection in connections:
            if connection is not None:
                connection.abort()
        server.stop()


async def round_trip(client: TerminalClient) -> list[float]:
    """Seconds from a key press to the screen it opens: menu -> table -> menu."""
    times = []
    for key, shows in (("b", "Deal"), ("escape", MENU)):
        await client.settle(0.1)
        started = time.perf_counter()
        client.press(key)
        await client.wait_for(shows, timeout=60)
        times.append(time.perf_counter() - started)
    return times


async def latency(root: Path, template: bool, joiners: int) -> Latency:
    server = Server(root, template)
    try:
        await asyncio.sleep(WARM_UP)
        seated = await TerminalClient.connect(server.port)
        await seated.wait_for("Tables in the room", MENU, timeout=60)
        await seated.settle(0.5)
        if "Tables in the room" in seated.text:
            seated.press("escape")  # from the lobby to the menu
            await seated.wait_for(MENU, timeout=30)
        quiet: list[float] = []
        for _ in range(5):
            quiet += await round_trip(seated)
        during: list[float] = []
        joined = 0
        for _ in range(BURSTS):  # a burst of 25 is over in seconds: several, for enough keys
            # The joiners connect from a process of their own, so their handshakes
            # do not slow down this one, which times the seated player's keys.
            crowd = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--arrive", str(server.port), str(joiners),
                stdout=asyncio.subprocess.PIPE, start_new_session=True,
            )  # fmt: skip
            waiting = asyncio.ensure_future(crowd.communicate())
            while not waiting.done():
                during += await round_trip(seated)
            out, _ = await waiting
            joined += int(out.split()[-1])
            await asyncio.sleep(3)  # the joiners' games end
        seated.abort()
    finally:
        server.stop()
    return Latency(quiet, during, joined)


async def crowd(port: int, count: int) -> None:
    """``count`` players arrive at once; print how many saw the first screen."""
    results = await asyncio.gather(*(arrive(port, 120) for _ in range(count)))
    for _, connection in results:
        if connection is not None:
            connection.abort()
    print(sum(seconds is not None for seconds, _ in results), flush=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(share * len(ordered)) - 1)] if ordered else float("nan")


def milliseconds(times: list[float]) -> str:
    """``p50/p95`` in milliseconds."""
    return f"{statistics.median(times) * 1000:.0f}/{percentile(times, 0.95) * 1000:.0f}"


async def main(count: int, idle: int, joiners: int, parts: set[str]) -> None:
    modes = (("template (cardtui serve)", True), ("no template (before)", False))
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        root = Path(scratch)
        bursts = {label: await burst(root / f"b{on}", on, count) for label, on in modes
                  if "burst" in parts}  # fmt: skip
        memories = {label: await memory(root / f"m{on}", on, idle) for label, on in modes
                    if "memory" in parts}  # fmt: skip
        if "memory" in parts:
            # The floor: a bare Textual app (a header, nine lines, a footer) forked
            # from the same template, idle the same way.
            memories[PROBE_LABEL] = await memory(root / "mprobe", True, idle, probe=True)
        latencies = {label: await latency(root / f"l{on}", on, joiners) for label, on in modes
                     if "latency" in parts}  # fmt: skip
    if bursts:
        print(f"A burst of {count} SSH players connecting at once (80x24, guests): seconds from")
        print("connect to the first screen (the room's lobby).")
        print("CPU: each game's seconds so far when the last one arrived (median), and the")
        print("server's for the whole burst, per connection (from /proc/PID/task/*/schedstat).")
        print(f"{'':28}{'p50':>8}{'p95':>8}{'slowest':>9}{'never':>7}{'CPU/game':>10}"
              f"{'server/conn':>13}")  # fmt: skip
        for label, b in bursts.items():
            game = statistics.median(b.game_cpu) if b.game_cpu else float("nan")
            print(f"{label:28}{statistics.median(b.times):>8.1f}{percentile(b.times, 0.95):>8.1f}"
                  f"{max(b.times):>9.1f}{b.failed:>7}{game:>10.3f}"
                  f"{b.server_cpu / count:>13.3f}")  # fmt: skip
    if memories:
        print(f"\nMemory of {idle} idle players (PSS from /proc/PID/smaps_rollup, MiB).")
        print(f"{'':28}{'per game':>10}{'template':>10}{'per player, all in':>21}")
        for label, m in memories.items():
            mean = statistics.mean(m.games) / MIB
            whole = (sum(m.games) + m.template) / len(m.games) / MIB
            print(f"{label:28}{mean:>10.1f}{m.template / MIB:>10.1f}{whole:>21.1f}")
    if latencies:
        print(f"\nA seated player's key latency (menu <-> blackjack table, ms) while {joiners} "
              f"players join at once ({BURSTS} times).")  # fmt: skip
        print(f"{'':28}{'quiet p50/p95':>16}{'burst p50/p95':>16}{'keys':>6}{'joined':>8}")
        for label, lat in latencies.items():
            quiet, during = milliseconds(lat.quiet), milliseconds(lat.burst)
            print(f"{label:28}{quiet:>16}{during:>16}{len(lat.burst):>6}{lat.joined:>8}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=100, help="players in the burst")
    parser.add_argument("--idle", type=int, default=10, help="idle players for memory")
    parser.add_argument("--joiners", type=int, default=25, help="players joining a seated one")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=("burst", "memory", "latency"),
        default=("burst", "memory", "latency"),
        help="measure only these",
    )
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--arrive", type=int, nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--no-template", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, not args.no_template, args.probe))
    elif args.arrive:
        asyncio.run(crowd(*args.arrive))
    else:
        asyncio.run(main(args.burst, args.idle, args.joiners, set(args.only)))
