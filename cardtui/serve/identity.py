"""Who is at the table: a player is their SSH key, and each key has a profile.

A profile is an ordinary cardtui data directory (settings, scoreboard, hand
histories), so the child game needs nothing but ``--data-dir``. Its name is
derived from the key fingerprint alone: the SSH user name is whatever the
client typed, so it never becomes part of a path (``ssh ../../etc@host``).
A guest without a key plays in a fresh directory under ``<root>/guests/``,
removed when they leave.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

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


def member(root: Path, fingerprint: str) -> Identity:
    """The identity of a key holder, creating their profile directory (mode 0700)."""
    profile = root / PROFILES / profile_name(fingerprint)
    profile.mkdir(mode=0o700, parents=True, exist_ok=True)
    return Identity(fingerprint, profile)


def guest(root: Path) -> Identity:
    """A keyless player, with a fresh data directory (mode 0700) under ``root``."""
    guests = root / GUESTS
    guests.mkdir(mode=0o700, parents=True, exist_ok=True)
    return Identity(None, Path(tempfile.mkdtemp(prefix="guest-", dir=guests)))


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
