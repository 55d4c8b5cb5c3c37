"""The scripted browser player itself (cardtui/testing/web.py), with a stand-in page.

A QA run reported a reloaded tab that took no keys after its game was killed
(c, y and Ctrl+P "did nothing"): the game had taken every key and drawn its
answer, but the player reading the page gave up at its first look. Reloaded
by ``page.reload()`` rather than :meth:`BrowserPlayer.reload`, the page's new
websocket left ``_closed`` set by the killed game's socket, and ``wait_for``
reads a closed tab as "nothing more will come". No browser here: the page and
its websockets are stand-ins that fire the events Playwright fires.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from cardtui.testing.web import BrowserPlayer


class FakeEmitter:
    def __init__(self) -> None:
        self.handlers: dict[str, list[Callable[[Any], None]]] = {}

    def on(self, event: str, handler: Callable[[Any], None]) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def emit(self, event: str, payload: Any = None) -> None:
        for handler in self.handlers.get(event, []):
            handler(payload)


class FakeSocket(FakeEmitter):
    url = "ws://127.0.0.1/door/ws?width=40&height=5"


def _socket(page: FakeEmitter) -> FakeSocket:
    socket = FakeSocket()
    page.emit("websocket", socket)
    return socket


async def test_a_new_websocket_is_a_new_game_however_the_page_reloaded() -> None:
    page = FakeEmitter()
    player = BrowserPlayer(page)  # type: ignore[arg-type]
    killed = _socket(page)
    killed.emit("framereceived", b"Ann, your turn\r\nThe game has ended")
    killed.emit("close")  # the game was killed: the door closes the tab's socket
    # The page reloaded by hand (or "Play again"): a new websocket, a new game.
    new = _socket(page)
    seen = asyncio.create_task(player.wait_for("Ann checks", timeout=2))
    await asyncio.sleep(0)
    assert not seen.done(), "gave up at once: the killed game's socket still read as the tab's"
    killed.emit("framereceived", b"\r\nAnn calls")  # the old game's last bytes, late
    killed.emit("close")  # ...and its socket's close, late: the new tab is still open
    new.emit("framereceived", b"Ann checks")
    assert await seen == "Ann checks"
    assert "The game has ended" not in player.text  # a new xterm.js: a blank screen
    assert "Ann calls" not in player.text
    new.emit("close")
    await player.wait_closed(timeout=1)
