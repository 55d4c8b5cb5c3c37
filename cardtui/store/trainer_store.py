"""The trainer's book: each profile's missed decisions and best count-down times.

Kept in its own small SQLite file beside the scoreboard (``trainer.sqlite3``
in the data directory), so the scoreboard's schema and its writer are left as
they are. Writes are one short transaction each, from the UI's thread (a
drill's end, a round settled); trouble with the file is logged, never raised
into a drill: a player who cannot save a miss can still practise.

>>> from cardtui.blackjack.leaks import Miss, MissSource
>>> from cardtui.blackjack.records import Action
>>> book = TrainerBook(":memory:")
>>> miss = Miss(("Th", "6s"), "Tc", Action.HIT, Action.SURRENDER, (Action.HIT,), MissSource.DRILL)
>>> book.add_misses("Ann", [miss, miss], at=1.0)
>>> len(book.misses("Ann")), book.miss_counts()
(2, [('Ann', 'drill', 2)])
>>> book.drop_miss("Ann", miss); len(book.misses("Ann"))
1
>>> book.record_time("Ann", "countdown-1", 41.5, at=2.0); book.best_times()
[('Ann', 'countdown-1', 41.5)]
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cardtui.blackjack.leaks import Miss, MissSource
from cardtui.blackjack.records import Action

log = logging.getLogger(__name__)

FILE_NAME = "trainer.sqlite3"

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS misses (
        id INTEGER PRIMARY KEY,
        player TEXT NOT NULL,
        source TEXT NOT NULL,
        cards TEXT NOT NULL,
        up_card TEXT NOT NULL,
        given TEXT NOT NULL,
        best TEXT NOT NULL,
        moves TEXT NOT NULL,
        at REAL NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS misses_player ON misses(player)",
    """CREATE TABLE IF NOT EXISTS times (
        id INTEGER PRIMARY KEY,
        player TEXT NOT NULL,
        drill TEXT NOT NULL,
        seconds REAL NOT NULL,
        at REAL NOT NULL
    )""",
)
#: A profile keeps its latest misses, this many at most (old ones fall off).
KEEP_MISSES = 200


def trainer_path(root: Path) -> Path:
    return root / FILE_NAME


class TrainerBook:
    """Misses and best times per player, in one SQLite file (``:memory:`` in doctests)."""

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self._db: sqlite3.Connection | None = None

    def exists(self) -> bool:
        """Whether the book's file is there (a read-only reader opens nothing otherwise)."""
        return str(self.path) == ":memory:" or Path(self.path).is_file()

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is None:
            try:
                if self.read_only:
                    self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
                else:
                    if isinstance(self.path, Path):
                        self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._db = sqlite3.connect(self.path)
                    with self._db:
                        for statement in _SCHEMA:
                            self._db.execute(statement)
            except (sqlite3.Error, OSError) as error:
                log.warning("trainer book %s: %s", self.path, error)
                self._db = None
        return self._db

    def _write(self, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
        db = self._connect()
        if db is None or self.read_only:
            return
        try:
            with db:
                db.executemany(sql, rows)
        except sqlite3.Error as error:
            log.warning("trainer book %s: %s", self.path, error)

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        db = self._connect()
        if db is None:
            return []
        try:
            return list(db.execute(sql, params))
        except sqlite3.Error as error:  # a read-only file from before the tables, say
            log.warning("trainer book %s: %s", self.path, error)
            return []

    def add_misses(self, player: str, misses: Sequence[Miss], *, at: float) -> None:
        if not misses:
            return
        self._write(
            "INSERT INTO misses (player, source, cards, up_card, given, best, moves, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(player, m.source.value, " ".join(m.cards), m.up_card, m.given.value, m.best.value,
              ",".join(a.value for a in m.moves), at) for m in misses])
        self._write("DELETE FROM misses WHERE player = ? AND id NOT IN (SELECT id FROM misses "
                    "WHERE player = ? ORDER BY id DESC LIMIT ?)",
                    [(player, player, KEEP_MISSES)])

    def misses(self, player: str) -> list[Miss]:
        """``player``'s kept misses, oldest first."""
        rows = self._read("SELECT source, cards, up_card, given, best, moves FROM misses "
                          "WHERE player = ? ORDER BY id", [player])
        out = []
        for source, cards, up, given, best, moves in rows:
            try:
                out.append(Miss(tuple(str(cards).split()), str(up), Action(str(given)),
                                Action(str(best)),
                                tuple(Action(m) for m in str(moves).split(",") if m),
                                MissSource(str(source))))
            except ValueError:  # a row a newer cardtui wrote: skipped
                continue
        return out

    def drop_miss(self, player: str, miss: Miss) -> None:
        """Forget one copy of ``miss`` (answered right in "drill my misses")."""
        self._write("DELETE FROM misses WHERE id = (SELECT id FROM misses WHERE player = ? AND "
                    "cards = ? AND up_card = ? ORDER BY id LIMIT 1)",
                    [(player, " ".join(miss.cards), miss.up_card)])

    def miss_counts(self) -> list[tuple[str, str, int]]:
        """(player, source, misses kept) for every player."""
        return [(str(p), str(s), int(n)) for p, s, n in self._read(  # type: ignore[call-overload]
            "SELECT player, source, COUNT(*) FROM misses GROUP BY player, source "
            "ORDER BY player, source")]

    def record_time(self, player: str, drill: str, seconds: float, *, at: float) -> None:
        self._write("INSERT INTO times (player, drill, seconds, at) VALUES (?, ?, ?, ?)",
                    [(player, drill, seconds, at)])

    def best_time(self, player: str, drill: str) -> float | None:
        rows = self._read("SELECT MIN(seconds) FROM times WHERE player = ? AND drill = ?",
                          [player, drill])
        value = rows[0][0] if rows else None
        return float(value) if isinstance(value, int | float) else None

    def best_times(self) -> list[tuple[str, str, float]]:
        return [(str(p), str(d), float(s)) for p, d, s in self._read(  # type: ignore[arg-type]
            "SELECT player, drill, MIN(seconds) FROM times GROUP BY player, drill "
            "ORDER BY player, drill")]

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
