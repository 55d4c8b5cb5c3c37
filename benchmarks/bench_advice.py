"""How long the table's advice takes for the player to act (target: p95 < 150 ms).

Six bots (two of each personality) play a cash game; at every decision the
spot is handed to :func:`cardtui.holdem.advice.advise` as if the seat were a
person's, and timed. Peers, on the same spots in the same run:

- eval7 (a Cython evaluator) dealing the same number of Monte Carlo deals
  against random hands (advice deals twice that when bots are in: the random
  and the range estimate);
- ``equity_vs_random``, the pure-Python Monte Carlo behind the bots and
  ``cardtui equity``'s evaluator, with the same deals.

    python3 benchmarks/bench_advice.py [spots] [seed]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

# Run from a checkout without installing: make ``import cardtui`` find the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import eval7  # noqa: E402

from cardtui.holdem.advice import TRIALS, Spot, advise  # noqa: E402
from cardtui.holdem.bots import Personality, decide  # noqa: E402
from cardtui.holdem.equity import equity_vs_random  # noqa: E402
from cardtui.holdem.table import BlindLevel, Player, Table  # noqa: E402

_EVAL7_DECK = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]


def eval7_equity(hole: list[str], board: list[str], opponents: int, trials: int,
                 rng: random.Random) -> float:
    """Monte Carlo equity against random hands on eval7's evaluator."""
    hero = [eval7.Card(c) for c in hole]
    known = [eval7.Card(c) for c in board]
    used = {str(c) for c in hero + known}
    rest = [c for c in _EVAL7_DECK if str(c) not in used]
    missing = 5 - len(known)
    share = 0.0
    for _ in range(trials):
        drawn = rng.sample(rest, 2 * opponents + missing)
        full_board = known + drawn[2 * opponents:]
        mine = eval7.evaluate(hero + full_board)
        best, ties = mine, 1
        for k in range(opponents):
            theirs = eval7.evaluate(drawn[2 * k : 2 * k + 2] + full_board)
            if theirs > best:
                best, ties = theirs, 0
                break
            if theirs == best:
                ties += 1
        if best == mine and ties:
            share += 1 / ties
    return share / trials


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered) * 1000
    p95 = ordered[int(0.95 * (len(ordered) - 1))] * 1000
    return f"p50 {p50:7.2f} ms   p95 {p95:7.2f} ms   max {ordered[-1] * 1000:7.2f} ms"


def spots(count: int, rng: random.Random) -> list[Spot]:
    """Decision points from bots playing each other, as the advice would see them."""
    order = [Personality.SHARK, Personality.ROCK, Personality.MANIAC]
    players = [Player(f"Bot {i + 1}", 1_000_000, order[i % 3]) for i in range(6)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=rng)
    out: list[Spot] = []
    while len(out) < count:
        hand = table.start_hand()
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            others = tuple(table.seats[s].personality for s in hand.live  # type: ignore[union-attr]
                           if s != seat)
            out.append(Spot(hand.hole[seat], tuple(hand.board), hand.pot_total,
                            hand.call_amount, others))
            personality = table.seats[seat].personality  # type: ignore[union-attr]
            assert personality is not None
            hand.act(decide(hand.view(seat), rng, personality))
        table.finish_hand()
    return out[:count]


def main(count: int = 500, seed: int = 1) -> None:
    rng = random.Random(seed)
    plan = spots(count, rng)
    ours: list[float] = []
    peer_eval7: list[float] = []
    peer_python: list[float] = []
    for spot in plan:
        start = time.perf_counter()
        advise(spot, rng)
        ours.append(time.perf_counter() - start)
        hole, board = [str(c) for c in spot.hole], [str(c) for c in spot.board]
        start = time.perf_counter()
        eval7_equity(hole, board, len(spot.opponents), TRIALS, rng)
        peer_eval7.append(time.perf_counter() - start)
        start = time.perf_counter()
        equity_vs_random(spot.hole, spot.board, len(spot.opponents), trials=TRIALS, rng=rng)
        peer_python.append(time.perf_counter() - start)
    heads_up = sum(len(s.opponents) == 1 for s in plan)
    print(f"{len(plan)} spots from a six-max bot game ({heads_up} heads-up), "
          f"{TRIALS:,} deals per estimate")
    print(f"  advise (random + range equity)    {percentiles(ours)}   (target p95 < 150 ms)")
    print(f"  peer: eval7, random hands         {percentiles(peer_eval7)}")
    print(f"  peer: equity_vs_random (Python)   {percentiles(peer_python)}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
