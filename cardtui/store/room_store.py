"""The room's own store: what ``cardtui serve``'s room keeps between runs.

One SQLite file beside the profiles (``DATA_DIR/room.sqlite3``): the
leaderboard's all-time figures per player key, the log of host actions, the
bans, and the tables players opened from the lobby with their options (a
private one with its invite code), seat approvals and time banks. The
room reads it once as it starts and writes each change as it happens, one
transaction each, in WAL mode: a server killed at any moment leaves every
committed change and nothing half-written (SQLite's journal).

As the players' scoreboard does (:mod:`cardtui.store.keeper`), a damaged
file is set aside (``room.sqlite3.corrupt-<stamp>``, its WAL with it), a new
one is started and :attr:`RoomStore.notice` says so; a file from a newer
cardtui is left exactly as it is and this run keeps nothing. A write that
fails (a full disk) is logged and the room plays on: it never stops a game.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cardtui.locations import set_aside
from cardtui.store.problems import Problem, StoreError, store_error

log = logging.getLogger("cardtui.store.room")

#: The file's name in the data directory.
ROOM_STORE_NAME = "room.sqlite3"
#: The schema this cardtui writes (``PRAGMA user_version``).
ROOM_SCHEMA_VERSION = 3
#: Host actions read back at a start: the log's last lines (it is also the host's
#: terminal's record; a room running for years needs no more in memory).
ACTIONS_KEPT = 1000

_SCHEMA = """
CREATE TABLE standings (
    profile TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    hands INTEGER NOT NULL,
    net INTEGER NOT NULL
);
CREATE TABLE host_actions (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    host TEXT NOT NULL,
    profile TEXT NOT NULL,
    action TEXT NOT NULL,
    tbl TEXT,
    detail TEXT NOT NULL
);
CREATE TABLE bans (
    profile TEXT PRIMARY KEY
);
"""

#: Version 2: the tables players opened from the lobby, with their options (JSON).
_SCHEMA_2 = """
CREATE TABLE created_tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    creator TEXT NOT NULL
);
"""

#: Version 3: a ban's name as the host saw it (the host's list of bans, to lift one),
#: and a kept table's state beyond its options (JSON: a private table's invite code
#: and who it let in, whether the host approves its seats, its players' time banks).
_SCHEMA_3 = """
ALTER TABLE bans ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE created_tables ADD COLUMN state TEXT NOT NULL DEFAULT '{}';
"""


@dataclass(frozen=True, slots=True)
class KeptTable:
    """A table a player opened: its game ("holdem", "blackjack"), its options as JSON
    (checked again as untrusted values when the room opens it), who opened it."""

    id: str
    game: str
    options: str
    creator: str
    #: JSON: ``code`` and ``invited`` (a private table), ``approval``, ``banks``.
    state: str = "{}"


@dataclass(frozen=True, slots=True)
class KeptStanding:
    profile: str
    name: str
    hands: int
    net: int


@dataclass(frozen=True, slots=True)
class KeptAction:
    at: float
    host: str
    profile: str
    action: str
    table: str | None
    detail: str


class RoomStore:
    """The room's SQLite file; ``notice``: what the host should be told about opening it."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self.notice: str | None = None
        self._db: sqlite3.Connection | None = None
        try:
            self._db = self._open()
        except StoreError as error:
            if error.problem is not Problem.DAMAGED:
                self.notice = f"{_room_words(str(error))}. This run keeps nothing there."
                log.warning("%s", self.notice)
                return
            self._db = self._afresh(error)

    # --- opening -------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (sqlite3.Error, OSError) as error:
            raise store_error(error, self.path) from error
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a database at all?
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > ROOM_SCHEMA_VERSION:
                raise StoreError(Problem.NEWER, self.path,
                                 f"schema {version}; this cardtui knows up to "
                                 f"{ROOM_SCHEMA_VERSION}")
            db.execute("PRAGMA journal_mode=WAL")
            # WAL with NORMAL: a commit survives the server being killed (only a power
            # cut may lose the last ones), without an fsync per settled hand.
            db.execute("PRAGMA synchronous=NORMAL")
            if version < ROOM_SCHEMA_VERSION:
                # One transaction: a server killed here leaves the file as it was.
                steps = [_SCHEMA, _SCHEMA_2, _SCHEMA_3][version:]
                db.executescript(f"BEGIN IMMEDIATE;{''.join(steps)}"
                                 f"PRAGMA user_version={ROOM_SCHEMA_VERSION};COMMIT;")
            # Damage past the first page shows on reading: read everything once now.
            db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.Error as error:
            db.close()
            raise store_error(error, self.path) from error
        except StoreError:
            db.close()
            raise
        return db

    def _afresh(self, error: StoreError) -> sqlite3.Connection | None:
        """Set the damaged file aside (with its WAL) and start a new one; say so."""
        try:
            path = Path(self.path)
            aside = set_aside(path)
            for suffix in ("-wal", "-shm"):
                side = path.with_name(path.name + suffix)
                if side.exists():
                    side.replace(aside.with_name(aside.name + suffix))
            db = self._open()
        except (OSError, StoreError) as again:
            self.notice = (f"The room's store {self.path} is damaged ({error.detail}) and "
                           f"could not be replaced ({again}); this run keeps nothing.")
            log.warning("%s", self.notice)
            return None
        self.notice = (f"The room's store was damaged ({error.detail}); it was moved to "
                       f"{aside.name} and a new one was started: the leaderboard's all-time "
                       "figures, the host's log and the bans start again.")
        log.warning("%s", self.notice)
        return db

    @property
    def usable(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # --- reading (once, as the room starts) -------------------------------------------

    def standings(self) -> list[KeptStanding]:
        if self._db is None:
            return []
        rows = self._db.execute("SELECT profile, name, hands, net FROM standings").fetchall()
        return [KeptStanding(str(p), str(n), int(h), int(net)) for p, n, h, net in rows]

    def actions(self) -> list[KeptAction]:
        if self._db is None:
            return []
        rows = self._db.execute(
            "SELECT at, host, profile, action, tbl, detail FROM host_actions "
            "ORDER BY id DESC LIMIT ?", (ACTIONS_KEPT,)).fetchall()
        return [KeptAction(float(at), str(h), str(p), str(a), t, str(d))
                for at, h, p, a, t, d in reversed(rows)]

    def bans(self) -> set[str]:
        return set(self.banned_names())

    def banned_names(self) -> dict[str, str]:
        """Each banned profile and the name it went by when banned ("" before version 3)."""
        if self._db is None:
            return {}
        return {str(p): str(n) for p, n in self._db.execute("SELECT profile, name FROM bans")}

    def tables(self) -> list[KeptTable]:
        if self._db is None:
            return []
        rows = self._db.execute(
            "SELECT id, game, options, creator, state FROM created_tables ORDER BY rowid"
        ).fetchall()
        return [KeptTable(str(i), str(g), str(o), str(c), str(s)) for i, g, o, c, s in rows]

    # --- writing (each change, one transaction) ---------------------------------------

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction; a failure is logged, never raised (the room plays on)."""
        db = self._db
        assert db is not None, "checked by the caller"
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except sqlite3.Error as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            log.warning("the room's store could not keep %s: %s", what,
                        store_error(error, self.path))

    def keep_standing(self, profile: str, name: str, hands: int, net: int) -> None:
        if self._db is None:
            return
        with self._writing("a leaderboard line") as db:
            db.execute("INSERT INTO standings (profile, name, hands, net) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT(profile) DO UPDATE SET name=excluded.name, "
                       "hands=excluded.hands, net=excluded.net", (profile, name, hands, net))

    def keep_action(self, action: KeptAction) -> None:
        if self._db is None:
            return
        with self._writing("a host action") as db:
            db.execute("INSERT INTO host_actions (at, host, profile, action, tbl, detail) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (action.at, action.host, action.profile,
                                                     action.action, action.table,
                                                     action.detail))

    def keep_ban(self, profile: str, name: str = "") -> None:
        if self._db is None:
            return
        with self._writing("a ban") as db:
            db.execute("INSERT INTO bans (profile, name) VALUES (?, ?) "
                       "ON CONFLICT(profile) DO UPDATE SET name = excluded.name",
                       (profile, name))

    def drop_ban(self, profile: str) -> None:
        if self._db is None:
            return
        with self._writing("an unban") as db:
            db.execute("DELETE FROM bans WHERE profile = ?", (profile,))


    def keep_table(self, table: KeptTable) -> None:
        if self._db is None:
            return
        with self._writing("an open table") as db:
            db.execute("INSERT INTO created_tables (id, game, options, creator, state) "
                       "VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                       "game = excluded.game, options = excluded.options, "
                       "creator = excluded.creator, state = excluded.state",
                       (table.id, table.game, table.options, table.creator, table.state))

    def drop_table(self, table_id: str) -> None:
        if self._db is None:
            return
        with self._writing("a closed table") as db:
            db.execute("DELETE FROM created_tables WHERE id = ?", (table_id,))

    def drop_tables(self) -> None:
        """Forget every kept table (the room opens them again under new ids)."""
        if self._db is None:
            return
        with self._writing("the open tables") as db:
            db.execute("DELETE FROM created_tables")


def _room_words(sentence: str) -> str:
    """The store's sentence about "the scoreboard", said of the room's store."""
    return sentence.replace("The scoreboard", "The room's store").replace(
        "the scoreboard", "the room's store")
