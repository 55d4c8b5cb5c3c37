"""One browser tab bridged to one game process, as ``session.py`` bridges an SSH channel.

The game is started the same way as an SSH player's (``launch.spawn_game``:
its own PTY, confined to a guest profile, its own socket pair to the room),
so a browser guest and an SSH guest are the same kind of seat. Between the
PTY and the tab runs textual-serve's websocket protocol, as its page speaks it:

* the browser sends JSON text frames: ``["stdin", text]`` (keys, decoded by
  xterm.js), ``["resize", {"width": w, "height": h}]``, ``["ping", x]``
  (answered ``["pong", x]``), ``["focus"]`` and ``["blur"]``;
* the server sends the game's terminal output as binary frames, untouched.

Keys go through the same :class:`~cardtui.serve.keystrokes.Keystrokes` gate as
an SSH player's (valid UTF-8, keyboard sequences only, 40 a second). A tab that
closes, reloads or stops answering the websocket's heartbeat ends its game:
nothing a browser does can leave a process behind. Its seat in the room waits
the grace period when the page brought its resume token (``web.py``): the
reloaded tab's new game sits in it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import WSMsgType, web

from cardtui import locations
from cardtui.i18n import LANG_VARIABLE
from cardtui.room.hosting import RoomHost
from cardtui.room.room import room_pair
from cardtui.serve.bridge import NoSeat
from cardtui.serve.child import PtyChild
from cardtui.serve.identity import Identity
from cardtui.serve.keystrokes import Keystrokes
from cardtui.serve.launch import Launch, spawn_game
from cardtui.serve.limits import Limits
from cardtui.serve.terminal import ClientTerminal, clamp_size
from cardtui.serve.watch import (
    CRASHED,
    describe_exit,
    first_of,
    profile_full,
    profile_full_notice,
    watch_idle,
    watch_profile,
)
from cardtui.settings import Settings, save_settings

if TYPE_CHECKING:
    from cardtui.cluster.node import ClusterRoom

#: Game output waiting for a slow tab, in bytes, before the game is held back
#: (its PTY fills and it blocks), as SSH flow control does.
SEND_BACKLOG = 256 * 1024

#: After the game exits, how long its last frame may take to reach the tab.
DRAIN_TIMEOUT = 1.0

#: What xterm.js is: it draws 24-bit colour, and keys arrive as UTF-8.
BROWSER_TERMINAL = {"COLORTERM": "truecolor", "LANG": "C.UTF-8"}



class WebFloorSeats(Protocol):
    """The room's seats, shared with the SSH door (``server.Floor``)."""

    shared: RoomHost | None
    #: This host's part of a room across hosts (``--cluster``), instead of ``shared``.
    cluster: ClusterRoom | None

    def take(self, session: Any) -> Identity:
        """A guest identity, now seated; raises ``NoSeat`` if the room is full."""
        ...

    def release(self, session: Any) -> None: ...


