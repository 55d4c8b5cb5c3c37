"""Thousands of connections that never log in cannot keep a real player out."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import pytest

from cardtui.testing.processes import start_serve, stop_serve
from cardtui.testing.ssh import TerminalClient

MENU = "Rules & keys"
#: Under `cardtui serve` a player lands in the room's lobby first.
LOBBY = "Tables in the room"
HALF_OPEN = 2000
#: The attackers' addresses: 127.0.1.1 to 127.0.1.20, 100 connections from each.
ADDRESSES = [f"127.0.1.{n}" for n in range(1, 21)]


async def open_half(port: int, address: str) -> asyncio.StreamWriter | None:
    """A connection that says which SSH it speaks, then nothing, ever; None if it failed."""
    try:
        _, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)), 10
        )
        writer.write(b"SSH-2.0-halfopen\r\n")
    except (OSError, TimeoutError):
        return None
    return writer


@pytest.mark.slow
async def test_a_player_gets_in_past_2000_half_open_connections(tmp_path: Path) -> None:
    # The usual default of 1,024 open files: without a door, the server runs
    # out of descriptors long before 2,000 connections.
    served = start_serve(tmp_path, open_files=1024)
    writers: list[asyncio.StreamWriter | None] = []
    try:
        writers = await asyncio.gather(
            *(open_half(served.port, ADDRESSES[n % len(ADDRESSES)]) for n in range(HALF_OPEN))
        )
        opened = sum(writer is not None for writer in writers)
        await asyncio.sleep(3)  # let the server take in all it will
        started = time.monotonic()
        player = await TerminalClient.connect(served.port)
        await player.wait_for(MENU, LOBBY, timeout=30)
        seated_in = time.monotonic() - started
        player.press("\x11")  # ctrl+q: the lobby, where players land, has no "q"
        assert await player.wait_closed(timeout=30) == 0
    finally:
        for writer in writers:
            if writer is not None:
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()
        log = stop_serve(served.process)
    assert opened >= HALF_OPEN * 0.9, f"only {opened} connections could be opened"
    assert seated_in < 3, f"the player waited {seated_in:.1f} s for the menu"
    lines = log.splitlines()
    assert len(lines) < 40, f"{len(lines)} log lines:\n" + "\n".join(lines[:60])
    assert any("dropped" in line for line in lines), log
