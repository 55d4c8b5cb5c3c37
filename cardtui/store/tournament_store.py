"""The room's sit-and-gos between runs: each one's state between hands, and the places.

Kept in the room's own SQLite file (:mod:`cardtui.store.room_store`), in two
tables of their own created when first needed (``IF NOT EXISTS``: they ask
nothing of the room store's schema version, which other parts of the room
move). A sit-and-go's state is one JSON document written in one transaction
after every hand it settles and at each registration; a server killed during
a hand therefore comes back to the state before that hand, which is the hand
voided with every bet back. The places are written once, as a tournament
ends, for the leaderboard's all-time figures.

A write that fails is logged and the room plays on, as the room store does.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from cardtui.store.room_store import RoomStore

log = logging.getLogger("cardtui.store.room")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sit_and_gos (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_places (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    sit_and_go TEXT NOT NULL,
    profile TEXT NOT NULL,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    prize INTEGER NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class KeptPlace:
    """One finisher of a sit-and-go, for the all-time leaderboard."""

    at: float
    sit_and_go: str
    profile: str
    name: str
    place: int
    prize: int


class TournamentStore:
    """The sit-and-go tables of ``store``'s file (nothing is kept when it is not usable)."""

    def __init__(self, store: object) -> None:
        # The room store's connection: one file, one writer, its transactions and its
        # handling of a failed write (the same package; the room store has no other).
        # A room store elsewhere (PostgreSQL, cardtui.store.room_postgres) keeps no
        # sit-and-go yet: they last for the run.
        db = getattr(store, "_db", None)
        self.store = store if isinstance(store, RoomStore) else None
        self._db: sqlite3.Connection | None = (
            db if isinstance(db, sqlite3.Connection) and self.store is not None else None)
        if self._db is None and store is not None:
            log.info("this room store keeps no sit-and-go: they last for this run")
        if self._db is not None and self.store is not None:
            with self.store._writing("the sit-and-go tables") as db:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)

    @property
    def usable(self) -> bool:
        return self._db is not None

    def states(self) -> dict[str, str]:
        """Every kept sit-and-go's state (JSON), by id, in the order they were first kept."""
        if self._db is None:
            return {}
        rows = self._db.execute("SELECT id, state FROM sit_and_gos ORDER BY rowid").fetchall()
        return {str(i): str(s) for i, s in rows}

    def keep_state(self, sit_and_go: str, state: str) -> None:
        if self._db is None:
            return
        assert self.store is not None
        with self.store._writing("a sit-and-go") as db:
            db.execute("INSERT INTO sit_and_gos (id, state) VALUES (?, ?) "
                       "ON CONFLICT(id) DO UPDATE SET state=excluded.state", (sit_and_go, state))

    def finish(self, sit_and_go: str, places: list[KeptPlace]) -> None:
        """The tournament is over: its places kept for good and its state dropped, at once."""
        if self._db is None:
            return
        assert self.store is not None
        with self.store._writing("a sit-and-go's places") as db:
            db.executemany(
                "INSERT INTO tournament_places (at, sit_and_go, profile, name, place, prize) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(p.at, p.sit_and_go, p.profile, p.name, p.place, p.prize) for p in places])
            db.execute("DELETE FROM sit_and_gos WHERE id = ?", (sit_and_go,))

    def drop(self, sit_and_go: str) -> None:
        if self._db is None:
            return
        assert self.store is not None
        with self.store._writing("a sit-and-go dropped") as db:
            db.execute("DELETE FROM sit_and_gos WHERE id = ?", (sit_and_go,))

    def places(self) -> list[KeptPlace]:
        if self._db is None:
            return []
        rows = self._db.execute(
            "SELECT at, sit_and_go, profile, name, place, prize FROM tournament_places "
            "ORDER BY id").fetchall()
        return [KeptPlace(float(a), str(s), str(p), str(n), int(pl), int(pr))
                for a, s, p, n, pl, pr in rows]
