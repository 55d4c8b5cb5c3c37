"""``cardtui stats``: hold'em statistics from the kept hand histories, as a Rich table.

One row for you (the profile's player name, or ``--player``: a name that
played no kept hand is an error, exit status 2, one line), one per bot
personality you played (all bots of one personality counted together), and
one per other human (hot-seat players): the rows of
:mod:`cardtui.holdem.stats_rows`, which the scoreboard shows too. Each
statistic is defined once, in :mod:`cardtui.holdem.stats`.

Read-only, like ``cardtui scores``: it never creates the data directory or
the database and never migrates an older schema.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardtui import locations
from cardtui.commands.kept import kept_histories
from cardtui.holdem.stats_rows import COLUMNS, StatsRow, cells, table_rows  # (light)
from cardtui.i18n import N_, _, ngettext
from cardtui.i18n.said import say

if TYPE_CHECKING:
    from rich.table import Table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from cardtui.commands.arguments import player_name

    parser.add_argument("--player", metavar="NAME", type=player_name,
                        help=_("whose row is yours, a name of 1 to 12 characters "
                               "(default: the player name in your settings)"))


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    root = locations.data_dir(args.data_dir)
    path = locations.database_path(root)
    # Cash hands: a tournament's chips are not money (its result is a place).
    kept = kept_histories("stats", N_("see these statistics"), path, root, console,
                          tournaments=False)
    if isinstance(kept, int):
        return kept
    texts = [h.text for h in kept]
    you = args.player or _profile_name(root)
    rows, unreadable = table_rows(texts, you)
    if not rows:
        console.print(_("No hold'em hands kept yet in {path}.").format(path=path),
                      highlight=False, soft_wrap=True)
        return 0
    if args.player and not any(row.label == f"{you} (you)" for row in rows):
        # A name asked for by hand that played no kept hand: said plainly, not a table
        # without its "(you)" row that reads as if the name had been found.
        print(_("cardtui stats: error: no kept hold'em hand has a player named {name} "
                "(names match exactly)").format(name=repr(you)), file=sys.stderr)
        return 2
    console.print(_("Hold'em statistics: {path}").format(path=path), style="dim",
                  highlight=False, soft_wrap=True)
    console.print(rich_table(rows))
    if unreadable:
        console.print(left_out(unreadable), style="dim", highlight=False, soft_wrap=True)
    return 0


def left_out(unreadable: int) -> str:
    """``3 kept hands could not be read and are left out.``"""
    return ngettext("{n} kept hand could not be read and is left out.",
                    "{n} kept hands could not be read and are left out.",
                    unreadable).format(n=unreadable)


def _profile_name(root: Path) -> str:
    """The settings' player name, read without changing anything (the default if unreadable)."""
    from cardtui.settings import Settings, parse_settings

    try:
        data = json.loads(locations.settings_path(root).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return Settings().player_name
    if not isinstance(data, dict):
        return Settings().player_name
    return parse_settings(data).settings.player_name


def rich_table(rows: Sequence[StatsRow]) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=_("Texas Hold'em — all time"), title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, collapse_padding=True)
    for i, name in enumerate(COLUMNS):
        # "Player" and "Hands" are in the catalogs; the statistics' abbreviations (VPIP,
        # PFR, WTSD...) are written the same in every language, so they come back as they are.
        table.add_column(_(name), justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(say(row.label), *cells(row.stats))
    return table
