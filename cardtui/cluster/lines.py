"""A player's line to the room across hosts: the bytes of one game's socket over NATS.

Every host keeps its players' game processes, as one ``cardtui serve`` does; the
room's engines run on the host that holds the room's lease (the owner). Each game's
line goes through a :class:`Relay` on its own host: what the game writes is
published on the line's ``up`` subject, and what the room writes to that player,
already filtered for them (their own hole cards, nobody else's), comes back on the
line's ``down`` subject, which only the player's host subscribes to. The owner's
:class:`Gateway` serves each line to its room as a local connection (a socket pair,
as for a player of its own), bound to the member the player's host named: hosts are
trusted (authenticated to nats-server), players never reach NATS.

When the owner changes (it died; :mod:`cardtui.cluster.lease`), each relay opens
the line again on the new owner and greets it with the game's own first greeting.
The new owner resumed the room from the shared store (:mod:`cardtui.room.resume`):
its welcome names the tables where it holds the player's seat (away, with the stack
of the last settled hand), and the player is back in them. Only the tables the game
was shown and the new owner holds no seat at are told closed (the game brings
those chips home, from what its store last settled): never a seat the new owner
holds, whose chips would then be both on the balance and at the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import socket
import uuid
from collections.abc import Callable
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import NoRespondersError, TimeoutError

from cardtui.cluster.subjects import PREFIX, token
from cardtui.i18n import N_
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.wire.protocol import (
    MAX_ROOM_MESSAGE_BYTES,
    Error,
    HandStarted,
    HandVoided,
    LineSplitter,
    TableClosed,
    TableSnapshot,
    TooLong,
    Welcome,
    decode,
    encode,
)

log = logging.getLogger("cardtui.cluster")

#: How long a relay waits for an owner to take its line before asking again.
OPEN_TIMEOUT = 1.0
READ_SIZE = 64 * 1024
#: The empty message on a line's subject: the other end closed it.
CLOSED = b""
#: What a game is told of the hand it was shown in play when the room moved to another
#: host (the new owner seats the player again with the stacks the hand was dealt with).
VOIDED_BY_MOVE = N_("The room moved to another host: the hand in play is void and every "
                    "bet went back to its stack.")
#: Lines whose message ends the hand (round) in play at a table.
_HAND_OVER = (b'"hand_voided"', b'HandEnded"', b'RoundSettled"')


def open_subject(room: str) -> str:
    """Where relays ask the owner to take a line (only the owner answers)."""
    return f"{PREFIX}.{token(room)}.open"


def line_subject(room: str, host: str, line: str, direction: str) -> str:
    return f"{PREFIX}.{token(room)}.line.{token(host)}.{token(line)}.{direction}"


@dataclasses.dataclass
class LineOpen:
    """A relay's request to the owner: serve ``line`` of ``host`` as ``member``."""

    host: str
    line: str
    member: Member

    def to_bytes(self) -> bytes:
        return json.dumps({"host": self.host, "line": self.line,
                           "member": dataclasses.asdict(self.member)}).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> LineOpen:
        raw: dict[str, Any] = json.loads(data)
        member = raw["member"]
        return cls(str(raw["host"]), str(raw["line"]), Member(
            str(member["profile"]), str(member["name"]), bool(member.get("guest")),
            bool(member.get("host")), bool(member.get("resumable"))))


