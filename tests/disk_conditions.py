"""Real disk trouble for tests: a full file system and a read-only one.

Each runs a Python script in a private mount namespace (``unshare``): a tiny
tmpfs that fills up for real, or a read-only bind mount of a directory. The
script prints one JSON object on its last line, which is returned.

Where a mount namespace cannot be made (no ``unshare``, no user
namespaces), the full-disk script runs in place and ``fill_disk()`` makes
every write transaction fail as SQLite does on a full disk (``SQLITE_FULL``,
"database or disk is full"); the read-only one runs with the directory's
write permission removed, which stops anyone but root.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

_UNSHARE = ["unshare", "--mount"] if os.geteuid() == 0 else [
    "unshare", "--user", "--map-root-user", "--mount"]

#: Defines fill_disk() and free_disk() for the script: real, or the stand-in.
_FULL_DISK_HELPERS = """
import contextlib, os, sqlite3
from cardtui.store import database, pending

_real_transaction = database.Database._transaction
_real_disk_room = pending.disk_room

@contextlib.contextmanager
def _full_transaction(self):
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = 13  # SQLITE_FULL
    with self._errors():
        raise error
    yield

def fill_disk():
    if os.environ.get("FAKE_FULL"):
        database.Database._transaction = _full_transaction
        pending.disk_room = lambda path: (0, True)  # what the writer looks at: no room
        return
    with open(os.path.join(DISK, "filler"), "wb", buffering=0) as filler:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    filler.write(b"x" * size)
            except OSError:
                pass

def free_disk():
    if os.environ.get("FAKE_FULL"):
        database.Database._transaction = _real_transaction
        pending.disk_room = _real_disk_room
        return
    os.remove(os.path.join(DISK, "filler"))
"""


@functools.cache
def can_mount() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run([*_UNSHARE, "sh", "-c", "mount -t tmpfs tmpfs /mnt"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


def _last_json(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def run_on_full_disk(disk: Path, script: str, size: str = "512k") -> dict[str, Any]:
    """Run ``script`` with ``DISK`` (a str) naming a small file system mounted at ``disk``."""
    disk.mkdir(parents=True, exist_ok=True)
    body = f"DISK = {str(disk)!r}\n{_FULL_DISK_HELPERS}\n{textwrap.dedent(script)}"
    if can_mount():
        command = [*_UNSHARE, "sh", "-c", f'mount -t tmpfs -o size={size} tmpfs "$1" && '
                   'exec "$2" -c "$3"', "sh", str(disk), sys.executable, body]
        env = dict(os.environ)
    else:
        command, env = [sys.executable, "-c", body], {**os.environ, "FAKE_FULL": "1"}
    return _last_json(subprocess.run(command, capture_output=True, text=True, timeout=120,
                                     env=env))


def run_on_read_only_disk(folder: Path, script: str) -> dict[str, Any]:
    """Run ``script`` with ``folder`` mounted read-only (``DISK`` names it)."""
    body = f"DISK = {str(folder)!r}\n{textwrap.dedent(script)}"
    if can_mount():
        command = [*_UNSHARE, "sh", "-c", 'mount --bind "$1" "$1" && '
                   'mount -o remount,bind,ro "$1" && exec "$2" -c "$3"',
                   "sh", str(folder), sys.executable, body]
        return _last_json(subprocess.run(command, capture_output=True, text=True, timeout=120))
    mode = folder.stat().st_mode
    folder.chmod(0o555)
    try:
        return _last_json(subprocess.run([sys.executable, "-c", body], capture_output=True,
                                         text=True, timeout=120))
    finally:
        folder.chmod(mode)
