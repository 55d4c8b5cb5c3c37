"""A room across hosts in parts, each run by one host at a time: which, and where.

The room is cut into parts, each a :class:`~cardtui.room.room.Room` of its own run by
the one host holding its lease (:mod:`cardtui.cluster.lease`):

- ``lobby``: who is here, the lobby's chat, the leaderboard, the host's desk, the
  sit-and-gos, and the tables players open from the lobby (numbered past the tables
  file's, so no two parts name a table alike);
- ``t1``, ``t2``…: each table of the tables file, alone (every host reads the same
  file, so every host names the parts alike).

Each part keeps its seats, hands and ledger in a PostgreSQL schema of its own, so a host
taking over one part resumes it alone (:mod:`cardtui.room.resume`); one host dying
moves only the parts it ran, and every other table plays on.

Placement is rendezvous hashing: each part is run by the live host that ranks first
for it (:func:`placed_on`), so the parts spread over the hosts, and a host joining or
leaving moves only the parts that rank it first. A part whose host ranks first is not
running yet is taken by any host after :data:`PATIENCE` turns, so a room never waits on
a host that is not coming.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtui.room.config import TableOptions

#: The lobby's part.
LOBBY = "lobby"
#: Turns of a host's look at the room (a third of a lease each) that a part with no owner
#: waits for the host it is placed on, before any host takes it.
PATIENCE = 2


@dataclass(frozen=True)
class Part:
    """One part of the room: its name (its lease's key, its schema's suffix), its tables
    from the tables file, and the number its first table takes (``t<first_table>``)."""

    name: str
    tables: tuple[TableOptions, ...]
    first_table: int

    @property
    def lobby(self) -> bool:
        return self.name == LOBBY


def parts(tables: Sequence[TableOptions]) -> list[Part]:
    """The room's parts: the lobby, then one per table of the tables file.

    >>> from cardtui.room.config import HoldemOptions
    >>> [(p.name, p.first_table) for p in parts([HoldemOptions(), HoldemOptions()])]
    [('lobby', 3), ('t1', 1), ('t2', 2)]
    """
    return [Part(LOBBY, (), len(tables) + 1)] + [
        Part(f"t{number}", (options,), number) for number, options in enumerate(tables, 1)]


def _rank(part: str, host: str) -> bytes:
    return hashlib.sha256(f"{part}\0{host}".encode()).digest()


def placed_on(part: str, hosts: Iterable[str]) -> str | None:
    """The host ``part`` runs on among ``hosts`` (the live ones): the same answer on every
    host that sees the same hosts.

    >>> placed_on("t1", ["a", "b", "c"]) == placed_on("t1", ["c", "a", "b"])
    True
    >>> placed_on("t1", [])
    """
    return max(hosts, key=lambda host: _rank(part, host), default=None)
