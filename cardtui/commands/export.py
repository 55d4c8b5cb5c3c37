"""``cardtui export``: the kept hold'em hands written out as hand histories, PHH or PokerStars.

    cardtui export --out hands/                          # PHH, one .phh file per hand
    cardtui export --format pokerstars --out hands/      # for a tracker: one .txt per hand
    cardtui export --format pokerstars --player "Ann Lee" --out hands/

Every hold'em hand cardtui keeps (a local table's, a shared table's) is kept
as its player saw it: a card they were not shown is ``????`` in the PHH text,
and an export tells no more than that. PHH files are the kept text as it is.
A PokerStars hand is numbered by its round in the store (trackers skip a hand
whose number they already hold, so exporting again adds nothing twice),
dated when it was played, and dealt to its hero: ``--player``, or else the
player whose hole cards the history shows (nobody at a hot-seat table, whose
kept hands show nobody's).

``--player NAME`` keeps only the hands NAME was dealt into. Read-only on the
store, like ``cardtui stats``: it never creates the data directory or the
database and never migrates an older schema. Files of the same name in the
folder are written over (an export run twice writes the same files).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cardtui import locations
from cardtui.commands.kept import kept_histories
from cardtui.holdem.history_formats import HistoryFormat
from cardtui.i18n import N_, _, ngettext, number
from cardtui.names import name_problem

if TYPE_CHECKING:
    from cardtui.holdem.phh_read import Replay
    from cardtui.store.records import HandHistory


def _player(text: str) -> str:
    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _folder(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError(_("needs a directory name, not ''"))
    return Path(text).expanduser()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=[f.value for f in HistoryFormat],
                        default=HistoryFormat.PHH.value,
                        help=_("PHH (default) or PokerStars-style text for tracker tools"))
    parser.add_argument("--player", type=_player, metavar="NAME",
                        help=_("only the hands NAME played, NAME as the PokerStars hero"))
    parser.add_argument("--out", type=_folder, required=True, metavar="DIR",
                        help=_("the folder to write one file per hand into (made if missing)"))


@dataclass
class Exported:
    """What an export wrote, and how many kept hands it could not read or write out."""

    paths: list[Path] = field(default_factory=list)
    unreadable: int = 0


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    out: Path = args.out
    written_as = HistoryFormat(args.format)
    problem = _folder_problem(out)
    if problem is not None:
        print(_("cardtui export: error: --out {problem}").format(problem=problem),
              file=sys.stderr)
        return 2
    root = locations.data_dir(args.data_dir)
    path = locations.database_path(root)
    kept = kept_histories("export", N_("export these hands"), path, root, console,
                          tournaments=True)
    if isinstance(kept, int):
        return kept
    try:
        done = export_kept(kept, out, written_as, player=args.player)
    except OSError as error:
        print(_("cardtui export: error: cannot write in {folder}: {reason}").format(
            folder=out, reason=error.strerror), file=sys.stderr)
        return 1
    count = len(done.paths)
    if not count:
        said = (_("No hold'em hands of {player} kept in {path}.") if args.player
                else _("No hold'em hands kept in {path}.")).format(player=args.player, path=path)
    elif args.player:
        said = ngettext("Wrote {n} hand of {player} as {format} hand histories to {folder}",
                        "Wrote {n} hands of {player} as {format} hand histories to {folder}",
                        count).format(n=number(count), player=args.player,
                                      format=written_as.label, folder=out)
    else:
        said = ngettext("Wrote {n} hand as {format} hand histories to {folder}",
                        "Wrote {n} hands as {format} hand histories to {folder}",
                        count).format(n=number(count), format=written_as.label, folder=out)
    console.print(said, highlight=False, soft_wrap=True)
    if done.unreadable:
        from cardtui.commands.stats import left_out

        console.print(left_out(done.unreadable), style="dim", highlight=False, soft_wrap=True)
    return 0


def _folder_problem(folder: Path) -> str | None:
    """Why no file can be written in ``folder`` (made if missing), or None."""
    try:
        if folder.exists() and not folder.is_dir():
            return _("{folder} exists and is not a directory").format(folder=folder)
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return _("{folder}: cannot write there ({reason})").format(folder=folder,
                                                                  reason=error.strerror)
    return None


def export_kept(kept: Sequence[HandHistory], folder: Path, written_as: HistoryFormat, *,
                player: str | None = None) -> Exported:
    """Write each kept history in ``written_as`` as ``hand-<round>.<phh|txt>`` in ``folder``."""
    from cardtui.holdem.phh_read import PhhError, read_phh
    from cardtui.holdem.pokerstars import to_pokerstars

    done = Exported()
    for history in kept:
        try:
            replay = read_phh(history.text)
            text = as_seen(history.text, replay)
            if text != history.text:
                replay = read_phh(text)
        except PhhError:
            done.unreadable += 1
            continue
        if player is not None and player not in _dealt_in(replay):
            continue
        if written_as is HistoryFormat.POKERSTARS:
            if not replay.complete:
                done.unreadable += 1  # a hand that stops short has no result to write
                continue
            when = datetime.fromtimestamp(history.played_at, UTC)
            text = to_pokerstars(replay, hero=hero(replay, player),
                                 hand_number=history.round_id, when=when)
        path = folder / f"hand-{history.round_id:06d}{written_as.suffix}"
        path.write_text(text, encoding="utf-8")
        done.paths.append(path)
    return done


#: A PHH hole-card deal that names its cards (not ``????``): ``"d dh p3 AsKs"``.
_DEALT = re.compile(r'"d dh (p\d+) ([2-9TJQKA][cdhs]){2}"')


def as_seen(text: str, replay: Replay) -> str:
    """A kept history as its player saw it: another seat's hole cards ``????`` unless shown.

    Every hand is kept so now, and the text comes back unchanged. Older
    versions kept a local table's hands with every seat's hole cards; such a
    history (no ``????`` at all) keeps the one person's own cards (a bot
    has a personality in ``_personalities``) and, with several people at
    the keyboard (hot seat), nobody's, as the table keeps them today.
    """
    from cardtui.holdem.actions import HoleCardsDealt

    dealt = [r for r in replay.records if isinstance(r, HoleCardsDealt)]
    if not dealt or any(None in r.cards for r in dealt):
        return text
    bots = _bot_names(text)
    people = [seat for seat in replay.players if replay.names[seat] not in bots]
    label = {seat: f"p{i + 1}" for i, seat in enumerate(replay.players)}
    hidden = {label[seat] for seat in replay.players if people != [seat]}
    return _DEALT.sub(lambda m: f'"d dh {m[1]} ????"' if m[1] in hidden else m[0], text)


def _bot_names(text: str) -> set[str]:
    """The players the history's ``_personalities`` names a bot personality for."""
    from cardtui.holdem.stats_rows import PERSONALITIES_FIELD

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return set()
    names, kinds = data.get("players"), data.get(PERSONALITIES_FIELD)
    if not isinstance(names, list) or not isinstance(kinds, list):
        return set()
    return {str(name) for name, kind in zip(names, kinds, strict=False) if kind}


def _dealt_in(replay: Replay) -> list[str]:
    return [replay.names[seat] for seat in replay.players]


def hero(replay: Replay, player: str | None) -> int | None:
    """The seat a PokerStars hand is dealt to: ``player``'s, else the one whose cards it shows.

    >>> from cardtui.holdem.phh_read import read_phh
    >>> replay = read_phh('''
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 ????", "d dh p2 AsKs", "p2 f"]
    ... players = ["Bob", "Ann Lee"]
    ... ''')
    >>> replay.names[hero(replay, None)], replay.names[hero(replay, "Bob")]
    ('Ann Lee', 'Bob')
    """
    from cardtui.holdem.actions import HoleCardsDealt

    if player is not None:
        return next((s for s in replay.players if replay.names[s] == player), None)
    seen = {r.seat for r in replay.records
            if isinstance(r, HoleCardsDealt) and None not in r.cards}
    return next(iter(seen)) if len(seen) == 1 else None