class Gateway:
    """The owner's side: each relayed line served to the room as a local connection."""

    def __init__(self, nc: Client, room_name: str, room: Room) -> None:
        self.nc = nc
        self.room_name = room_name
        self.room = room
        self._open_sub: Subscription | None = None
        #: (host, line) -> the gateway's end of the line's socket pair, and its pumps.
        self._lines: dict[tuple[str, str], _GatewayLine] = {}

    async def start(self) -> None:
        self._open_sub = await self.nc.subscribe(open_subject(self.room_name), cb=self._open)

    async def _open(self, msg: Msg) -> None:
        try:
            asked = LineOpen.from_bytes(msg.data)
        except (ValueError, KeyError, TypeError):
            log.warning("a line to open that is not one: %r", msg.data[:200])
            return
        key = (asked.host, asked.line)
        if key not in self._lines:
            room_end, ours = socket.socketpair()
            await self.room.attach(room_end, asked.member)
            line = _GatewayLine(self, asked, ours)
            self._lines[key] = line
            await line.start()
        await msg.respond(b"ok")

    def hosts(self) -> set[str]:
        return {host for host, _ in self._lines}

    async def drop_host(self, host: str) -> None:
        """A host has gone (its presence lapsed): its players' lines drop, as connections
        do; their seats wait the grace period for them to come back through another host."""
        for key, line in list(self._lines.items()):
            if key[0] == host:
                await line.close()

    async def stop(self) -> None:
        if self._open_sub is not None:
            with contextlib.suppress(Exception):
                await self._open_sub.unsubscribe()
        for line in list(self._lines.values()):
            await line.close()


class _GatewayLine:
    def __init__(self, gateway: Gateway, asked: LineOpen, sock: socket.socket) -> None:
        self.gateway = gateway
        self.key = (asked.host, asked.line)
        self.up = line_subject(gateway.room_name, asked.host, asked.line, "up")
        self.down = line_subject(gateway.room_name, asked.host, asked.line, "down")
        self.sock = sock
        self._writer: asyncio.StreamWriter | None = None
        self._sub: Subscription | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    async def start(self) -> None:
        reader, self._writer = await asyncio.open_connection(sock=self.sock)
        self._sub = await self.gateway.nc.subscribe(self.up, cb=self._from_player)
        self._task = asyncio.create_task(self._to_player(reader))

    async def _from_player(self, msg: Msg) -> None:
        if msg.data == CLOSED:
            await self.close()
        elif self._writer is not None and not self.closed:
            self._writer.write(msg.data)

    async def _to_player(self, reader: asyncio.StreamReader) -> None:
        nc = self.gateway.nc
        try:
            while True:
                data = await reader.read(READ_SIZE)
                if not data:
                    break
                await nc.publish(self.down, data)
        except (ConnectionError, OSError):
            pass
        finally:
            if not self.closed:
                with contextlib.suppress(Exception):
                    await nc.publish(self.down, CLOSED)
                await self.close()

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.gateway._lines.pop(self.key, None)
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        if self._writer is not None:
            self._writer.close()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()


