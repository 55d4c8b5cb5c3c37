"""One host of a room that runs on several: ``cardtui serve --cluster nats://…``.

:class:`ClusterRoom` stands where :class:`~cardtui.room.hosting.RoomHost` stands in
one ``cardtui serve``: the doors ask it for each game's line (:meth:`line_for`)
and stop it at the end. Every host keeps its own players' game processes. The room
is cut into parts (:mod:`cardtui.cluster.shards`: the lobby, and each table of the
tables file), each run by the one host holding its lease (NATS KV, renewed every
third of :data:`~cardtui.cluster.lease.LEASE_SECONDS`, lapsing after it): that host
opens the part's room (resumed from its schema in the shared PostgreSQL store) and
serves every host's lines to it (:class:`~cardtui.cluster.lines.Gateway`); every
game's line goes through a relay on its own host, with a line to each part
(:class:`~cardtui.cluster.lines.Relay`).

Each host also holds a presence key of its own: the live hosts are those keys. When a
host dies, its presence lapses and the parts' owners drop its players' lines (their
seats wait the grace period); the parts it ran lapse too, and each is claimed by the
live host it is placed on, which resumes it from the store (:mod:`cardtui.room.resume`:
the hands in play were voided, nothing unsettled was ever recorded, so every bet is
back with its player; the players are back in their seats, with tonight's ledger);
every relay reopens that part's line there. The other parts play on untouched.

A host stopping cleanly hands its parts over the same way, seats kept (a rolling
restart loses no seat); the last host stopping ends the room. A table's part placed on
another live host (one that joined) moves there the first moment nobody is at it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import logging
import socket
import uuid
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import nats
from nats.aio.client import Client

from cardtui.cluster.beat import Beat
from cardtui.cluster.credentials import Credentials
from cardtui.cluster.guests import GuestNumbers
from cardtui.cluster.lease import LEASE_SECONDS, RENEWALS_PER_LEASE, Leases
from cardtui.cluster.lines import Gateway, Relay
from cardtui.cluster.shards import LOBBY, PATIENCE, Part, parts, placed_on
from cardtui.names import without_bot_mark
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.chat import clean
from cardtui.room.config import TableOptions
from cardtui.room.connection import Member
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.hosting import RoomHost
from cardtui.room.room import NAME_LIMIT

log = logging.getLogger("cardtui.cluster")

#: How long each NATS step of a stop may take before the stop goes on without it.
STOP_STEP_SECONDS = 5.0
#: How long closing a part may take while stopping (its players' farewell, its store).
CLOSE_PART_SECONDS = 15.0


#: The start of each host's presence key.
_PRESENCE = "host-"


def presence_key(host: str) -> str:
    return f"{_PRESENCE}{host}"


@dataclasses.dataclass
class Running:
    """A part of the room this host runs: its room, and the gateway serving its lines."""

    part: Part
    host: RoomHost
    gateway: Gateway


class ClusterRoom:
    """This host's part of a room across hosts (see the module's docstring)."""

    def __init__(self, url: str, credentials: Credentials, room_name: str,
                 make_host: Callable[[Part], RoomHost], *,
                 member: Callable[[str | None, Path], Member],
                 tables: Sequence[TableOptions] = (),
                 host_id: str | None = None, lease_seconds: float = LEASE_SECONDS,
                 log_line: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.credentials = credentials
        self.room_name = room_name
        self.make_host = make_host
        self._member = member
        self.parts = parts(tables)
        #: What this host's tables file makes of the room, said in its presence: a part is
        #: handed over only to a host whose file makes the same parts.
        self.plan = hashlib.sha256(repr(list(tables)).encode()).hexdigest()[:12]
        self.id = host_id or uuid.uuid4().hex[:12]
        self.lease_seconds = lease_seconds
        self.log = log_line
        self.nc: Client | None = None
        self.leases: Leases | None = None
        self.guest_numbers: GuestNumbers | None = None
        #: The parts this host runs now.
        self.running: dict[str, Running] = {}
        self.relays: set[Relay] = set()
        #: Each part's lease as last seen (its host and its claim's mark).
        self.holders: dict[str, str] = {}
        #: The hosts of the room alive now (their presence keys), this one with them.
        self.live: set[str] = {self.id}
        #: Turns each part has been seen without an owner.
        self._unowned: dict[str, int] = {}
        #: Parts this host took though placed on another (that one did not take them in
        #: time: not there yet, or run with another tables file): kept, never handed back
        #: idle, or the two would pass them to and fro.
        self._taken_anyway: set[str] = set()
        self.voided = 0
        #: Following the parts' owners, :data:`RENEWALS_PER_LEASE` times a lease.
        self.steering = Beat(lease_seconds / RENEWALS_PER_LEASE, self.steer,
                             "looking at the parts' owners")
        self.stop_step_seconds = STOP_STEP_SECONDS
        self._guests = itertools.count(1)

    # --- what the doors and the tests read ----------------------------------------------

    @property
    def host(self) -> RoomHost | None:
        """The lobby's room, when this host runs it."""
        running = self.running.get(LOBBY)
        return running.host if running is not None else None

    @property
    def owner(self) -> str | None:
        """The host running the lobby."""
        return self.owner_of(LOBBY)

    def owner_of(self, part: str) -> str | None:
        holder = self.holders.get(part)
        return holder.partition(" ")[0] if holder is not None else None

    def table(self, table_id: str) -> HoldemTable | BlackjackTable | None:
        """The table ``table_id``, if one of the parts this host runs has it."""
        for running in self.running.values():
            table = running.host.room.tables.get(table_id)
            if table is not None:
                return table
        return None

    # --- starting, and following the parts' owners ----------------------------------------

    async def start(self) -> None:
        self.nc = await nats.connect(
            self.url, name=f"cardtui-{self.id}", max_reconnect_attempts=-1,
            reconnect_time_wait=0.5, reconnected_cb=self._reconnected,
            **self.credentials.connect_options())
        self.leases = await Leases.open(self.nc.jetstream(), self.room_name, self.id,
                                        lease_seconds=self.lease_seconds,
                                        on_lost=self._lost)
        self.guest_numbers = await GuestNumbers.open(self.nc.jetstream(), self.room_name)
        await self.leases.claim(presence_key(self.id), self.plan)
        self.leases.start()
        await self.steer()
        self.steering.start()

    async def _reconnected(self) -> None:
        """Back on nats-server after losing it: every line is opened again (what was sent
        while away is lost), and each part resends each player's view."""
        self._say("reconnected to nats-server: every line opened again")
        for relay in list(self.relays):
            await relay.reopen()

    async def steer(self) -> None:
        """One look at the room: take the parts placed here that nobody runs (and any part
        nobody took for :data:`PATIENCE` turns), follow each part's new owner, hand idle
        parts over to the host they are placed on, drop dead hosts' lines."""
        assert self.leases is not None
        if presence_key(self.id) not in self.leases.held:
            await self.leases.claim(presence_key(self.id), self.plan)
        listed = {key.removeprefix(_PRESENCE) for key in await self.leases.keys()
                  if key.startswith(_PRESENCE)}
        # A key being renewed can be missing from one listing: a host is gone only once
        # its presence is gone when asked for by name.
        for host in self.live - listed - {self.id}:
            if await self.leases.owner(presence_key(host)) is not None:
                listed.add(host)
        self.live = listed | {self.id}
        for part in self.parts:
            await self._steer_part(part)
        await self._hand_over_idle()
        for running in list(self.running.values()):
            for host in running.gateway.hosts() - self.live:
                self._say(f"host {host} has gone: its players' lines to {running.part.name} "
                          "drop")
                await running.gateway.drop_host(host)

    async def _steer_part(self, part: Part) -> None:
        assert self.leases is not None
        holder = await self.leases.holder(part.name)
        if holder is None:
            turns = self._unowned[part.name] = self._unowned.get(part.name, 0) + 1
            placed = placed_on(part.name, self.live) == self.id
            if (placed or turns > PATIENCE) and await self.leases.claim(part.name):
                holder = await self.leases.holder(part.name)
                if not placed:
                    self._taken_anyway.add(part.name)
        else:
            self._unowned.pop(part.name, None)
        if holder is None:
            return
        mine = holder.partition(" ")[0] == self.id and part.name in self.leases.held
        if mine and part.name not in self.running:
            await self._open(part)
        previous = self.holders.get(part.name)
        if holder != previous:
            self.holders[part.name] = holder
            self._say(f"{part.name} runs on host {holder.partition(' ')[0]}")
            if previous is not None:
                for relay in list(self.relays):
                    await relay.owner_changed(part.name)

    async def _open(self, part: Part) -> None:
        assert self.nc is not None
        host = self.make_host(part)
        gateway = Gateway(self.nc, self.room_name, host.room, part.name)
        await gateway.start()
        self.running[part.name] = Running(part, host, gateway)
        self._say(f"this host now runs {part.name}")

    async def _hand_over_idle(self) -> None:
        """A table's part placed on another live host moves there while nobody is at it
        (no seat, no watcher, no hand): a host joining the room takes its share of the
        tables, and no player sees it happen."""
        assert self.leases is not None
        for name, running in list(self.running.items()):
            target = placed_on(name, self.live)
            if running.part.lobby or target == self.id or name in self._taken_anyway:
                continue
            if any(table.has_humans() or table.in_play
                   for table in running.host.room.tables.values()):
                continue
            presence = await self.leases.holder(presence_key(str(target)))
            if presence is None or presence.split()[2:] != [self.plan]:
                continue  # (its tables file makes other parts: it would not take this one)
            self._say(f"{name} is placed on host {target}: handed over")
            await self._close_part(name, "handed over", keep=True)
            await self.leases.release(name)

    def _lost(self, key: str) -> None:
        if key in self.running:
            # Another host runs the part now (this one stalled past its lease): stop
            # playing it here, voiding what was in play.
            asyncio.get_running_loop().create_task(
                self._close_part(key, "this host lost the part", keep=True))

    async def _close_part(self, name: str, reason: str, *, keep: bool) -> None:
        """Stop running a part here. ``keep``: it goes on on another host (lost to one, or
        handed over): its seats and hands stay in the store for that host, and nothing
        more is written; else the part ends (the next owner starts it anew: its players
        were told the room closed)."""
        running = self.running.pop(name, None)
        self._taken_anyway.discard(name)
        if running is None:
            return
        self._say(f"{name} stopped here: {reason}")
        keeper = running.host.room.keeper
        if keeper is not None:
            if keep:
                keeper.writing = False
            else:
                keeper.end()
        await running.gateway.stop()
        await running.host.stop(reason)
        self.voided += running.host.voided

    def _say(self, text: str) -> None:
        log.info("cluster: %s", text)
        if self.log is not None:
            self.log(f"Cluster: {text}.")

    @property
    def room(self) -> Any:
        """The room, when this host runs it (the web door's guests need one)."""
        return self.host.room if self.host is not None else None

    async def line_for(self, fingerprint: str | None, profile_dir: Path) -> socket.socket:
        """The game's end of a socket pair whose other end is relayed to the room's owner."""
        return await self.line_as(await self._named(self._member(fingerprint, profile_dir)))

    async def guest(self, name: str | None = None, *, profile: str | None = None) -> Member:
        """A browser tab's guest, as :meth:`Room.guest` makes one on one host: its chosen
        name, or "Guest N" numbered by the room's counter (the web door, serve/web_session)."""
        shown = without_bot_mark(clean(name, NAME_LIMIT)) if name else ""
        member = Member(profile or f"guest-{uuid.uuid4().hex}", shown or "Guest",
                        guest=True, resumable=profile is not None)
        return member if shown else await self._named(member)

    async def line_as(self, member: Member) -> socket.socket:
        """The game's end of a line relayed to the room's owner for ``member``, already
        named by this host's door (a browser guest, an outside bot)."""
        assert self.nc is not None, "started first"
        ours, theirs = socket.socketpair()
        relay = Relay(self.nc, self.room_name, self.id, member, ours, self.relays.discard,
                      [part.name for part in self.parts])
        self.relays.add(relay)
        try:
            await relay.start()
        except BaseException:
            self.relays.discard(relay)
            ours.close()
            theirs.close()
            raise
        return theirs

    async def _named(self, member: Member) -> Member:
        """A guest's number drawn from the room's counter, so that no two hosts seat
        two "Guest 1"s; with nats-server away, this host's own number and its name."""
        if not member.guest:
            return member
        try:
            assert self.guest_numbers is not None
            number: int | str = await self.guest_numbers.draw()
        except Exception:  # noqa: BLE001 - NATS away: a name still unique in the room
            log.warning("cluster: no guest number from nats-server", exc_info=True)
            number = f"{next(self._guests)}@{self.id}"
        return dataclasses.replace(member, name=f"Guest {number}")

    async def stop(self, reason: str | None = None) -> None:
        await self.steering.stop()
        # Each step that talks to nats-server is bounded: a server asked to stop stops,
        # even when its NATS connection is stuck (seen once: a test's hosts never finished
        # stopping under heavy load). What is not said in time, the leases' TTL says.
        for relay in list(self.relays):
            await self._bounded(relay.end(), "ending a relayed line")
        # Another host alive takes each part over, seats and all (a rolling restart loses
        # no seat); the last host ends the room.
        others = self.live - {self.id}
        for name in list(self.running):
            await self._bounded(self._close_part(name, reason or "the server is stopping",
                                                 keep=bool(others)),
                                f"closing {name}", seconds=CLOSE_PART_SECONDS)
        if self.leases is not None:
            await self._bounded(self.leases.stop(), "stopping the lease renewals")
            for name in list(self.leases.held):
                await self._bounded(self.leases.release(name), f"releasing {name}'s lease")
        if self.nc is not None:
            await self._bounded(self.nc.close(), "closing the NATS connection")

    async def _bounded(self, step: Awaitable[object], what: str,
                       seconds: float | None = None) -> None:
        limit = seconds if seconds is not None else self.stop_step_seconds
        try:
            await asyncio.wait_for(step, limit)
        except Exception:  # noqa: BLE001 - stopping anyway: NATS away, or too slow
            log.warning("cluster: %s failed or took over %s s while stopping", what, limit,
                        exc_info=True)
