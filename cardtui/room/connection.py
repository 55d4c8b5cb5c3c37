"""Who is connected: a member (the profile the server bound) and their line to the room."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from cardtui.wire.protocol import (
    MAX_MESSAGE_BYTES,
    ErrorCode,
    LineSplitter,
    Message,
    TooLong,
    encode,
)

log = logging.getLogger("cardtui.room")

#: Bytes waiting to be written to one client before the room gives up on it:
#: a game process that stopped reading must not make the room hold its
#: output for ever. It is a dropped connection; the seat is kept.
MAX_BACKLOG = 4 * 1024 * 1024

READ_SIZE = 64 * 1024


@dataclass(frozen=True, slots=True)
class Member:
    """A player as the server knows them: never a claim made by the client.

    ``profile`` is the key the server derived from the SSH key (or a fresh
    id for a guest); reconnecting with the same profile finds the same seats.
    """

    profile: str
    name: str
    guest: bool = False
    #: One of the room's hosts: the server found the player's key among the host
    #: keys, or the browser brought the host's own secret (the web door checked it).
    #: The room checks this on every host request.
    host: bool = False
    #: A guest whose seat waits the grace period for them, as a key holder's does: a
    #: browser tab's, whose page keeps a resume token (the profile is derived from it).
    resumable: bool = False


_ids = itertools.count(1)


class Connection:
    """One game process's end of a socket pair, as the room sees it."""

    def __init__(self, member: Member, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.member = member
        self.id = next(_ids)
        self._reader = reader
        self._writer = writer
        self.greeted = False
        self.closed = False
        #: Tables this connection receives (seated or watching).
        self.tables: set[str] = set()
        self.task: asyncio.Task[None] | None = None
        self._splitter = LineSplitter(MAX_MESSAGE_BYTES)
        #: Messages sent while the room handles one event, written together after it.
        self._pending: list[bytes] = []

    @property
    def splitter_held(self) -> int:
        """Bytes of an unfinished line held now (never more than the message limit)."""
        return self._splitter.held

    def __repr__(self) -> str:
        return f"Connection({self.id}, {self.member.profile[:12]!r})"

    def send(self, message: Message) -> None:
        """Queue ``message``; what the room sends while handling one event goes out in one write.

        A round's end is its last records, each player's result and the seats'
        new bankrolls: written one by one, the game woke for the first (on the
        other core) and drew the table twice, 10-30 ms apart, at every screen.
        """
        if self.closed:
            return
        self._pending.append(encode(message))
        if len(self._pending) == 1:
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if self.closed or not pending:
            return
        transport = self._writer.transport
        if transport.is_closing():
            self.close()
            return
        self._writer.write(b"".join(pending))
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("%r stopped reading; dropping the connection", self)
            self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        pending, self._pending = self._pending, []
        with contextlib.suppress(Exception):
            if pending:  # (the last word, e.g. why it is closed, as when written at once)
                self._writer.write(b"".join(pending))
            self._writer.transport.abort()

    async def drain_and_close(self) -> None:
        """Flush what is queued, then close (the room stopping says goodbye first)."""
        if self.closed:
            return
        self._flush()
        if self.closed:
            return
        self._writer.close()
        await self._writer.wait_closed()

    async def serve(self, on_line: Callable[[bytes | TooLong], None],
                    on_close: Callable[[], Awaitable[None] | None]) -> None:
        """Read lines until the other end goes; each line (or TooLong) goes to ``on_line``."""
        splitter = self._splitter
        try:
            while not self.closed:
                try:
                    data = await self._reader.read(READ_SIZE)
                except (ConnectionError, OSError):
                    break
                if not data:
                    break
                for line in splitter.feed(data):
                    if self.closed:
                        break
                    try:
                        on_line(line)
                    except Exception:
                        # The room answers every line itself; this is a last guard so
                        # that a bug costs one line, not the player's connection.
                        log.exception("%r: a line could not be handled", self)
        finally:
            self.close()
            result = on_close()
            if result is not None:
                await result


__all__ = ["Connection", "ErrorCode", "Member"]