class Relay:
    """A game's line on its own host, carried to whichever host owns the room."""

    def __init__(self, nc: Client, room_name: str, host: str, member: Member,
                 sock: socket.socket, on_end: Callable[[Relay], None]) -> None:
        self.nc = nc
        self.room_name = room_name
        self.host = host
        self.member = member
        self.sock = sock
        self.on_end = on_end
        self.line = uuid.uuid4().hex
        self._writer: asyncio.StreamWriter | None = None
        self._sub: Subscription | None = None
        #: The game's first greeting, said again to a new owner.
        self._hello: bytes | None = None
        #: Tables the game was shown (sitting or watching): closed for it if the owner dies.
        self._tables: set[str] = set()
        self._splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        #: After the owner died: the tables the game was shown, told closed when the new
        #: owner's welcome says which of them it seats the player at (None: not waiting).
        self._closing: set[str] | None = None
        #: Whether the last byte written to the game ended a line.
        self._at_line_end = True
        #: Each table's hand (round) in play as the game was shown it dealt.
        self._dealt: dict[str, HandStarted] = {}
        self._open = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.ended = False

    def _subject(self, direction: str) -> str:
        return line_subject(self.room_name, self.host, self.line, direction)

    async def start(self) -> None:
        reader, self._writer = await asyncio.open_connection(sock=self.sock)
        await self._connect()
        self.task = asyncio.create_task(self._from_game(reader))

    async def _connect(self) -> None:
        """Subscribe to the line's down subject, then have an owner take the line."""
        self._sub = await self.nc.subscribe(self._subject("down"), cb=self._from_room)
        asked = LineOpen(self.host, self.line, self.member).to_bytes()
        while not self.ended:
            try:
                await self.nc.request(open_subject(self.room_name), asked, timeout=OPEN_TIMEOUT)
                break
            except (TimeoutError, NoRespondersError):
                await asyncio.sleep(OPEN_TIMEOUT / 4)  # no owner yet (one is being chosen)
        self._open.set()

    async def _from_room(self, msg: Msg) -> None:
        if self._writer is None or self.ended:
            return
        if msg.data == CLOSED:
            await self.end()
            return
        for line in self._splitter.feed(msg.data):
            # Only a table's snapshot (and a new owner's greeting) is decoded: the rest
            # passes as bytes.
            if isinstance(line, TooLong):
                continue
            if b'"table_snapshot"' in line:
                message = decode(line)
                if isinstance(message, TableSnapshot):
                    self._tables.add(message.table.id)
                    self._dealt.pop(message.table.id, None)
            elif b'"hand_started"' in line:
                message = decode(line)
                if isinstance(message, HandStarted):
                    self._dealt[message.table] = message
            elif any(end in line for end in _HAND_OVER):
                self._dealt.pop(getattr(decode(line), "table", ""), None)
            elif self._closing is not None and (b'"welcome"' in line or b'"error"' in line):
                message = decode(line)
                if isinstance(message, Welcome | Error):
                    held = set(message.seated_at) if isinstance(message, Welcome) else set()
                    self._welcomed(held)
        self._writer.write(msg.data)
        self._at_line_end = msg.data.endswith(b"\n")

    def _welcomed(self, held: set[str]) -> None:
        """The new owner greeted the game (``held``: the tables where it seats the player):
        before its greeting, the game hears that the tables it seats nobody of it at closed,
        and that the hand it was shown in play at the others was void."""
        assert self._writer is not None and self._closing is not None
        closing, self._closing = self._closing, None
        for table in sorted(closing):
            dealt = self._dealt.pop(table, None)
            if table not in held:
                self._writer.write(encode(TableClosed(table)))
            elif dealt is not None:
                # The stacks it was dealt with are the stacks now: every bet went back.
                # (Its message id too: each game words it in its player's language.)
                self._writer.write(encode(HandVoided(table, dealt.number, dealt.seats,
                                                     VOIDED_BY_MOVE, key=VOIDED_BY_MOVE)))

    async def _from_game(self, reader: asyncio.StreamReader) -> None:
        try:
            while not self.ended:
                data = await reader.read(READ_SIZE)
                if not data:
                    break
                if self._hello is None:
                    self._hello = data
                await self._open.wait()
                await self.nc.publish(self._subject("up"), data)
        except (ConnectionError, OSError):
            pass
        finally:
            if not self.ended:
                with contextlib.suppress(Exception):
                    await self.nc.publish(self._subject("up"), CLOSED)
                await self.end()

    async def owner_changed(self) -> None:
        """The room's owner died: the game's tables closed, the line opened on the new one."""
        await self.reopen(tables_closed=True)

    async def reopen(self, *, tables_closed: bool = False) -> None:
        """Open the line again under a new name and greet the room again for the game.

        After the owner died (``tables_closed``) the game is told its tables closed
        first. After nats-server came back (core NATS delivers at most once: what
        was published while this host was away is lost) the same room takes the new
        line as the player reconnecting: it seats them again and sends each table's
        snapshot, so the game's view is whole again; the old line then closes.
        """
        if self.ended:
            return
        self._open.clear()
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        if tables_closed and self._writer is not None:
            # Told closed once the new owner says which seats it holds (see _from_room).
            self._closing = set(self._tables)
            self._tables.clear()
            self._splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
            if not self._at_line_end:
                # The dead owner's last message was cut: the game drops that line whole
                # rather than read it glued to the new owner's first.
                self._writer.write(b"\n")
                self._at_line_end = True
        old_up = self._subject("up")
        self.line = uuid.uuid4().hex  # new subjects: nothing late from the old line
        await self._connect()
        if self._hello is not None:
            await self.nc.publish(self._subject("up"), self._hello)
        if not tables_closed:
            with contextlib.suppress(Exception):
                await self.nc.publish(old_up, CLOSED)

    async def end(self) -> None:
        if self.ended:
            return
        self.ended = True
        self._open.set()
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        if self._writer is not None:
            self._writer.close()
        self.on_end(self)
