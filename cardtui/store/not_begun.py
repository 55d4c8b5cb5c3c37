"""A room store's write whose transaction could not begin: its statements are skipped.

The room's stores write each change in one transaction (``_writing``, a context
manager whose body runs the statements) and never raise: a failure is logged and the
room plays on. When the transaction cannot even begin (PostgreSQL killed and not back
yet; SQLite's file locked), a context manager cannot skip its body, so it hands the
body a connection that refuses its first statement, and swallows that refusal:
nothing is written, nothing is raised. (Before, the manager returned without yielding,
and contextlib raised ``RuntimeError("generator didn't yield")`` into the room: a hand
ending with PostgreSQL away answered "The room could not do that".)
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any, cast


class NotBegun(Exception):
    """A statement sent on :data:`UNWRITABLE` (the transaction never began)."""


class _Unwritable:
    in_transaction = False

    def execute(self, *_: Any) -> Any:
        raise NotBegun

    def executemany(self, *_: Any) -> Any:
        raise NotBegun


def nothing_written() -> Iterator[sqlite3.Connection]:
    """``yield from`` this in a ``_writing`` whose transaction could not begin: the body
    stops at its first statement, and the manager exits quietly."""
    with contextlib.suppress(NotBegun):
        yield cast(sqlite3.Connection, _Unwritable())
