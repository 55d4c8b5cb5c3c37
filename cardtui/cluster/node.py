"""One host of a room that runs on several: ``cardtui serve --cluster nats://…``.

:class:`ClusterRoom` stands where :class:`~cardtui.room.hosting.RoomHost` stands in
one ``cardtui serve``: the doors ask it for each game's line (:meth:`line_for`)
and stop it at the end. Every host keeps its own players' game processes; the
room's engines run on the one host holding the room's lease (NATS KV, renewed
every second, lapsing after :data:`~cardtui.cluster.lease.LEASE_SECONDS`): that
host opens the room (its tables, and those kept in the shared PostgreSQL store)
and serves every host's lines (:class:`~cardtui.cluster.lines.Gateway`); every
line goes through a relay on its own host (:class:`~cardtui.cluster.lines.Relay`).

Each host also holds a presence key of its own: when one dies, its presence
lapses and the owner drops its players' lines (their seats wait the grace period);
when the owner dies, the room's lease lapses, another host claims it and resumes the
room from the shared store (:mod:`cardtui.room.resume`: the hands in play were voided,
nothing unsettled was ever recorded, so every bet is back with its player; the players
are back in their seats, with tonight's ledger), and every relay reopens its line there.

Placement is one owner for the room's tables, not one per table: the engines are
a sliver of a room's work (the players' game processes, spread over the hosts, are
the rest), and one owner keeps the lobby, the leaderboard and the host's controls
in one place. Tables spread over owners is the next step (:mod:`cardtui.cluster.lease`
takes any key).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
import socket
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import nats
from nats.aio.client import Client

from cardtui.cluster.credentials import Credentials
from cardtui.cluster.guests import GuestNumbers
from cardtui.cluster.lease import LEASE_SECONDS, RENEWALS_PER_LEASE, Leases
from cardtui.cluster.lines import Gateway, Relay
from cardtui.names import without_bot_mark
from cardtui.room.chat import clean
from cardtui.room.connection import Member
from cardtui.room.hosting import RoomHost
from cardtui.room.room import NAME_LIMIT

log = logging.getLogger("cardtui.cluster")

#: The room's lease key: whoever holds it runs the tables.
ROOM_KEY = "room"
#: How long each NATS step of a stop may take before the stop goes on without it.
STOP_STEP_SECONDS = 5.0


def presence_key(host: str) -> str:
    return f"host-{host}"


class ClusterRoom:
    """This host's part of a room across hosts (see the module's docstring)."""

    def __init__(self, url: str, credentials: Credentials, room_name: str,
                 make_host: Callable[[], RoomHost], *,
                 member: Callable[[str | None, Path], Member],
                 host_id: str | None = None, lease_seconds: float = LEASE_SECONDS,
                 log_line: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.credentials = credentials
        self.room_name = room_name
        self.make_host = make_host
        self._member = member
        self.id = host_id or uuid.uuid4().hex[:12]
        self.lease_seconds = lease_seconds
        self.log = log_line
        self.nc: Client | None = None
        self.leases: Leases | None = None
        self.guest_numbers: GuestNumbers | None = None
        #: The room, while this host owns it.
        self.host: RoomHost | None = None
        self.gateway: Gateway | None = None
        self.relays: set[Relay] = set()
        self.owner: str | None = None
        self.voided = 0
        self._task: asyncio.Task[None] | None = None
        self.stop_step_seconds = STOP_STEP_SECONDS
        self._guests = itertools.count(1)

    async def start(self) -> None:
        self.nc = await nats.connect(
            self.url, name=f"cardtui-{self.id}", max_reconnect_attempts=-1,
            reconnect_time_wait=0.5, reconnected_cb=self._reconnected,
            **self.credentials.connect_options())
        self.leases = await Leases.open(self.nc.jetstream(), self.room_name, self.id,
                                        lease_seconds=self.lease_seconds,
                                        on_lost=self._lost)
        self.guest_numbers = await GuestNumbers.open(self.nc.jetstream(), self.room_name)
        await self.leases.claim(presence_key(self.id))
        self.leases.start()
        await self.steer()
        self._task = asyncio.create_task(self._steer_forever())

    async def _reconnected(self) -> None:
        """Back on nats-server after losing it: every line is opened again (what was sent
        while away is lost), and the room resends each player's view."""
        self._say("reconnected to nats-server: every line opened again")
        for relay in list(self.relays):
            await relay.reopen()

    async def _steer_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / RENEWALS_PER_LEASE)
            try:
                await self.steer()
            except Exception:  # noqa: BLE001 - NATS away for a moment: the next turn
                log.warning("cluster: could not look at the room's owner", exc_info=True)

    async def steer(self) -> None:
        """Claim the room if nobody holds it; follow a new owner; drop dead hosts' lines."""
        assert self.leases is not None
        if presence_key(self.id) not in self.leases.held:
            await self.leases.claim(presence_key(self.id))
        owner = await self.leases.owner(ROOM_KEY)
        if owner is None and await self.leases.claim(ROOM_KEY):
            owner = self.id
            if self.host is None:  # (this host may claim again what lapsed in an outage)
                await self._open_room()
        if owner is not None and owner != self.owner:
            previous, self.owner = self.owner, owner
            self._say(f"the room runs on host {owner}")
            if previous is not None:
                for relay in list(self.relays):
                    await relay.owner_changed()
        if self.gateway is not None:
            for host in self.gateway.hosts() - {self.id}:
                if await self.leases.owner(presence_key(host)) is None:
                    self._say(f"host {host} has gone: its players' lines drop")
                    await self.gateway.drop_host(host)

    async def _open_room(self) -> None:
        assert self.nc is not None
        self.host = self.make_host()
        self.gateway = Gateway(self.nc, self.room_name, self.host.room)
        await self.gateway.start()
        self._say("this host now runs the room's tables")

    def _lost(self, key: str) -> None:
        if key == ROOM_KEY and self.host is not None:
            # Another host runs the room now (this one stalled past its lease): stop
            # playing it here, voiding what was in play.
            asyncio.get_running_loop().create_task(
                self._close_room("this host lost the room", lost=True))

    async def _close_room(self, reason: str, *, lost: bool = False) -> None:
        """Stop running the room here. Lost to another host: its seats and hands stay in the
        store for that host, and nothing more is written; stopped: the room ends (the next
        owner starts a new one: its players were told the room closed)."""
        host, gateway = self.host, self.gateway
        self.host = self.gateway = None
        keeper = host.room.keeper if host is not None else None
        if keeper is not None:
            if lost:
                keeper.writing = False
            else:
                keeper.end()
        if gateway is not None:
            await gateway.stop()
        if host is not None:
            await host.stop(reason)
            self.voided += host.voided

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
        relay = Relay(self.nc, self.room_name, self.id, member, ours, self.relays.discard)
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
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        # Each step that talks to nats-server is bounded: a server asked to stop stops,
        # even when its NATS connection is stuck (seen once: a test's hosts never finished
        # stopping under heavy load). What is not said in time, the leases' TTL says.
        for relay in list(self.relays):
            await self._bounded(relay.end(), "ending a relayed line")
        if self.host is not None:
            await self._close_room(reason or "the server is stopping")
        if self.leases is not None:
            await self._bounded(self.leases.stop(), "stopping the lease renewals")
            await self._bounded(self.leases.release(ROOM_KEY), "releasing the room's lease")
            await self._bounded(self.leases.release(presence_key(self.id)),
                                "releasing this host's presence")
        if self.nc is not None:
            await self._bounded(self.nc.close(), "closing the NATS connection")

    async def _bounded(self, step: Awaitable[object], what: str) -> None:
        try:
            await asyncio.wait_for(step, self.stop_step_seconds)
        except Exception:  # noqa: BLE001 - stopping anyway: NATS away, or too slow
            log.warning("cluster: %s failed or took over %s s while stopping", what,
                        self.stop_step_seconds, exc_info=True)
