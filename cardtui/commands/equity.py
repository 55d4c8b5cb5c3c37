"""``cardtui equity AhKh QsQd --board Jc3d5c``: hold'em equity as a Rich table.

Monte Carlo runs in chunks of :data:`CHUNK` run-outs from one generator (the
same run-outs, in the same order, as one long run), so a terminal shows a
progress bar with the time left and Ctrl+C prints the equity of the
run-outs dealt so far. An exact count is one pass of a few seconds at most:
a spinner, and Ctrl+C stops it without figures (a part of an enumeration in
order is not a sample of anything).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from math import comb
from typing import TYPE_CHECKING

from cardtui.cards import Card, parse_cards
from cardtui.commands.arguments import whole_number
from cardtui.i18n import _, number
from cardtui.i18n.said import say

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from cardtui.holdem.equity import EquityResult

#: Monte Carlo run-outs per call of the equity function.
CHUNK = 10_000
#: The most run-outs one run deals: minutes, and a margin of error far below
#: a hundredth of a percent; Ctrl+C prints what was dealt so far.
MAX_TRIALS = 100_000_000
#: Deal every run-out up to this many: the most any hold'em spot has is
#: C(48, 5) = 1,712,304, so a higher limit changes nothing.
MAX_EXACT_LIMIT = 10_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hands", nargs="+", metavar="HAND",
                        help=_("hole cards, like AhKh or 10h9c"))
    parser.add_argument("--board", default="",
                        help=_("the board so far: 3, 4 or 5 cards (Jc3d5c)"))
    parser.add_argument("--dead", default="", help=_("cards known to be out of the deck"))
    parser.add_argument(
        "--trials",
        type=whole_number("--trials", 1, MAX_TRIALS),
        default=100_000,
        help=_("Monte Carlo run-outs when there are too many to deal them all, 1 to "
               "{most} (default {default})").format(most=number(MAX_TRIALS),
                                                    default=number(100_000)),
    )
    parser.add_argument(
        "--exact-limit",
        type=whole_number("--exact-limit", 0, MAX_EXACT_LIMIT),
        default=2_000_000,
        help=_("deal every run-out when there are at most this many, 0 to {most} (default "
               "{default}, which covers any hold'em board; lower it to sample instead)").format(
                   most=number(MAX_EXACT_LIMIT), default=number(2_000_000)),
    )


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    try:
        hands = [parse_cards(text) for text in args.hands]
        board, dead = parse_cards(args.board), parse_cards(args.dead)
        known = sum(len(hand) for hand in hands) + len(board) + len(dead)
        exact = comb(max(52 - known, 0), max(5 - len(board), 0)) <= args.exact_limit
        if exact:
            result = _exact(console, hands, board, dead, args.trials, args.exact_limit)
        else:
            result = _monte_carlo(console, hands, board, dead, args)
    except ValueError as error:
        # The cards' and the equity's own words keep their template (cardtui/i18n/said.py).
        problem = say(error.args[0]) if error.args and isinstance(error.args[0], str) else error
        print(_("cardtui equity: error: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    _print(console, result, getattr(args, "ascii", False))
    return 0


def _print(console: Console, result: EquityResult, ascii_only: bool,
           stopped: str | None = None) -> None:
    console.print(_table(result, ascii_only))
    console.print(_method(result, ascii_only) + (f" ({stopped})" if stopped else ""),
                  highlight=False)


def _exact(console: Console, hands: list[list[Card]], board: list[Card], dead: list[Card],
           trials: int, exact_limit: int) -> EquityResult:
    from cardtui.holdem.equity import equity

    with console.status(_("Dealing out every board…")):
        return equity(hands, board, dead, trials=trials, exact_limit=exact_limit)


def _monte_carlo(console: Console, hands: list[list[Card]], board: list[Card],
                 dead: list[Card], args: argparse.Namespace) -> EquityResult:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    parts: list[EquityResult] = []
    try:
        with Progress(
            TextColumn("[bold]" + _("Dealing run-outs")), BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=console, transient=True,
            disable=not console.is_terminal,
        ) as progress:
            task = progress.add_task("run-outs", total=args.trials)
            for part in monte_carlo_in_chunks(hands, board, dead, args.trials,
                                              random.Random(args.seed), args.exact_limit):
                parts.append(part)
                progress.advance(task, part.samples)
    except KeyboardInterrupt:
        if parts:
            _print(console, combine(parts), getattr(args, "ascii", False), _("interrupted"))
        raise
    return combine(parts)


def monte_carlo_in_chunks(
    hands: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card],
    trials: int, rng: random.Random, exact_limit: int,
) -> Iterator[EquityResult]:
    from cardtui.holdem.equity import equity

    if trials < 1:  # the equity function's own message
        equity(hands, board, dead, trials=trials, rng=rng, exact_limit=exact_limit)
    done = 0
    while done < trials:
        size = min(CHUNK, trials - done)
        yield equity(hands, board, dead, trials=size, rng=rng, exact_limit=exact_limit)
        done += size


def combine(parts: Sequence[EquityResult]) -> EquityResult:
    """One result from several Monte Carlo chunks, weighted by their run-outs."""
    from cardtui.holdem.equity import EquityResult, HandEquity

    samples = sum(part.samples for part in parts)
    hands = tuple(
        HandEquity(
            first.cards,
            sum(part.hands[i].win * part.samples for part in parts) / samples,
            sum(part.hands[i].tie * part.samples for part in parts) / samples,
            sum(part.hands[i].equity * part.samples for part in parts) / samples,
        )
        for i, first in enumerate(parts[0].hands)
    )
    return EquityResult(hands, parts[0].board, parts[0].dead, exact=False, samples=samples)


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> str:
    return " ".join(card.render(ascii_only) for card in cards) or _("none")


def _method(result: EquityResult, ascii_only: bool) -> str:
    if result.exact:
        method = _("Exact: every one of {n} run-outs.").format(n=number(result.samples))
    else:
        method = _("Monte Carlo: {n} random run-outs.").format(n=number(result.samples))
    if result.dead:
        method += _(" Dead cards: {cards}.").format(cards=_cards(result.dead, ascii_only))
    return method


def _table(result: EquityResult, ascii_only: bool) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title=_("Board: {cards}").format(cards=_cards(result.board, ascii_only)),
        box=box.ASCII if ascii_only else box.HEAVY_HEAD,  # --ascii: terminals without UTF-8
    )
    table.add_column(_("Hand"))
    for heading in (_("Win %"), _("Tie %"), _("Equity %")):
        table.add_column(heading, justify="right")
    for hand in result.hands:
        table.add_row(
            _cards(hand.cards, ascii_only),
            f"{hand.win:.2%}".removesuffix("%"),
            f"{hand.tie:.2%}".removesuffix("%"),
            f"{hand.equity:.2%}".removesuffix("%"),
        )
    return table