class WebSession:
    """One tab's game: a guest, named as they asked, for as long as the tab is open."""

    #: A browser has no SSH key: its player is always a guest (``server.Floor.take``).
    player_key: str | None = None
    #: The room's profile from the tab's resume token (None: a page without one, whose
    #: seat ends with the tab); set by the door, never the token itself.
    resume_profile: str | None = None
    #: The tab brought the host's secret (checked by the door): it runs the room.
    host: bool = False

    def __init__(
        self,
        websocket: web.WebSocketResponse,
        name: str | None,
        seats: WebFloorSeats,
        launch: Launch,
        limits: Limits,
        size: tuple[int, int],
        *,
        log: Callable[[str], None],
        language: str | None = None,
    ) -> None:
        self.identity: Identity | None = None
        #: The page's language (``navigator.language``), if it is one of ours.
        self._language = language
        self.name = name
        self._ws = websocket
        self._seats = seats
        self._launch = launch
        self._limits = limits
        self._size = clamp_size(*size)
        self._log = log
        self._child: PtyChild | None = None
        self._keys = Keystrokes(
            "UTF-8", rate=limits.keys_per_second, burst=limits.key_burst,
            paste_limit=limits.paste_limit,
        )  # fmt: skip
        self._hung_up = asyncio.Event()
        self._farewell: str | None = None
        self._outbox = bytearray()
        self._outbox_ready = asyncio.Event()
        #: Whether the game's output is paused until the tab catches up.
        self._held_back = False
        self._output_over = asyncio.Event()
        self._last_input = asyncio.get_running_loop().time()
        self._task: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        """The game's process id, once it has started."""
        return self._child.pid if self._child is not None else None

    def hang_up(self, notice: str | None = None) -> None:
        """End this tab's game, showing ``notice`` in the tab's terminal."""
        self._farewell = notice
        self._hung_up.set()

    async def finished(self) -> None:
        """Wait until the game has ended and its process is gone."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def run(self) -> None:
        """Play until the tab closes or the game ends; the handler awaits this."""
        self._task = asyncio.create_task(self._play())
        try:
            await asyncio.shield(self._task)
        except asyncio.CancelledError:
            # aiohttp cancels the handler when the tab's connection drops.
            self.hang_up()
            await self._task
            raise

    async def _play(self) -> None:
        try:
            try:
                self.identity = self._seats.take(self)
            except NoSeat as refusal:
                await self._notice(str(refusal))
                return
            await self._run_game(self.identity)
        finally:
            if self.identity is not None:
                self._seats.release(self)
            with contextlib.suppress(Exception):
                await self._ws.close()

    async def _run_game(self, identity: Identity) -> None:
        if profile_full(self._limits, identity.profile_dir):
            await self._notice(profile_full_notice(self._limits))
            return
        line = None
        try:
            line = await self._room_line(identity)
            env = dict(BROWSER_TERMINAL)
            if self._language is not None:
                env[LANG_VARIABLE] = self._language
            client = ClientTerminal(width=self._size[0], height=self._size[1], env=env)
            game = await spawn_game(
                self._launch, identity, client, room_fd=line.fileno() if line is not None else None
            )
        except OSError as error:
            self._log(f"could not start a browser guest's game: {error}")
            await self._notice("cardtui could not start; the host's console says why")
            return
        finally:
            if line is not None:
                line.close()  # the game holds its own copy
        child = self._child = game.child
        self._log(
            f"{self._who()} sat down in a browser (pid {child.pid}, "
            f"{self._size[0]}x{self._size[1]})"
        )
        child.start_reading(self._queue_output, self._output_over.set)
        sender = asyncio.create_task(self._send_output())
        try:
            await first_of(
                self._read_tab(),
                child.wait(),
                self._output_over.wait(),
                self._hung_up.wait(),
                watch_idle(self._limits, lambda: self._last_input, self.hang_up, self._log,
                           self._who()),
                watch_profile(self._limits, identity.profile_dir, self.hang_up, self._log,
                              self._who()),
            )
            if not self._hung_up.is_set() and not self._ws.closed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        asyncio.gather(self._output_over.wait(), child.wait()), DRAIN_TIMEOUT
                    )
        finally:
            # Also on cancellation: no way out of here leaves the process running.
            returncode = await child.terminate()
            child.close()
            await self._flush(sender)
        ending = describe_exit(returncode)
        if game.crashed():
            self._log(f"{self._who()}'s game failed ({ending}); see {game.crash_log}")
            self._farewell = self._farewell or CRASHED
        else:
            self._log(f"{self._who()} left the browser table ({ending})")
        if self._farewell:
            await self._notice(self._farewell)

    def _who(self) -> str:
        # The chosen name is the player's own text: shown quoted, never as markup.
        return f"guest {self.name!r}" if self.name else "a browser guest"

    async def _room_line(self, identity: Identity) -> socket.socket | None:
        """The game's end of a socket pair to the room, as a guest under the chosen name."""
        shared = self._seats.shared
        # A room across hosts (``--cluster``): the guest is named here and relayed to
        # whichever host runs the tables (cardtui/cluster/node.py).
        cluster = self._seats.cluster
        member = shared.room.guest(self.name, profile=self.resume_profile) \
            if shared is not None else None
        if cluster is not None:
            member = await cluster.guest(self.name, profile=self.resume_profile)
        if member is not None and self.host:
            member = dataclasses.replace(member, host=True)
            self._log(f"{self._who()} runs the room from a browser (the host's link)")
        shown = member.name if member is not None else self.name
        if shown:
            # The game's own screens (Settings, a local table) show the same name.
            save_settings(
                Settings(player_name=shown), locations.settings_path(identity.profile_dir)
            )
        if cluster is not None and member is not None:
            line: socket.socket = await cluster.line_as(member)
            return line
        if shared is None or member is None:
            return None
        return await room_pair(shared.room, member)

    async def _read_tab(self) -> None:
        """Handle the tab's messages until it closes."""
        async for message in self._ws:
            if message.type is not WSMsgType.TEXT:
                continue
            await self._handle(message.data)

    async def _handle(self, text: str) -> None:
        try:
            envelope = json.loads(text)
        except ValueError:
            return  # not from textual-serve's page; nothing to do with it
        if not isinstance(envelope, list) or not envelope:
            return
        kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(body, str) and self._child is not None:
            self._last_input = asyncio.get_running_loop().time()
            self._child.write(self._keys.feed(body.encode("utf-8")))
        elif kind == "resize" and isinstance(body, dict) and self._child is not None:
            width, height = body.get("width"), body.get("height")
            # The page sends its size as soon as it connects: the size the game started at.
            if isinstance(width, int) and isinstance(height, int):
                size = clamp_size(width, height)
                if size != self._size:
                    self._size = size
                    self._child.resize(*size)
        elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
            await self._ws.send_json(["pong", body])

    def _queue_output(self, data: bytes) -> None:
        self._outbox += data
        self._outbox_ready.set()
        if len(self._outbox) > SEND_BACKLOG and self._child is not None:
            self._child.pause_reading()
            self._held_back = True

    async def _send_output(self) -> None:
        """Send the game's output as it comes, one frame per batch."""
        while True:
            await self._outbox_ready.wait()
            self._outbox_ready.clear()
            if not self._outbox:
                continue
            data = bytes(self._outbox)
            self._outbox.clear()
            await self._send(data)
            if self._held_back and self._child is not None:
                self._held_back = False
                self._child.resume_reading()

    async def _flush(self, sender: asyncio.Task[None]) -> None:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
        if self._outbox:
            data = bytes(self._outbox)
            self._outbox.clear()
            await self._send(data)

    async def _send(self, data: bytes) -> None:
        if self._ws.closed:
            return
        try:
            await self._ws.send_bytes(data)
        except (ConnectionError, RuntimeError):
            self._hung_up.set()  # the tab is gone

    async def _notice(self, text: str) -> None:
        """One line in the tab's terminal, below whatever the game left there."""
        await self._send(b"\x1b[0m\r\n" + text.encode("utf-8") + b"\r\n")
