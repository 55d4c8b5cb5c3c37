"""Which backend a scoreboard is opened on: a SQLite file, or PostgreSQL for a URL."""

from __future__ import annotations

from pathlib import Path

from cardtui.store.database import Database
from cardtui.store.room_store import RoomStore
from cardtui.store.sql import is_url


def open_database(where: Path | str, *, read_only: bool = False, busy_ms: int = 0) -> Database:
    """The scoreboard at ``where``: a SQLite file, or a PostgreSQL URL (``postgresql://…``)."""
    if is_url(where):
        # Imported here: psycopg is the cluster extra's, not every player's.
        from cardtui.store.postgres import PostgresDatabase

        return PostgresDatabase(str(where), read_only=read_only, busy_ms=busy_ms)
    return Database(where, read_only=read_only, busy_ms=busy_ms)


def open_room_store(where: Path | str, part: str | None = None) -> RoomStore:
    """The room's store: its SQLite file, or the schema ``room`` at a PostgreSQL URL
    (``part``: one table of a room across hosts, in a schema of its own)."""
    if is_url(where):
        from cardtui.store.room_postgres import PgRoomStore

        return PgRoomStore(str(where), part)
    path = Path(where)
    if part is not None:  # (room.sqlite3: room-t1.sqlite3 beside it)
        path = path.with_name(f"{path.stem}-{part}{path.suffix}")
    return RoomStore(path)
