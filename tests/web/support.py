"""Processes for the browser tests: the games this test process started, wherever they run.

A game is a child of the server (this test process) or of the room's template
it was forked from; the browser's own processes are not games.
"""

from __future__ import annotations

import asyncio
import os
import time

from cardtui.testing.processes import children


def _command(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read()
    except OSError:
        return b""


def game_processes() -> set[int]:
    """Every process below this one, but the browser and its driver (zombies count)."""
    found: set[int] = set()
    waiting = [pid for pid in children(os.getpid()) if b"playwright" not in _command(pid)]
    while waiting:
        pid = waiting.pop()
        found.add(pid)
        waiting.extend(children(pid))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is still there, even as a zombie nobody reaped."""
    return os.path.exists(f"/proc/{pid}")


async def wait_until_gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while alive(pid):
        assert time.monotonic() < deadline, f"game process {pid} outlived its tab"
        await asyncio.sleep(0.1)
