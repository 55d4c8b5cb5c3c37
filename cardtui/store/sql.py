"""What the stores ask of a database connection: SQLite's own, or PostgreSQL's behind
:class:`~cardtui.store.postgres.PgConnection`, which speaks the same SQL.

The stores write their statements once, with ``?`` placeholders and the SQL both
databases understand (``ON CONFLICT``, ``RETURNING``, ``CASE``); only opening,
locking and the schema's version differ, and those live in each backend.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

#: The URL schemes that name a PostgreSQL server instead of a file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: The URL's own parameter naming the schema (taken off before psycopg reads the URL).
SCHEMA_PARAMETER = "cardtui_schema"
#: The schema used when the URL names none.
DEFAULT_SCHEMA = "cardtui"
#: A served game's scoreboard URL (its profile's schema), set by ``cardtui serve --store``.
STORE_VARIABLE = "CARDTUI_STORE"


class Cursor(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...

    @property
    def in_transaction(self) -> bool: ...

    def close(self) -> None: ...


def is_url(where: Path | str) -> bool:
    """Whether ``where`` names a PostgreSQL server (a URL) rather than a SQLite file.

    >>> is_url("postgresql://cardtui@db/cardtui"), is_url("/home/ann/cardtui.sqlite3")
    (True, False)
    """
    return isinstance(where, str) and where.startswith(POSTGRES_SCHEMES)


def split_url(url: str) -> tuple[str, str]:
    """The URL psycopg connects with, and the schema it names (``cardtui_schema=``).

    >>> split_url("postgresql://ann:pw@db:5432/room?cardtui_schema=p_ann&sslmode=require")
    ('postgresql://ann:pw@db:5432/room?sslmode=require', 'p_ann')
    >>> split_url("postgresql://db/room")
    ('postgresql://db/room', 'cardtui')
    """
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == SCHEMA_PARAMETER), DEFAULT_SCHEMA)
    rest = urlencode([(k, v) for k, v in query if k != SCHEMA_PARAMETER])
    return urlunsplit(parts._replace(query=rest)), schema


def with_schema(url: str, schema: str) -> str:
    """``url`` naming ``schema`` (replacing any it named).

    >>> with_schema("postgresql://db/room?cardtui_schema=x", "room")
    'postgresql://db/room?cardtui_schema=room'
    """
    base, _ = split_url(url)
    parts = urlsplit(base)
    query = parse_qsl(parts.query, keep_blank_values=True) + [(SCHEMA_PARAMETER, schema)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def schema_for(profile: str) -> str:
    """A profile's schema: its key in letters PostgreSQL takes unquoted, short enough
    (63 bytes at most), and told apart by a hash when two keys would read alike.

    >>> schema_for("SHA256:ab+c/d")
    'p_sha256_ab_c_d_57cc015d'
    """
    plain = re.sub(r"[^a-z0-9]+", "_", profile.lower()).strip("_")[:40]
    digest = hashlib.sha256(profile.encode()).hexdigest()[:8]
    return f"p_{plain}_{digest}"


def profile_store(url: str, profile: Path) -> str:
    """The URL of a served player's scoreboard: the schema of their profile (named after
    the key's digest, the same on every host of a room).

    >>> profile_store("postgresql://db/room", Path("/srv/profiles/4ae3a1ec"))
    'postgresql://db/room?cardtui_schema=p_4ae3a1ec_4d314a9d'
    """
    return with_schema(url, schema_for(profile.name))
