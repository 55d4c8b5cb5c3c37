"""The rows of the hold'em statistics table: you, each bot personality, each other person.

Read from kept PHH hand histories; shared by ``cardtui stats`` (a Rich table
in the shell, :mod:`cardtui.commands.stats`) and the scoreboard's statistics
(:mod:`cardtui.ui.widgets.stats_table`), so the two never differ. Each
statistic is defined once, in :mod:`cardtui.holdem.stats`.

A history names its bots' personalities in the user-defined PHH field
``_personalities`` (one entry per player, in PHH order, "" for a human);
without it every player is counted under their own name.

Pure: the standard library and the hold'em engine, the engine's modules
loaded only when rows are made (the shell's ``cardtui stats --help`` and the
scoreboard's first frame do not pay for them).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtui.i18n import N_
from cardtui.i18n.said import Said

if TYPE_CHECKING:
    from cardtui.holdem.stats import PlayerStats

#: The PHH user-defined field naming each player's bot personality ("" for a human).
PERSONALITIES_FIELD = "_personalities"
COLUMNS = (N_("Player"), N_("Hands"), "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD", "bb/100")


@dataclass(frozen=True)
class StatsRow:
    """One row of the table: who (a player, or a bot personality) and their statistics."""

    label: str
    stats: PlayerStats


def personalities(text: str) -> dict[str, str]:
    """Bot players' personalities by name, from the history's ``_personalities`` field.

    >>> personalities('players = ["Ann", "Bo"]\\n_personalities = ["", "rock"]\\n')
    {'Bo': 'rock'}
    """
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
        kinds = personalities(text)
        for name, facts in hand_facts(hand).items():
            if name == you:
                you_facts.append(facts)
            elif name in kinds:
                bots.setdefault(kinds[name], []).append(facts)
            else:
                others.setdefault(name, []).append(facts)
    # The labels keep their templates: a screen says them in the player's language.
    rows = [StatsRow(Said(N_("{name} (you)"), name=you), PlayerStats.of(you_facts))
            ] if you_facts else []
    rows += [StatsRow(Said(N_("{kind} bots"), kind=_bot_kind(kind)), PlayerStats.of(facts))
             for kind, facts in sorted(bots.items())]
    rows += [StatsRow(name, PlayerStats.of(facts)) for name, facts in sorted(others.items())]
    return rows, unreadable


def _bot_kind(kind: str) -> str:
    """A personality as its label (Said, for the catalogs); one this version does not
    know (a newer cardtui's history) as it was written."""
    from cardtui.holdem.bots import Personality

    try:
        return Said(Personality(kind).label)
    except ValueError:
        return kind.capitalize()


def cells(stats: PlayerStats) -> list[str]:
    """A row's figures as the table shows them ("-" when a statistic is undefined)."""

    def pct(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}%"

    factor = stats.aggression_factor
    af = "-" if factor is None else ("inf" if math.isinf(factor) else f"{factor:.1f}")
    bb = "-" if stats.bb_per_100 is None else f"{stats.bb_per_100:+.1f}"
    return [f"{stats.hands:,}", pct(stats.vpip), pct(stats.pfr), pct(stats.three_bet), af,
            pct(stats.went_to_showdown), pct(stats.won_at_showdown), bb]
