"""Fake game processes for room tests: real socket pairs, raw bytes kept for privacy checks."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.wire.protocol import (
    MAX_ROOM_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    GetLobby,
    Hello,
    LineSplitter,
    Message,
    TooLong,
    decode,
    encode,
)

M = TypeVar("M", bound=Message)

TIMEOUT = 10.0


class FakeClient:
    """One player's game process: every message and every raw byte it received."""

    def __init__(self, member: Member) -> None:
        self.member = member
        self.raw = bytearray()
        self.messages: list[Message] = []
        self.closed = False
        #: Called for each message as it arrives (a test's player acting on its turn).
        self.on_message: Callable[[FakeClient, Message], None] | None = None
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._writer: asyncio.StreamWriter | None = None

    @classmethod
    async def join(cls, room: Room, member: Member, *, hello: bool = True) -> FakeClient:
        client = cls(member)
        sock = await room_pair(room, member)
        reader, client._writer = await asyncio.open_connection(sock=sock)
        client._task = asyncio.create_task(client._read(reader))
        if hello:
            client.send(Hello(PROTOCOL_VERSION))
            await client.wait_for(lambda m: m.TYPE == "lobby_snapshot")
        return client

    async def _read(self, reader: asyncio.StreamReader) -> None:
        splitter = LineSplitter(MAX_ROOM_MESSAGE_BYTES)
        while True:
            try:
                data = await reader.read(65536)
            except ConnectionError:
                # The room went (a test's end): a reset is a close. Left unhandled, the
                # task's error was logged when it was collected, inside a later test.
                data = b""
            if not data:
                break
            self.raw += data
            for line in splitter.feed(data):
                assert not isinstance(line, TooLong)
                message = decode(line)
                self.messages.append(message)
                if self.on_message is not None:
                    self.on_message(self, message)
            self._changed.set()
        self.closed = True
        self._changed.set()

    def send(self, message: Message) -> None:
        assert self._writer is not None
        self._writer.write(encode(message))

    def send_raw(self, data: bytes) -> None:
        assert self._writer is not None
        self._writer.write(data)

    async def caught_up(self, timeout: float = TIMEOUT) -> None:
        """Wait until every message the room sent this client before now has arrived.

        The room answers a lobby request on the same ordered line, after whatever it
        queued before: once the answer is in, so is everything else. A test asserting
        that something was *not* sent asserts it here instead of after a sleep.
        """
        start = len(self.messages)
        self.send(GetLobby())
        await self.wait_for(lambda m: m.TYPE == "lobby_snapshot", after=start, timeout=timeout)

    def of(self, kind: type[M]) -> list[M]:
        return [m for m in self.messages if isinstance(m, kind)]

    def of_type(self, name: str) -> list[Any]:
        return [m for m in self.messages if name == m.TYPE]

    async def wait_for(self, predicate: Callable[[Any], bool], *, after: int = 0,
                       timeout: float = TIMEOUT) -> Any:
        """The first message from index ``after`` on that satisfies ``predicate``."""
        async def scan() -> Any:
            while True:
                for message in self.messages[after:]:
                    if predicate(message):
                        return message
                if self.closed:
                    raise AssertionError(f"{self.member.name}: connection closed while waiting")
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(scan(), timeout)

    def position(self, message: object) -> int:
        """Where ``message`` (this very one) is in :attr:`messages`. Not ``list.index``,
        which finds the first *equal* message: a table's snapshot after a chopped hand can
        equal one sent long before."""
        return next(i for i, each in enumerate(self.messages) if each is message)

    async def wait_closed(self, timeout: float = TIMEOUT) -> None:
        async def closed() -> None:
            while not self.closed:
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(closed(), timeout)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        if self._task is not None:
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(self._task, TIMEOUT)


async def until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Wait for the room to reach ``condition`` (checked every few milliseconds)."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), timeout)
