"""Run the benchmark behind every row of the README's performance table, one after another.

    python3 benchmarks/run_all.py [--quick]

Each benchmark prints its own figures next to a peer measured in the same run
(a bare Textual app, treys, eval7, pokerkit, the full engine…), since absolute
times on a shared machine drift; the machine's load (``uptime``) is printed
before and after each, since other work running beside them changes every
figure. A full run takes about 20 minutes on 2 cores. Nothing here passes or
fails. (``bench_ssh_bandwidth.py``, ``bench_fork_memory.py``, ``bench_web.py``
and the other SSH studies stay separate: no row of the table is theirs.)
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent

#: (script, arguments for a full run, arguments for --quick, or None: not in a quick run)
BENCHMARKS: list[tuple[str, list[str], list[str] | None]] = [
    ("bench_startup.py", ["--runs", "10"], ["--runs", "3"]),
    ("bench_evaluator.py", [], ["--hands", "50000"]),
    ("bench_evaluator.py", ["--exhaustive7"], None),  # 133,784,560 hands: minutes
    ("bench_blackjack.py", ["1000000"], ["200000"]),
    ("bench_odds.py", ["200"], ["30"]),
    ("bench_bots.py", [], ["300", "1"]),
    ("bench_advice.py", [], ["40", "1"]),
    # 30 s on each of six screens, each twice (changed cells, whole frames): 8 minutes.
    ("bench_ssh_bytes.py", ["--idle", "30"], ["--idle", "3"]),
    ("bench_ssh_burst.py", [], ["--burst", "10", "--idle", "3", "--joiners", "5"]),
]


def load() -> str:
    """The 1, 5 and 15 minute load averages, as ``uptime`` shows them."""
    return " ".join(f"{average:.2f}" for average in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    args = parser.parse_args()
    failed = 0
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
          f"Python {sys.version.split()[0]}", flush=True)
    for script, full, quick in BENCHMARKS:
        arguments = quick if args.quick else full
        if arguments is None:
            continue
        print(f"\n=== {' '.join([script, *arguments])} (load {load()}) ===", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(HERE / script), *arguments])
        failed += result.returncode != 0
        print(f"({time.perf_counter() - started:.0f} s, load {load()} after)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
