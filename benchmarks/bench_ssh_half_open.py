"""2,000 connections that never log in, then a real player: how long until they see the menu?

The server runs with the usual limit of 1,024 open files. 2,000 TCP
connections are opened from 20 loopback addresses and held, sending their
SSH version and nothing more. One player connects half a second into that
flood, another 5 s after the last connection was opened (when the server has
taken in all it will); the time to each one's menu is measured. Also printed:
the server's most open descriptors, and how many lines its log grew by.

The peer, measured in the same run: the same server without the door (no cap
on connections logging in, a 60 s login timeout, asyncio's own logging of
every failed accept()), which is what cardtui did before.

Run:  python3 benchmarks/bench_ssh_half_open.py [--connections 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from cardtui.serve import server
from cardtui.serve.door import AcceptFailures
from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import ServeConfig, start_server
from cardtui.testing.ssh import TerminalClient

MENU = "Rules & keys"
ADDRESSES = [f"127.0.1.{n}" for n in range(1, 21)]
OPEN_FILES = 1024
BEFORE = Limits(logins_per_address=10**9, logins_total=10**9, login_timeout=60)
#: How far into the flood the player connects, in seconds.
PLAYER_AFTER = 0.5


@dataclass(frozen=True)
class Measure:
    label: str
    opened: int
    during: float | None
    after: float | None
    peak_descriptors: int
    log_lines: int


async def serve(root: Path, before: bool) -> None:
    """The server, in its own process with its own descriptor limit."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))
    if before:
        server.LISTEN_BACKLOG = 100  # asyncssh's default, which cardtui used
        server.logins_total = lambda limits: limits.logins_total  # no cap from the fd limit
    else:
        asyncio.get_running_loop().set_exception_handler(AcceptFailures(print))
    config = ServeConfig(root=root, open=True, launch=Launch(animation="off"), port=0,
                         limits=BEFORE if before else Limits())  # fmt: skip
    running = await start_server(config, print)
    print(f"port {running.port}", flush=True)
    await asyncio.Event().wait()


def descriptors(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


async def open_half(port: int, address: str) -> asyncio.StreamWriter | None:
    """A connection that says which SSH it speaks, then nothing more, ever."""
    try:
        _, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)), 10
        )
        writer.write(b"SSH-2.0-halfopen\r\n")
    except (OSError, TimeoutError):
        return None
    return writer


async def seat_a_player(port: int) -> float | None:
    """Seconds from connecting to the menu; None if it took over a minute."""
    started = time.monotonic()
    with contextlib.suppress(OSError, TimeoutError, asyncssh.Error):
        player = await asyncio.wait_for(TerminalClient.connect(port), 60)
        await player.wait_for(MENU, timeout=60)
        player.abort()
        return time.monotonic() - started
    return None


async def measure(root: Path, before: bool, connections: int) -> Measure:
    log_path = root.with_suffix(".log")
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-u", __file__, "--serve", str(root),
             *(["--before"] if before else [])],
            stdout=subprocess.PIPE, stderr=log, text=True,
        )  # fmt: skip
    peak = 0
    writers: list[asyncio.StreamWriter | None] = []
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().split()[1])

        async def watch() -> None:
            nonlocal peak
            while True:
                peak = max(peak, descriptors(server.pid))
                await asyncio.sleep(0.05)

        watcher = asyncio.create_task(watch())
        flood = asyncio.gather(
            *(open_half(port, ADDRESSES[n % len(ADDRESSES)]) for n in range(connections))
        )
        await asyncio.sleep(PLAYER_AFTER)
        during = await seat_a_player(port)
        writers = await flood
        await asyncio.sleep(5)
        after = await seat_a_player(port)
        watcher.cancel()
    finally:
        for writer in writers:
            if writer is not None:
                writer.close()
        server.kill()
        out, _ = server.communicate()
    lines = len(out.splitlines()) + len(log_path.read_text().splitlines())
    label = "without the door (before)" if before else "cardtui serve (door on)"
    return Measure(label, sum(w is not None for w in writers), during, after, peak, lines)


async def main(connections: int) -> None:
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        door = await measure(Path(scratch) / "a", False, connections)
        before = await measure(Path(scratch) / "b", True, connections)
    print(f"{connections:,} TCP connections that never log in, from {len(ADDRESSES)} addresses;")
    print(f"the server may open {OPEN_FILES:,} files. Seconds from a player's connect to menu:")
    print(f"{'':28}{'opened':>8}{'during':>9}{'after':>9}{'peak fds':>10}{'log lines':>11}")
    for m in (door, before):
        during, after = (f"{s:.1f}" if s is not None else "never" for s in (m.during, m.after))
        print(f"{m.label:28}{m.opened:>8,}{during:>9}{after:>9}{m.peak_descriptors:>10,}"
              f"{m.log_lines:>11,}")  # fmt: skip
    print("during: 0.5 s into the flood; after: 5 s after it; never: not within 60 s.")
    print("log lines: everything the server printed, start-up banner included.")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--before", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, args.before))
    else:
        asyncio.run(main(args.connections))
