"""How long a hold'em bot takes to decide at a 9-handed table (target: p95 < 100 ms).

Nine bots (three of each personality) play a cash game with deep stacks so the
table stays full. Every decision is timed. As a peer, each post-flop
decision's Monte Carlo equity is redone with eval7 (a Cython evaluator) and
the same number of trials and opponents, so the figure reads next to what a
fast compiled evaluator needs for the same work.

    python3 benchmarks/bench_bots.py [decisions] [seed]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import eval7

from cardtui.holdem.actions import Street
from cardtui.holdem.bots import STYLES, Personality, decide
from cardtui.holdem.table import BlindLevel, Player, Table

_EVAL7_DECK = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]


def eval7_equity(hole: list[str], board: list[str], opponents: int, trials: int,
                 rng: random.Random) -> float:
    """The same Monte Carlo as equity_vs_random, on eval7's evaluator."""
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
    return f"p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   max {ordered[-1] * 1000:6.2f} ms"


def main(decisions: int = 2000, seed: int = 1) -> None:
    rng = random.Random(seed)
    order = [Personality.SHARK, Personality.ROCK, Personality.MANIAC]
    players = [Player(f"Bot {i + 1}", 1_000_000, order[i % 3]) for i in range(9)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=rng)
    preflop: list[float] = []
    postflop: list[float] = []
    peer: list[float] = []
    peer_rng = random.Random(seed)
    while len(preflop) + len(postflop) < decisions:
        hand = table.start_hand()
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            personality = table.seats[seat].personality  # type: ignore[union-attr]
            assert personality is not None
            start = time.perf_counter()
            action = decide(view, rng, personality)
            elapsed = time.perf_counter() - start
            if view.street is Street.PREFLOP:
                preflop.append(elapsed)
            else:
                postflop.append(elapsed)
                start = time.perf_counter()
                eval7_equity([str(c) for c in view.hole], [str(c) for c in view.board],
                             max(1, view.opponents), STYLES[personality].trials, peer_rng)
                peer.append(time.perf_counter() - start)
            hand.act(action)
        table.finish_hand()
    every = preflop + postflop
    print(f"9-handed bot decisions: {len(every)} ({len(preflop)} preflop, "
          f"{len(postflop)} after the flop), {table.hand_number} hands")
    print(f"  all decisions           {percentiles(every)}")
    print(f"  preflop (Chen score)    {percentiles(preflop)}")
    print(f"  after the flop          {percentiles(postflop)}")
    print("  peer: eval7 equity, same trials and opponents, per post-flop decision")
    print(f"                          {percentiles(peer)}")
    verdict = "meets" if sorted(every)[int(0.95 * (len(every) - 1))] < 0.1 else "misses"
    print(f"  target p95 < 100 ms: {verdict}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
