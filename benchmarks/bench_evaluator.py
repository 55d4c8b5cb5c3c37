"""Seven-card hand evaluation speed: cardtui beside treys, phevaluator, eval7 and pokerkit.

    python3 benchmarks/bench_evaluator.py                 # 200,000 random hands
    python3 benchmarks/bench_evaluator.py --hands 50000
    python3 benchmarks/bench_evaluator.py --exhaustive7   # all 133,784,560 hands (minutes)

Every evaluator ranks the same random 7-card hands, each from inputs converted
to its own card type beforehand, in the same plain ``for`` loop; pokerkit
ranks only the first 1% of them (it is about 500 times slower). Timings are
figures to compare, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import combinations, starmap
from pathlib import Path

# Run from a checkout without installing: make ``import cardtui`` find the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import eval7  # noqa: E402
import treys  # noqa: E402
from phevaluator import evaluate_cards  # noqa: E402
from pokerkit import Card as PokerkitCard  # noqa: E402
from pokerkit import StandardHighHand  # noqa: E402

from cardtui.cards import Card  # noqa: E402
from cardtui.holdem import HandCategory, evaluate, rank7  # noqa: E402
from cardtui.holdem.hand_tables import unpack  # noqa: E402

# poker.md (Alspach, "7-Card Poker Hands"): best five of seven, all C(52, 7) hands.
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def timed(run: Callable[[], None], count: int) -> float:
    """Hands per second (best of three runs, to damp noise from other processes)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def compare(hand_count: int, seed: int) -> None:
    rng = random.Random(seed)
    hands = [rng.sample(range(52), 7) for _ in range(hand_count)]
    codes = [[Card.from_index(i).code for i in hand] for hand in hands]

    cards = [[Card.from_index(i) for i in hand] for hand in hands]
    treys_hands = [[treys.Card.new(c) for c in hand] for hand in codes]
    treys_split = [(hand[:2], hand[2:]) for hand in treys_hands]
    treys_evaluator = treys.Evaluator()
    eval7_hands = [[eval7.Card(c) for c in hand] for hand in codes]
    pokerkit_count = max(hand_count // 100, 100)
    pokerkit_hands = [
        (tuple(PokerkitCard.parse("".join(hand[:2]))), tuple(PokerkitCard.parse("".join(hand[2:]))))
        for hand in codes[:pokerkit_count]
    ]

    def run_rank7() -> None:
        for hand in hands:
            rank7(*hand)

    def run_evaluate() -> None:
        for hand in cards:
            evaluate(hand)

    def run_treys() -> None:
        for hole, board in treys_split:
            treys_evaluator.evaluate(hole, board)

    def run_phevaluator() -> None:
        # Card ids: phevaluator numbers cards exactly as Card.index does (2c = 0, As = 51).
        for hand in hands:
            evaluate_cards(*hand)

    def run_phevaluator_strings() -> None:
        for hand in codes:
            evaluate_cards(*hand)

    def run_eval7() -> None:
        for hand in eval7_hands:
            eval7.evaluate(hand)

    def run_pokerkit() -> None:
        for hole, board in pokerkit_hands:
            StandardHighHand.from_game(hole, board)

    rows = [
        ("cardtui rank7 (card indices)", run_rank7, hand_count),
        ("cardtui evaluate (Card objects)", run_evaluate, hand_count),
        ("treys Evaluator.evaluate", run_treys, hand_count),
        ("phevaluator evaluate_cards (ints)", run_phevaluator, hand_count),
        ("phevaluator evaluate_cards (strings)", run_phevaluator_strings, hand_count),
        ("eval7.evaluate (Cython)", run_eval7, hand_count),
        ("pokerkit StandardHighHand.from_game", run_pokerkit, pokerkit_count),
    ]
    print(f"{hand_count:,} random 7-card hands (seed {seed}), Python {sys.version.split()[0]}\n")
    print(f"{'evaluator':<38} {'hands':>9} {'hands/s':>12} {'vs rank7':>9}")
    reference = None
    for name, run, count in rows:
        speed = timed(run, count)
        reference = reference or speed
        print(f"{name:<38} {count:>9,} {speed:>12,.0f} {speed / reference:>8.2f}x")


def import_seconds() -> float:
    """Time a fresh interpreter's import of the evaluator: that is when its tables are built."""
    code = (
        "import time, cardtui.cards; start = time.perf_counter(); "
        "import cardtui.holdem.evaluator; print(time.perf_counter() - start)"
    )
    root = Path(__file__).resolve().parent.parent
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return float(output.stdout)


def exhaustive7() -> None:
    """Count the categories of all C(52, 7) hands with rank7 and check them against poker.md."""
    print("Ranking all 133,784,560 seven-card hands with rank7 ...", flush=True)
    values: Counter[int] = Counter()
    start = time.perf_counter()
    for first in range(46):
        # The C-level starmap over combinations keeps the loop out of Python bytecode.
        values.update(starmap(partial(rank7, first), combinations(range(first + 1, 52), 6)))
        if first % 5 == 4:
            done = sum(values.values())
            print(f"  {done:>11,} hands, {time.perf_counter() - start:6.1f} s", flush=True)
    elapsed = time.perf_counter() - start
    counts: Counter[HandCategory] = Counter()
    for value, count in values.items():
        counts[unpack(value)[0]] += count
    print(
        f"\n{sum(counts.values()):,} hands in {elapsed:.1f} s "
        f"({sum(counts.values()) / elapsed:,.0f} hands/s)\n"
    )
    print(f"{'category':<18} {'cardtui':>12} {'poker.md':>12}")
    for category in reversed(HandCategory):
        mark = "" if counts[category] == SEVEN_CARD_COUNTS[category] else "  MISMATCH"
        print(
            f"{category.label:<18} {counts[category]:>12,} {SEVEN_CARD_COUNTS[category]:>12,}{mark}"
        )
    print("all categories match" if counts == SEVEN_CARD_COUNTS else "COUNTS DIFFER")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random hands to rank")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--exhaustive7",
        action="store_true",
        help="count the categories of all 133,784,560 seven-card hands",
    )
    args = parser.parse_args()
    print(f"Importing the evaluator (tables built at import): {import_seconds():.2f} s\n")
    if args.exhaustive7:
        exhaustive7()
    else:
        compare(args.hands, args.seed)


if __name__ == "__main__":
    main()
