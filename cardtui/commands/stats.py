"""``cardtui stats``: hold'em statistics from the kept hand histories, as a Rich table.

One row for you (the profile's player name, or ``--player``), one per bot
personality you played (all bots of one personality counted together), and
one per other human (hot-seat players). Each statistic is defined once, in
:mod:`cardtui.holdem.stats`.

A history names its bots' personalities in the user-defined PHH field
``_personalities`` (one entry per player, in PHH order, "" for a human);
without it every player is counted under their own name.

Read-only, like ``cardtui scores``: it never creates the data directory or
the database and never migrates an older schema.
"""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardtui import locations
from cardtui.commands.kept import kept_histories

if TYPE_CHECKING:
    from rich.table import Table

    from cardtui.holdem.stats import PlayerStats

#: The PHH user-defined field naming each player's bot personality ("" for a human).
PERSONALITIES_FIELD = "_personalities"
COLUMNS = ("Player", "Hands", "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD", "bb/100")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from cardtui.commands.arguments import player_name

    parser.add_argument("--player", metavar="NAME", type=player_name,
                        help="whose row is yours, a name of 1 to 12 characters "
                        "(default: the player name in your settings)")


@dataclass(frozen=True)
class StatsRow:
    """One row of the table: who (a player, or a bot personality) and their statistics."""

    label: str
    stats: PlayerStats


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    root = locations.data_dir(args.data_dir)
    path = locations.database_path(root)
    # Cash hands: a tournament's chips are not money (its result is a place).
    kept = kept_histories("stats", "see these statistics", path, root, console,
                          tournaments=False)
    if isinstance(kept, int):
        return kept
    texts = [h.text for h in kept]
    you = args.player or _profile_name(root)
    rows, unreadable = table_rows(texts, you)
    if not rows:
        console.print(f"No hold'em hands kept yet in {path}.", highlight=False, soft_wrap=True)
        return 0
    console.print(f"Hold'em statistics: {path}", style="dim", highlight=False, soft_wrap=True)
    console.print(rich_table(rows))
    if unreadable:
        are = "is" if unreadable == 1 else "are"
        console.print(f"{unreadable} kept hand{'' if unreadable == 1 else 's'} could not be "
                      f"read and {are} left out.", style="dim", highlight=False, soft_wrap=True)
    return 0


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


def _personalities(text: str) -> dict[str, str]:
    """Bot players' personalities by name, from the history's ``_personalities`` field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}
    names, kinds = data.get("players"), data.get(PERSONALITIES_FIELD)
    if not isinstance(names, list) or not isinstance(kinds, list) or len(names) != len(kinds):
        return {}
    return {str(name): str(kind) for name, kind in zip(names, kinds, strict=True) if kind}


def table_rows(texts: Iterable[str], you: str) -> tuple[list[StatsRow], int]:
    """The rows (you, each bot personality, other humans) and how many histories were unreadable.

    >>> rows, unreadable = table_rows(["not toml ["], "Ann")
    >>> rows, unreadable
    ([], 1)
    """
    from cardtui.holdem.actions import HandEnded
    from cardtui.holdem.phh_read import PhhError, read_phh
    from cardtui.holdem.stats import PlayedHand, PlayerFacts, PlayerStats, hand_facts

    you_facts: list[PlayerFacts] = []
    bots: dict[str, list[PlayerFacts]] = {}
    others: dict[str, list[PlayerFacts]] = {}
    unreadable = 0
    for text in texts:
        try:
            replay = read_phh(text)
        except PhhError:
            unreadable += 1
            continue
        hand = PlayedHand.from_replay(replay)
        if not any(isinstance(r, HandEnded) for r in hand.records):
            continue  # an unfinished history has no result to count
        kinds = _personalities(text)
        for name, facts in hand_facts(hand).items():
            if name == you:
                you_facts.append(facts)
            elif name in kinds:
                bots.setdefault(kinds[name], []).append(facts)
            else:
                others.setdefault(name, []).append(facts)
    rows = [StatsRow(f"{you} (you)", PlayerStats.of(you_facts))] if you_facts else []
    rows += [StatsRow(f"{kind.capitalize()} bots", PlayerStats.of(facts))
             for kind, facts in sorted(bots.items())]
    rows += [StatsRow(name, PlayerStats.of(facts)) for name, facts in sorted(others.items())]
    return rows, unreadable


def cells(stats: PlayerStats) -> list[str]:
    """A row's figures as the table shows them ("-" when a statistic is undefined)."""

    def pct(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}%"

    factor = stats.aggression_factor
    af = "-" if factor is None else ("inf" if math.isinf(factor) else f"{factor:.1f}")
    bb = "-" if stats.bb_per_100 is None else f"{stats.bb_per_100:+.1f}"
    return [f"{stats.hands:,}", pct(stats.vpip), pct(stats.pfr), pct(stats.three_bet), af,
            pct(stats.went_to_showdown), pct(stats.won_at_showdown), bb]


def rich_table(rows: Sequence[StatsRow]) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title="Texas Hold'em — all time", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, collapse_padding=True)
    for i, name in enumerate(COLUMNS):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(row.label, *cells(row.stats))
    return table
