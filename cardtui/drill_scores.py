"""Practice drill scores as plain rows, shared by the Scoreboard screen and ``cardtui scores``.

One row per player and drill (hard, soft, pairs, all, count): how many drills,
questions asked and answered right, the overall score and the best drill.

>>> from cardtui.store import DrillScore
>>> class Source:
...     def drills(self, session_id=None):
...         return [DrillScore("Ann", "pairs", 20, 15), DrillScore("Ann", "pairs", 10, 9)]
>>> COLUMNS[:4], rows(Source())
(['Player', 'Drill', 'Drills', 'Asked'], [['Ann', 'pairs', '2', '30', '24', '80%', '90%']])
"""

from __future__ import annotations

from typing import Protocol

from rich import box
from rich.table import Table

from cardtui.store import DrillScore


class DrillSource(Protocol):
    """The app's :class:`~cardtui.store.Store` or a read-only :class:`~cardtui.store.Database`."""

    def drills(self, session_id: str | None = None) -> list[DrillScore]: ...


COLUMNS = ["Player", "Drill", "Drills", "Asked", "Right", "Score", "Best"]
#: The order drills are listed in (the practice screen's).
KINDS = ("hard", "soft", "pairs", "all", "count")


def rows(source: DrillSource, session_id: str | None = None) -> list[list[str]]:
    """One row of text cells per player and drill, for all time or one session."""
    grouped: dict[tuple[str, str], list[DrillScore]] = {}
    for score in source.drills(session_id):
        grouped.setdefault((score.player, score.kind), []).append(score)
    order = {kind: i for i, kind in enumerate(KINDS)}
    out = []
    for (player, kind), scores in sorted(
            grouped.items(), key=lambda item: (item[0][0], order.get(item[0][1], len(KINDS)))):
        asked = sum(s.asked for s in scores)
        right = sum(s.correct for s in scores)
        best = max(s.correct / s.asked for s in scores)
        out.append([player, kind, str(len(scores)), str(asked), str(right),
                    f"{right / asked:.0%}", f"{best:.0%}"])
    return out


def rich_table(source: DrillSource) -> Table | None:
    """All-time drill scores as a Rich table (``cardtui scores``), None when there are none."""
    data = rows(source)
    if not data:
        return None
    table = Table(title="Blackjack drills — all time", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, collapse_padding=True)
    for i, name in enumerate(COLUMNS):
        table.add_column(name, justify="left" if i < 2 else "right")
    for row in data:
        table.add_row(*row)
    return table
