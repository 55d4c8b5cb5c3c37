"""How fast basic strategy plays: the fast simulator next to the full engine.

Run: ``python3 benchmarks/bench_blackjack.py [hands]``. The issue asks for at
least 100,000 hands per second on one core from the simulator; the full
engine (records, legality checks, a bot asking the strategy tables) is the
peer measured in the same run. Timings are printed, never asserted.
"""

from __future__ import annotations

import random
import sys
import time

from cardtui.blackjack.rules import Rules
from cardtui.blackjack.sim import simulate
from cardtui.blackjack.table import SeatKind, SeatSetup, Table


def engine_rate(hands: int, seed: int) -> float:
    table = Table(Rules(), [SeatSetup("Bot", SeatKind.BOT, bankroll=10**9)], random.Random(seed))
    started = time.perf_counter()
    for _ in range(hands):
        table.deal()
    return hands / (time.perf_counter() - started)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    best = max(simulate(Rules(), hands, random.Random(seed)).hands_per_second
               for seed in (1, 2, 3))
    peer = engine_rate(max(hands // 50, 2_000), 1)
    print(f"fast simulator : {best:>12,.0f} hands/s  (best of 3 x {hands:,} hands; "
          f"target >= 100,000)")
    print(f"full engine    : {peer:>12,.0f} hands/s  (peer: Table + bot, same rules)")
    print(f"speed-up       : {best / peer:>12.1f} x")


if __name__ == "__main__":
    main()
