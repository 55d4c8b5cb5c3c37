"""The server's host key and the list of players' keys it lets in.

The host key is made on first start and kept, so returning players' clients
recognise the server; its fingerprint is printed at every start so the host
can read it out to players comparing it with their first-connection prompt.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import asyncssh

from cardtui.untrusted import read_text

HOST_KEY_NAME = "ssh_host_ed25519_key"
AUTHORIZED_KEYS_NAME = "authorized_keys"
#: The keys of the players who run the room (the host's controls), beside
#: ``authorized_keys``: the same format, any of its keys.
HOST_KEYS_NAME = "host_keys"

# OpenSSH's sshd refuses a private host key others can read; so do we, by
# creating it 0600 in one step rather than chmod-ing after the write.
_PRIVATE = 0o600

# Key files are small; a FIFO or /dev/zero given as one would otherwise hang the
# server at start (or at a login, since the players' keys are read again then).
_MAX_KEY_FILE = 1 << 20


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA-256 fingerprint as OpenSSH prints it (``SHA256:...``)."""
    return key.get_fingerprint("sha256")


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key at ``path``, made (Ed25519, mode 0600) if there is none.

    Returns the key and whether it was created just now.
    """
    try:
        return asyncssh.import_private_key(read_text(path, _MAX_KEY_FILE)), False
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519", comment="cardtui host key")
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _PRIVATE)
    with os.fdopen(descriptor, "wb") as out:
        out.write(key.export_private_key())
    return key, True


def read_authorized_fingerprints(path: Path) -> frozenset[str]:
    """Fingerprints of the keys listed in an OpenSSH ``authorized_keys`` file.

    Blank lines and ``#`` comments are skipped; a line may start with options
    (``restrict,command="..."``), which this server ignores: it only ever runs
    the game. A line that holds no key raises ``ValueError`` naming the line.
    """
    found: set[str] = set()
    for number, line in enumerate(read_text(path, _MAX_KEY_FILE).splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        key = _key_from_line(text)
        if key is None:
            raise ValueError(f"{path}:{number}: not a public key")
        found.add(fingerprint(key))
    return frozenset(found)


def _key_from_line(text: str) -> asyncssh.SSHKey | None:
    for start in (text, _after_options(text)):
        try:
            return asyncssh.import_public_key(start)
        except (asyncssh.KeyImportError, ValueError):
            continue
    return None


def _after_options(text: str) -> str:
    """The line after its leading options field (sshd(8) AUTHORIZED_KEYS FILE FORMAT).

    Options are comma-separated and may quote spaces, so the field ends at the
    first whitespace outside double quotes.

    >>> _after_options('command="echo hi there",restrict ssh-ed25519 AAAA me')
    'ssh-ed25519 AAAA me'
    """
    quoted = False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char.isspace() and not quoted:
            return text[index:].lstrip()
    return ""


class HostKeys:
    """The fingerprints of the room's hosts: every key in ``files``, read again when one changes.

    A file that does not exist lists nobody (a room needs no host). A file
    that cannot be read, or holds a line that is no key, raises on the first
    read (the server says so at start and does not open); later, a broken
    edit is reported to ``log`` and the previous list kept, as for the
    players' keys.
    """

    def __init__(self, files: tuple[Path, ...]) -> None:
        self.files = files
        self._stamps: tuple[tuple[int, int] | None, ...] | None = None
        self._keys: frozenset[str] = frozenset()

    def fingerprints(self, log: Callable[[str], None] | None = None) -> frozenset[str]:
        try:
            stamps = tuple(_stamp(path) for path in self.files)
            if stamps != self._stamps:
                found: set[str] = set()
                for path, stamp in zip(self.files, stamps, strict=True):
                    if stamp is not None:
                        found |= read_authorized_fingerprints(path)
                self._keys, self._stamps = frozenset(found), stamps
        except (OSError, ValueError) as error:
            if self._stamps is None or log is None:
                raise
            log(f"kept the previous host keys: {error}")
        return self._keys


def _stamp(path: Path) -> tuple[int, int] | None:
    """When ``path`` last changed, and its size (None: there is no such file)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_mtime_ns, stat.st_size
