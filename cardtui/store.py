"""The scoreboard store: the one place cardtui writes results to disk.

SQLite from the standard library, in WAL mode with a busy timeout so several
cardtui processes (SSH sessions) can share one file. Each settled round is
written in a single transaction the moment it settles, so a process killed
right after a round was shown as settled has still recorded it.

A database that cannot be opened is moved aside with a timestamped name and
a fresh one is created; :attr:`Store.notice` tells the player what happened.
Damage deeper in the file, found by a later read or write, is handled the
same way (and the write is retried on the fresh file), so start-up does not
pay for a full integrity check of a long history.

>>> store = Store(":memory:")
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", bet=10, net=15,
...     outcome=Outcome.WIN, blackjack=True)], session_id="s1")
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", bet=10, net=-10,
...     outcome=Outcome.LOSS)], session_id="s1")
>>> t = store.totals(Game.BLACKJACK)[0]
>>> t.player, t.rounds, t.wins, t.losses, t.blackjacks, t.net, t.biggest_win
('Ann', 2, 1, 1, 1, 5, 15)
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

from cardtui.settings import set_aside

BUSY_TIMEOUT_MS = 5_000

_T = TypeVar("_T")


class Game(StrEnum):
    BLACKJACK = "blackjack"
    HOLDEM = "holdem"

    @property
    def title(self) -> str:
        return "Blackjack" if self is Game.BLACKJACK else "Texas Hold'em"


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    PUSH = "push"


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in one settled round (or one hold'em hand)."""

    player: str
    bet: int
    net: int
    outcome: Outcome
    blackjack: bool = False
    bust: bool = False
    doubled: bool = False
    split: bool = False
    surrendered: bool = False
    insured: bool = False
    decisions: int = 0  # trainer: decisions taken this round
    mistakes: int = 0  # trainer: of those, how many differed from basic strategy
    pot: int = 0  # hold'em: chips won from pots this hand
    showdown: bool = False
    showdown_won: bool = False


@dataclass(frozen=True)
class Totals:
    """Aggregates for one player in one game."""

    game: Game
    player: str
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    pushes: int = 0
    blackjacks: int = 0
    net: int = 0
    biggest_win: int = 0
    decisions: int = 0
    mistakes: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    biggest_pot: int = 0

    @property
    def mistake_rate(self) -> float | None:
        return self.mistakes / self.decisions if self.decisions else None


@dataclass(frozen=True)
class TournamentResult:
    player: str
    place: int
    entrants: int


_RESULT_COLUMNS = [f.name for f in fields(SeatResult)]


def _migrate_1(db: sqlite3.Connection) -> None:
    _run_statements(
        db,
        """
        CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            game TEXT NOT NULL,
            played_at REAL NOT NULL
        );
        CREATE TABLE results (
            id INTEGER PRIMARY KEY,
            round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
            player TEXT NOT NULL,
            bet INTEGER NOT NULL,
            net INTEGER NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'push')),
            blackjack INTEGER NOT NULL DEFAULT 0,
            bust INTEGER NOT NULL DEFAULT 0,
            doubled INTEGER NOT NULL DEFAULT 0,
            split INTEGER NOT NULL DEFAULT 0,
            surrendered INTEGER NOT NULL DEFAULT 0,
            insured INTEGER NOT NULL DEFAULT 0,
            decisions INTEGER NOT NULL DEFAULT 0,
            mistakes INTEGER NOT NULL DEFAULT 0,
            pot INTEGER NOT NULL DEFAULT 0,
            showdown INTEGER NOT NULL DEFAULT 0,
            showdown_won INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX results_round ON results(round_id);
        CREATE INDEX rounds_game_session ON rounds(game, session_id);
        """
    )


def _migrate_2(db: sqlite3.Connection) -> None:
    _run_statements(
        db,
        """
        CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            player TEXT NOT NULL,
            place INTEGER NOT NULL CHECK (place >= 1),
            entrants INTEGER NOT NULL CHECK (entrants >= 2),
            played_at REAL NOT NULL
        );
        """
    )


def _run_statements(db: sqlite3.Connection, script: str) -> None:
    # Not executescript(): it commits first, and a migration must be one
    # transaction together with its user_version bump.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


