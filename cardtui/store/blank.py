"""A new scoreboard file is written whole from a kept copy, not built statement by statement.

A served game's profile is often new (every guest's is), and its first start
ran every migration (:mod:`~cardtui.store.schema`): seven transactions of
table definitions, about 3 ms of CPU, which a crowd of a hundred guests
arriving at once pays a hundred times over (benchmarks/bench_ssh_burst.py).
The game template builds one empty database once
(:func:`cardtui.store.database.keep_blank`, from ``serve/rehearsal.py``, which
hands the bytes to :func:`keep_copy`) and every game forked from it writes those bytes
where its scoreboard file does not exist yet; opening it then finds the
current schema and migrates nothing.

The copy is written beside the file and linked into place, so a second game
of the same profile starting at the same moment finds either no file or a
whole one; whatever goes wrong, the file is built as before.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from cardtui.store.schema import SCHEMA_VERSION

#: The schema version and bytes of an empty database, once kept.
_kept: tuple[int, bytes] | None = None


def keep_copy(image: bytes) -> None:
    """Keep ``image``, an empty database at today's schema, for every new file after it.

    (Built by :mod:`cardtui.store.database`, which imports this module to write
    the copies: this one names no database, so there is no import circle.)
    """
    global _kept
    _kept = (SCHEMA_VERSION, image)


def write_blank(path: Path) -> bool:
    """Write the kept empty database at ``path`` if nothing is there; whether it did.

    >>> write_blank(Path("nowhere")) if _kept is None else False
    False
    """
    if _kept is None or _kept[0] != SCHEMA_VERSION or path.exists():
        return False
    beside = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        # The mode SQLite gives a file it creates, before the umask.
        fd = os.open(beside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(_kept[1])
        os.link(beside, path)  # never over a file another game has made meanwhile
    except OSError:
        return False
    finally:
        with contextlib.suppress(OSError):
            os.unlink(beside)
    return True
