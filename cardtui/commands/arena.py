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
from cardtui.i18n import _, ngettext, number

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
        raise argparse.ArgumentTypeError(_("--time-limit must be seconds, not {text}").format(
            text=repr(text[:20]))) from None
    if not 0.001 <= value <= 600:
        raise argparse.ArgumentTypeError(
            _("--time-limit must be 0.001 to 600 seconds, not {value}").format(
                value=f"{value:g}"))
    return value


def _folder(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError(_("needs a directory name, not ''"))
    return Path(text).expanduser()


def _bots(text: str) -> list[str]:
    specs = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not spec for spec in specs):
        raise argparse.ArgumentTypeError(
            _("--bots wants names separated by commas, not {text}").format(
                text=repr(text[:40])))
    return specs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", type=_bots, required=True, metavar="BOT,BOT,...",
                        help=_("built-in bots (station, random, raiser, equity, rock, maniac, "
                               "shark, pro, honest) or module:Class, cycled round the seats"))
    parser.add_argument("--hands", type=whole_number("--hands", 1, MAX_HANDS),
                        help=_("hands to play (rounded up to whole deals; default {default}; "
                               "with --room: until the table closes)").format(
                                   default=DEFAULT_HANDS))
    parser.add_argument("--seats", type=whole_number("--seats", 2, 10), default=DEFAULT_SEATS,
                        help=_("seats at the table, 2-10 (default {default})").format(
                            default=DEFAULT_SEATS))
    parser.add_argument("--duplicate", action="store_true",
                        help=_("play each deal once per seat rotation (luck cancels)"))
    parser.add_argument("--phh", type=_folder, metavar="DIR",
                        help=_("write every hand's PHH history into DIR"))
    parser.add_argument("--time-limit", type=_time_limit, default=1.0, metavar="SECONDS",
                        help=_("a bot's thinking time per move (default 1)"))
    room = parser.add_argument_group(_("a seat in a room (cardtui serve's bot entry)"))
    room.add_argument("--room", type=_address, metavar="HOST:PORT",
                      help=_("sit the bot at a shared table of this room instead of a match"))
    room.add_argument("--key", type=_key_file, metavar="FILE",
                      help=_("the bot's private SSH key, listed in the host's bot_keys "
                             "(default: the SSH agent's and ~/.ssh's keys)"))
    room.add_argument("--table", metavar="NAME",
                      help=_("the hold'em table to sit at, by name"))
    room.add_argument("--buy-in", type=whole_number("--buy-in", 1, 10**12), metavar="CHIPS",
                      help=_("chips to sit with (default: the table's largest buy-in)"))
    room.add_argument("--name", type=_bot_name, metavar="NAME",
                      help=_("the bot's name at the table (its SSH login; default: the bot's)"))
    room.add_argument("--host-fingerprint", metavar="SHA256:...",
                      help=_("the room's host key fingerprint, as cardtui serve prints it "
                             "(default: trust ~/.ssh/known_hosts only)"))


#: Options that mean something only with --room.
_ROOM_ONLY = ("key", "table", "buy_in", "name", "host_fingerprint")
#: Options that mean something only in a match.
_MATCH_ONLY = ("duplicate", "phh")


def _address(text: str) -> tuple[str, int]:
    host, colon, port = text.strip().rpartition(":")
    host = host.strip("[]")  # [::1]:2222
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(_("--room wants HOST:PORT, not {text}").format(
            text=repr(text[:60])))
    return host, int(port)


