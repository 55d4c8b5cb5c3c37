"""The game process's side of the room: one socket inherited from the server.

Why a socket pair and an inherited descriptor: the server makes a
``socket.socketpair()`` for each player and hands one end to that player's
game process at spawn (``pass_fds``), telling it the descriptor's number in
:data:`ROOM_FD_ENV`. Nothing is left on the machine for anyone to find or
steal: no socket file another local user could connect to, no port any
process could reach, no token to leak through ``ps`` or the environment. The
room end was bound to the player's profile when the pair was made, so the
only way to speak as a player is to be the process the server started for
them. (The descriptors are not inheritable by default, PEP 446, so only the
child named in ``pass_fds`` gets one.)
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import AsyncIterator, Mapping

from cardtui.i18n import _
from cardtui.wire import ROOM_FD_ENV
from cardtui.wire.protocol import (
    MAX_ROOM_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Error,
    Hello,
    LineSplitter,
    Message,
    ProtocolError,
    TooLong,
    Welcome,
    decode,
    encode,
)

log = logging.getLogger("cardtui.guest.client")



class RoomError(Exception):
    """The room refused the connection, or it is gone."""


class RoomClient:
    """Send messages to the room and receive what it sends, one message at a time."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        self._ready: list[bytes | TooLong] = []
        self.welcome: Welcome | None = None

    @classmethod
    async def open(cls, sock: socket.socket) -> RoomClient:
        reader, writer = await asyncio.open_connection(sock=sock)
        return cls(reader, writer)

    @classmethod
    async def from_environment(cls, environ: Mapping[str, str] = os.environ
                               ) -> RoomClient | None:
        """The room this process was started with, or None when it runs on its own."""
        value = environ.get(ROOM_FD_ENV)
        if not value:
            return None
        try:
            fd = int(value)
            sock = socket.socket(fileno=fd)
        except (ValueError, OSError) as error:
            raise RoomError(f"{ROOM_FD_ENV}={value!r} is not a socket: {error}") from None
        return await cls.open(sock)

    async def hello(self, ref: int | None = None) -> Welcome:
        """Greet the room; return who it says we are.

        ``ref``: the greeting's request reference (the link numbers it as every
        request); the room echoes it in its welcome or its refusal.
        """
        self.send(Hello(PROTOCOL_VERSION, ref=ref))
        while True:
            message = await self.receive()
            if isinstance(message, Welcome):
                self.welcome = message
                return message
            if isinstance(message, Error) and message.ref in (None, ref):
                raise RoomError(message.message)

    def send(self, message: Message) -> None:
        self._writer.write(encode(message))

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (tests play a hostile client with this)."""
        self._writer.write(data)

    async def receive(self) -> Message:
        """The next message; :class:`RoomError` when the room has gone."""
        while True:
            while self._ready:
                line = self._ready.pop(0)
                if isinstance(line, TooLong):
                    log.warning("the room sent a %d-byte line; dropped", line.size)
                    continue
                try:
                    return decode(line)
                except ProtocolError as error:
                    log.warning("the room sent a bad message: %s", error)
            try:
                data = await self._reader.read(64 * 1024)
            except (ConnectionError, OSError):
                data = b""
            if not data:
                raise RoomError(_("the room closed the connection"))
            self._ready.extend(self._splitter.feed(data))

    async def messages(self) -> AsyncIterator[Message]:
        while True:
            try:
                yield await self.receive()
            except RoomError:
                return

    def close(self) -> None:
        self._writer.close()
