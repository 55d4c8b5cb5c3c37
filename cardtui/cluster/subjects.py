"""The NATS subjects a table speaks on, one room's tables under one prefix.

The owner of a table publishes what every screen may see (the board, the bets, a
shown hand) on the table's ``public`` subject, and what only one seat may see (its
hole cards, its own decision) on that seat's subject alone: a host subscribes to a
seat's subject only for a player of its own sitting there, so another host's player
or a watcher is never sent a hole card that is not theirs. Hosts forward their
players' requests on the table's ``requests`` subject, which only the owner reads.

>>> s = TableSubjects("friday", "t3")
>>> s.public, s.requests
('cardtui.friday.table.t3.public', 'cardtui.friday.table.t3.requests')
>>> s.seat("SHA256:ab+c/d")
'cardtui.friday.table.t3.seat.57cc015d'
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

PREFIX = "cardtui"


def token(name: str) -> str:
    """``name`` as one subject token: letters, digits, ``-`` and ``_`` only (``.``, ``*``
    and ``>`` are NATS's separators and wildcards)."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]", "_", name)
    if not cleaned:
        raise ValueError("an empty name cannot be a subject token")
    return cleaned


def seat_token(profile: str) -> str:
    """A player's key as a subject token: a digest, so the key itself is not on the wire."""
    return hashlib.sha256(profile.encode()).hexdigest()[:8]


@dataclass(frozen=True)
class TableSubjects:
    room: str
    table: str

    @property
    def base(self) -> str:
        return f"{PREFIX}.{token(self.room)}.table.{token(self.table)}"

    @property
    def public(self) -> str:
        return f"{self.base}.public"

    @property
    def requests(self) -> str:
        return f"{self.base}.requests"

    def seat(self, profile: str) -> str:
        return f"{self.base}.seat.{seat_token(profile)}"


def lobby(room: str) -> str:
    """Where each host says which tables it owns (the lobby is the union of them all)."""
    return f"{PREFIX}.{token(room)}.lobby"


def host_permissions(room: str, host: str) -> dict[str, dict[str, list[str]]]:
    """What one host's NATS user may do (nats-server's ``permissions``), so that the
    bytes for one host's players (their hole cards) reach that host alone: it may
    subscribe to its own lines' ``down`` subjects only, and to every line's ``up``
    (which carries players' requests, never cards) as the room's owner must. The
    owner publishes on every line's ``down``; the lease bucket and replies go through
    JetStream's API and inboxes.

    >>> host_permissions("friday", "host-1")["subscribe"]["allow"][0]
    'cardtui.friday.line.host-1.*.down'
    """
    base = f"{PREFIX}.{token(room)}"
    return {
        "subscribe": {"allow": [f"{base}.line.{token(host)}.*.down", f"{base}.line.*.*.up",
                                f"{base}.open", "_INBOX.>"]},
        "publish": {"allow": [f"{base}.line.{token(host)}.*.up", f"{base}.line.*.*.down",
                              f"{base}.open", "$JS.API.>", "$KV.>", "_INBOX.>"]},
    }


def nats_users(room: str, passwords: dict[str, str]) -> str:
    """nats-server's ``authorization`` block giving each host of ``room`` a user of its
    own (named as the host, with its password) and :func:`host_permissions`."""
    users = [{"user": host, "password": password, "permissions": host_permissions(room, host)}
             for host, password in passwords.items()]
    return "authorization { users: " + json.dumps(users) + " }\n"
