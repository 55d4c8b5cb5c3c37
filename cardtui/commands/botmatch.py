"""``cardtui holdem --bots-only``: bots play hold'em headless, optionally writing PHH files.

    cardtui holdem --bots-only --hands 500 --seats 6 --seed 7 --export-phh hands/

Every hand can be written as a PHH hand history (one ``.phh`` file per hand),
which pokerkit and other PHH tools replay. The summary counts hands,
showdowns, the biggest pot and each bot's chips.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from cardtui.holdem.actions import HandShown, PotAwarded
from cardtui.holdem.bots import Personality
from cardtui.holdem.table import DEFAULT_SCHEDULE, BlindLevel, Mode, Player, Table

DEFAULT_HANDS = 200
DEFAULT_SEATS = 6
DEFAULT_STACK = 1000
DEFAULT_BLINDS = "5/10"
#: Tournament levels rise every this many hands.
HANDS_PER_LEVEL = 10
#: Seat order of personalities: a mix at every table size.
PERSONALITY_ORDER = (Personality.SHARK, Personality.ROCK, Personality.MANIAC)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("bots only (headless)")
    group.add_argument("--bots-only", action="store_true",
                       help="bots play each other headless; no screen opens")
    group.add_argument("--hands", type=int, default=DEFAULT_HANDS,
                       help=f"hands to play (default {DEFAULT_HANDS})")
    group.add_argument("--seats", type=int, default=DEFAULT_SEATS,
                       help=f"bots at the table, 2-10 (default {DEFAULT_SEATS})")
    group.add_argument("--export-phh", type=Path, default=None, metavar="DIR",
                       help="write one PHH hand history per hand into DIR")
    group.add_argument("--mode", choices=[m.value for m in Mode], default=Mode.CASH.value,
                       help="cash game or tournament (rising blinds) (default cash)")
    group.add_argument("--stack", type=int, default=DEFAULT_STACK,
                       help=f"starting chips per bot (default {DEFAULT_STACK})")
    group.add_argument("--blinds", default=DEFAULT_BLINDS, metavar="SB/BB[/ANTE]",
                       help="blinds of the cash game or of the first tournament level"
                       f" (default {DEFAULT_BLINDS})")


def parse_blinds(text: str) -> BlindLevel:
    """``5/10`` or ``5/10/1`` (small blind, big blind, ante).

    >>> parse_blinds("5/10"), parse_blinds("25/50/5")
    (BlindLevel(small=5, big=10, ante=0), BlindLevel(small=25, big=50, ante=5))
    """
    parts = text.split("/")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"--blinds must look like 5/10 or 5/10/1, not {text!r}") from None
    if len(numbers) not in (2, 3):
        raise ValueError(f"--blinds must look like 5/10 or 5/10/1, not {text!r}")
    small, big, ante = (*numbers, 0)[:3]
    if not 0 < small <= big or ante < 0:
        raise ValueError(f"--blinds needs 0 < small blind <= big blind and an ante >= 0: {text!r}")
    return BlindLevel(small, big, ante)


def _check(args: argparse.Namespace) -> BlindLevel:
    if args.hands < 1:
        raise ValueError(f"--hands must be 1 or more, not {args.hands}")
    if not 2 <= args.seats <= 10:
        raise ValueError(f"--seats must be 2 to 10, not {args.seats}")
    if args.stack < 1:
        raise ValueError(f"--stack must be 1 or more, not {args.stack}")
    if args.export_phh is not None and args.export_phh.exists() and not args.export_phh.is_dir():
        raise ValueError(f"--export-phh {args.export_phh} exists and is not a directory")
    return parse_blinds(args.blinds)


@dataclass
class MatchSummary:
    hands: int = 0
    showdowns: int = 0
    biggest_pot: int = 0
    biggest_pot_hand: int = 0
    files: list[Path] = field(default_factory=list)


def run(args: argparse.Namespace) -> int:
    try:
        blinds = _check(args)
    except ValueError as error:
        print(f"cardtui holdem: error: {error}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    mode = Mode(args.mode)
    players = [
        Player(f"{PERSONALITY_ORDER[i % 3].label} {i + 1}", args.stack, PERSONALITY_ORDER[i % 3])
        for i in range(args.seats)
    ]
    schedule = [blinds, *(level for level in DEFAULT_SCHEDULE if level.big > blinds.big)]
    table = Table(
        players, mode=mode, blinds=blinds if mode is Mode.CASH else schedule,
        hands_per_level=HANDS_PER_LEVEL, rng=random.Random(seed),
    )
    if args.export_phh is not None:
        try:
            args.export_phh.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            print(f"cardtui holdem: error: cannot create {args.export_phh}: {error.strerror}",
                  file=sys.stderr)
            return 2
    console = Console()
    console.print(
        f"{args.seats} bots, {mode.value}, blinds {blinds}, stacks {args.stack}, seed {seed}",
        highlight=False,
    )
    summary = play_match(table, args.hands, args.export_phh, console)
    console.print(report(table, summary, mode))
    if summary.files:
        console.print(f"Wrote {len(summary.files)} PHH files to {args.export_phh}", highlight=False)
    return 0


def play_match(table: Table, hands: int, export: Path | None, console: Console) -> MatchSummary:
    summary = MatchSummary()
    with Progress(
        TextColumn("[bold]Playing"), BarColumn(), MofNCompleteColumn(), TextColumn("hands"),
        TimeRemainingColumn(), console=console, transient=True,
    ) as progress:
        task = progress.add_task("hands", total=hands)
        while summary.hands < hands and not table.is_finished:
            hand = table.play_bot_hand()
            summary.hands += 1
            summary.showdowns += any(isinstance(r, HandShown) for r in hand.records)
            pot = sum(r.amount for r in hand.records if isinstance(r, PotAwarded))
            if pot > summary.biggest_pot:
                summary.biggest_pot, summary.biggest_pot_hand = pot, summary.hands
            if export is not None:
                path = export / f"hand-{summary.hands:05d}.phh"
                path.write_text(table.hand_history(hand, hand_number=summary.hands))
                summary.files.append(path)
            progress.update(task, completed=summary.hands)
    return summary


def report(table: Table, summary: MatchSummary, mode: Mode) -> RichTable:
    title = f"{summary.hands} hands, {summary.showdowns} showdowns"
    if summary.biggest_pot:
        title += f", biggest pot {summary.biggest_pot} (hand {summary.biggest_pot_hand})"
    result = RichTable(title=title, header_style="bold")
    result.add_column("bot")
    result.add_column("style")
    result.add_column("chips", justify="right")
    if mode is Mode.TOURNAMENT:
        result.add_column("place", justify="right")
    places = {name: place for place, name in table.places}
    seated = {s.name: s for s in table.seats if s is not None}
    for player in table.entrants:
        seat = seated.get(player.name)
        chips = seat.stack if seat is not None else 0
        style = player.personality.label if player.personality else ""
        row = [player.name, style, str(chips)]
        if mode is Mode.TOURNAMENT:
            row.append(str(places.get(player.name, "")))
        result.add_row(*row)
    return result
