"""A scripted browser player for the browser door's tests and benchmark.

A real headless Chromium (Debian's ``chromium`` package; Playwright drives it
and never downloads a browser of its own) opens the door's link, gives a
name and plays with real key presses into xterm.js. xterm.js draws on a
canvas, so there is no text to read in the page: the player reads the screen
from the very bytes the page's websocket received, fed to a ``pyte``
terminal of the size the page asked for (and resized when the page is), the
same way :class:`cardtui.testing.ssh.TerminalClient` reads an SSH player's.
It has that class's ``press``/``wait_for``/``settle``/``text``, so
:func:`cardtui.testing.ssh.play_a_blackjack_round` plays a round in a browser too.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyte
from playwright.async_api import Browser, Page, WebSocket, async_playwright

#: Debian's ``chromium`` package; ``CARDTUI_CHROMIUM`` names another.
CHROMIUM = "/usr/bin/chromium"

DEFAULT_TIMEOUT = 30.0

#: Playwright's names for the keys the tests press, by the names TerminalClient takes.
KEY_NAMES = {"escape": "Escape", "enter": "Enter", "tab": "Tab", "space": " ", "\x1b": "Escape"}


class BrowserMissing(RuntimeError):
    """No Chromium to run: the browser tests cannot run here (and must say so)."""


def chromium_path() -> str:
    """The Chromium to drive; ``BrowserMissing`` (with what to install) if there is none."""
    path = os.environ.get("CARDTUI_CHROMIUM", CHROMIUM)
    if not os.access(path, os.X_OK):
        raise BrowserMissing(
            f"no Chromium at {path}: the browser tests need Debian's chromium package "
            "(apt-get install -y chromium), or CARDTUI_CHROMIUM=/path/to/chromium"
        )
    return path


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """A headless Chromium for the length of the block."""
    path = chromium_path()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=path, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


class BrowserPlayer:
    """One tab at the door: the page, and the terminal its websocket has drawn."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.screen = pyte.Screen(80, 24)
        self._stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        #: Bytes the page's websocket received (binary frames and text frames).
        self.received = 0
        self.socket: WebSocket | None = None
        self._connected = asyncio.Event()
        self._changed = asyncio.Event()
        self._closed = asyncio.Event()
        self._typing: asyncio.Task[None] | None = None
        page.on("websocket", self._websocket)

    @classmethod
    async def open(
        cls, browser: Browser, link: str, name: str | None = None, *,
        width: int = 1000, height: int = 640,
    ) -> BrowserPlayer:  # fmt: skip
        """Open ``link`` in a new tab of ``width`` x ``height`` pixels and sit down as ``name``
        (None: leave the name empty and play as "Guest N")."""
        page = await browser.new_page(viewport={"width": width, "height": height})
        player = cls(page)
        await page.goto(link)
        await page.fill("#name", name or "")
        await page.press("#name", "Enter")
        await player.wait_connected()
        # Keys go where a player's would: into xterm.js's input (a click would focus it).
        await page.focus(".xterm-helper-textarea")
        return player

    def _websocket(self, socket: WebSocket) -> None:
        # A new websocket is a new game in a new xterm.js, however the page came to
        # open it (reload(), the page reloaded by hand, "Play again"): the screen
        # starts blank and the tab is open again. Left set by the previous game's
        # end, ``_closed`` made every wait_for give up at its first look.
        self.socket = socket
        self._closed.clear()
        self.screen.reset()
        self._stream = pyte.ByteStream(self.screen)
        query = parse_qs(urlsplit(socket.url).query)
        width, height = int(query["width"][0]), int(query["height"][0])
        self.screen.resize(height, width)
        socket.on("framereceived", lambda payload: self._received(payload, socket))
        socket.on("framesent", self._sent)
        socket.on("close", lambda _: self._socket_closed(socket))
        self._connected.set()

    def _socket_closed(self, socket: WebSocket) -> None:
        if socket is self.socket:  # (a previous game's socket closing says nothing now)
            self._closed.set()

    def _received(self, payload: str | bytes, socket: WebSocket | None = None) -> None:
        if socket is not None and socket is not self.socket:
            return  # the last bytes of a previous game: not on the page's new terminal
        if isinstance(payload, str):
            self.received += len(payload.encode("utf-8"))
            return
        self.received += len(payload)
        self.raw += payload
        self._stream.feed(payload)
        self._changed.set()

    def _sent(self, payload: str | bytes) -> None:
        # The page tells the game its new size; the game redraws for it.
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    async def wait_connected(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await asyncio.wait_for(self._connected.wait(), timeout)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.columns, self.screen.lines

    @property
    def text(self) -> str:
        """The screen as the page shows it, one line per row."""
        return "\n".join(self.screen.display)

    async def wait_for(self, *texts: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Wait until one of ``texts`` is on screen, perhaps wrapped; return it."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text
            flat = " ".join(line.strip() for line in self.screen.display)
            for text in texts:
                if text in screen or text in flat:
                    return text
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._closed.is_set():
                raise TimeoutError(f"none of {texts!r} in the browser:\n{screen}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.5))

    async def wait_until(
        self, ready: Callable[[list[str]], bool], what: str, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        """Wait until ``ready`` holds of the screen's rows (a redraw, not a fixed pause)."""
        deadline = time.monotonic() + timeout
        while not ready(list(self.screen.display)):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._closed.is_set():
                raise TimeoutError(f"never {what} in the browser:\n{self.text}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.5))

    async def settle(self, quiet: float = 0.5, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds, and the page has typed
        every key pressed so far."""
        if self._typing is not None:
            await self._typing
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), quiet)
            except TimeoutError:
                return
        raise TimeoutError(f"the page kept changing for {timeout} s")

    def press(self, *keys: str) -> None:
        """Type keys into the page, in order (single characters, or ``enter``, ``escape``...)."""
        previous = self._typing

        async def type_after() -> None:
            if previous is not None:
                await previous
            for key in keys:
                await self.page.keyboard.press(KEY_NAMES.get(key, key))

        self._typing = asyncio.create_task(type_after())

    async def reload(self) -> None:
        """Reload the page as a player would (F5): its websocket and its game end, the
        page asks the door again, and the screen is what the new game draws."""
        await self.typed()
        self._connected.clear()
        await self.page.reload()
        await self.wait_connected()
        await self.page.focus(".xterm-helper-textarea")

    async def typed(self) -> None:
        """Wait until every key pressed has been typed into the page."""
        if self._typing is not None:
            await self._typing

    async def screenshot(self, path: Path) -> bytes:
        """A PNG of the page as a player sees it, saved at ``path``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        return await self.page.screenshot(path=str(path))

    async def close(self) -> None:
        """Close the tab, as a player closing it would."""
        await self.typed()
        await self.page.close()

    async def wait_closed(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await asyncio.wait_for(self._closed.wait(), timeout)


async def painted(page: Page, png: bytes) -> tuple[float, int]:
    """How much of a screenshot is drawn: the share of pixels that are not the page's
    background, and how many colours there are. Decoded by the browser itself."""
    data_url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    share, colours = await page.evaluate(
        """async (url) => {
            const image = new Image();
            image.src = url;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.width;
            canvas.height = image.height;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            const background = [pixels[0], pixels[1], pixels[2]];
            const seen = new Set();
            let drawn = 0;
            for (let i = 0; i < pixels.length; i += 4) {
                const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
                seen.add((r << 16) | (g << 8) | b);
                if (r !== background[0] || g !== background[1] || b !== background[2]) drawn++;
            }
            return [drawn / (pixels.length / 4), seen.size];
        }""",
        data_url,
    )
    return float(share), int(colours)
