"""``cardtui serve --cluster``: the room's part of one host, made from the serve's options.

Imported only when ``--cluster`` is given: nats-py (the cluster extra) is not every
host's.
"""

from __future__ import annotations

import dataclasses
import itertools
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from cardtui import locations
from cardtui.cluster.credentials import find
from cardtui.cluster.node import ClusterRoom
from cardtui.cluster.shards import Part, parts
from cardtui.names import without_bot_mark
from cardtui.room.chat import clean
from cardtui.room.config import TableOptions
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost, profile_key
from cardtui.room.room import NAME_LIMIT
from cardtui.settings import load_settings

#: The room's name on NATS when ``--cluster-room`` names none: one room per nats-server.
DEFAULT_ROOM = "cardtui"


def members(hosts: Callable[[], frozenset[str]] | None) -> Callable[[str | None, Path], Member]:
    """Who each game plays as, made on the player's own host (as RoomHost.member does:
    the key's profile and name, a host's key marked; a new guest without a key)."""
    guests = itertools.count(1)

    def member(fingerprint: str | None, profile_dir: Path) -> Member:
        if fingerprint is None:
            return Member(f"guest-{uuid.uuid4().hex}", f"Guest {next(guests)}", guest=True)
        name = load_settings(locations.settings_path(profile_dir)).settings.player_name
        found = Member(profile_key(fingerprint),
                       without_bot_mark(clean(name, NAME_LIMIT)) or "SeatedPlayer")
        if hosts is not None and fingerprint in hosts():
            found = dataclasses.replace(found, host=True)
        return found

    return member


def cluster_room(url: str, credentials_file: Path | None, room_name: str,
                 tables: Sequence[TableOptions], *, log: Callable[[str], None],
                 hosts: Callable[[], frozenset[str]] | None, data_dir: Path,
                 store: str | None, env: dict[str, str],
                 host_id: str | None = None) -> ClusterRoom:
    """This host's part of the room; the credentials read now (a missing secret stops
    the start with one line, :class:`~cardtui.cluster.credentials.NoCredentials`)."""
    def make_host(part: Part) -> RoomHost:
        # Resumed seats and all by the next owner only from a store every host shares (a
        # host's own file could hold a room it lost long ago).
        return RoomHost(part.tables, log=log, hosts=hosts, data_dir=data_dir, store=store,
                        resume=store is not None, first_table=part.first_table,
                        part=None if part.lobby else part.name,
                        siblings=siblings if part.lobby else ())

    siblings = [part.name for part in parts(tables) if not part.lobby]

    return ClusterRoom(url, find(credentials_file, env), room_name, make_host,
                       member=members(hosts), tables=tables, host_id=host_id, log_line=log)
