"""Run every benchmark, one after another, and print their tables.

    python3 benchmarks/run_all.py [--quick]

Each benchmark prints its own figures next to a peer measured in the same run
(a bare Textual app, treys, eval7, pokerkit, the full engine…), since absolute
times on a shared machine drift. Nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent

#: (script, arguments for a full run, arguments for --quick)
BENCHMARKS = [
    ("bench_startup.py", ["--runs", "10"], ["--runs", "3"]),
    ("bench_evaluator.py", [], ["--hands", "50000"]),
    ("bench_blackjack.py", ["1000000"], ["200000"]),
    ("bench_odds.py", ["200"], ["30"]),
    ("bench_bots.py", [], ["300", "1"]),
    ("bench_ssh_bandwidth.py", [], []),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    args = parser.parse_args()
    failed = 0
    for script, full, quick in BENCHMARKS:
        print(f"\n=== {script} ===", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(HERE / script), *(quick if args.quick
                                                                          else full)])
        failed += result.returncode != 0
        print(f"({time.perf_counter() - started:.0f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
