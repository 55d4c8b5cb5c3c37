"""Why the scoreboard cannot be used right now, told apart.

Only real damage (SQLite's ``SQLITE_CORRUPT`` and ``SQLITE_NOTADB``) is a
reason to set the file aside. A busy database, a full disk, a read-only disk
and a schema from a newer cardtui are all healthy files that must be left
exactly as they are: each gets its own message, and the writer waits or
retries instead. Result codes: https://www.sqlite.org/rescode.html

>>> classify(OSError(errno.ENOSPC, "No space left on device"))
<Problem.FULL: 'full'>
>>> print(StoreError(Problem.BUSY, "cardtui.sqlite3"))
The scoreboard cardtui.sqlite3 is busy: another program is holding it
"""

from __future__ import annotations

import errno
import os
import sqlite3
from enum import StrEnum
from pathlib import Path

# Primary result codes (the low byte of an extended code).
_SQLITE_PERM = 3
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26


class Problem(StrEnum):
    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read-only"
    NEWER = "newer"
    DAMAGED = "damaged"
    UNAVAILABLE = "unavailable"

    @property
    def worth_retrying(self) -> bool:
        """A newer schema stays newer; everything else may clear up while cardtui runs."""
        return self is not Problem.NEWER


class StoreError(Exception):
    """The scoreboard cannot be used: :attr:`problem` says why, ``str()`` says it to a player."""

    def __init__(self, problem: Problem, path: Path | str, detail: str = "") -> None:
        self.problem = problem
        self.path = path
        self.detail = detail
        super().__init__(self._sentence())

    def _sentence(self) -> str:
        where, why = self.path, f" ({self.detail})" if self.detail else ""
        match self.problem:
            case Problem.BUSY:
                return f"The scoreboard {where} is busy: another program is holding it{why}"
            case Problem.FULL:
                return f"The disk holding the scoreboard {where} is full"
            case Problem.READ_ONLY:
                return f"The scoreboard {where} cannot be written{why}"
            case Problem.NEWER:
                return (f"The scoreboard {where} was written by a newer cardtui{why}; "
                        "it is left exactly as it is")
            case Problem.DAMAGED:
                return f"The scoreboard {where} is damaged{why}"
        return f"The scoreboard {where} cannot be used{why}"


def classify(error: BaseException, path: Path | str | None = None) -> Problem:
    """What kind of trouble ``error`` (from SQLite or the file system) means."""
    if isinstance(error, sqlite3.Error):
        code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
        if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return Problem.BUSY
        if code == _SQLITE_FULL:
            return Problem.FULL
        if code in (_SQLITE_READONLY, _SQLITE_PERM):
            return Problem.READ_ONLY
        if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            return Problem.DAMAGED
        if code in (_SQLITE_CANTOPEN, _SQLITE_IOERR) and path is not None and read_only_disk(path):
            return Problem.READ_ONLY
        return Problem.UNAVAILABLE
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return Problem.FULL
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return Problem.READ_ONLY
    return Problem.UNAVAILABLE


def store_error(error: sqlite3.Error | OSError, path: Path | str) -> StoreError:
    problem = classify(error, path)
    if problem is Problem.READ_ONLY and read_only_disk(path):
        detail = "the disk is mounted read-only"
    elif isinstance(error, OSError) and error.strerror:
        detail = error.strerror
    else:
        detail = str(error)
    return StoreError(problem, path, detail)


def read_only_disk(path: Path | str) -> bool:
    """SQLite says only "unable to open" for a file on a read-only mount; ask the mount."""
    folder = Path(path).parent
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False
