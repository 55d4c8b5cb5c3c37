"""The room's store on PostgreSQL (``cardtui serve --store postgresql://…``).

:class:`~cardtui.store.room_store.RoomStore`'s SQL in the schema ``room`` of the
URL's database: one store for every host of a room. Only opening (the version
table and the migrations under the schema's lock, :mod:`cardtui.store.postgres`)
and a write's transaction differ; a write that fails is logged and the room plays
on, as with the SQLite file.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast
from urllib.parse import parse_qsl, urlsplit

from cardtui.store.not_begun import nothing_written
from cardtui.store.postgres import (
    CONNECT_TIMEOUT,
    PgConnection,
    pg_errors,
    pg_transaction,
    redacted,
    with_schema,
)
from cardtui.store.problems import Problem, StoreError
from cardtui.store.room_store import (
    _SCHEMA,
    _SCHEMA_2,
    _SCHEMA_3,
    _SCHEMA_4,
    ROOM_SCHEMA_VERSION,
    RoomStore,
)
from cardtui.store.sql import SCHEMA_PARAMETER

log = logging.getLogger("cardtui.store.room")

#: The room's schema in the URL's database (the profiles' are ``p_…``).
ROOM_SCHEMA = "room"


def room_schema(url: str, part: str | None = None) -> str:
    """The room's schema: ``room``, or ``<name>_room`` when the URL names a schema
    (``cardtui_schema=friday``): two rooms in one database keep their seats, ledgers and
    tables apart (so do two tests on one server). ``part``: one table of a room across
    hosts, kept by whichever host runs it (:mod:`cardtui.cluster.shards`), in a schema of
    its own beside the room's.

    >>> room_schema("postgresql://db/cardtui"), room_schema("postgresql://db/c?cardtui_schema=fri")
    ('room', 'fri_room')
    >>> room_schema("postgresql://db/cardtui", "t2")
    'room_t2'
    """
    named = dict(parse_qsl(urlsplit(url).query)).get(SCHEMA_PARAMETER)
    schema = f"{named}_{ROOM_SCHEMA}" if named else ROOM_SCHEMA
    return f"{schema}_{part}" if part else schema


class PgRoomStore(RoomStore):
    def __init__(self, url: str, part: str | None = None) -> None:
        super().__init__(with_schema(url, room_schema(url, part)))

    def _open(self) -> sqlite3.Connection:
        url = str(self.path)
        with pg_errors(url):
            pg = PgConnection(url)
            version = pg.version()
            if version > ROOM_SCHEMA_VERSION:
                pg.close()
                raise StoreError(Problem.NEWER, redacted(url),
                                 f"schema {version}; this cardtui knows up to "
                                 f"{ROOM_SCHEMA_VERSION}")
            if version < ROOM_SCHEMA_VERSION:
                # Under the schema's lock, the version read again: hosts starting
                # together migrate once.
                with pg_transaction(pg, url, wait_ms=CONNECT_TIMEOUT * 1000):
                    version = pg.version()
                    steps = "".join([_SCHEMA, _SCHEMA_2, _SCHEMA_3, _SCHEMA_4][version:])
                    for statement in steps.split(";"):
                        if statement.strip():
                            pg.execute(statement)
                    pg.set_version(ROOM_SCHEMA_VERSION)
        # Typed as the SQLite connection the room store (and the stores built on its
        # connection) declare: they use only execute() and in_transaction, which a
        # PgConnection has with the same SQL (cardtui.store.sql.Connection).
        return cast(sqlite3.Connection, pg)

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction; a failure is logged, never raised (the room plays on)."""
        db = cast(PgConnection, self._db)
        began = False
        try:
            with pg_transaction(db, str(self.path), wait_ms=CONNECT_TIMEOUT * 1000):
                began = True
                yield cast(sqlite3.Connection, db)
        except StoreError as error:
            log.warning("the room's store could not keep %s: %s", what, error)
            if not began:  # (PostgreSQL away: the body must still run, and write nothing)
                yield from nothing_written()
