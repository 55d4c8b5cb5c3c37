"""Which game processes of a profile are still running: each holds a lock on a file of its own.

Two game processes of one profile (two terminals, two SSH sessions of one
key) share its scoreboard and its kept chips, and each keeps the chips of its
local tables at a place of its own (:func:`~cardtui.store.records.local_table`).
Chips a process left at its place when it was killed must come back to the
balance, and chips another process is still playing must not. So each
process holds an exclusive ``flock`` on a file named after it, beside the
scoreboard, for as long as it runs: the kernel lets the lock go however the
process ends (``kill -9`` included), and a file whose lock can be taken
belongs to a process that has gone.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> one, two = Alive(folder), Alive(folder)
>>> one.running(two.token), two.running(one.token)
(True, True)
>>> two.close()
>>> one.running(two.token)
False
>>> one.close()
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

try:
    import fcntl
except ImportError:  # (no flock: every process keeps the one shared local place)
    fcntl = None  # type: ignore[assignment]  # (the name is typed as the module)


class Alive:
    """This process's mark in ``folder``: a file it holds locked while it runs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.token = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._fd: int | None = None
        if fcntl is None:
            return
        fd = None
        for _ in range(3):  # (another process may remove the empty folder meanwhile)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                fd = os.open(folder / self.token, os.O_RDWR | os.O_CREAT, 0o600)
                break
            except FileNotFoundError:
                continue
            except OSError:
                return  # a read-only disk, say: the one shared local place, as before
        if fd is None:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return
        self._fd = fd

    @property
    def marked(self) -> bool:
        """Whether this process holds its mark (its local tables have a place of their own)."""
        return self._fd is not None

    def running(self, token: str) -> bool:
        """Whether the process ``token`` still runs (unsure: yes; its chips are left alone)."""
        if token == self.token:
            return True
        if fcntl is None or "/" in token or token in ("", ".", ".."):
            return True
        path = self.folder / token
        try:
            fd = os.open(path, os.O_RDWR)
        except FileNotFoundError:
            return False
        except OSError:
            return True
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True  # held: that process runs
            with contextlib.suppress(OSError):
                os.unlink(path)  # gone: its mark goes too
            return False
        finally:
            os.close(fd)

    def close(self) -> None:
        """This process is done with the profile: its mark goes."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.folder / self.token)
        os.close(fd)  # (the lock goes with the descriptor)
        with contextlib.suppress(OSError):
            self.folder.rmdir()  # the last one leaves nothing beside the scoreboard
