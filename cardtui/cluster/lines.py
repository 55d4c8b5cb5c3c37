"""A player's line to the room across hosts: one game's socket, over NATS, to each part.

Every host keeps its players' game processes, as one ``cardtui serve`` does; each part
of the room (the lobby, each table of the tables file: :mod:`cardtui.cluster.shards`)
runs on the host holding its lease (its owner). Each game's line goes through a
:class:`Relay` on its own host, with a line to each part (:class:`PartLine`): each
request the game writes is published on the ``up`` subject of the part running the
table it names, and what a part's room writes to that player, already filtered for
them (their own hole cards, nobody else's), comes back on that line's ``down`` subject,
which only the player's host subscribes to. The relay merges what the parts say into
one room for the game. Each owner's :class:`Gateway` serves each line to its part's
room as a local connection (a socket pair, as for a player of its own), bound to the
member the player's host named: hosts are trusted (authenticated to nats-server),
players never reach NATS.

When a part's owner changes (it died, or stopped and handed the part over;
:mod:`cardtui.cluster.lease`), each relay opens that part's line again on the new owner
and greets it with the game's own greeting. The new owner resumed the part from the
shared store (:mod:`cardtui.room.resume`): its welcome names the tables where it holds
the player's seat (away, with the stack of the last settled hand), and the player is
back in them. Only the tables the game was shown and the new owner holds no seat at are
told closed (the game brings those chips home, from what its store last settled): never
a seat the new owner holds, whose chips would then be both on the balance and at the
table. The other parts play on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import socket
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import Error as NatsError
from nats.errors import NoRespondersError, TimeoutError

from cardtui.cluster.gather import ANSWERS, GATHERED, Gatherer
from cardtui.cluster.shards import LOBBY
from cardtui.cluster.subjects import PREFIX, token
from cardtui.i18n import N_
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.wire.protocol import (
    MAX_MESSAGE_BYTES,
    MAX_ROOM_MESSAGE_BYTES,
    Error,
    ErrorCode,
    HandStarted,
    HandVoided,
    Kicked,
    LineSplitter,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    Online,
    OnlinePlayer,
    ProtocolError,
    TableClosed,
    TableInfo,
    TableSnapshot,
    TooLong,
    Watch,
    Welcome,
    decode,
    encode,
)

log = logging.getLogger("cardtui.cluster")

#: How long a relay waits for an owner to take its line before asking again.
OPEN_TIMEOUT = 1.0
#: How long a part may take to greet a game before its line is opened again: an owner
#: that took the line as it handed the part over (its room closing) greets nobody.
GREETING_PATIENCE = 3.0
#: How long a barred player's line stays open for the other parts' word (their seats'
#: chips, going home) once one part has barred them.
BAN_SECONDS = 2.0
READ_SIZE = 64 * 1024
#: The empty message on a line's subject: the other end closed it.
CLOSED = b""
#: What a game is told of the hand it was shown in play when the room moved to another
#: host (the new owner seats the player again with the stacks the hand was dealt with).
VOIDED_BY_MOVE = N_("The table moved to another host: the hand in play is void and every "
                    "bet went back to its stack.")


def open_subject(room: str, part: str = LOBBY) -> str:
    """Where relays ask the owner of a part of the room to take a line (only it answers)."""
    return f"{PREFIX}.{token(room)}.open.{token(part)}"


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

    def __init__(self, nc: Client, room_name: str, room: Room, part: str = LOBBY) -> None:
        self.nc = nc
        self.room_name = room_name
        self.room = room
        self.part = part
        self.stopped = False
        self._open_sub: Subscription | None = None
        #: (host, line) -> the gateway's end of the line's socket pair, and its pumps.
        self._lines: dict[tuple[str, str], _GatewayLine] = {}

    async def start(self) -> None:
        self.stopped = False
        self._open_sub = await self.nc.subscribe(open_subject(self.room_name, self.part),
                                                 cb=self._open)

    async def _open(self, msg: Msg) -> None:
        try:
            asked = LineOpen.from_bytes(msg.data)
        except (ValueError, KeyError, TypeError):
            log.warning("a line to open that is not one: %r", msg.data[:200])
            return
        key = (asked.host, asked.line)
        if self.stopped:
            return  # (asked as this host let the part go: its next owner answers)
        if key not in self._lines:
            room_end, ours = socket.socketpair()
            await self.room.attach(room_end, asked.member)
            if self.stopped:  # let go meanwhile: taken, the line would be greeted by nobody
                ours.close()
                return
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
        self.stopped = True
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
        except (ConnectionError, OSError, NatsError):
            pass  # (NATS closed under it: this host is stopping, or cut off and dying)
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


def type_of(line: bytes) -> bytes:
    """A line's message type, read without decoding it (every line the room writes starts
    with it: :func:`~cardtui.wire.protocol.encode`); b"" for any other line.

    >>> type_of(b'{"type":"watch","table":"t1"}'), type_of(b'[]')
    (b'watch', b'')
    """
    if not line.startswith(_TYPE):
        return b""
    end = line.find(b'"', len(_TYPE))
    return line[len(_TYPE):end] if end > 0 else b""


_TYPE = b'{"type":"'
#: Lines whose message ends the hand (round) in play at a table.
_HAND_OVER = (b'HandEnded"', b'RoundSettled"')
#: What a table's part says that only the lobby's part speaks for: who is here, the lobby,
#: the lobby's chat, the room's end (a table's part that moves or stops is followed by its
#: next owner: its players never leave the room for it).
_LOBBY_ONLY = frozenset({b"welcome", b"lobby_snapshot", b"online", b"lobby_chat_line",
                         b"announcement", b"room_closing", b"leaderboard", b"renamed",
                         b"sit_and_go_update", b"host_desk_state"})
#: Requests every part hears: the greeting (each part seats the player again where it
#: holds their seat) and a new name (each part shows it at its seats).
_TO_EVERY_PART = frozenset({b"hello", b"rename"})


class Relay:
    """A game's line on its own host, carried to the owner of each part of the room.

    The game speaks to one room as ever: its requests go to the part running the table
    they name (the lobby's for the rest), and what each part says comes back merged. The
    lobby's snapshot lists every part's tables; its greeting names every table where a
    part seats the player (held until each part has greeted, so the game never brings home
    the chips of a seat some part still holds); only the lobby's part speaks of the lobby.
    """

    def __init__(self, nc: Client, room_name: str, host: str, member: Member,
                 sock: socket.socket, on_end: Callable[[Relay], None],
                 parts: Sequence[str] = (LOBBY,)) -> None:
        self.nc = nc
        self.room_name = room_name
        self.host = host
        self.member = member
        self.sock = sock
        self.on_end = on_end
        self.parts = {name: PartLine(self, name) for name in parts}
        self._writer: asyncio.StreamWriter | None = None
        #: The game's greeting, said to each part (again to a part's new owner).
        self._hello: bytes | None = None
        #: Which part runs each table the game was told of.
        self.where: dict[str, str] = {}
        #: The lobby lines of the tables the lobby's part does not run.
        self._infos: dict[str, TableInfo] = {}
        #: The lobby's greeting waiting for every part's (None: none waiting).
        self._greeting: Welcome | None = None
        self.greeted = False
        #: What the game is to read once greeted (the lobby's snapshot merged then).
        self._queued: list[bytes | LobbySnapshot] = []
        #: Who each part last said is here and where (merged for the game: each part
        #: knows the seats at its own tables).
        self._online: dict[str, tuple[OnlinePlayer, ...]] = {}
        #: Requests said to every part, whose answers only the lobby's part gives.
        self._to_every: set[int] = set()
        #: The host's requests every part answers (kick, unban, the desk), by ref.
        self._gather = Gatherer(lambda m: self._write(encode(m).rstrip(b"\n")))
        #: The parts that barred the player (None: none yet): the line ends once every
        #: part has, or :data:`BAN_SECONDS` after the first, so a table's Kicked (the
        #: seat's chips, going home) is not cut off by the lobby's ban said first.
        self._barred: set[str] | None = None
        self._up = LineSplitter(MAX_MESSAGE_BYTES)
        self.task: asyncio.Task[None] | None = None
        self._watch: asyncio.Task[None] | None = None
        self.ended = False

    @property
    def line(self) -> str:
        """The lobby's line's name (one line per part: :class:`PartLine`)."""
        return self.parts[LOBBY].line

    async def start(self) -> None:
        reader, self._writer = await asyncio.open_connection(sock=self.sock)
        for part in self.parts.values():
            part.start()
        self.task = asyncio.create_task(self._from_game(reader))
        self._watch = asyncio.create_task(self._until_greeted())

    async def _until_greeted(self) -> None:
        """Open again, now and then, the line of each part that has not greeted the game:
        the game waits on every part's greeting to be shown the room."""
        while not self.ended and not self.greeted:
            await asyncio.sleep(GREETING_PATIENCE)
            if self.ended or self.greeted or self._hello is None:
                continue
            for part in self.parts.values():
                if part.open and (part.greeting is None or not part.listed):
                    log.info("part %s did not greet %s: its line opened again", part.name,
                             self.member.name)
                    await part.reopen()

    # --- the game's requests -------------------------------------------------------------

    async def _from_game(self, reader: asyncio.StreamReader) -> None:
        try:
            while not self.ended:
                data = await reader.read(READ_SIZE)
                if not data:
                    break
                for line in self._up.feed(data):
                    await self._route(line)
        except (ConnectionError, OSError):
            pass
        finally:
            if not self.ended:
                for part in self.parts.values():
                    with contextlib.suppress(Exception):
                        await part.send(CLOSED)
                await self.end()

    async def _route(self, line: bytes | TooLong) -> None:
        if isinstance(line, TooLong):
            dropped = N_("that message was too long and was dropped")
            self._write(encode(Error(ErrorCode.TOO_LONG, dropped, key=dropped)).rstrip(b"\n"))
            return
        kind = type_of(line)
        data = line + b"\n"
        if kind in GATHERED:
            ref = _field(line, "ref")
            if isinstance(ref, int) and not self._gather.waiting_for(ref):
                self._gather.asked(ref, list(self.parts))
                for part in self.parts.values():
                    await part.send(data)
                return
        if kind in _TO_EVERY_PART:
            if kind == b"hello":
                self._hello = data
            else:
                ref = _field(line, "ref")
                if isinstance(ref, int):
                    self._to_every.add(ref)
            for part in self.parts.values():
                await part.send(data)
            return
        table = _field(line, "table") if b'"table":' in line else None
        name = self.where.get(table, LOBBY) if isinstance(table, str) else LOBBY
        part = self.parts.get(name, self.parts[LOBBY])
        if kind == b"leave" and isinstance(table, str):
            part.watching.discard(table)  # (a move does not show it again)
        await part.send(data)

    # --- what the parts say ----------------------------------------------------------------

    def heard(self, part: PartLine, line: bytes) -> None:
        """One line from ``part``'s owner: kept track of, merged, passed on (or not)."""
        kind = type_of(line)
        lobby = part.name == LOBBY
        message: Message | None = None
        if (kind in ANSWERS and self._gather.pending  # (a line parsed only then)
                and self._gather.waiting_for(ref := _field(line, "ref"))):
            with contextlib.suppress(ProtocolError):
                assert isinstance(ref, int)
                self._gather.answered(part.name, ref, decode(line))
            return
        if kind in _DECODED or (kind == b"records" and any(end in line for end in _HAND_OVER)):
            with contextlib.suppress(ProtocolError):
                message = decode(line)
        if isinstance(message, TableSnapshot):
            part.shown(message.table.id, message.your_seat is not None)
            self._located(part, message.table)
        elif isinstance(message, HandStarted):
            part.dealt[message.table] = message
        elif kind in (b"hand_voided", b"records") and message is not None:
            part.dealt.pop(getattr(message, "table", ""), None)
        elif isinstance(message, TableClosed):
            part.closed(message.table)
            if self.where.get(message.table) == part.name:
                del self.where[message.table]
                self._infos.pop(message.table, None)
        elif isinstance(message, LobbyUpdate):
            self._located(part, message.table)
        elif isinstance(message, Welcome):
            part.welcomed(message)
            if lobby:
                self._greeting = message
            self._greet()
            return
        elif isinstance(message, Error) and message.code == ErrorCode.BANNED:
            if self._barred is None and self._writer is not None:
                # A ban at any part bars the room (said once; at once, greeted or not:
                # a barred game is greeted by no part).
                self._writer.write(line + b"\n")
            self._barred_by(part)
            return
        elif isinstance(message, Error) and part.moving is not None:
            part.welcomed(None)  # refused by the new owner: no seat held there
        if isinstance(message, Kicked) and message.banned:
            self._write(line)
            return
        if isinstance(message, LobbySnapshot):
            part.listed = True
            self._online[part.name] = message.online
        elif isinstance(message, Online):
            self._online[part.name] = message.players
            self._write(encode(Online(self._merged_online())).rstrip(b"\n"))
            return
        if lobby:
            if isinstance(message, LobbySnapshot):
                for info in message.tables:
                    self.where[info.id] = LOBBY
                if not self.greeted:
                    self._queued.append(message)  # merged once every part has listed
                    self._greet()
                    return
                line = self._merged(message)
            self._write(line)
            return
        if isinstance(message, LobbySnapshot):
            for info in message.tables:
                self._located(part, info)
                if self.greeted:
                    self._write(encode(LobbyUpdate(info)).rstrip(b"\n"))
            self._greet()
            return
        if kind in _LOBBY_ONLY:
            return
        if isinstance(message, Error) and message.ref in self._to_every:
            return  # the lobby's part answers for every part
        self._write(line)

    def _barred_by(self, part: PartLine) -> None:
        loop = asyncio.get_running_loop()
        if self._barred is None:
            self._barred = set()
            loop.call_later(BAN_SECONDS, lambda: loop.create_task(self.end()))
        self._barred.add(part.name)
        if self._barred >= set(self.parts):
            loop.create_task(self.end())

    def _located(self, part: PartLine, info: TableInfo) -> None:
        self.where[info.id] = part.name
        if part.name != LOBBY:
            self._infos[info.id] = info

    def _others(self) -> list[TableInfo]:
        """The tables the other parts run, by number (``t2`` before ``t10``)."""
        return sorted(self._infos.values(), key=lambda info: _table_order(info.id))

    def _merged(self, snapshot: LobbySnapshot) -> bytes:
        return encode(dataclasses.replace(
            snapshot, tables=(*snapshot.tables, *self._others()),
            online=self._merged_online())).rstrip(b"\n")

    def _merged_online(self) -> tuple[OnlinePlayer, ...]:
        """Who is here, as every part says: the seats and watched tables of each part's
        own tables; here (not away) if connected to any part."""
        merged: dict[str, OnlinePlayer] = {}
        for name in [LOBBY, *sorted(set(self._online) - {LOBBY})]:
            for player in self._online.get(name, ()):
                known = merged.get(player.name)
                merged[player.name] = player if known is None else dataclasses.replace(
                    known, seated=tuple(dict.fromkeys(known.seated + player.seated)),
                    watching=tuple(dict.fromkeys(known.watching + player.watching)),
                    host=known.host or player.host, away=known.away and player.away)
        return tuple(sorted(merged.values(), key=lambda p: (p.name.casefold(), p.name)))

    def _greet(self) -> None:
        """The lobby's greeting, once every part has greeted: naming every table where a
        part seats the player (each game brings home the chips of every other seat). The
        first waits for every part's tables too: the game's first lobby lists them all."""
        if self._greeting is None or any(p.greeting is None for p in self.parts.values()):
            return
        if not self.greeted and not all(p.listed for p in self.parts.values()):
            return
        seated = sorted({t for p in self.parts.values() for t in p.seated})
        greeting, self._greeting = self._greeting, None
        line = encode(dataclasses.replace(greeting, seated_at=tuple(seated))).rstrip(b"\n")
        assert self._writer is not None
        if self.greeted:
            self._writer.write(line + b"\n")
            return
        self.greeted = True
        queued, self._queued = self._queued, []
        # The lobby first, as one host says it (Welcome, LobbySnapshot, then each seat's
        # table): a game takes a seat given back only at a table its lobby lists, and a
        # table's part may have said it before the lobby's part listed the tables.
        queued.sort(key=lambda q: isinstance(q, bytes))
        lines = [q if isinstance(q, bytes) else self._merged(q) for q in queued]
        self._writer.write(b"".join(q + b"\n" for q in [line, *lines]))

    def _write(self, line: bytes) -> None:
        if self._writer is None or self.ended:
            return
        if self.greeted:
            self._writer.write(line + b"\n")
        else:
            self._queued.append(line)

    def write_now(self, line: bytes) -> None:
        """A line the relay says itself (a part moved): queued as any other."""
        self._write(line)

    # --- the parts' owners -----------------------------------------------------------------

    async def owner_changed(self, part: str = LOBBY) -> None:
        """The part's owner died or handed it over: its line opened on the new owner."""
        if part in self.parts:
            await self.parts[part].reopen(moved=True)

    async def reopen(self, *, tables_closed: bool = False) -> None:
        """Every part's line opened again (nats-server came back; ``tables_closed``: every
        part moved), see :meth:`PartLine.reopen`."""
        for part in self.parts.values():
            await part.reopen(moved=tables_closed)

    async def end(self) -> None:
        if self.ended:
            return
        self.ended = True
        self._gather.end()
        if self._watch is not None and self._watch is not asyncio.current_task():
            self._watch.cancel()
        for part in self.parts.values():
            await part.end()
        if self._writer is not None:
            self._writer.close()
        self.on_end(self)


#: The lines the relay reads (the rest, most of a table's, pass as bytes).
_DECODED = frozenset({b"table_snapshot", b"hand_started", b"hand_voided", b"table_closed",
                      b"lobby_update", b"welcome", b"error", b"lobby_snapshot", b"kicked",
                      b"online"})


def _field(line: bytes, name: str) -> object:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    return data.get(name) if isinstance(data, dict) else None


def _table_order(table_id: str) -> tuple[int, str]:
    digits = table_id[1:]
    return (int(digits), table_id) if digits.isdigit() else (1 << 30, table_id)


class PartLine:
    """A relay's line to one part of the room, on whichever host runs that part now."""

    def __init__(self, relay: Relay, name: str) -> None:
        self.relay = relay
        self.name = name
        self.line = uuid.uuid4().hex
        self._sub: Subscription | None = None
        self._splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        self.open = False
        #: What the game said while no owner had the line: sent once one takes it.
        self._pending: list[bytes] = []
        self._opening: asyncio.Task[None] | None = None
        #: This part's last greeting (None: not greeted yet on this line), and whether its
        #: tables were listed since.
        self.greeting: Welcome | None = None
        self.listed = False
        #: Tables where this part seats the player (its greeting's, and every seat taken
        #: since): kept through a move, so the game's greeting never leaves one out.
        self.seated: set[str] = set()
        #: Tables of this part the game was shown, those it watches (shown, no seat), and
        #: each one's hand in play.
        self._shown: set[str] = set()
        self.watching: set[str] = set()
        self.dealt: dict[str, HandStarted] = {}
        #: After the part moved: the tables the game was shown, told closed (or their hand
        #: void) once the new owner's greeting says where it seats the player.
        self.moving: set[str] | None = None

    def _subject(self, direction: str) -> str:
        return line_subject(self.relay.room_name, self.relay.host, self.line, direction)

    def start(self) -> None:
        self._opening = asyncio.get_running_loop().create_task(self._connect())

    async def _connect(self) -> None:
        """Subscribe to the line's down subject, then have the part's owner take the line."""
        relay = self.relay
        line = self.line
        self._sub = await relay.nc.subscribe(self._subject("down"), cb=self._from_owner)
        asked = LineOpen(relay.host, line, relay.member).to_bytes()
        while not relay.ended and self.line == line:
            try:
                await relay.nc.request(open_subject(relay.room_name, self.name), asked,
                                       timeout=OPEN_TIMEOUT)
                break
            except (TimeoutError, NoRespondersError):
                await asyncio.sleep(OPEN_TIMEOUT / 4)  # no owner yet (one is being chosen)
        if self.line != line:
            # Opened again meanwhile, and this task cancelled: a cancel nats-py swallowed
            # (cluster/beat.py) lets it run on; the new line's task does the rest.
            return
        while self._pending:  # (what the game says meanwhile joins the end of it)
            await relay.nc.publish(self._subject("up"), self._pending.pop(0))
        self.open = True

    async def send(self, data: bytes) -> None:
        if self.open:
            await self.relay.nc.publish(self._subject("up"), data)
        else:
            self._pending.append(data)

    async def _from_owner(self, msg: Msg) -> None:
        relay = self.relay
        if relay.ended:
            return
        if msg.data == CLOSED:
            if self.name == LOBBY and relay._barred is None:
                await relay.end()  # the room closed (a ban ends the line in its own time)
            else:
                self.open = False  # the part's owner let the line go: its next takes it
            return
        for line in self._splitter.feed(msg.data):
            if not isinstance(line, TooLong):
                relay.heard(self, line)

    def shown(self, table: str, seated: bool) -> None:
        self._shown.add(table)
        self.dealt.pop(table, None)
        if seated:
            self.seated.add(table)
            self.watching.discard(table)
        else:
            self.watching.add(table)

    def closed(self, table: str) -> None:
        self._shown.discard(table)
        self.seated.discard(table)
        self.watching.discard(table)
        self.dealt.pop(table, None)

    def welcomed(self, greeting: Welcome | None) -> None:
        """The part's owner greeted the game (None: it refused the greeting). After a move,
        first: the tables of this part the new owner seats the player at nowhere are told
        closed, and the hand the game was shown in play at the others void; a table it
        watched is watched again there."""
        held = set(greeting.seated_at) if greeting is not None else set()
        if self.moving is not None:
            moving, self.moving = self.moving, None
            for table in sorted(moving):
                dealt = self.dealt.pop(table, None)
                watched = table not in held and table in self.watching and greeting is not None
                if watched:
                    # The new owner shows it again (its snapshot replaces the screen's).
                    asyncio.get_running_loop().create_task(
                        self.send(encode(Watch(table))))
                if table not in held and not watched:
                    self.seated.discard(table)
                    self.watching.discard(table)
                    self.relay.write_now(encode(TableClosed(table)).rstrip(b"\n"))
                elif dealt is not None:
                    # The stacks it was dealt with are the stacks now: every bet went back.
                    # (Its message id too: each game words it in its player's language.)
                    self.relay.write_now(encode(HandVoided(
                        table, dealt.number, dealt.seats, VOIDED_BY_MOVE,
                        key=VOIDED_BY_MOVE)).rstrip(b"\n"))
        if greeting is not None:
            self.seated = held | (self.seated & self._shown)
            self.greeting = greeting

    async def reopen(self, *, moved: bool = False) -> None:
        """Open the line again under a new name and greet the part again for the game.

        After the part moved (``moved``: its owner died, or stopped and handed it over),
        the game is told of the tables it no longer has there once the new owner greets
        it. After nats-server came back (core NATS delivers at most once: what was
        published while this host was away is lost) the same owner takes the new line as
        the player reconnecting: it seats them again and sends each table's snapshot, so
        the game's view is whole again; the old line then closes.
        """
        relay = self.relay
        if relay.ended:
            return
        if self._opening is not None and not self._opening.done():
            self._opening.cancel()
        self.open = False
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        if moved:
            self.moving = set(self._shown)
            self._shown.clear()
            # A line the old owner cut short is dropped, not glued to the new owner's first.
            self._splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        old_up = self._subject("up")
        self.line = uuid.uuid4().hex  # new subjects: nothing late from the old line
        if relay._hello is not None:
            self._pending.insert(0, relay._hello)
        self._opening = asyncio.get_running_loop().create_task(self._connect())
        if not moved:
            with contextlib.suppress(Exception):
                await relay.nc.publish(old_up, CLOSED)

    async def end(self) -> None:
        if self._opening is not None and not self._opening.done():
            self._opening.cancel()
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
