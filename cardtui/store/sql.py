"""What the stores ask of a database connection: SQLite's own, or PostgreSQL's behind
:class:`~cardtui.store.postgres.PgConnection`, which speaks the same SQL.

The stores write their statements once, with ``?`` placeholders and the SQL both
databases understand (``ON CONFLICT``, ``RETURNING``, ``CASE``); only opening,
locking and the schema's version differ, and those live in each backend.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

#: The URL schemes that name a PostgreSQL server instead of a file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


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
