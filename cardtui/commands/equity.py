"""``cardtui equity AhKh QsQd --board Jc3d5c``: hold'em equity as a Rich table."""

from __future__ import annotations

import argparse
import random
import sys

from rich import box
from rich.console import Console
from rich.table import Table

from cardtui.cards import Card, parse_cards
from cardtui.holdem.equity import EquityResult, equity


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hands", nargs="+", metavar="HAND", help="hole cards, like AhKh or 10h9c")
    parser.add_argument("--board", default="", help="the board so far: 3, 4 or 5 cards (Jc3d5c)")
    parser.add_argument("--dead", default="", help="cards known to be out of the deck")
    parser.add_argument(
        "--trials",
        type=int,
        default=100_000,
        help="Monte Carlo run-outs when there are too many to deal them all (default 100,000)",
    )
    parser.add_argument(
        "--exact-limit",
        type=int,
        default=2_000_000,
        help="deal every run-out when there are at most this many (default 2,000,000,"
        " which covers any hold'em board; lower it to sample instead)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        hands = [parse_cards(text) for text in args.hands]
        board, dead = parse_cards(args.board), parse_cards(args.dead)
        console = Console()
        with console.status("Dealing out the board…"):
            result = equity(
                hands,
                board,
                dead,
                trials=args.trials,
                rng=random.Random(args.seed),
                exact_limit=args.exact_limit,
            )
    except ValueError as error:
        print(f"cardtui equity: error: {error}", file=sys.stderr)
        return 2
    ascii_only = getattr(args, "ascii", False)
    console.print(_table(result, ascii_only))
    console.print(_method(result, ascii_only), highlight=False)
    return 0


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> str:
    return " ".join(card.render(ascii_only) for card in cards) or "none"


def _method(result: EquityResult, ascii_only: bool) -> str:
    if result.exact:
        method = f"Exact: every one of {result.samples:,} run-outs."
    else:
        method = f"Monte Carlo: {result.samples:,} random run-outs."
    if result.dead:
        method += f" Dead cards: {_cards(result.dead, ascii_only)}."
    return method


def _table(result: EquityResult, ascii_only: bool) -> Table:
    table = Table(
        title=f"Board: {_cards(result.board, ascii_only)}",
        box=box.ASCII if ascii_only else box.HEAVY_HEAD,  # --ascii: terminals without UTF-8
    )
    table.add_column("Hand")
    for heading in ("Win %", "Tie %", "Equity %"):
        table.add_column(heading, justify="right")
    for hand in result.hands:
        table.add_row(
            _cards(hand.cards, ascii_only),
            f"{hand.win:.2%}".removesuffix("%"),
            f"{hand.tie:.2%}".removesuffix("%"),
            f"{hand.equity:.2%}".removesuffix("%"),
        )
    return table
