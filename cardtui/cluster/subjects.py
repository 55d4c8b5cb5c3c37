"""The NATS subjects a room across hosts speaks on, one room under one prefix.

Each game's line to each part of the room has two subjects (:mod:`cardtui.cluster.lines`):
``up`` carries the player's requests to the part's owner, ``down`` what the owner's room
writes to that player alone (their own hole cards among it). :func:`host_permissions`
lets a host subscribe to its own players' ``down`` subjects only.
"""

from __future__ import annotations

import json
import re

PREFIX = "cardtui"


def token(name: str) -> str:
    """``name`` as one subject token: letters, digits, ``-`` and ``_`` only (``.``, ``*``
    and ``>`` are NATS's separators and wildcards)."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]", "_", name)
    if not cleaned:
        raise ValueError("an empty name cannot be a subject token")
    return cleaned


def host_permissions(room: str, host: str) -> dict[str, dict[str, list[str]]]:
    """What one host's NATS user may do (nats-server's ``permissions``), so that the
    bytes for one host's players (their hole cards) reach that host alone: it may
    subscribe to its own lines' ``down`` subjects only, and to every line's ``up``
    (which carries players' requests, never cards) as a part's owner must. Owners
    publish on every line's ``down``; the lease bucket and replies go through
    JetStream's API and inboxes.

    >>> host_permissions("friday", "host-1")["subscribe"]["allow"][0]
    'cardtui.friday.line.host-1.*.down'
    """
    base = f"{PREFIX}.{token(room)}"
    return {
        "subscribe": {"allow": [f"{base}.line.{token(host)}.*.down", f"{base}.line.*.*.up",
                                f"{base}.open.*", "_INBOX.>"]},
        "publish": {"allow": [f"{base}.line.{token(host)}.*.up", f"{base}.line.*.*.down",
                              f"{base}.open.*", "$JS.API.>", "$KV.>", "_INBOX.>"]},
    }


def nats_users(room: str, passwords: dict[str, str]) -> str:
    """nats-server's ``authorization`` block giving each host of ``room`` a user of its
    own (named as the host, with its password) and :func:`host_permissions`."""
    users = [{"user": host, "password": password, "permissions": host_permissions(room, host)}
             for host, password in passwords.items()]
    return "authorization { users: " + json.dumps(users) + " }\n"