def _key_file(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_file():
        raise argparse.ArgumentTypeError(_("no key file {path}").format(path=repr(text[:80])))
    return path


def _bot_name(text: str) -> str:
    name = text.strip()
    if not name or len(name) > 16 or not all(c.isalnum() or c in "-_." for c in name):
        raise argparse.ArgumentTypeError(
            _("--name wants 1-16 letters, digits, '-', '_' or '.', not {text}").format(
                text=repr(text[:40])))
    return name


def _problem(args: argparse.Namespace) -> str | None:
    if args.room is None:
        given = [name for name in _ROOM_ONLY if getattr(args, name) is not None]
        if given:
            return _("{option} needs --room").format(option=f"--{given[0].replace('_', '-')}")
    else:
        if len(args.bots) != 1:
            return _("--room seats one bot, not {count}").format(count=len(args.bots))
        if args.table is None:
            return _("--room needs --table NAME")
        given = [name for name in _MATCH_ONLY if getattr(args, name)]
        if given:
            return _("{option} is for matches, not --room").format(option=f"--{given[0]}")
        return None
    if len(args.bots) > args.seats:
        return ngettext("{count} bots for {seats} seat: give at most {seats} bots",
                        "{count} bots for {seats} seats: give at most {seats} bots",
                        args.seats).format(count=len(args.bots), seats=args.seats)
    if args.phh is not None:
        folder: Path = args.phh
        try:
            if folder.exists() and not folder.is_dir():
                return _("--phh {folder} exists and is not a directory").format(folder=folder)
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as error:
            return _("--phh {folder}: cannot write there ({reason})").format(
                folder=folder, reason=error.strerror)
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
        print(_("cardtui arena: error: {problem}").format(problem=problem), file=sys.stderr)
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
    hands = deals * rotations
    console.print((ngettext("{bots} at {seats} seats, {n} hand (duplicate), seed {seed}",
                            "{bots} at {seats} seats, {n} hands (duplicate), seed {seed}", hands)
                   if args.duplicate else
                   ngettext("{bots} at {seats} seats, {n} hand, seed {seed}",
                            "{bots} at {seats} seats, {n} hands, seed {seed}", hands)).format(
                       bots=", ".join(args.bots), seats=args.seats, n=number(hands), seed=seed),
                  highlight=False)
    result = MatchResult(list(dict.fromkeys(args.bots)), args.seats)
    with Progress(TextColumn("[bold]" + _("Playing")), BarColumn(), MofNCompleteColumn(),
                  TextColumn(_("hands")), TimeRemainingColumn(), console=console,
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
            console.print(_("refused: {reason}").format(reason=reason), highlight=False,
                          markup=False)
        if len(reasons) > SHOWN_REFUSALS:
            console.print(_("refused: {bot}: {n} more").format(
                bot=name, n=number(len(reasons) - SHOWN_REFUSALS)), highlight=False, markup=False)
    if args.phh is not None:
        console.print(ngettext("Wrote {n} PHH file to {folder}", "Wrote {n} PHH files to {folder}",
                               result.hands).format(n=number(result.hands), folder=args.phh),
                      highlight=False)
    return 0


def report(result: MatchResult, *, stopped: bool = False) -> RichTable:
    from rich.table import Table as RichTable

    title = (ngettext("{n} hand", "{n} hands", result.hands).format(n=number(result.hands))
             + ", " + ngettext("{n} deal", "{n} deals", result.deals).format(
                 n=number(result.deals)) + (" " + _("(stopped)") if stopped else ""))
    table = RichTable(title=title, header_style="bold")
    for i, column in enumerate((_("bot"), "bb/100", "± 95 %", _("above zero"), _("refused"),
                                "p95 ms")):
        table.add_column(column, justify="left" if i == 0 else "right")
    for row in result.rows():
        table.add_row(row.name, f"{row.bb_per_100:+.1f}", f"{row.interval:.1f}",
                      _("yes") if row.above_zero else _("no"), str(row.refusals),
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
        print(_("refused: {reason}").format(reason=reason), flush=True)

    def played(hands: int) -> None:
        if hands % 100 == 0:
            print(ngettext("{n} hand", "{n} hands", hands).format(n=number(hands)), flush=True)

    async def sit() -> RoomSeat:
        client = await connect(host, port, name=name, key=args.key,
                               host_fingerprint=args.host_fingerprint)
        seat = RoomSeat(client, bot, args.table, args.buy_in,  # type: ignore[arg-type]
                        rng=random.Random(seed), time_limit=args.time_limit,
                        on_refused=refused, on_hand=played)
        try:
            await seat.sit()
            print(_("{name} sits at {table} (seat {seat}) in {address}").format(
                name=name, table=args.table, seat=seat.seat, address=f"{host}:{port}"),
                flush=True)
            await seat.play(args.hands)
        finally:
            client.close()
        return seat

    try:
        seat = asyncio.run(sit())
    except (RoomError, SeatError) as error:
        print(_("cardtui arena: {problem}").format(problem=error), file=sys.stderr)
        return 1
    print(ngettext("{n} hand played", "{n} hands played", seat.hands).format(
        n=number(seat.hands)) + ", " + ngettext(
            "{n} move refused", "{n} moves refused", len(seat.refusals)).format(
                n=len(seat.refusals)), flush=True)
    return 0


def _login(spec: str) -> str:
    """A bot's default name: its class's (``mybot:MyBot`` is MyBot), or the built-in's."""
    word = spec.rpartition(":")[2] or spec
    cleaned = "".join(c for c in word if c.isalnum() or c in "-_.")[:16]
    return cleaned or "bot"
