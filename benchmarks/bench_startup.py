"""Start-up: wall time from process start to the menu on screen, and peak memory.

Each program runs in a real pseudo-terminal (80x24) exactly as a player starts
it; the clock stops when the menu's text has been written to the terminal, and
peak memory is the child's maximum resident set size (``wait4``). The peer is a
bare Textual app (Header, Static, Footer) measured the same way, in the same
run, alternating with cardtui so drift on a shared machine hits both alike.

    python3 benchmarks/bench_startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello from a bare Textual app")
        yield Footer()

Bare().run()
"""


def measure(argv: list[str], marker: bytes, timeout: float = 30.0) -> tuple[float, int]:
    """Seconds until ``marker`` is on the terminal, and peak RSS in KiB."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # child
        os.execvpe(argv[0], argv, {**os.environ, "TERM": "xterm-256color"})
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    elapsed = float("nan")
    deadline = start + timeout
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        seen += chunk
        if marker in seen:
            elapsed = time.perf_counter() - start
            break
    os.kill(pid, signal.SIGTERM)
    # Keep draining so the child is never blocked writing while it shuts down.
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            with contextlib.suppress(OSError):
                os.read(fd, 65536)
    os.close(fd)
    return elapsed, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="cardtui-bench-"))
    bare = data / "bare_app.py"
    bare.write_text(BARE_APP)
    programs = {
        "bare Textual app": ([sys.executable, str(bare)], b"Hello from a bare"),
        "cardtui menu": (
            [sys.executable, "-m", "cardtui", "--data-dir", str(data), "--animation", "off"],
            b"Rules & keys",
        ),
    }
    results: dict[str, list[tuple[float, int]]] = {name: [] for name in programs}
    for argv, marker in programs.values():  # warm the file cache once
        measure(argv, marker)
    for _ in range(args.runs):
        for name, (argv, marker) in programs.items():
            results[name].append(measure(argv, marker))
    print(f"Start-up to first painted frame, 80x24 PTY, median of {args.runs} runs")
    print(f"{'program':<20} {'time (ms)':>10} {'peak RSS (MiB)':>15} {'time ratio':>11} "
          f"{'memory ratio':>13}")
    base_time = statistics.median(t for t, _ in results["bare Textual app"])
    base_mem = statistics.median(m for _, m in results["bare Textual app"])
    for name, runs in results.items():
        t = statistics.median(t for t, _ in runs)
        m = statistics.median(m for _, m in runs)
        print(f"{name:<20} {t * 1000:>10.0f} {m / 1024:>15.1f} {t / base_time:>10.2f}x "
              f"{m / base_mem:>12.2f}x")
    print("targets: time <= 1.25x, memory <= 1.5x the bare app")


if __name__ == "__main__":
    main()
