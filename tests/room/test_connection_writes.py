"""What the room sends while handling one event reaches a game process in one write."""

from __future__ import annotations

import asyncio
import socket

from cardtui.room.connection import Connection, Member
from cardtui.wire.protocol import Chat, Error, ErrorCode, decode, encode


async def connection() -> tuple[Connection, socket.socket, list[bytes]]:
    ours, theirs = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=ours)
    conn = Connection(Member("p", "Ann"), reader, writer)
    writes: list[bytes] = []
    write = writer.write

    def counting(data: bytes) -> None:  # type: ignore[override]
        writes.append(data)
        write(data)

    writer.write = counting  # type: ignore[method-assign]
    theirs.setblocking(False)
    return conn, theirs, writes


async def test_messages_sent_together_go_out_in_one_write() -> None:
    conn, theirs, writes = await connection()
    messages = [Chat("t1", "a"), Chat("t1", "b"), Error(ErrorCode.NO_TABLE, "no such table")]
    for message in messages:
        conn.send(message)
    assert writes == []  # not yet: the room is still handling its event
    await asyncio.sleep(0)
    assert writes == [b"".join(encode(m) for m in messages)]
    lines = theirs.recv(65536).splitlines()
    assert [decode(line) for line in lines] == messages
    conn.send(Chat("t1", "later"))
    await asyncio.sleep(0)
    assert len(writes) == 2
    conn.close()
    theirs.close()


async def test_the_last_word_before_closing_is_written() -> None:
    conn, theirs, writes = await connection()
    conn.send(Error(ErrorCode.VERSION, "speak version 1"))
    conn.close()  # at once, in the same handling: the error still goes first
    assert decode(theirs.recv(65536).splitlines()[0]) == Error(ErrorCode.VERSION,
                                                                 "speak version 1")
    conn.send(Chat("t1", "after"))  # closed: nothing more
    await asyncio.sleep(0)
    assert len(writes) == 1
    theirs.close()


async def test_a_goodbye_is_flushed_before_drain_and_close() -> None:
    conn, theirs, _ = await connection()
    conn.send(Chat("t1", "the room is closing"))
    await conn.drain_and_close()
    assert decode(theirs.recv(65536).splitlines()[0]) == Chat("t1", "the room is closing")
    theirs.close()
