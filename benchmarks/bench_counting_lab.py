"""The counting lab against a published reference, and how fast it plays.

Run: ``nice -n 19 python3 benchmarks/bench_counting_lab.py [rounds]`` (20
million rounds a case by default; a few minutes a case on one core). Not run
in CI: the tests check the lab's formulas on a closed-form case instead.

The reference (:data:`cardtui.blackjack.lab.REFERENCE_SOURCE`): Arnold Snyder,
"The Hi-Lo Lite", Blackjack Forum Vol. XI #3 (September 1991), a 6-deck
Atlantic City game, Hi-Lo with Wong's indices and a 1 to 8 spread, 200
million hands: +0.50 % playing every hand, +0.98 % not betting negative
counts. Snyder states neither the ramp nor the penetration: the assumptions
(75 % dealt, 1-2-4-6-8 units from 0 to +4, "negative" read as a truncated
true count) and how far other choices move the figures are in the comment on
:data:`cardtui.blackjack.lab.REFERENCE_SOURCE`. Each case prints the lab's
figures, its 95 % interval and whether the published figure lies inside it.
"""

from __future__ import annotations

import random
import sys
import time

from cardtui.blackjack.lab import (
    REFERENCE_PLAY_ALL,
    REFERENCE_RULES,
    REFERENCE_SOURCE,
    REFERENCE_WONG,
    LabSetup,
    run_lab,
)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000_000
    print(f"reference: {REFERENCE_SOURCE}")
    started = time.perf_counter()
    for name, (ramp, published) in (("play every hand", REFERENCE_PLAY_ALL),
                                    ("back-counting (no bets below -1)", REFERENCE_WONG)):
        report = run_lab(LabSetup(REFERENCE_RULES, ramp, rounds_per_hour=100, bankroll=1_000),
                         rounds, random.Random(31))
        low, high = report.edge_95
        inside = "inside" if low <= published <= high else "OUTSIDE"
        print(f"\n== {name}: published {published:+.2%}, lab {report.edge:+.3%} "
              f"(95 %: {low:+.3%} to {high:+.3%}): published figure {inside} the interval")
        for key, value in report.lines():
            print(f"  {key:<32} {value}")
    print(f"\nwall time {time.perf_counter() - started:,.0f} s for {2 * rounds:,} rounds")


if __name__ == "__main__":
    main()
