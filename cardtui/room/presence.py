"""Who is in the room and where, and the lobby's chat.

The lobby lists every player in the room: in the lobby, seated at a table,
watching one, or away (disconnected, their seat kept for the grace period).
The room sends the list as data (:class:`~cardtui.wire.protocol.Online`) to
every line in the lobby when it changes, at most every
:data:`~cardtui.room.room.LOBBY_INTERVAL` seconds, as it does the tables'
lines; the screen words it.

The lobby's chat is the tables' chat in the lobby: each line cleaned and
rate-limited as a table's (:mod:`cardtui.room.chat`), the last lines kept
for whoever comes into the lobby next.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import deque
from collections.abc import Iterable
from typing import Protocol

from cardtui.clock import Clock, Timer
from cardtui.i18n import N_
from cardtui.room.chat import RateLimit, clean
from cardtui.room.connection import Connection
from cardtui.room.shared import CHAT_HISTORY, Refused, SharedTable
from cardtui.wire.protocol import (
    HIDDEN_TABLE,
    ChatEntry,
    LobbyChatLine,
    Online,
    OnlinePlayer,
)


class Lobby(Protocol):
    """What presence needs of the room (:class:`cardtui.room.room.Room` is one)."""

    clock: Clock
    connections: set[Connection]

    def lobby_lines(self) -> Iterable[Connection]:
        """Every greeted line whose player is in the lobby."""

    def shared_tables(self) -> Iterable[SharedTable]:
        """Every table of the room."""

    def sees(self, conn: Connection, table_id: str) -> bool:
        """Whether ``conn``'s player is shown the table (a private one: not to all)."""


class Presence:
    """The room's list of who is here, sent when it changes; and the lobby's chat."""

    def __init__(self, room: Lobby, interval: float) -> None:
        self.room = room
        self.interval = interval
        self.chat_log: deque[ChatEntry] = deque(maxlen=CHAT_HISTORY)
        self._rates: dict[str, RateLimit] = {}
        self._sent: tuple[OnlinePlayer, ...] | None = None
        self._due: Timer | None = None
        self._soon = False

    def online(self) -> tuple[OnlinePlayer, ...]:
        """Every player in the room, by name: where they are, whether they are away."""
        places: dict[str, _Place] = {}
        for conn in self.room.connections:
            if conn.greeted and not conn.closed:
                place = places.setdefault(conn.member.profile, _Place(conn.member.name))
                place.name, place.here = conn.member.name, True
                place.host = place.host or conn.member.host
        for table in self.room.shared_tables():
            for _, player in table.players():
                place = places.setdefault(player.member.profile, _Place(player.name))
                place.seated.append(table.id)
            for conn in table.watchers:
                if not conn.closed and conn.member.profile in places \
                        and table.id not in places[conn.member.profile].seated:
                    places[conn.member.profile].watching.append(table.id)
        return tuple(sorted((place.shown() for place in places.values()),
                            key=lambda p: (p.name.casefold(), p.name)))

    def changed(self) -> None:
        """Who is where may have changed: looked at once the room has finished the event."""
        if self._soon:
            return
        self._soon = True
        asyncio.get_running_loop().call_soon(self._look)

    def _look(self) -> None:
        self._soon = False
        if self._due is not None:
            return  # the list goes when the interval ends, as it is then
        now = self.online()
        if now == self._sent:
            return
        self._sent = now
        for conn in self.room.lobby_lines():
            conn.send(Online(self.seen_by(conn, now)))
        self._due = self.room.clock.call_later(self.interval, self._due_now)

    def _due_now(self) -> None:
        self._due = None
        self._look()

    def seen_by(self, conn: Connection, players: tuple[OnlinePlayer, ...]
                ) -> tuple[OnlinePlayer, ...]:
        """``players`` as ``conn``'s player may read them: a private table they are not
        shown is :data:`HIDDEN_TABLE`, never its id (the id would let them ask for it)."""
        hidden = {t.id for t in self.room.shared_tables() if not self.room.sees(conn, t.id)}
        if not hidden:
            return players

        def shown(ids: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(HIDDEN_TABLE if t in hidden else t for t in ids)

        return tuple(dataclasses.replace(p, seated=shown(p.seated), watching=shown(p.watching))
                     if hidden.intersection(p.seated + p.watching) else p for p in players)

    def stop(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None

    def chat(self, conn: Connection, text: str) -> None:
        """``conn``'s player says ``text`` in the lobby: every player there reads it."""
        line = clean(text)
        if not line:
            raise Refused(N_("nothing to say: the line was empty once cleaned"))
        rate = self._rates.setdefault(conn.member.profile, RateLimit(clock=self.room.clock))
        if not rate.allow():
            raise Refused(N_("slow down: too many chat lines"))
        entry = ChatEntry(conn.member.name, line)
        self.chat_log.append(entry)
        said = LobbyChatLine(entry.name, entry.text)
        told = set(self.room.lobby_lines())
        for each in told:
            each.send(said)
        if conn not in told:
            conn.send(said)  # said from a second screen at a table: the sayer reads it too

    def forget(self, profile: str) -> None:
        self._rates.pop(profile, None)


class _Place:
    """One player's places while the list is made."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.here = False
        self.host = False
        self.seated: list[str] = []
        self.watching: list[str] = []

    def shown(self) -> OnlinePlayer:
        return OnlinePlayer(self.name, tuple(self.seated), tuple(self.watching), self.host,
                            away=not self.here)

