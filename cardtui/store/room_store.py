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
from cardtui.store.not_begun import nothing_written
from cardtui.store.problems import Problem, StoreError, store_error

log = logging.getLogger("cardtui.store.room")

#: The file's name in the data directory.
ROOM_STORE_NAME = "room.sqlite3"
#: The schema this cardtui writes (``PRAGMA user_version``).
ROOM_SCHEMA_VERSION = 4
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

#: Version 4: what a room across hosts keeps so that another host resumes it when its
#: owner dies (:mod:`cardtui.room.resume`): the room's id and owner (``room_meta``), each
#: table's seats and stacks after its last settled hand, each table's hand number, the
#: settled hands not yet acknowledged, and tonight's ledger.
_SCHEMA_4 = """
CREATE TABLE room_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE kept_seats (
    tbl TEXT NOT NULL,
    seat INTEGER NOT NULL,
    profile TEXT NOT NULL,
    name TEXT NOT NULL,
    stack INTEGER NOT NULL,
    guest INTEGER NOT NULL,
    PRIMARY KEY (tbl, seat)
);
CREATE TABLE kept_hands (
    tbl TEXT PRIMARY KEY,
    hand INTEGER NOT NULL,
    in_play INTEGER NOT NULL
);
CREATE TABLE unseen_hands (
    profile TEXT NOT NULL,
    tbl TEXT NOT NULL,
    hand INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (profile, tbl, hand)
);
CREATE TABLE tonight (
    profile TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    hands INTEGER NOT NULL,
    net INTEGER NOT NULL,
    bought_in INTEGER NOT NULL,
    cashed_out INTEGER NOT NULL,
    guest INTEGER NOT NULL
);
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
class KeptSeat:
    """A seat a room across hosts keeps: who sits there and their stack after the table's
    last settled hand (:mod:`cardtui.room.resume`)."""

    table: str
    seat: int
    profile: str
    name: str
    stack: int
    guest: bool


@dataclass(frozen=True, slots=True)
class KeptTonight:
    """A line of tonight's ledger (:class:`cardtui.room.ledger.Standing`'s figures)."""

    profile: str
    name: str
    hands: int
    net: int
    bought_in: int
    cashed_out: int
    guest: bool


@dataclass(frozen=True, slots=True)
class KeptPlay:
    """One write of a room's play since the last (:meth:`RoomStore.keep_play`): the seats
    of each table named (all of them: a table's rows are replaced), hand numbers, settled
    hands kept until acknowledged and those acknowledged, tonight's changed lines."""

    seats: dict[str, list[KeptSeat]]
    hands: dict[str, tuple[int, bool]]
    unseen: list[tuple[str, str, int, str]]
    seen: list[tuple[str, str, int]]
    tonight: list[KeptTonight]


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
                steps = [_SCHEMA, _SCHEMA_2, _SCHEMA_3, _SCHEMA_4][version:]
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
        except sqlite3.Error as error:
            log.warning("the room's store could not keep %s: %s", what,
                        store_error(error, self.path))
            yield from nothing_written()
            return
        try:
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

    # --- a room resumed by another host (cardtui.room.resume) ----------------------------

    def room_meta(self, key: str) -> str | None:
        if self._db is None:
            return None
        row = self._db.execute("SELECT value FROM room_meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def take_room(self, owner: str, room_id: str) -> str:
        """Make ``owner`` the one room whose writes count (a fence: a stalled host that lost
        the room writes nothing after this); the room's id, ``room_id`` if it had none."""
        if self._db is None:
            return room_id
        kept = room_id
        with self._writing("the room's owner") as db:
            row = db.execute("SELECT value FROM room_meta WHERE key = 'id'").fetchone()
            if row is None:
                db.execute("INSERT INTO room_meta (key, value) VALUES ('id', ?)", (room_id,))
            else:
                kept = str(row[0])
            db.execute("INSERT INTO room_meta (key, value) VALUES ('owner', ?) ON CONFLICT(key) "
                       "DO UPDATE SET value = excluded.value", (owner,))
        return kept

    def kept_seats(self) -> list[KeptSeat]:
        if self._db is None:
            return []
        rows = self._db.execute("SELECT tbl, seat, profile, name, stack, guest FROM kept_seats "
                                "ORDER BY tbl, seat").fetchall()
        return [KeptSeat(str(t), int(s), str(p), str(n), int(k), bool(g))
                for t, s, p, n, k, g in rows]

    def kept_hands(self) -> dict[str, tuple[int, bool]]:
        if self._db is None:
            return {}
        return {str(t): (int(h), bool(p)) for t, h, p in
                self._db.execute("SELECT tbl, hand, in_play FROM kept_hands")}

    def unseen_hands(self) -> list[tuple[str, str]]:
        """Each settled hand kept until acknowledged: the profile and the message (JSON)."""
        if self._db is None:
            return []
        rows = self._db.execute("SELECT profile, message FROM unseen_hands "
                                "ORDER BY tbl, hand").fetchall()
        return [(str(p), str(m)) for p, m in rows]

    def tonight(self) -> list[KeptTonight]:
        if self._db is None:
            return []
        rows = self._db.execute("SELECT profile, name, hands, net, bought_in, cashed_out, guest "
                                "FROM tonight").fetchall()
        return [KeptTonight(str(p), str(n), int(h), int(net), int(b), int(c), bool(g))
                for p, n, h, net, b, c, g in rows]

    def keep_play(self, owner: str, play: KeptPlay) -> bool:
        """Write ``play`` in one transaction if ``owner`` still owns the room (False: another
        host took it, and nothing was written)."""
        if self._db is None:
            return True
        owning = True
        with self._writing("the seats and hands") as db:
            row = db.execute("SELECT value FROM room_meta WHERE key = 'owner'").fetchone()
            owning = row is not None and str(row[0]) == owner
            if not owning:
                return False
            for table, seats in play.seats.items():
                db.execute("DELETE FROM kept_seats WHERE tbl = ?", (table,))
                for seat in seats:
                    db.execute("INSERT INTO kept_seats (tbl, seat, profile, name, stack, guest) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (seat.table, seat.seat, seat.profile,
                                                             seat.name, seat.stack,
                                                             int(seat.guest)))
            for table, (hand, in_play) in play.hands.items():
                db.execute("INSERT INTO kept_hands (tbl, hand, in_play) VALUES (?, ?, ?) "
                           "ON CONFLICT(tbl) DO UPDATE SET hand = excluded.hand, "
                           "in_play = excluded.in_play", (table, hand, int(in_play)))
            for profile, table, hand, message in play.unseen:
                db.execute("INSERT INTO unseen_hands (profile, tbl, hand, message) "
                           "VALUES (?, ?, ?, ?) ON CONFLICT(profile, tbl, hand) DO NOTHING",
                           (profile, table, hand, message))
            for profile, table, hand in play.seen:
                db.execute("DELETE FROM unseen_hands WHERE profile = ? AND tbl = ? AND hand = ?",
                           (profile, table, hand))
            for line in play.tonight:
                db.execute("INSERT INTO tonight (profile, name, hands, net, bought_in, "
                           "cashed_out, guest) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(profile) "
                           "DO UPDATE SET name = excluded.name, hands = excluded.hands, "
                           "net = excluded.net, bought_in = excluded.bought_in, "
                           "cashed_out = excluded.cashed_out, guest = excluded.guest",
                           (line.profile, line.name, line.hands, line.net, line.bought_in,
                            line.cashed_out, int(line.guest)))
        return owning

    def end_room(self, owner: str) -> None:
        """The room closed for good (its last owner stopped): the next one starts afresh
        (a new id, no seats, no ledger for tonight), unless another host owns it now."""
        if self._db is None:
            return
        with self._writing("the room's end") as db:
            row = db.execute("SELECT value FROM room_meta WHERE key = 'owner'").fetchone()
            if row is None or str(row[0]) != owner:
                return
            for table in ("room_meta", "kept_seats", "kept_hands", "unseen_hands", "tonight"):
                db.execute(f"DELETE FROM {table}")  # noqa: S608 - the names above, no input

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
