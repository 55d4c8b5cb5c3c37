"""How long the exact odds take at the table: the dealer's distribution for the
current shoe and a hit's bust chance, next to one round of the full engine.

Run: ``python3 benchmarks/bench_odds.py [shoes]``. A panel at the table asks
once per decision; the shoe changes a little between asks, so the cold
figure (a composition never seen) is what a player waits for, and the warm
one (the same composition asked again, from the memo) is what a redraw
costs. The peer is one round of the full engine (Table + a basic-strategy
bot), measured in the same run. Timings are printed, never asserted.
"""

from __future__ import annotations

import random
import sys
import time

from cardtui.blackjack.odds import dealer_odds, hit_bust_chance, remove, shoe_composition
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import SeatKind, SeatSetup, Table


def shoes(count: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Six-deck shoes part-way through: 20-230 cards gone, at random."""
    full = [value for value in range(1, 11) for _ in range(24 if value < 10 else 96)]
    out = []
    for _ in range(count):
        rng.shuffle(full)
        gone = full[: rng.randint(20, 230)]
        out.append(remove(shoe_composition(6), gone))
    return out


def per_call_ms(calls: int, seconds: float) -> float:
    return 1000 * seconds / calls


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(14)
    compositions = shoes(count, rng)
    ups = [rng.choice((1, 2, 3, 4, 5, 6, 7, 8, 9, 10)) for _ in compositions]
    started = time.perf_counter()
    for up, unseen in zip(ups, compositions, strict=True):
        dealer_odds(up, unseen, hits_soft_17=False)
    cold = per_call_ms(count, time.perf_counter() - started)
    started = time.perf_counter()
    for up, unseen in zip(ups, compositions, strict=True):
        dealer_odds(up, unseen, hits_soft_17=False)
    warm = per_call_ms(count, time.perf_counter() - started)
    started = time.perf_counter()
    for up, unseen in zip(ups, compositions, strict=True):
        for hard in (12, 13, 14, 15, 16):
            hit_bust_chance(hard, unseen, up=up, peeked=True)
    bust = per_call_ms(5 * count, time.perf_counter() - started)
    table = Table(Rules(), [SeatSetup("Bot", SeatKind.BOT, bankroll=10**9)], random.Random(1))
    rounds = 2_000
    started = time.perf_counter()
    for _ in range(rounds):
        table.deal()
    peer = per_call_ms(rounds, time.perf_counter() - started)
    print(f"dealer distribution, new shoe : {cold:8.3f} ms  ({count} six-deck shoes)")
    print(f"dealer distribution, memoised : {warm:8.3f} ms")
    print(f"hit bust chance               : {bust:8.4f} ms")
    print(f"one round of the full engine  : {peer:8.3f} ms  (peer: Table + bot)")
    print(f"a fresh distribution costs {cold / peer:.1f} rounds of play")


if __name__ == "__main__":
    main()
