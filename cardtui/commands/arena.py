"""``cardtui arena``: bots play duplicate hold'em matches; bb/100 per bot with 95 % intervals.

    cardtui arena --bots pro,station --hands 10000 --duplicate --seats 2 --seed 1
    cardtui arena --bots mybot:MyBot,shark,rock --seats 6 --hands 6000 --phh hands/

``--bots`` names built-in bots (station, random, raiser, equity, rock,
maniac, shark, pro, honest) or ``module:Class`` (a class with
``decide(view, rng) -> Action``; see :mod:`cardtui.arena.protocol`), cycled
round the seats. With ``--duplicate`` every deal is played once per seat
rotation (heads-up: seats swapped) so each bot holds every seat's cards.
A move an outside bot gets wrong (illegal, an exception, over the time
limit) is refused and the bot checks or folds; the refusals are counted and
the first few printed. Ctrl+C prints the results so far.

With ``--room`` the bot (one ``--bots`` name) takes a seat at a shared
hold'em table of a ``cardtui serve`` room instead, through the room's bot
entry (its key must be in the host's ``bot_keys``):

    cardtui arena --room example.org:2222 --key ~/.ssh/mybot --table Friday \
        --bots mybot:MyBot --buy-in 1000 --name deepblue

It plays until the table or the room closes (or ``--hands``); each refused
move is printed as it happens.

The arena's modules load only when the command runs.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cardtui.commands.arguments import whole_number

if TYPE_CHECKING:
    from rich.table import Table as RichTable

    from cardtui.arena.match import MatchResult

MAX_HANDS = 10_000_000
DEFAULT_HANDS = 1200
DEFAULT_SEATS = 2
#: Refusals printed in full (the rest are counted).
SHOWN_REFUSALS = 5


def _time_limit(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--time-limit must be seconds, not {text[:20]!r}") \
            from None
    if not 0.001 <= value <= 600:
        raise argparse.ArgumentTypeError(
            f"--time-limit must be 0.001 to 600 seconds, not {value:g}")
    return value


def _folder(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("needs a directory name, not ''")
    return Path(text).expanduser()


def _bots(text: str) -> list[str]:
    specs = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not spec for spec in specs):
        raise argparse.ArgumentTypeError(f"--bots wants names separated by commas, not "
                                         f"{text[:40]!r}")
    return specs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", type=_bots, required=True, metavar="BOT,BOT,...",
                        help="built-in bots (station, random, raiser, equity, rock, maniac, "
                        "shark, pro, honest) or module:Class, cycled round the seats")
    parser.add_argument("--hands", type=whole_number("--hands", 1, MAX_HANDS),
                        help=f"hands to play (rounded up to whole deals; default {DEFAULT_HANDS}; "
                        "with --room: until the table closes)")
    parser.add_argument("--seats", type=whole_number("--seats", 2, 10), default=DEFAULT_SEATS,
                        help=f"seats at the table, 2-10 (default {DEFAULT_SEATS})")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each deal once per seat rotation (luck cancels)")
    parser.add_argument("--phh", type=_folder, metavar="DIR",
                        help="write every hand's PHH history into DIR")
    parser.add_argument("--time-limit", type=_time_limit, default=1.0, metavar="SECONDS",
                        help="a bot's thinking time per move (default 1)")
    room = parser.add_argument_group("a seat in a room (cardtui serve's bot entry)")
    room.add_argument("--room", type=_address, metavar="HOST:PORT",
                      help="sit the bot at a shared table of this room instead of a match")
    room.add_argument("--key", type=_key_file, metavar="FILE",
                      help="the bot's private SSH key, listed in the host's bot_keys "
                      "(default: the SSH agent's and ~/.ssh's keys)")
    room.add_argument("--table", metavar="NAME", help="the hold'em table to sit at, by name")
    room.add_argument("--buy-in", type=whole_number("--buy-in", 1, 10**12), metavar="CHIPS",
                      help="chips to sit with (default: the table's largest buy-in)")
    room.add_argument("--name", type=_bot_name, metavar="NAME",
                      help="the bot's name at the table (its SSH login; default: the bot's)")
    room.add_argument("--host-fingerprint", metavar="SHA256:...",
                      help="the room's host key fingerprint, as cardtui serve prints it "
                      "(default: trust ~/.ssh/known_hosts only)")


#: Options that mean something only with --room.
_ROOM_ONLY = ("key", "table", "buy_in", "name", "host_fingerprint")
#: Options that mean something only in a match.
_MATCH_ONLY = ("duplicate", "phh")


def _address(text: str) -> tuple[str, int]:
    host, colon, port = text.strip().rpartition(":")
    host = host.strip("[]")  # [::1]:2222
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"--room wants HOST:PORT, not {text[:60]!r}")
    return host, int(port)


def _key_file(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no key file {text[:80]!r}")
    return path


def _bot_name(text: str) -> str:
    name = text.strip()
    if not name or len(name) > 16 or not all(c.isalnum() or c in "-_." for c in name):
        raise argparse.ArgumentTypeError(
            f"--name wants 1-16 letters, digits, '-', '_' or '.', not {text[:40]!r}")
    return name


def _problem(args: argparse.Namespace) -> str | None:
    if args.room is None:
        given = [name for name in _ROOM_ONLY if getattr(args, name) is not None]
        if given:
            return f"--{given[0].replace('_', '-')} needs --room"
    else:
        if len(args.bots) != 1:
            return f"--room seats one bot, not {len(args.bots)}"
        if args.table is None:
            return "--room needs --table NAME"
        given = [name for name in _MATCH_ONLY if getattr(args, name)]
        if given:
            return f"--{given[0]} is for matches, not --room"
        return None
    if len(args.bots) > args.seats:
        return f"{len(args.bots)} bots for {args.seats} seats: give at most {args.seats} bots"
    if args.phh is not None:
        folder: Path = args.phh
        try:
            if folder.exists() and not folder.is_dir():
                return f"--phh {folder} exists and is not a directory"
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as error:
            return f"--phh {folder}: cannot write there ({error.strerror})"
    return None


def run(args: argparse.Namespace) -> int:
    import random

    problem = _problem(args)
    if problem is None:
        from cardtui.arena.baselines import load_bot

        try:
            made = {spec: load_bot(spec) for spec in dict.fromkeys(args.bots)}
        except ValueError as error:
            problem = str(error)
    if problem is not None:
        print(f"cardtui arena: error: {problem}", file=sys.stderr)
        return 2
    if args.room is not None:
        return _sit_in_room(args, made[args.bots[0]])
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from cardtui.arena.baselines import load_bot as make
    from cardtui.arena.match import MatchResult, play_match

    fresh = dict(made)

    def bot(spec: str) -> object:
        # The bots made to check the names serve the first seats; more copies are new.
        return fresh.pop(spec) if spec in fresh else make(spec)

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rotations = args.seats if args.duplicate else 1
    deals = math.ceil((args.hands or DEFAULT_HANDS) / rotations)
    console = Console()
    console.print(f"{', '.join(args.bots)} at {args.seats} seats, {deals * rotations:,} hands"
                  f"{' (duplicate)' if args.duplicate else ''}, seed {seed}", highlight=False)
    result = MatchResult(list(dict.fromkeys(args.bots)), args.seats)
    with Progress(TextColumn("[bold]Playing"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("hands"), TimeRemainingColumn(), console=console,
                  transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("hands", total=deals * rotations)
        try:
            play_match(args.bots, seats=args.seats, deals=deals, seed=seed,
                       make=bot,  # type: ignore[arg-type]
                       progress=lambda hands: progress.update(task, completed=hands),
                       phh_dir=args.phh, time_limit=args.time_limit,
                       result=result, duplicate=args.duplicate)
        except KeyboardInterrupt:
            progress.stop()
            console.print(report(result, stopped=True))
            raise
    console.print(report(result))
    for name, reasons in result.refusals.items():
        for reason in reasons[:SHOWN_REFUSALS]:
            console.print(f"refused: {reason}", highlight=False, markup=False)
        if len(reasons) > SHOWN_REFUSALS:
            console.print(f"refused: {name}: {len(reasons) - SHOWN_REFUSALS} more", highlight=False)
    if args.phh is not None:
        console.print(f"Wrote {result.hands:,} PHH files to {args.phh}", highlight=False)
    return 0


def report(result: MatchResult, *, stopped: bool = False) -> RichTable:
    from rich.table import Table as RichTable

    title = f"{result.hands:,} hands, {result.deals:,} deals" + (" (stopped)" if stopped else "")
    table = RichTable(title=title, header_style="bold")
    for column in ("bot", "bb/100", "± 95 %", "above zero", "refused", "p95 ms"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in result.rows():
        table.add_row(row.name, f"{row.bb_per_100:+.1f}", f"{row.interval:.1f}",
                      "yes" if row.above_zero else "no", str(row.refusals),
                      f"{row.p95_seconds * 1000:.1f}")
    return table


def _sit_in_room(args: argparse.Namespace, bot: object) -> int:
    """Play ``bot`` at a shared table of the room at ``--room`` until it closes."""
    import asyncio
    import random

    from cardtui.arena.room_bot import RoomSeat, SeatError, connect
    from cardtui.guest.client import RoomError

    host, port = args.room
    name = args.name or _login(args.bots[0])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)

    def refused(reason: str) -> None:
        print(f"refused: {reason}", flush=True)

    def played(hands: int) -> None:
        if hands % 100 == 0:
            print(f"{hands:,} hands", flush=True)

    async def sit() -> RoomSeat:
        client = await connect(host, port, name=name, key=args.key,
                               host_fingerprint=args.host_fingerprint)
        seat = RoomSeat(client, bot, args.table, args.buy_in,  # type: ignore[arg-type]
                        rng=random.Random(seed), time_limit=args.time_limit,
                        on_refused=refused, on_hand=played)
        try:
            await seat.sit()
            print(f"{name} sits at {args.table} (seat {seat.seat}) in {host}:{port}", flush=True)
            await seat.play(args.hands)
        finally:
            client.close()
        return seat

    try:
        seat = asyncio.run(sit())
    except (RoomError, SeatError) as error:
        print(f"cardtui arena: {error}", file=sys.stderr)
        return 1
    print(f"{seat.hands:,} hands played, {len(seat.refusals)} moves refused", flush=True)
    return 0


def _login(spec: str) -> str:
    """A bot's default name: its class's (``mybot:MyBot`` is MyBot), or the built-in's."""
    word = spec.rpartition(":")[2] or spec
    cleaned = "".join(c for c in word if c.isalnum() or c in "-_.")[:16]
    return cleaned or "bot"
