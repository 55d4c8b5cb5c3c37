"""Who is at the table: a player is their SSH key, and each key has a profile.

A profile is an ordinary cardtui data directory (settings, scoreboard, hand
histories), so the child game needs nothing but ``--data-dir``. Its name is
derived from the key fingerprint alone: the SSH user name is whatever the
client typed, so it never becomes part of a path (``ssh ../../etc@host``).
It is only the first player name of a new profile (``ssh ann@host`` sits
down as "ann"), when it is a valid name; the player can change it in Settings.
A guest without a key plays in a fresh directory under ``<root>/guests/``,
removed when they leave, or at the next start if the server was killed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cardtui import locations
from cardtui.names import name_problem
from cardtui.settings import Settings, save_settings

PROFILES = "profiles"
GUESTS = "guests"


def profile_name(fingerprint: str) -> str:
    """The directory name for a key: the SHA-256 of its fingerprint, in hex.

    >>> profile_name("SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU")[:16]
    '4ae3a1ecbe5f748a'
    >>> len(profile_name("anything")), profile_name("a") == profile_name("a")
    (64, True)
    """
    return hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Identity:
    """A seated player: the key's fingerprint (``None`` for a guest) and their data."""

    fingerprint: str | None
    profile_dir: Path

    @property
    def is_guest(self) -> bool:
        return self.fingerprint is None

    @property
    def label(self) -> str:
        """A short name for the server's log, safe to print (no client-chosen text).

        >>> Identity("SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU", Path("p")).label
        'SHA256:47DEQpj8HBSa'
        >>> Identity(None, Path("p")).label
        'guest'
        """
        return "guest" if self.fingerprint is None else self.fingerprint[:19]

    def release(self) -> None:
        """Forget a guest's data when they leave; a key's profile stays."""
        if self.is_guest:
            shutil.rmtree(self.profile_dir, ignore_errors=True)


def member(root: Path, fingerprint: str, login: str = "") -> Identity:
    """The identity of a key holder, creating their profile directory (mode 0700).

    A new profile is named after the SSH ``login`` when that is a valid player
    name; otherwise it keeps the game's default name.
    """
    profile = root / PROFILES / profile_name(fingerprint)
    profile.mkdir(mode=0o700, parents=True, exist_ok=True)
    settings = locations.settings_path(profile)
    if login and name_problem(login) is None and not settings.exists():
        with contextlib.suppress(OSError):  # a name is a courtesy, never a reason to refuse
            save_settings(Settings(player_name=login), settings)
    return Identity(fingerprint, profile)


class GuestHouse:
    """Where one running server keeps its guests: ``<root>/guests/server-XXXX/``.

    The server holds a lock on its folder (``server-XXXX.lock``) for as long
    as it runs; the kernel drops the lock when the server dies, however it
    dies. At start, a folder whose lock nobody holds belongs to a server
    that is gone, and is removed with the guests it left behind.
    """

    def __init__(self, root: Path) -> None:
        self.base = root / GUESTS
        self.base.mkdir(mode=0o700, parents=True, exist_ok=True)
        # One server at a time sweeps and moves in, so none sweeps away a
        # folder another is still setting up.
        with _locked(self.base / ".sweep.lock"):
            self.swept = self._sweep()
            self.folder = Path(tempfile.mkdtemp(prefix="server-", dir=self.base))
            self._lock = os.open(self._lock_path(), os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
            fcntl.flock(self._lock, fcntl.LOCK_EX)

    def _lock_path(self) -> Path:
        return self.folder.with_name(self.folder.name + ".lock")

    def _sweep(self) -> int:
        """Remove what servers that are gone left behind; return how many guests."""
        left = 0
        for entry in self.base.iterdir():
            if entry.name.startswith("."):
                continue
            if entry.suffix == ".lock":
                if entry.with_suffix("").exists():
                    continue  # swept with its folder
                entry = entry.with_suffix("")
            lock = entry.with_name(entry.name + ".lock")
            with contextlib.suppress(BlockingIOError), _locked(lock, wait=False):
                if entry.is_dir():
                    guests = [entry] if entry.name.startswith("guest-") else entry.iterdir()
                    left += sum(1 for guest in guests if guest.name.startswith("guest-"))
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
                lock.unlink(missing_ok=True)
        return left

    def guest(self) -> Identity:
        """A keyless player, with a fresh data directory (mode 0700)."""
        return Identity(None, Path(tempfile.mkdtemp(prefix="guest-", dir=self.folder)))

    def close(self) -> None:
        """Remove this server's folder; call once every guest has left."""
        shutil.rmtree(self.folder, ignore_errors=True)
        self._lock_path().unlink(missing_ok=True)
        os.close(self._lock)


@contextlib.contextmanager
def _locked(path: Path, wait: bool = True) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path``; ``BlockingIOError`` if taken and not ``wait``."""
    descriptor = os.open(path, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield
    finally:
        os.close(descriptor)


def disk_use(directory: Path) -> int:
    """Bytes in the files under ``directory`` (symbolic links not followed)."""
    total = 0
    for folder, _, files in os.walk(directory):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                continue  # removed while we counted
    return total
