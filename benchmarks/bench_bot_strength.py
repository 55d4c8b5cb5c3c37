"""How strong each hold'em bot is: bb/100 ± 95 % against every baseline, duplicate.

For every bot (rows) against every baseline (columns), heads-up (the two
swapped on each deal) and six-handed (the bot against five copies of the
baseline, in all six rotations), a duplicate match (cardtui.arena.match).
The Pro also meets the table's personalities. A cell is marked ``*`` when
its 95 % interval is above zero (the row's bot wins) and says how many
hands it used. Then the Pro's decision time at nine-handed (p50, p95).

    python3 benchmarks/bench_bot_strength.py --hands 100000            # the issue's run
    nice -n 19 python3 benchmarks/bench_bot_strength.py --hands 100000 --seconds 120

``--seconds`` caps each cell's time (the hands it reached are printed), for a
machine that cannot play 100,000 hands a cell in an evening; ``--jobs N``
plays N cells at once in separate processes (the cells do not depend on it);
``--other-hands`` gives the personalities' rows fewer hands than the Pro's.
The end prints the matrix as the README's markdown tables.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from cardtui.arena.baselines import BASELINES, load_bot
from cardtui.arena.match import BotResult, play_match
from cardtui.arena.protocol import bot_view
from cardtui.holdem.hand import Hand

BOTS = ("pro", "shark", "rock", "maniac")
PERSONALITIES = ("shark", "rock", "maniac")


def cell(bot: str, opponent: str, seats: int, hands: int, seconds: float,
         seed: int, until: float = math.inf) -> tuple[BotResult, float]:
    """The row bot's result against ``opponent`` and the hands a second it was played at.

    It stops after ``seconds``, or at ``until`` (a ``time.time()``), whichever comes first.
    """
    specs = [bot, opponent] if seats == 2 else [bot] + [opponent] * (seats - 1)
    started = time.time()
    deadline = min(started + seconds, until)
    result = play_match(specs, seats=seats, deals=math.ceil(hands / seats), seed=seed,
                        stop=lambda: time.time() > deadline)
    row = next(r for r in result.rows() if r.name == bot)
    return row, result.hands / max(1e-9, time.time() - started)


def _cell(job: tuple[str, str, int, int, float, int, float]) -> tuple[BotResult, float]:
    return cell(*job)


def shown(row: BotResult) -> str:
    mark = "*" if row.above_zero else " "
    return f"{row.bb_per_100:+7.1f} ± {row.interval:5.1f}{mark} ({row.hands:,})"


def character(hands: int, seed: int) -> str:
    """How often each personality (and the Pro) folds and raises at a six-handed table."""
    names = ["pro", "shark", "rock", "maniac", "equity", "station"]
    result = play_match(names, seats=6, deals=math.ceil(hands / 6), seed=seed)
    return "\n".join(
        f"  {name:7} folds {result.share(name, 'fold'):5.1%} of its moves, raises "
        f"{result.share(name, 'raise_to', 'all_in'):5.1%} "
        f"({sum(result.moves[name].values()):,} moves)"
        for name in names[:4])


def latency(decisions: int, seed: int) -> str:
    """The Pro's decision time at a nine-handed table of mixed bots."""
    rng = random.Random(seed)
    names = ["pro", "shark", "rock", "maniac", "equity", "station", "random", "pro", "shark"]
    bots = [load_bot(name) for name in names]
    times: list[float] = []
    number = 0
    while len(times) < decisions:
        number += 1
        hand = Hand([10_000] * 9, button=number % 9, small_blind=50, big_blind=100, rng=rng,
                    names=names)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            view = bot_view(hand, names, number)
            started = time.perf_counter()
            action = bots[seat].decide(view, rng)
            if names[seat] == "pro":
                times.append(time.perf_counter() - started)
            hand.act(action)
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"Pro at nine-handed, {len(ordered):,} decisions: p50 "
            f"{statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per cell of the Pro")
    parser.add_argument("--other-hands", type=int, default=None,
                        help="hands per cell of the other bots' rows (default: --hands)")
    parser.add_argument("--seconds", type=float, default=math.inf,
                        help="time cap per cell of the Pro against a baseline")
    parser.add_argument("--other-seconds", type=float, default=math.inf,
                        help="time cap per other cell")
    parser.add_argument("--minutes", type=float, default=math.inf,
                        help="every cell stops this many minutes after the start")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="2,6", help="formats: 2, 6 or 2,6")
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--baselines", default=",".join(BASELINES))
    parser.add_argument("--jobs", type=int, default=1,
                        help="cells played at once, one process each (a cell's result "
                             "does not depend on it)")
    parser.add_argument("--decisions", type=int, default=2000,
                        help="the Pro's timed decisions at nine-handed (0: none)")
    parser.add_argument("--character", type=int, default=1200,
                        help="hands of the six-handed match that measures folds and raises")
    args = parser.parse_args()
    bots = args.bots.split(",")
    baselines = args.baselines.split(",")
    other_hands = args.hands if args.other_hands is None else args.other_hands
    until = time.time() + 60 * args.minutes
    jobs: list[tuple[str, str, int, int, float, int, float]] = []
    formats = [int(s) for s in args.seats.split(",")]
    for seats in formats:
        for bot in bots:
            opponents = baselines + ([p for p in PERSONALITIES if p != bot]
                                     if bot == "pro" else [])
            for opponent in opponents:
                main_cell = bot == "pro" and opponent in baselines
                jobs.append((bot, opponent, seats, args.hands if bot == "pro" else other_hands,
                             args.seconds if main_cell else args.other_seconds, args.seed,
                             until))
    # The Pro against the baselines first (the cells), the slowest of them
    # first (six-handed, then honest and equity), then the rest.
    slow = {"honest": 0, "equity": 1}
    listed = list(jobs)
    jobs.sort(key=lambda job: (not (job[0] == "pro" and job[1] in baselines), -job[2],
                               slow.get(job[1], 2)))
    cells: dict[tuple[str, str, int], BotResult] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(_cell, job): job for job in jobs}
        for future in as_completed(futures):
            bot, opponent, seats = futures[future][:3]
            row, speed = future.result()
            cells[(bot, opponent, seats)] = row
            print(f"  {'heads-up' if seats == 2 else f'{seats}-max':8} {bot:7} vs {opponent:8} "
                  f"{shown(row)}  [{speed:.0f} hands/s]", flush=True)
    for seats in formats:
        print(f"\n{'heads-up' if seats == 2 else f'{seats}-max'}, duplicate "
              f"(bb/100 ± 95 % of the row's bot; * = interval above zero; hands)", flush=True)
        for bot, opponent, cell_seats, *_ in listed:
            if cell_seats == seats and (bot, opponent, seats) in cells:
                print(f"  {bot:7} vs {opponent:8} {shown(cells[(bot, opponent, seats)])}",
                      flush=True)
    print("\n" + markdown(cells, bots, baselines), flush=True)
    if args.character:
        print(f"\nCharacter, six-handed, {args.character:,} hands:", flush=True)
        print(character(args.character, args.seed), flush=True)
    if args.decisions:
        print("\n" + latency(args.decisions, args.seed), flush=True)
    return 0


def markdown(cells: dict[tuple[str, str, int], BotResult], bots: list[str],
             baselines: list[str]) -> str:
    """The matrix as the README's tables: bb/100 ± 95 % (hands), * above zero."""
    out = []
    for seats in sorted({key[2] for key in cells}):
        columns = baselines + [p for p in PERSONALITIES
                               if any((b, p, seats) in cells for b in bots)]
        title = "heads-up" if seats == 2 else f"{seats}-handed (one bot vs {seats - 1})"
        out.append(f"| {title} | " + " | ".join(columns) + " |")
        out.append("|---" * (len(columns) + 1) + "|")
        for bot in bots:
            row = [cells.get((bot, column, seats)) for column in columns]
            out.append(f"| {bot} | " + " | ".join(
                "" if r is None else
                f"{r.bb_per_100:+.0f} ± {r.interval:.0f}{'*' if r.above_zero else ''} "
                f"({r.hands:,})".replace("-", "−") for r in row) + " |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
