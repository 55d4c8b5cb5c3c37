"""The room inside ``cardtui serve``: one :class:`~cardtui.room.room.Room`, a line per game.

The SSH server asks :meth:`RoomHost.line_for` for each game it starts: the
room's end of a fresh socket pair is bound to the player's profile (their SSH
key; a keyless guest is "Guest N"), and the game's end is inherited by that
one game process (see :mod:`cardtui.guest.client` for why a socket pair).
The player's name is the one in their profile's settings, as every screen
shows it; the room cleans it as it cleans chat.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import socket
from collections.abc import Callable, Sequence
from pathlib import Path

from cardtui import locations
from cardtui.room.config import TableOptions
from cardtui.room.connection import Member
from cardtui.room.ledger import Standing
from cardtui.room.room import Room, room_pair
from cardtui.settings import load_settings
from cardtui.store.backends import open_room_store
from cardtui.store.room_store import ROOM_STORE_NAME

#: What players are told when the host stops the server.
STOPPING = "the host closed the room"
#: Seconds the games get to show that news before the server ends them.
FAREWELL = 1.0
#: The last line a player reads when the host stops the server.
CLOSED = "The host has closed the room. Thanks for playing!"
#: The same when stopping voided a hand: the room's own notice of it is on
#: screen for only the farewell second before the game ends (a QA pass).
CLOSED_VOIDING = ("The host has closed the room: the hands in play were void and every bet "
                  "went back to its stack. Thanks for playing!")


def profile_key(fingerprint: str) -> str:
    """The room's key for a player: derived from the SSH key, never the key itself.

    >>> profile_key("SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU")[:12]
    'key-4ae3a1ec'
    """
    return "key-" + hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()


class RoomHost:
    """The shared tables of one server, and the socket pairs that reach them."""

    def __init__(self, tables: Sequence[TableOptions], *, rng: random.Random | None = None,
                 log: Callable[[str], None] | None = None,
                 hosts: Callable[[], frozenset[str]] | None = None,
                 data_dir: Path | None = None, store: str | None = None,
                 resume: bool = False, part: str | None = None, first_table: int = 1,
                 siblings: Sequence[str] = ()) -> None:
        #: The room's own store beside the profiles (or at ``store``, a PostgreSQL URL):
        #: the leaderboard, the host's log and the bans come back when the server
        #: starts again. ``part``: one table of a room across hosts (cardtui.cluster),
        #: numbered ``first_table``, kept apart (a schema, a file of its own).
        where = store if store is not None else \
            data_dir / ROOM_STORE_NAME if data_dir is not None else None
        self.store = open_room_store(where, part) if where is not None else None
        if self.store is not None and self.store.notice is not None and log is not None:
            log(self.store.notice)  # set aside as damaged, or left as a newer cardtui's
        # ``resume``: a room across hosts, taken up where a dead owner left it.
        self.room = Room(list(tables), rng=rng, store=self.store, resume=resume,
                         first_table=first_table)
        # The host's ledger export goes where the server keeps its data.
        self.room.desk.export_dir = data_dir
        #: The SSH key fingerprints of the room's hosts (asked at each game's start,
        #: so a key added to the file runs the room from its next game).
        self.hosts = hosts
        # Every host action is written on the host's terminal too.
        self.room.desk.report = log
        #: The other parts' stores (the lobby of a room across hosts: ``siblings`` names
        #: them), read for the leaderboard: each part keeps its own tables' figures.
        self._siblings = [open_room_store(where, name) for name in siblings] \
            if where is not None else []
        if self._siblings:
            self.room.more_standings = self._sibling_standings
            self.room.more_tonight = self._sibling_tonight
        #: Hands (and blackjack rounds) voided by stopping the room.
        self.voided = 0
        #: The server's log (the host's terminal): each voided hand gets a line there.
        self.log = log

    def _sibling_standings(self, all_time: bool) -> list[Standing]:
        """The other parts' figures as their owners last wrote them (tonight's: with each
        settled hand; all time's: the same)."""
        if all_time:
            return [Standing(s.profile, s.name, s.hands, s.net)
                    for store in self._siblings for s in store.standings()]
        return [Standing(t.profile, t.name, t.hands, t.net, t.bought_in, t.cashed_out,
                         t.guest) for store in self._siblings for t in store.tonight()]

    def _sibling_tonight(self) -> tuple[list[Standing], dict[str, int]]:
        """The other parts' tonight (buy-ins and cash-outs too) and each player's chips at
        their tables (the stacks of each table's last settled hand)."""
        tonight = self._sibling_standings(all_time=False)
        held: dict[str, int] = {}
        for store in self._siblings:
            for seat in store.kept_seats():
                held[seat.profile] = held.get(seat.profile, 0) + seat.stack
        return tonight, held

    def member(self, fingerprint: str | None, profile_dir: Path) -> Member:
        """Who a game process plays as: a key's profile and its name, or a new guest.

        A key among the hosts' runs the room (a guest never does: no key, no host).
        """
        if fingerprint is None:
            return self.room.guest()
        name = load_settings(locations.settings_path(profile_dir)).settings.player_name
        member = self.room.member(profile_key(fingerprint), name)
        if self.hosts is not None and fingerprint in self.hosts():
            member = dataclasses.replace(member, host=True)
        return member

    async def line_for(self, fingerprint: str | None, profile_dir: Path) -> socket.socket:
        """The game's end of a socket pair whose other end the room serves as this player."""
        return await room_pair(self.room, self.member(fingerprint, profile_dir))

    async def stop(self, reason: str = STOPPING) -> None:
        """Void the hands in progress (every bet back), tell every player, close every line."""
        tables = list(self.room.tables.values())
        before = {table.id: len(table.voided) for table in tables}
        await self.room.stop(reason, farewell=FAREWELL)
        for store in [self.store, *self._siblings]:
            if store is not None:
                store.close()
        for table in tables:
            for number in table.voided[before[table.id]:]:
                self.voided += 1
                if self.log is not None:
                    # The host's record of what stopping cost: nothing of it is stored.
                    self.log(f"{table.name}: {table.game.hand_word} {number} voided "
                             f"({reason}); every bet went back to its stack")


def closing_notice(host: RoomHost | None) -> str:
    """What every game is told as the server ends it: whether hands were voided too."""
    return CLOSED_VOIDING if host is not None and host.voided else CLOSED
