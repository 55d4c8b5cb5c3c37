"""Players for remote-session tests: a real room, real socket pairs, a RoomLink each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtui.games import Game
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.guest.shared_table import RemoteSession
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.store.records import SeatResult
from cardtui.tables.session import Event
from tests.room.support import until


@dataclass
class Player:
    """One game process: its link to the room, and every event its screen was given."""

    name: str
    link: RoomLink
    events: list[Event] = field(default_factory=list)
    #: Rows that reached the store without a screen (the player had left the table).
    unclaimed: list[tuple[Game, tuple[SeatResult, ...]]] = field(default_factory=list)
    session: RemoteSession | None = None
    #: Called with each event as it arrives (a test's player acting on its turn).
    on_event: Callable[[Player, Event], None] | None = None

    def listen(self, session: RemoteSession) -> None:
        self.session = session
        session.attach(self._event)

    def _event(self, event: Event) -> None:
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(self, event)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    async def wait_for(self, predicate: Callable[[Event], bool], timeout: float = 10.0) -> Any:
        await until(lambda: any(predicate(e) for e in self.events), timeout)
        return next(e for e in self.events if predicate(e))


async def join(room: Room, name: str, *, guest: bool = False) -> Player:
    member = room.guest() if guest else Member(f"profile-{name}", name)
    sock = await room_pair(room, member)
    client = await RoomClient.open(sock)
    player: Player
    link = RoomLink(client, on_settled=lambda game, settled: player.unclaimed.append(
        (game, settled.rows)))
    player = Player(name, link)
    await link.start()
    await until(lambda: bool(link.tables))
    return player
