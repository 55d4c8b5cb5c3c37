"""One SQLite connection to the scoreboard, used by one thread at a time.

WAL mode, so readers never wait for a writer and several cardtui processes
(SSH sessions) share one file. Each write is one ``BEGIN IMMEDIATE``
transaction (:meth:`Database._transaction`), so a round is stored whole or
not at all. Every SQLite or file-system error leaves this module as a
:class:`~cardtui.store.problems.StoreError` that says which kind of trouble
it is; deciding what to do about it (wait, retry, set a damaged file aside)
is :class:`~cardtui.store.keeper.Store`'s job.

>>> from cardtui.store.records import Outcome
>>> db = Database(":memory:")
>>> db.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN)], "s", 0.0)
1
>>> db.totals(Game.BLACKJACK)[0].net
15
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from cardtui.games import Game
from cardtui.store.blank import keep_copy, write_blank
from cardtui.store.problems import Problem, StoreError, read_only_disk, store_error
from cardtui.store.records import (
    RESULT_COLUMNS,
    START_BALANCE,
    Bankroll,
    BankrollChange,
    BankrollKind,
    DrillScore,
    HandHistory,
    SeatResult,
    Totals,
    TournamentResult,
)
from cardtui.store.schema import (
    BANKROLL_SINCE,
    DRILLS_SINCE,
    HAND_HISTORIES_SINCE,
    MIGRATIONS,
    PROFILE_BANKROLL_SINCE,
    SAVED_TABLES_SINCE,
    SCHEMA_VERSION,
    SHARED_HANDS_SINCE,
    TOURNAMENT_ROUNDS_SINCE,
    TOURNAMENTS_SINCE,
)
from cardtui.store.sql import Connection

MEMORY = ":memory:"


def keep_blank() -> None:
    """Build an empty database once and keep its bytes (blank.py) for every new file after it."""
    with tempfile.TemporaryDirectory(prefix="cardtui-blank-") as folder:
        path = Path(folder) / "blank.sqlite3"
        Database(path).close()  # closed: its write-ahead log is folded into the file
        keep_copy(path.read_bytes())


class Database:
    """The scoreboard file, opened for writing (migrated to the current schema) or read-only.

    ``read_only=True`` never creates, migrates or otherwise changes the file:
    ``cardtui scores`` reads an older schema as it is.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False, busy_ms: int = 0) -> None:
        self.path = path
        self.read_only = read_only
        #: The file's schema version (``PRAGMA user_version``) once opened.
        self.version = 0
        #: How long a write waits for another writer (:meth:`wait_for_locks`).
        self.busy_ms = busy_ms
        with self._errors():
            self._db = self._connect(busy_ms)
        try:
            with self._errors():
                self._prepare()
        except BaseException:
            self._db.close()
            raise

    def _connect(self, busy_ms: int) -> Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a round is
        # exactly one transaction. check_same_thread=False: the store hands the
        # connection between the app's thread and its writer thread, one at a
        # time, under a lock.
        timeout = busy_ms / 1000
        if self.read_only:
            # On a read-only disk SQLite cannot make the WAL index it reads
            # through; "immutable" tells it nobody can change the file anyway.
            flags = "immutable=1" if read_only_disk(self.path) else "mode=ro"
            return sqlite3.connect(f"file:{quote(str(self.path))}?{flags}", uri=True,
                                   timeout=timeout, isolation_level=None,
                                   check_same_thread=False)
        if str(self.path) != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            write_blank(Path(self.path))  # a new file, if an empty one is kept (blank.py)
        return sqlite3.connect(self.path, timeout=timeout, isolation_level=None,
                               check_same_thread=False)

    def _prepare(self) -> None:
        db = self._db
        # Reading the schema proves the file is a database at all; deeper
        # damage surfaces on use.
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        self.version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if self.version > SCHEMA_VERSION:
            raise StoreError(
                Problem.NEWER, self.path,
                f"schema {self.version}; this cardtui knows up to {SCHEMA_VERSION}",
            )
        if self.read_only:
            return
        db.execute("PRAGMA journal_mode = WAL")
        # NORMAL is durable across a killed process in WAL mode (only a power
        # cut can lose the last commit), and much faster than FULL.
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA foreign_keys = ON")
        for number in range(self.version + 1, SCHEMA_VERSION + 1):
            with self._transaction():
                MIGRATIONS[number - 1](db)
                db.execute(f"PRAGMA user_version = {number}")
            self.version = number

    # -- plumbing ----------------------------------------------------------

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's and the file system's errors into a :class:`StoreError`.

        A constraint violation is a bug in the caller, not trouble with the
        file, and stays a :class:`sqlite3.IntegrityError`.
        """
        try:
            yield
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError):
            raise
        except (sqlite3.Error, OSError) as error:
            raise store_error(error, self.path) from error

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One write transaction: committed whole, or rolled back whole."""
        db = self._db
        with self._errors():
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                # A failed COMMIT (a full disk) may already have rolled back.
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._errors():
            return self._db.execute(sql, params).fetchall()

    def wait_for_locks(self, milliseconds: int) -> None:
        """How long the next statements wait for another writer's lock before giving up."""
        self.busy_ms = milliseconds
        with self._errors():
            self._db.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    # -- writing -----------------------------------------------------------

    def record_round(
        self, game: Game, results: Sequence[SeatResult], session_id: str, played_at: float,
        hand_history: str | None = None, bankroll: BankrollChange | None = None,
        shared_hand: str | None = None, tournament: bool = False,
    ) -> int:
        """Write one settled round, all seats, in one transaction; return its id.

        ``hand_history`` (PHH text) and the ``bankroll`` change the round made
        are kept with the round, in the same transaction. ``shared_hand`` names
        a shared table's hand: one already recorded writes nothing (the room
        sent it again) and its round's id is returned (0 after a reset).
        ``tournament``: a tournament's hand, played with tournament chips; cash
        results (:meth:`totals`, :meth:`round_nets`) leave it out.

        >>> from cardtui.store.records import Outcome
        >>> db = Database(":memory:")
        >>> row = [SeatResult("Ann", 10, 15, Outcome.WIN)]
        >>> [db.record_round(Game.HOLDEM, row, "s", 0.0, shared_hand="r:t1:1") for _ in "ab"]
        [1, 1]
        >>> db.round_count()
        1
        """
        placeholders = ", ".join("?" for _ in RESULT_COLUMNS)
        with self._transaction() as db:
            if shared_hand is not None:
                # Looked up inside the write transaction (BEGIN IMMEDIATE): two
                # game processes of one profile cannot both find it missing.
                found = db.execute("SELECT round_id FROM shared_hands WHERE key = ?",
                                   (shared_hand,)).fetchone()
                if found is not None:
                    return int(found[0] or 0)
            # RETURNING (SQLite 3.35, PostgreSQL): the new id on both backends.
            round_id = int(db.execute(
                "INSERT INTO rounds (session_id, game, played_at, tournament) "
                "VALUES (?, ?, ?, ?) RETURNING id",
                (session_id, Game(game).value, played_at, int(tournament)),
            ).fetchone()[0])
            db.executemany(
                f"INSERT INTO results (round_id, {', '.join(RESULT_COLUMNS)}) "
                f"VALUES (?, {placeholders})",
                [(round_id, *result.row()) for result in results],
            )
            if hand_history is not None:
                db.execute("INSERT INTO hand_histories (round_id, text) VALUES (?, ?)",
                           (round_id, hand_history))
            if bankroll is not None:
                self._insert_bankroll(db, bankroll, session_id, round_id)
            if shared_hand is not None:
                db.execute("INSERT INTO shared_hands (key, round_id) VALUES (?, ?)",
                           (shared_hand, round_id))
        return round_id

    def has_shared_hand(self, key: str) -> bool:
        """Whether the shared table's hand ``key`` is recorded."""
        if self.version < SHARED_HANDS_SINCE:
            return False
        return bool(self._query("SELECT 1 FROM shared_hands WHERE key = ?", (key,)))

    def record_bankroll(self, change: BankrollChange, session_id: str,
                        shared_hand: str | None = None) -> None:
        """Write one buy-in, cash-out or rebuy (a result comes with its round).

        A result comes alone only when a reset dropped its waiting round; a
        shared hand's is still written once (see :meth:`record_round`).
        """
        with self._transaction() as db:
            if shared_hand is not None:
                if db.execute("SELECT 1 FROM shared_hands WHERE key = ?",
                              (shared_hand,)).fetchone():
                    return
                db.execute("INSERT INTO shared_hands (key) VALUES (?)", (shared_hand,))
            self._insert_bankroll(db, change, session_id, None)

    @staticmethod
    def _insert_bankroll(db: Connection, change: BankrollChange, session_id: str,
                         round_id: int | None) -> None:
        if change.held_or_bank:
            # Inside the write transaction: whatever another game of the profile
            # wrote before, the chips at the place are read as they are now.
            held = db.execute("SELECT COALESCE(SUM(stake), 0) FROM bankroll WHERE game = ? "
                              "AND place = ?", (Game(change.game).value, change.place))
            change = change.resolved(int(held.fetchone()[0]))
        db.execute(
            "INSERT INTO bankroll (player, game, kind, bank, stake, place, round_id, session_id, "
            "at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (change.player, Game(change.game).value, BankrollKind(change.kind).value,
             change.bank, change.stake, change.place, round_id, session_id, change.at),
        )

    def record_tournament(
        self, player: str, place: int, entrants: int, session_id: str, played_at: float
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tournaments (session_id, player, place, entrants, played_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (session_id, player, place, entrants, played_at),
            )

    def save_table(self, key: str, state: str | None, saved_at: float) -> None:
        """Keep a table in play under ``key`` (replacing what was kept); None forgets it."""
        with self._transaction() as db:
            if state is None:
                db.execute("DELETE FROM saved_tables WHERE key = ?", (key,))
                return
            db.execute(
                "INSERT INTO saved_tables (key, state, saved_at) VALUES (?, ?, ?) "
                "ON CONFLICT(key) DO UPDATE SET state = excluded.state, "
                "saved_at = excluded.saved_at",
                (key, state, saved_at),
            )

    def saved_table(self, key: str) -> str | None:
        """The table kept under ``key``, or None."""
        if self.version < SAVED_TABLES_SINCE:
            return None
        rows = self._query("SELECT state FROM saved_tables WHERE key = ?", [key])
        return str(rows[0][0]) if rows else None

    def record_drill(
        self, player: str, kind: str, asked: int, correct: int, session_id: str,
        played_at: float,
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO drills (session_id, player, kind, asked, correct, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, player, kind, asked, correct, played_at),
            )

    def reset(self) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM hand_histories")
            db.execute("DELETE FROM results")
            db.execute("DELETE FROM rounds")
            db.execute("DELETE FROM tournaments")
            db.execute("DELETE FROM drills")

    # -- reading -----------------------------------------------------------

    def totals(self, game: Game, session_id: str | None = None) -> list[Totals]:
        """Per-player aggregates for ``game``, all time or for one session."""
        if self.version < 1:  # an empty file: nothing recorded yet
            return []
        where, params = "r.game = ?" + self._cash(), [Game(game).value]
        if session_id is not None:
            where += " AND r.session_id = ?"
            params.append(session_id)
        rows = self._query(
            f"""
            SELECT s.player, COUNT(*),
                   SUM(CASE WHEN s.outcome = 'win' THEN 1 ELSE 0 END),
                   SUM(CASE WHEN s.outcome = 'loss' THEN 1 ELSE 0 END),
                   SUM(CASE WHEN s.outcome = 'push' THEN 1 ELSE 0 END),
                   SUM(s.blackjack), SUM(s.net), MAX(CASE WHEN s.net > 0 THEN s.net ELSE 0 END),
                   SUM(s.decisions), SUM(s.mistakes),
                   SUM(s.showdown), SUM(s.showdown_won), MAX(s.pot)
            FROM results s JOIN rounds r ON r.id = s.round_id
            WHERE {where}
            GROUP BY s.player
            ORDER BY COUNT(*) DESC, s.player
            """,
            params,
        )
        return [Totals(Game(game), str(row[0]), *(int(v or 0) for v in row[1:])) for row in rows]

    def _cash(self) -> str:
        """The condition that keeps cash rounds only (none before rounds said which)."""
        return " AND r.tournament = 0" if self.version >= TOURNAMENT_ROUNDS_SINCE else ""

    def tournaments(self, session_id: str | None = None) -> list[TournamentResult]:
        if self.version < TOURNAMENTS_SINCE:
            return []
        query, params = "SELECT player, place, entrants FROM tournaments", []
        if session_id is not None:
            query += " WHERE session_id = ?"
            params.append(session_id)
        return [TournamentResult(*row) for row in self._query(query + " ORDER BY id", params)]

    def drills(self, session_id: str | None = None) -> list[DrillScore]:
        if self.version < DRILLS_SINCE:
            return []
        query, params = "SELECT player, kind, asked, correct FROM drills", []
        if session_id is not None:
            query += " WHERE session_id = ?"
            params.append(session_id)
        return [DrillScore(*row) for row in self._query(query + " ORDER BY id", params)]

    def hand_histories(self, session_id: str | None = None, *,
                       tournaments: bool = True) -> list[HandHistory]:
        """The kept hand histories, oldest first, all time or for one session;
        ``tournaments=False``: cash hands only (statistics: tournament chips are not money)."""
        if self.version < HAND_HISTORIES_SINCE:
            return []
        query = ("SELECT h.round_id, r.game, h.format, h.text, r.played_at FROM hand_histories h "
                 "JOIN rounds r ON r.id = h.round_id WHERE 1 = 1")
        if not tournaments:
            query += self._cash()
        params: list[object] = []
        if session_id is not None:
            query += " AND r.session_id = ?"
            params.append(session_id)
        return [HandHistory(int(row[0]), Game(row[1]), str(row[2]), str(row[3]), float(row[4]))
                for row in self._query(query + " ORDER BY h.round_id", params)]

    def bankroll(self, game: Game) -> Bankroll:
        """The profile's chips in ``game`` as the file has them (the start balance if none)."""
        start = Bankroll(Game(game))
        if self.version < BANKROLL_SINCE:
            return start
        bank, stake, rebuys, rebought, names = self._query(
            "SELECT SUM(bank), SUM(stake), SUM(CASE WHEN kind = 'rebuy' THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN kind = 'rebuy' THEN bank ELSE 0 END), COUNT(DISTINCT player) "
            "FROM bankroll WHERE game = ?",
            (Game(game).value,),
        )[0]
        if self.version < PROFILE_BANKROLL_SINCE:
            # Read as it is (cardtui scores): schema 5 kept a balance per name,
            # each from the start balance; migration 6 adds them up the same way.
            bank = int(bank or 0) + START_BALANCE * max(int(names or 0) - 1, 0)
        return Bankroll(Game(game), start.balance + int(bank or 0), int(stake or 0),
                        int(rebuys or 0), int(rebought or 0))

    def chips_at(self, game: Game) -> dict[str, int]:
        """The profile's chips at each table in ``game`` (places with none are left out)."""
        if self.version < BANKROLL_SINCE:
            return {}
        place = "place" if self.version >= PROFILE_BANKROLL_SINCE else "''"
        rows = self._query(
            f"SELECT {place}, SUM(stake) FROM bankroll WHERE game = ? GROUP BY {place}",
            (Game(game).value,))
        return {str(where): int(stake) for where, stake in rows if stake}

    def bankroll_changes(self, game: Game) -> list[BankrollChange]:
        """Every change to the profile's chips in ``game``, oldest first (for a balance chart)."""
        if self.version < BANKROLL_SINCE:
            return []
        place = "place" if self.version >= PROFILE_BANKROLL_SINCE else "''"
        rows = self._query(
            f"SELECT player, kind, bank, stake, at, {place} FROM bankroll WHERE game = ? "
            "ORDER BY id", (Game(game).value,))
        return [BankrollChange(str(player), Game(game), BankrollKind(kind), int(bank),
                               int(stake), float(at), str(where))
                for player, kind, bank, stake, at, where in rows]

    def round_nets(self, game: Game, player: str, session_id: str | None = None) -> list[int]:
        """``player``'s result in each round of ``game`` they played, oldest first."""
        if self.version < 1:
            return []
        query = ("SELECT SUM(s.net) FROM results s JOIN rounds r ON r.id = s.round_id "
                 "WHERE r.game = ? AND s.player = ?" + self._cash())
        params: list[object] = [Game(game).value, player]
        if session_id is not None:
            query += " AND r.session_id = ?"
            params.append(session_id)
        rows = self._query(query + " GROUP BY r.id ORDER BY r.id", params)
        return [int(row[0] or 0) for row in rows]

    def round_count(self) -> int:
        if self.version < 1:
            return 0
        return int(self._query("SELECT COUNT(*) FROM rounds")[0][0])

    @property
    def schema_version(self) -> int:
        return int(self._query("PRAGMA user_version")[0][0])
