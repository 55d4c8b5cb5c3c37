"""The bot entry of ``cardtui serve``: an outside bot's line to the room, by its SSH key.

The host lists the keys of the bots allowed in, one per line as in
``authorized_keys``, in ``bot_keys`` beside ``authorized_keys`` (and in any
``--room-bot FILE``). A bot key is a bot's and only a bot's:

- it is let in without being in ``authorized_keys``, but it never gets a game:
  its only session is the SSH subsystem :data:`BOT_SUBSYSTEM` (``ssh -s``),
  a headless line to the room speaking the wire protocol
  (:mod:`cardtui.wire.protocol`, one JSON message a line);
- any other key asking for that subsystem is refused (the game's own session
  refuses every subsystem), so only a key the host listed reaches the entry;
- its seat is shown as a bot's: the room knows it by its SSH login name with
  :data:`BOT_MARK` after it (never a host, whatever keys are in ``host_keys``);
- it may send only what a seat at a hold'em table needs
  (:data:`BOT_REQUESTS`): greet, read the lobby, sit at a hold'em table,
  act, sit out, come back, leave. Anything else (chat, a rename that would
  drop the mark, a new table, a host's request) is answered with an error
  here and never reaches the room.

What the room sends it is what any seat gets: the room filters every hand per
seat, so another seat's hole cards never reach a bot before they are shown.

In a room across hosts (``--cluster``) a bot may come in at any host: its line is
relayed to the host running the tables (:meth:`ClusterRoom.line_as`), and the
hold'em-only rule is checked against the tables the room's lobby showed this bot
(the host it came in at may run none of them).
:mod:`cardtui.arena.room_bot` is the client side (``cardtui arena --room``).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

import asyncssh

from cardtui.games import Game
from cardtui.room.chat import clean
from cardtui.room.connection import Member
from cardtui.room.hosting import profile_key
from cardtui.room.room import room_pair
from cardtui.wire.protocol import (
    MAX_MESSAGE_BYTES,
    MAX_ROOM_MESSAGE_BYTES,
    ComeBack,
    Error,
    ErrorCode,
    GetLobby,
    Hello,
    HoldemAction,
    Leave,
    LineSplitter,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    ProtocolError,
    SettledSeen,
    Sit,
    SitOut,
    SitOutNext,
    TooLong,
    decode,
    encode,
)

if TYPE_CHECKING:
    from cardtui.cluster.node import ClusterRoom
    from cardtui.room.hosting import RoomHost

#: The bots' keys, beside ``authorized_keys`` (and ``host_keys``).
BOT_KEYS_NAME = "bot_keys"
#: The SSH subsystem a bot asks for: ``ssh -s -p PORT name@host cardtui-bot``.
BOT_SUBSYSTEM = "cardtui-bot"
#: After a bot's name wherever the room shows it.
BOT_MARK = " (bot)"
#: A bot's name when its SSH login gives none.
DEFAULT_BOT_NAME = "Bot"
#: The longest bot name, before the mark (the room's names are short).
BOT_NAME_LIMIT = 16
#: Lines a bot may send before the room has answered (its greeting, a lobby request).
EARLY_LINES = 8
#: What a bot may ask of the room.
BOT_REQUESTS: tuple[type[Message], ...] = (Hello, GetLobby, Sit, HoldemAction, SitOut,
                                           SitOutNext, ComeBack, SettledSeen, Leave)


def bot_member(fingerprint: str, login: str) -> Member:
    """The room's member for a bot key: its own profile, its login as its name, marked.

    >>> bot_member("SHA256:abc", "deep\\x1b[31mblue").name
    'deepblue (bot)'
    """
    name = clean(login, BOT_NAME_LIMIT).strip() or DEFAULT_BOT_NAME
    return Member(profile_key(fingerprint), name + BOT_MARK)


def vet(line: bytes, is_holdem: Callable[[str], bool]) -> Error | None:
    """Why the room never sees this line from a bot (None: it may).

    >>> vet(b'{"type":"chat","table":"t1","text":"hi","ref":4}', lambda t: True).message
    'a bot may not send chat'
    >>> vet(b'{"type":"lobby"}', lambda t: True) is None
    True
    """
    try:
        message = decode(line)
    except ProtocolError as error:
        return Error(ErrorCode.MALFORMED, str(error))
    if not isinstance(message, BOT_REQUESTS):
        return Error(ErrorCode.REFUSED, f"a bot may not send {message.TYPE}",
                     ref=getattr(message, "ref", None))
    if isinstance(message, Sit) and not is_holdem(message.table):
        return Error(ErrorCode.REFUSED, "a bot sits only at a hold'em table",
                     ref=message.ref, table=message.table)
    return None


class BotLineSession(asyncssh.SSHServerSession[bytes]):
    """A bot's session: the :data:`BOT_SUBSYSTEM` only, bytes to and from the room."""

    def __init__(self, fingerprint: str, login: str, host: RoomHost | None, *,
                 log: Callable[[str], None], start_timeout: float,
                 on_finished: Callable[[BotLineSession], None],
                 cluster: ClusterRoom | None = None) -> None:
        self.member = bot_member(fingerprint, login)
        self._host = host
        self._cluster = cluster
        #: In a cluster: the tables the room's lobby has shown this bot, hold'em or not.
        self._shown: dict[str, bool] = {}
        self._from_room = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        self._log = log
        self._on_finished = on_finished
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._splitter = LineSplitter(MAX_MESSAGE_BYTES)
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._client_ready = asyncio.Event()
        self._client_ready.set()
        #: Lines a bot sent before its line to the room was up (its greeting, at once).
        self._early: list[bytes] = []
        self._finished = False
        self._clock = asyncio.get_running_loop().call_later(start_timeout, self._never_started)

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        return False  # a line of JSON, not a terminal

    def shell_requested(self) -> bool:
        return False  # a bot key plays no game

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return subsystem == BOT_SUBSYSTEM

    def session_started(self) -> None:
        self._clock.cancel()
        self._task = asyncio.create_task(self._serve())

    def data_received(self, data: bytes, datatype: int | None) -> None:
        for line in self._splitter.feed(data):
            if isinstance(line, TooLong):
                self._answer(Error(ErrorCode.TOO_LONG,
                                   f"a line of {line.size} bytes, over {MAX_MESSAGE_BYTES}"))
                continue
            refusal = vet(line, self._is_holdem)
            if refusal is not None:
                self._answer(refusal)
            elif self._writer is not None:
                self._writer.write(line + b"\n")
            elif len(self._early) < EARLY_LINES:
                self._early.append(line + b"\n")  # the greeting, sent before the room answered

    def eof_received(self) -> bool:
        self._close_line()
        return False

    def pause_writing(self) -> None:
        self._client_ready.clear()  # the bot reads slowly: stop reading the room

    def resume_writing(self) -> None:
        self._client_ready.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self._close_line()
        if self._task is None:
            self._finish()

    def _is_holdem(self, table: str) -> bool:
        if self._cluster is not None:
            return self._shown.get(table, False)
        found = self._host.room.tables.get(table) if self._host is not None else None
        return found is not None and found.game is Game.HOLDEM

    def _look(self, data: bytes) -> None:
        """Keep which tables the room's lobby lines show as hold'em (in a cluster)."""
        for line in self._from_room.feed(data):
            if isinstance(line, TooLong) or b'"lobby_' not in line:
                continue
            try:
                message = decode(line)
            except ProtocolError:
                continue
            if isinstance(message, LobbySnapshot):
                self._shown = {t.id: t.game is Game.HOLDEM for t in message.tables}
            elif isinstance(message, LobbyUpdate):
                self._shown[message.table.id] = message.table.game is Game.HOLDEM

    def _answer(self, error: Error) -> None:
        if self._chan is not None:
            with contextlib.suppress(BrokenPipeError, ConnectionError):
                self._chan.write(encode(error))

    def _never_started(self) -> None:
        if self._task is None and self._chan is not None:
            self._chan.close()
        self._finish()

    async def _serve(self) -> None:
        try:
            if self._cluster is not None:
                game_end: socket.socket = await self._cluster.line_as(self.member)
            elif self._host is None:
                self._answer(Error(ErrorCode.REFUSED, "this server seats no bots "
                                   "(no shared room on this host)"))
                return
            else:
                game_end = await room_pair(self._host.room, self.member)
            reader, self._writer = await asyncio.open_connection(sock=game_end)
            for line in self._early:
                self._writer.write(line)
            self._early.clear()
            self._log(f"a bot joined the room: {self.member.name}")
            while True:
                await self._client_ready.wait()
                data = await reader.read(MAX_ROOM_MESSAGE_BYTES)
                if not data or self._chan is None:
                    break
                if self._cluster is not None:
                    self._look(data)
                self._chan.write(data)
        except (BrokenPipeError, ConnectionError, OSError):
            pass
        finally:
            self._close_line()
            if self._chan is not None:
                with contextlib.suppress(Exception):
                    self._chan.exit(0)
            self._finish()

    def _close_line(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self._clock.cancel()
        self._on_finished(self)
