"""The scoreboard's tables, one migration per schema version (``PRAGMA user_version``)."""

from __future__ import annotations

from collections.abc import Callable

from cardtui.store.records import START_BALANCE
from cardtui.store.sql import Connection


def _migrate_1(db: Connection) -> None:
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


def _migrate_2(db: Connection) -> None:
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


def _migrate_3(db: Connection) -> None:
    # Practice drills: a strategy drill's score (kind hard/soft/pairs/all) or
    # the count drill's (kind "count", one question a run).
    _run_statements(
        db,
        """
        CREATE TABLE drills (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            asked INTEGER NOT NULL CHECK (asked >= 1),
            correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= asked),
            played_at REAL NOT NULL
        );
        """
    )


def _migrate_4(db: Connection) -> None:
    # A hold'em hand's history (PHH text), kept with its round so the
    # statistics and the replayer read what was played, not what was summed.
    _run_statements(
        db,
        """
        CREATE TABLE hand_histories (
            round_id INTEGER PRIMARY KEY REFERENCES rounds(id) ON DELETE CASCADE,
            format TEXT NOT NULL DEFAULT 'phh',
            text TEXT NOT NULL
        );
        """
    )


def _migrate_5(db: Connection) -> None:
    # The kept bankroll: one row per change, per player name and game. ``bank``
    # is the change to the balance off the table, ``stake`` to the chips at a
    # table; a settled result moves only the stake (its round_id ties it to
    # the round, written in the same transaction; UNIQUE: never twice). A
    # scoreboard reset deletes rounds but not chips: SET NULL, not CASCADE.
    _run_statements(
        db,
        """
        CREATE TABLE bankroll (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('buy-in', 'cash-out', 'rebuy', 'result')),
            bank INTEGER NOT NULL,
            stake INTEGER NOT NULL,
            round_id INTEGER UNIQUE REFERENCES rounds(id) ON DELETE SET NULL,
            session_id TEXT NOT NULL,
            at REAL NOT NULL
        );
        CREATE INDEX bankroll_player_game ON bankroll(player, game);
        """
    )


def _migrate_6(db: Connection) -> None:
    # The bankroll becomes the profile's, not a player name's: renaming the
    # player no longer starts a new balance. Each name had its own balance
    # (START_BALANCE plus its changes); they become one, and nothing is lost:
    # each name after the first in a game brings its starting chips as a
    # 'start' row, placed just before that name's first change. ``place``
    # says which table a stake is at ('' a local table, 'room:<id>' a shared
    # one). SQLite cannot change a CHECK, so the table is made anew.
    _run_statements(
        db,
        """
        CREATE TABLE bankroll_6 (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            kind TEXT NOT NULL
                CHECK (kind IN ('buy-in', 'cash-out', 'rebuy', 'result', 'start')),
            bank INTEGER NOT NULL,
            stake INTEGER NOT NULL,
            place TEXT NOT NULL DEFAULT '',
            round_id INTEGER UNIQUE REFERENCES rounds(id) ON DELETE SET NULL,
            session_id TEXT NOT NULL,
            at REAL NOT NULL
        )
        """,
    )
    named: set[tuple[str, str]] = set()
    games: set[str] = set()
    rows = db.execute("SELECT player, game, kind, bank, stake, round_id, session_id, at "
                      "FROM bankroll ORDER BY id").fetchall()
    insert = ("INSERT INTO bankroll_6 (player, game, kind, bank, stake, round_id, session_id, at)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    for player, game, kind, bank, stake, round_id, session_id, at in rows:
        if (player, game) not in named:
            if game in games:
                db.execute(insert, (player, game, "start", START_BALANCE, 0, None, session_id, at))
            named.add((player, game))
            games.add(game)
        db.execute(insert, (player, game, kind, bank, stake, round_id, session_id, at))
    _run_statements(
        db,
        """
        DROP TABLE bankroll;
        ALTER TABLE bankroll_6 RENAME TO bankroll;
        CREATE INDEX bankroll_game_place ON bankroll(game, place)
        """,
    )


def _migrate_7(db: Connection) -> None:
    # A shared table's hand, named for good (the room's id, the table, the hand
    # number): the room sends a hand again until the game acknowledges it, so a
    # hand already recorded must not be recorded (nor move chips) twice. Its own
    # table, not a column of ``rounds``: a scoreboard reset deletes the rounds but
    # not the chips they moved, so the names stay (SET NULL) and a hand the room
    # sends again after a reset still moves nothing.
    _run_statements(
        db,
        """
        CREATE TABLE shared_hands (
            key TEXT PRIMARY KEY,
            round_id INTEGER REFERENCES rounds(id) ON DELETE SET NULL
        )
        """,
    )


def _migrate_8(db: Connection) -> None:
    # A tournament's hands are played with tournament chips, not money: a
    # round says so, and cash results (net, bb/100) leave them out. A
    # tournament's result is its place (the ``tournaments`` table). Rounds
    # recorded before cannot be told apart and stay counted as cash.
    _run_statements(
        db, "ALTER TABLE rounds ADD COLUMN tournament INTEGER NOT NULL DEFAULT 0")


def _migrate_9(db: Connection) -> None:
    # A local tournament between hands (the table's JSON snapshot), so that
    # leaving it, or a killed game, resumes it rather than starting a new one.
    # One row per key (the tournament's owner); dropped once it is finished.
    _run_statements(
        db,
        """
        CREATE TABLE saved_tables (
            key TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            saved_at REAL NOT NULL
        )
        """,
    )


def _run_statements(db: Connection, script: str) -> None:
    # Not executescript(): it commits first, and a migration must be one
    # transaction together with its user_version bump.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


#: Migration ``n`` takes a database from schema version ``n - 1`` to ``n``.
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _migrate_1, _migrate_2, _migrate_3, _migrate_4, _migrate_5, _migrate_6, _migrate_7,
    _migrate_8, _migrate_9)
SCHEMA_VERSION = len(MIGRATIONS)
#: The first schema version with the ``tournaments`` table.
TOURNAMENTS_SINCE = 2
#: The first schema version with the ``drills`` table.
DRILLS_SINCE = 3
#: The first schema version with the ``hand_histories`` table.
HAND_HISTORIES_SINCE = 4
#: The first schema version with the ``bankroll`` table.
BANKROLL_SINCE = 5
#: The first schema version with one bankroll per profile (and ``place``).
PROFILE_BANKROLL_SINCE = 6
#: The first schema version that names shared tables' hands (``shared_hands``).
SHARED_HANDS_SINCE = 7
#: The first schema version that tells a tournament's rounds from cash ones.
TOURNAMENT_ROUNDS_SINCE = 8
#: The first schema version that keeps a tournament in play (``saved_tables``).
SAVED_TABLES_SINCE = 9
