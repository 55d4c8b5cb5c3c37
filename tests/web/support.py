"""The browser tests' room, and the games this test process started, wherever they run.

A game is a child of the server (this test process) or of the room's template
it was forked from; the browser's own processes are not games.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from cardtui.room.config import default_tables
from cardtui.serve.launch import Launch
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.serve.web import RunningWebDoor, WebConfig, start_web_door
from cardtui.testing.processes import children
from cardtui.testing.ssh import serving

LAUNCH = Launch(animation="off", seed=7, base_env=dict(os.environ))
TOKEN = "night-of-cards"
MENU = "Rules & keys"  # on the menu only


def room_config(root: Path, **options: Any) -> ServeConfig:
    """An open room with the default tables (one hold'em, one blackjack), animations off."""
    options.setdefault("tables", tuple(default_tables(30)))
    return ServeConfig(root=root, open=True, launch=LAUNCH, **options)


@contextlib.asynccontextmanager
async def open_door(
    config: ServeConfig, token: str = TOKEN
) -> AsyncIterator[tuple[RunningServer, RunningWebDoor]]:
    """The room's SSH door and its browser door, both on free ports of 127.0.0.1."""
    async with serving(config) as server:
        web = WebConfig(port=0, token=token)
        running = await start_web_door(server.room, web, config.launch, config.limits,
                                       log=lambda text: None)  # fmt: skip
        try:
            yield server, running
        finally:
            await running.close()


#: Set to a folder (the repository's ``screenshots/``) to keep the tests' screenshots there,
#: for the README: ``CARDTUI_WEB_SCREENSHOTS=screenshots python3 -m pytest tests/web``.
SCREENSHOT_DIR = "CARDTUI_WEB_SCREENSHOTS"


def screenshot_folder(tmp_path: Path) -> Path:
    """Where a test saves its screenshot: the test's own folder, unless asked to keep it."""
    return Path(os.environ.get(SCREENSHOT_DIR, tmp_path))


def limited(config: ServeConfig, **limits: Any) -> ServeConfig:
    return dataclasses.replace(config, limits=dataclasses.replace(config.limits, **limits))


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
