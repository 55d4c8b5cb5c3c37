"""``cardtui holdem --bots-only``: bots play hold'em headless, optionally writing PHH files.

    cardtui holdem --bots-only --hands 500 --seats 6 --seed 7 --export-phh hands/

Every hand can be written as a PHH hand history (one ``.phh`` file per hand),
which pokerkit and other PHH tools replay. The summary counts hands,
showdowns, the biggest pot and each bot's chips. In a terminal a progress
bar shows how far the match is; Ctrl+C stops it and prints the summary of
the hands played so far.

The hold'em engine is imported only when bots actually play: these options
are part of every ``cardtui`` start-up's parser.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtui.commands.arguments import whole_number
from cardtui.i18n import N_, _, ngettext, number

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table as RichTable

    from cardtui.holdem.table import BlindLevel, Mode, Table

DEFAULT_HANDS = 200
DEFAULT_SEATS = 6
DEFAULT_STACK = 1000
DEFAULT_BLINDS = "5/10"
DEFAULT_MODE = "cash"
#: The values of ``cardtui.holdem.table.Mode`` (a test keeps them equal).
MODES = ("cash", "tournament")
#: The modes as the match's first line says them.
_MODE_WORDS = {"cash": N_("cash"), "tournament": N_("tournament")}
#: Tournament levels rise every this many hands.
HANDS_PER_LEVEL = 10
#: The most hands one match plays (about an hour; Ctrl+C prints the summary so far).
MAX_HANDS = 1_000_000
#: The largest stack and big blind a match takes (a stack must cover 10 big blinds).
MAX_CHIPS = 10**12

#: The options that mean something only with --bots-only: (dest, flag, default).
_MATCH_OPTIONS = (
    ("hands", "--hands", DEFAULT_HANDS),
    ("seats", "--seats", DEFAULT_SEATS),
    ("export_phh", "--export-phh", None),
    ("mode", "--mode", DEFAULT_MODE),
    ("stack", "--stack", DEFAULT_STACK),
    ("blinds", "--blinds", DEFAULT_BLINDS),
)


def _export_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError(_("needs a directory name, not ''"))
    return Path(text).expanduser()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # The match options default to "not given" (SUPPRESS), so that using one
    # without --bots-only can be refused instead of silently ignored.
    group = parser.add_argument_group(_("bots only (headless)"))
    group.add_argument("--bots-only", action="store_true",
                       help=_("bots play each other headless; no screen opens"))
    given = argparse.SUPPRESS
    group.add_argument("--hands", type=whole_number("--hands", 1, MAX_HANDS), default=given,
                       help=_("hands to play, 1 to {most} (default {default})").format(
                           most=number(MAX_HANDS), default=DEFAULT_HANDS))
    group.add_argument("--seats", type=whole_number("--seats", 2, 10), default=given,
                       help=_("bots at the table, 2-10 (default {default})").format(
                           default=DEFAULT_SEATS))
    group.add_argument("--export-phh", type=_export_dir, default=given, metavar="DIR",
                       help=_("write one PHH hand history per hand into DIR"))
    group.add_argument("--mode", choices=MODES, default=given,
                       help=_("cash game or tournament (rising blinds) (default {default})")
                       .format(default=DEFAULT_MODE))
    group.add_argument("--stack", type=whole_number("--stack", 1, MAX_CHIPS), default=given,
                       help=_("starting chips per bot, at least 10 big blinds "
                              "(default {default})").format(default=DEFAULT_STACK))
    group.add_argument("--blinds", default=given, metavar="SB/BB[/ANTE]",
                       help=_("blinds of the cash game or of the first tournament level"
                              " (default {default})").format(default=DEFAULT_BLINDS))


def misplaced_options(args: argparse.Namespace) -> str | None:
    """Why these options cannot be used together (match options without --bots-only)."""
    if getattr(args, "bots_only", False):
        return None
    misplaced = [flag for dest, flag, _ in _MATCH_OPTIONS if hasattr(args, dest)]
    if not misplaced:
        return None
    return ngettext("{options} only works with --bots-only (bots playing headless)",
                    "{options} only work with --bots-only (bots playing headless)",
                    len(misplaced)).format(options=", ".join(misplaced))


@dataclass(frozen=True)
class MatchOptions:
    hands: int
    seats: int
    export_phh: Path | None
    mode: str
    stack: int
    blinds: str

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> MatchOptions:
        # argparse's values are untyped (Any); the parser's types= make them the fields'.
        given: dict[str, Any] = {dest: getattr(args, dest, default)
                                 for dest, _, default in _MATCH_OPTIONS}
        return cls(**given)


def parse_blinds(text: str) -> BlindLevel:
    """``5/10`` or ``5/10/1`` (small blind, big blind, ante).

    >>> level = parse_blinds("25/50/5")
    >>> level.small, level.big, level.ante
    (25, 50, 5)
    """
    from cardtui.holdem.table import BlindLevel

    parts = text.split("/")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ValueError(_("--blinds must look like 5/10 or 5/10/1, not {text}").format(
            text=repr(text))) from None
    if len(numbers) not in (2, 3):
        raise ValueError(_("--blinds must look like 5/10 or 5/10/1, not {text}").format(
            text=repr(text)))
    small, big, ante = (*numbers, 0)[:3]
    if not 0 < small <= big or ante < 0:
        raise ValueError(_("--blinds needs 0 < small blind <= big blind and an ante >= 0: "
                           "{text}").format(text=repr(text)))
    if max(big, ante) > MAX_CHIPS // 10:
        raise ValueError(_("--blinds and the ante are at most {most}: {text}").format(
            most=number(MAX_CHIPS // 10), text=repr(text[:40])))
    return BlindLevel(small, big, ante)


def _check(options: MatchOptions) -> BlindLevel:
    if options.hands < 1:
        raise ValueError(_("--hands must be 1 or more, not {count}").format(count=options.hands))
    if options.hands > MAX_HANDS:
        raise ValueError(_("--hands must be at most {most}, not {count}").format(
            most=number(MAX_HANDS), count=number(options.hands)))
    if not 2 <= options.seats <= 10:
        raise ValueError(_("--seats must be 2 to 10, not {count}").format(count=options.seats))
    if options.stack < 1:
        raise ValueError(_("--stack must be 1 or more, not {count}").format(count=options.stack))
    level = parse_blinds(options.blinds)
    from cardtui.holdem.setup import MIN_STACK_BIG_BLINDS

    # The app's own rule: a stack of a blind or two can only post and is all in
    # before it sees a card (--stack 1 was accepted).
    least = MIN_STACK_BIG_BLINDS * level.big
    if not least <= options.stack <= MAX_CHIPS:
        raise ValueError(_("--stack must be {least} ({blinds} big blinds) to {most}, not "
                           "{count}").format(least=number(least), blinds=MIN_STACK_BIG_BLINDS,
                                             most=number(MAX_CHIPS),
                                             count=number(options.stack)))
    if options.export_phh is not None:
        _check_export_dir(options.export_phh)
    return level


def _check_export_dir(folder: Path) -> None:
    """Make ``folder`` and prove a file can be written there, before any hand is played."""
    try:
        if folder.exists() and not folder.is_dir():
            raise ValueError(_("--export-phh {folder} exists and is not a directory").format(
                folder=folder))
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise ValueError(_("--export-phh {folder}: cannot write there ({reason})").format(
            folder=folder, reason=error.strerror)) from None


@dataclass
class MatchSummary:
    hands: int = 0
    showdowns: int = 0
    biggest_pot: int = 0
    biggest_pot_hand: int = 0
    files: list[Path] = field(default_factory=list)
    #: Why the match stopped early (Ctrl+C, a write that failed), if it did.
    stopped: str | None = None


def run(args: argparse.Namespace) -> int:
    options = MatchOptions.from_args(args)
    try:
        blinds = _check(options)
    except ValueError as error:
        print(_("cardtui holdem: error: {problem}").format(problem=error), file=sys.stderr)
        return 2
    from rich.console import Console

    from cardtui.holdem.bots import Personality
    from cardtui.holdem.table import DEFAULT_SCHEDULE, Mode, Player, Table

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    mode = Mode(options.mode)
    order = (Personality.SHARK, Personality.ROCK, Personality.MANIAC)  # a mix at every size
    players = [
        Player(f"{order[i % 3].label} {i + 1}", options.stack, order[i % 3])
        for i in range(options.seats)
    ]
    schedule = [blinds, *(level for level in DEFAULT_SCHEDULE if level.big > blinds.big)]
    table = Table(
        players, mode=mode, blinds=blinds if mode is Mode.CASH else schedule,
        hands_per_level=HANDS_PER_LEVEL, rng=random.Random(seed),
        # A cash game keeps its seats filled, as at the app's tables: a bot that
        # busts is replaced by a new one (the house's chips).
        refill_bots=options.stack if mode is Mode.CASH else 0,
    )
    console = Console()
    console.print(
        _("{seats} bots, {mode}, blinds {blinds}, stacks {stack}, seed {seed}").format(
            seats=options.seats, mode=_(_MODE_WORDS[mode.value]), blinds=blinds,
            stack=options.stack, seed=seed),
        highlight=False,
    )
    summary = MatchSummary()
    try:
        play_match(table, options.hands, options.export_phh, console, summary)
    except KeyboardInterrupt:
        summary.stopped = _("interrupted")
        _print_summary(console, table, summary, mode, options.export_phh)
        raise
    except OSError as error:
        summary.stopped = _("stopped")
        _print_summary(console, table, summary, mode, options.export_phh)
        print(_("cardtui holdem: error: cannot write hand {number}'s history: {reason}").format(
            number=summary.hands + 1, reason=error.strerror), file=sys.stderr)
        return 1
    _print_summary(console, table, summary, mode, options.export_phh)
    return 0


def _print_summary(console: Console, table: Table, summary: MatchSummary, mode: Mode,
                   export: Path | None) -> None:
    console.print(report(table, summary, mode))
    if summary.files:
        console.print(ngettext("Wrote {n} PHH file to {folder}", "Wrote {n} PHH files to {folder}",
                               len(summary.files)).format(n=number(len(summary.files)),
                                                          folder=export), highlight=False)


def play_match(table: Table, hands: int, export: Path | None, console: Console,
               summary: MatchSummary | None = None) -> MatchSummary:
    """Play up to ``hands`` hands into ``summary``, which holds the hands played so far
    even when Ctrl+C (KeyboardInterrupt) or a failed write stops the match."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from cardtui.holdem.actions import HandShown, PotAwarded

    summary = summary if summary is not None else MatchSummary()
    with Progress(
        TextColumn("[bold]" + _("Playing")), BarColumn(), MofNCompleteColumn(),
        TextColumn(_("hands")),
        TimeRemainingColumn(), console=console, transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("hands", total=hands)
        while summary.hands < hands and not table.is_finished:
            hand = table.play_bot_hand()
            number = summary.hands + 1
            if export is not None:
                path = export / f"hand-{number:05d}.phh"
                path.write_text(table.hand_history(hand, hand_number=number))
                summary.files.append(path)
            summary.hands = number
            summary.showdowns += any(isinstance(r, HandShown) for r in hand.records)
            pot = sum(r.amount for r in hand.records if isinstance(r, PotAwarded))
            if pot > summary.biggest_pot:
                summary.biggest_pot, summary.biggest_pot_hand = pot, number
            progress.update(task, completed=number)
    return summary


def report(table: Table, summary: MatchSummary, mode: Mode) -> RichTable:
    from rich.table import Table as RichTable

    from cardtui.holdem.table import Mode

    title = (ngettext("{n} hand", "{n} hands", summary.hands).format(n=summary.hands) + ", "
             + ngettext("{n} showdown", "{n} showdowns", summary.showdowns).format(
                 n=summary.showdowns))
    if summary.biggest_pot:
        title += _(", biggest pot {amount} (hand {number})").format(
            amount=summary.biggest_pot, number=summary.biggest_pot_hand)
    replaced = table.house_chips // table.refill_bots if table.refill_bots else 0
    if replaced:
        title += ngettext(", {n} busted bot replaced ({chips} chips from the house)",
                          ", {n} busted bots replaced ({chips} chips from the house)",
                          replaced).format(n=replaced, chips=number(table.house_chips))
    if summary.stopped:
        title += f" ({summary.stopped})"
    result = RichTable(title=title, header_style="bold")
    result.add_column(_("bot"))
    result.add_column(_("style"))
    result.add_column(_("chips"), justify="right")
    if mode is Mode.TOURNAMENT:
        result.add_column(_("place"), justify="right")
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
