"""One client floods keys at 64 KiB/s: what it costs its game, the server and another player.

A flooder connects to ``cardtui serve`` and sends keys (letters the menu
ignores, arrows, Tab) at 64 KiB/s for 20 s, while another player at the same
server keeps opening the blackjack table and going back to the menu. Printed:
the flooded game's largest resident memory, the server's CPU during the
flood, and the other player's key latency (key press to screen change) when
the room is quiet and during the flood.

The peer, measured in the same run: the same server with the input limits
lifted (no key rate, no paste cut), which is what cardtui did before.

Run:  python3 benchmarks/bench_ssh_flood.py [--seconds 20] [--rate 65536]
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
from dataclasses import dataclass
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import ServeConfig, start_server
from cardtui.testing.processes import children, resident_memory
from cardtui.testing.ssh import TerminalClient

MENU = "Rules & keys"
PATTERN = b"xyzw\x1b[A\x1b[B\t"
MIB = 1024 * 1024
UNLIMITED = Limits(keys_per_second=1e9, key_burst=10**9, paste_limit=10**9)


@dataclass(frozen=True)
class Measure:
    label: str
    peak_rss: int
    server_cpu: float
    quiet: list[float]
    flooded: list[float]
    sent: int


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def serve(root: Path, unlimited: bool) -> None:
    """The server, run in its own process so its CPU time is its own."""
    limits = UNLIMITED if unlimited else Limits()
    config = ServeConfig(
        root=root, open=True, launch=Launch(animation="off", seed=7), limits=limits, port=0
    )
    running = await start_server(config, lambda text: None)
    print(f"port {running.port}", flush=True)
    await asyncio.Event().wait()


async def round_trips(client: TerminalClient, count: int) -> list[float]:
    """Seconds from a key press to the screen it opens: menu -> table -> menu."""
    times = []
    for _ in range(count):
        for key, shows in (("b", "Deal"), ("escape", MENU)):
            await client.settle(0.2)
            started = time.perf_counter()
            client.press(key)
            await client.wait_for(shows, timeout=60)
            times.append(time.perf_counter() - started)
    return times


async def flood(client: TerminalClient, rate: int, seconds: float) -> int:
    assert client.channel is not None
    chunk = (PATTERN * (rate // 10 // len(PATTERN) + 1))[: rate // 10]
    sent, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        client.channel.write(chunk)
        sent += len(chunk)
        await asyncio.sleep(0.1)
    return sent


async def measure(root: Path, unlimited: bool, rate: int, seconds: float) -> Measure:
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(root), *(["--unlimited"] if unlimited else [])],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().split()[1])
        other = await TerminalClient.connect(port)
        await other.wait_for(MENU, timeout=60)
        quiet = await round_trips(other, 5)
        before = set(children(server.pid))
        flooder = await TerminalClient.connect(port)
        await flooder.wait_for(MENU, timeout=60)
        (game,) = set(children(server.pid)) - before
        cpu_before = cpu_seconds(server.pid)
        flooding = asyncio.create_task(flood(flooder, rate, seconds))
        peak = resident_memory(game)
        flooded: list[float] = []
        while not flooding.done():
            flooded += await round_trips(other, 1)
            peak = max(peak, resident_memory(game))
        sent = await flooding
        server_cpu = (cpu_seconds(server.pid) - cpu_before) / seconds
        for client in (flooder, other):
            client.abort()
    finally:
        server.kill()
        server.wait()
    label = "input limits lifted (before)" if unlimited else "cardtui serve (limits on)"
    return Measure(label, peak, server_cpu, quiet, flooded, sent)


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(0.95 * len(times)) - 1)]


async def main(rate: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        limited = await measure(Path(scratch) / "a", False, rate, seconds)
        lifted = await measure(Path(scratch) / "b", True, rate, seconds)
    print(f"A client floods keys at {rate / 1024:.0f} KiB/s for {seconds:.0f} s; another player")
    print("opens the blackjack table and goes back to the menu meanwhile (real game, 80x24).")
    print(f"{'':30}{'flooded game':>14}{'server CPU':>12}"
          f"{'other player key latency (ms)':>34}")  # fmt: skip
    print(f"{'':30}{'peak RSS':>14}{'':>12}{'quiet p50/p95':>17}{'flood p50/p95':>17}")
    for m in (limited, lifted):
        quiet = f"{statistics.median(m.quiet) * 1000:.0f}/{p95(m.quiet) * 1000:.0f}"
        flooded = f"{statistics.median(m.flooded) * 1000:.0f}/{p95(m.flooded) * 1000:.0f}"
        print(f"{m.label:30}{m.peak_rss / MIB:>10.0f} MiB{m.server_cpu * 100:>11.0f}%"
              f"{quiet:>17}{flooded:>17}")  # fmt: skip
    print(f"bytes flooded: {limited.sent:,} and {lifted.sent:,}; "
          f"key presses timed: {len(limited.flooded)} and {len(lifted.flooded)}.")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=int, default=64 * 1024, help="bytes a second")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--unlimited", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, args.unlimited))
    else:
        asyncio.run(main(args.rate, args.seconds))
