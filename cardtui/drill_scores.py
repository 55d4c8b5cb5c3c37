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
KINDS = ("hard", "soft", "pairs", "all", "leaks", "misses", "count", "index", "true count",
         "countdown 1", "countdown 2")


class TrainerSource(Protocol):
    """The trainer's book (:class:`~cardtui.store.trainer_store.TrainerBook`)."""

    def miss_counts(self) -> list[tuple[str, str, int]]: ...

    def best_times(self) -> list[tuple[str, str, float]]: ...


#: Short enough for the scoreboard's page at 80 columns.
TRAINER_COLUMNS = ["Player", "Misses", "In drills", "At tables", "Count-down 1 deck", "2 decks"]


def trainer_rows(book: TrainerSource) -> list[list[str]]:
    """Per player: the misses kept (for "drill my misses") and the best count-down times."""
    misses: dict[str, dict[str, int]] = {}
    for player, source, count in book.miss_counts():
        misses.setdefault(player, {})[source] = count
    times: dict[str, dict[str, float]] = {}
    for player, drill, seconds in book.best_times():
        times.setdefault(player, {})[drill] = seconds
    out = []
    for player in sorted(set(misses) | set(times)):
        kept = misses.get(player, {})
        best = times.get(player, {})
        out.append([player, str(sum(kept.values())), str(kept.get("drill", 0)),
                    str(kept.get("table", 0)),
                    *(f"{best[d]:.1f} s" if d in best else "-"
                      for d in ("countdown-1", "countdown-2"))])
    return out


def rich_trainer_table(book: TrainerSource) -> Table | None:
    """The misses kept and best count-downs as a Rich table, None when there are none."""
    data = trainer_rows(book)
    if not data:
        return None
    table = Table(title="Blackjack trainer — misses kept, best count-downs",
                  title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  collapse_padding=True)
    for i, name in enumerate(TRAINER_COLUMNS):
        table.add_column(name, justify="left" if i < 1 else "right")
    for row in data:
        table.add_row(*row)
    return table


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
