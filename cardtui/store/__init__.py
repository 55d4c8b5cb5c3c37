"""The scoreboard store: the one place cardtui writes results to disk.

- :mod:`~cardtui.store.records`: what is kept (a seat's result, totals, a hand
  history, a bankroll and its changes).
- :mod:`~cardtui.store.schema`: the tables, one migration per version.
- :mod:`~cardtui.store.problems`: busy, full, read-only, newer, damaged: told apart.
- :mod:`~cardtui.store.database`: one SQLite connection, one transaction per write.
- :mod:`~cardtui.store.keeper`: :class:`Store`, which writes without blocking the
  table and keeps in memory whatever cannot be saved yet.
"""

from cardtui.games import Game
from cardtui.store.database import Database
from cardtui.store.keeper import Store, unsaved_report
from cardtui.store.pending import PendingWrite
from cardtui.store.problems import Problem, StoreError
from cardtui.store.records import (
    START_BALANCE,
    Bankroll,
    BankrollChange,
    BankrollKind,
    BankrollUnknown,
    DrillScore,
    HandHistory,
    Outcome,
    SeatResult,
    Totals,
    TournamentResult,
)
from cardtui.store.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "MIGRATIONS", "SCHEMA_VERSION", "START_BALANCE", "Bankroll", "BankrollChange", "BankrollKind",
    "BankrollUnknown", "Database", "DrillScore", "Game", "HandHistory", "Outcome",
    "PendingWrite", "Problem", "SeatResult", "Store", "StoreError", "Totals", "TournamentResult",
    "unsaved_report",
]  # fmt: skip
