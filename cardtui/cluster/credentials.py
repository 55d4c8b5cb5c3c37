"""How a host proves itself to nats-server: never an unauthenticated connection.

Every host of a room holds the same secret; players never see it (they reach a host
over SSH or the web, never NATS). It comes from a file (``--cluster-credentials``, one
line: ``user:password``, or a token alone) or from the environment
(``CARDTUI_NATS_USER`` and ``CARDTUI_NATS_PASSWORD``, or ``CARDTUI_NATS_TOKEN``), so it
is never on a command line that ``ps`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

USER_VARIABLE = "CARDTUI_NATS_USER"
PASSWORD_VARIABLE = "CARDTUI_NATS_PASSWORD"
TOKEN_VARIABLE = "CARDTUI_NATS_TOKEN"


class NoCredentials(ValueError):
    """The cluster was asked for without a secret to join it with."""


@dataclass(frozen=True)
class Credentials:
    user: str = ""
    password: str = ""
    token: str = ""

    def connect_options(self) -> dict[str, Any]:
        """The keyword arguments nats-py's ``connect`` takes for them.

        >>> Credentials(token="t0k").connect_options()
        {'token': 't0k'}
        """
        if self.token:
            return {"token": self.token}
        return {"user": self.user, "password": self.password}

    def __repr__(self) -> str:  # never the secret in a log or a traceback
        return f"Credentials(user={self.user!r}, secret=...)"


def parse(text: str) -> Credentials:
    """A credentials file's first line: ``user:password``, or a token.

    >>> parse("host:s3cret\\n")
    Credentials(user='host', secret=...)
    >>> parse("just-a-token").token
    'just-a-token'
    """
    line = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not line:
        raise NoCredentials("the credentials file is empty")
    user, colon, password = line.partition(":")
    if colon:
        if not user or not password:
            raise NoCredentials("a credentials line is user:password, both non-empty")
        return Credentials(user=user, password=password)
    return Credentials(token=line)


def find(file: Path | None, env: Mapping[str, str]) -> Credentials:
    """From ``file`` if given, else from the environment; :class:`NoCredentials` if none."""
    if file is not None:
        return parse(file.read_text())
    if env.get(TOKEN_VARIABLE):
        return Credentials(token=env[TOKEN_VARIABLE])
    if env.get(USER_VARIABLE) and env.get(PASSWORD_VARIABLE):
        return Credentials(user=env[USER_VARIABLE], password=env[PASSWORD_VARIABLE])
    raise NoCredentials(
        f"a cluster needs nats-server's credentials: --cluster-credentials FILE, or "
        f"{USER_VARIABLE} and {PASSWORD_VARIABLE} (or {TOKEN_VARIABLE}) in the environment")