#: Migration ``n`` takes a database from schema version ``n - 1`` to ``n``.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_migrate_1, _migrate_2)
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The database could not be used even after setting the old one aside."""


class Store:
    """Scoreboard persistence. Open with a path (or ``":memory:"`` in tests)."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self.notice: str | None = None
        #: Called with a notice when damage is found after opening (the app shows it).
        self.on_notice: Callable[[str], None] | None = None
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            if str(path) == ":memory:":
                raise StoreError(str(error)) from error
            self._db = self._recover(Path(path), error)

    # -- opening -----------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        if str(self.path) != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a round is
        # exactly one transaction.
        db = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
            check_same_thread=False,
        )
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            # NORMAL is durable across a killed process in WAL mode (only a
            # power cut can lose the last commit), and much faster than FULL.
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            # Reading the schema proves the file is a database at all; deeper
            # damage surfaces on use and is handled in _guarded().
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _guarded(self, operation: Callable[[], _T]) -> _T:
        """Run ``operation``; if the file turns out to be damaged, start afresh and retry."""
        try:
            return operation()
        except (sqlite3.IntegrityError, sqlite3.OperationalError):
            raise  # a bad value, or a busy database: not damage
        except sqlite3.DatabaseError as error:
            if str(self.path) == ":memory:":
                raise
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = self._recover(Path(self.path), error)
            if self.on_notice is not None and self.notice:
                self.on_notice(self.notice)
            return operation()

    def _recover(self, path: Path, error: sqlite3.DatabaseError) -> sqlite3.Connection:
        if not path.exists():
            raise StoreError(f"cannot create the scoreboard at {path}: {error}") from error
        aside = set_aside(path)
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.replace(aside.with_name(aside.name + suffix))
        self.notice = (
            f"The scoreboard file was damaged ({error}); it was moved to {aside.name} "
            "and a new one was started."
        )
        try:
            return self._open()
        except sqlite3.DatabaseError as second:
            raise StoreError(f"cannot create the scoreboard at {path}: {second}") from second

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"schema version {version} is newer than this cardtui ({SCHEMA_VERSION})"
            )
        for number in range(version + 1, SCHEMA_VERSION + 1):
            db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[number - 1](db)
                db.execute(f"PRAGMA user_version = {number}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    @property
    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    # -- writing -----------------------------------------------------------

    def record_round(
        self, game: Game, results: Sequence[SeatResult], session_id: str = ""
    ) -> int:
        """Write one settled round, all seats, in one transaction; return its id."""
        if not results:
            raise ValueError("a round needs at least one seat result")
        return self._guarded(lambda: self._record_round(game, results, session_id))

    def _record_round(self, game: Game, results: Sequence[SeatResult], session_id: str) -> int:
        placeholders = ", ".join("?" for _ in _RESULT_COLUMNS)
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cursor = db.execute(
                "INSERT INTO rounds (session_id, game, played_at) VALUES (?, ?, ?)",
                (session_id, Game(game).value, time.time()),
            )
            round_id = int(cursor.lastrowid or 0)
            db.executemany(
                f"INSERT INTO results (round_id, {', '.join(_RESULT_COLUMNS)}) "
                f"VALUES (?, {placeholders})",
                [(round_id, *_row(r)) for r in results],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return round_id

    def record_tournament(
        self, player: str, place: int, entrants: int, session_id: str = ""
    ) -> None:
        self._guarded(lambda: self._record_tournament(player, place, entrants, session_id))

    def _record_tournament(self, player: str, place: int, entrants: int, session_id: str) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(
                "INSERT INTO tournaments (session_id, player, place, entrants, played_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (session_id, player, place, entrants, time.time()),
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def reset(self) -> None:
        """Delete every recorded result (the UI asks for confirmation first)."""
        self._guarded(self._reset)

    def _reset(self) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM results")
            db.execute("DELETE FROM rounds")
            db.execute("DELETE FROM tournaments")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    # -- reading -----------------------------------------------------------

    def totals(self, game: Game, session_id: str | None = None) -> list[Totals]:
        """Per-player aggregates for ``game``, all time or for one session."""
        return self._guarded(lambda: self._totals(game, session_id))

    def _totals(self, game: Game, session_id: str | None) -> list[Totals]:
        where, params = "r.game = ?", [Game(game).value]
        if session_id is not None:
            where += " AND r.session_id = ?"
            params.append(session_id)
        rows = self._db.execute(
            f"""
            SELECT s.player, COUNT(*),
                   SUM(s.outcome = 'win'), SUM(s.outcome = 'loss'), SUM(s.outcome = 'push'),
                   SUM(s.blackjack), SUM(s.net), MAX(MAX(s.net, 0)),
                   SUM(s.decisions), SUM(s.mistakes),
                   SUM(s.showdown), SUM(s.showdown_won), MAX(s.pot)
            FROM results s JOIN rounds r ON r.id = s.round_id
            WHERE {where}
            GROUP BY s.player
            ORDER BY COUNT(*) DESC, s.player
            """,
            params,
        ).fetchall()
        return [Totals(Game(game), row[0], *(int(v or 0) for v in row[1:])) for row in rows]

    def tournaments(self, session_id: str | None = None) -> list[TournamentResult]:
        return self._guarded(lambda: self._tournaments(session_id))

    def _tournaments(self, session_id: str | None) -> list[TournamentResult]:
        query = "SELECT player, place, entrants FROM tournaments"
        params: list[str] = []
        if session_id is not None:
            query += " WHERE session_id = ?"
            params.append(session_id)
        rows = self._db.execute(query + " ORDER BY id", params).fetchall()
        return [TournamentResult(*row) for row in rows]

    def round_count(self) -> int:
        return self._guarded(self._round_count)

    def _round_count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0])


def _row(result: SeatResult) -> tuple[object, ...]:
    values = []
    for name in _RESULT_COLUMNS:
        value = getattr(result, name)
        if isinstance(value, Outcome):
            value = value.value
        elif isinstance(value, bool):
            value = int(value)
        values.append(value)
    return tuple(values)
