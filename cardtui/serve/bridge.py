"""One SSH session bridged to one game process in its own pseudo-terminal.

The game's frames go out to the channel untouched; the client's keys go into
the PTY once made safe (``keystrokes.py``: valid UTF-8, nothing but what a
keyboard sends). The bridge adds only what a terminal would do: it passes on
window resizes, holds the game back when the client reads slowly (SSH flow
control reaches the game as a full PTY), and when the game ends, however it
ends, it puts the client's terminal back the way it was and closes the
channel with the game's exit status. A game that failed has written its
report to the profile's crash.log; the player gets one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Mapping
from typing import Protocol

import asyncssh

from cardtui.serve.child import PtyChild
from cardtui.serve.identity import Identity
from cardtui.serve.keystrokes import Keystrokes
from cardtui.serve.launch import Launch, StartedGame, spawn_game
from cardtui.serve.limits import Limits
from cardtui.serve.terminal import DEFAULT_SIZE, ClientTerminal, ModeTracker, clamp_size
from cardtui.serve.watch import (
    CRASHED,
    describe_exit,
    exit_status,
    first_of,
    profile_full,
    profile_full_notice,
    watch_idle,
    watch_profile,
)

#: Keys typed before the game has started are kept, up to this many bytes.
EARLY_INPUT_LIMIT = 4096

#: After the game exits, how long its last frame may take to reach the client.
DRAIN_TIMEOUT = 1.0

class NoSeat(Exception):
    """No game for this player now; the message says why, in one line."""


class FloorSeats(Protocol):
    """Where a session takes its seat (the room)."""

    def take(self, session: BridgeSession) -> Identity:
        """The player's identity, now seated; raises ``NoSeat`` if there is none."""
        ...

    def release(self, session: BridgeSession) -> None:
        """Give the seat back once the game is over."""
        ...

    async def room_line(self, session: BridgeSession) -> socket.socket | None:
        """The game's end of a line to the shared room (None: no room)."""
        ...


class BridgeSession(asyncssh.SSHServerSession[bytes]):
    """An interactive session playing cardtui; anything else (exec, sftp) is refused.

    A session holds no seat until its game starts: one that has not asked for
    a shell within ``limits.start_timeout`` is closed.
    """

    def __init__(
        self,
        player_key: str | None,
        seats: FloorSeats,
        launch: Launch,
        limits: Limits,
        *,
        log: Callable[[str], None],
        on_finished: Callable[[BridgeSession], None],
    ) -> None:
        self.player_key = player_key
        #: The SSH user name: a new key holder's first player name (identity.member).
        self.login = ""
        self.identity: Identity | None = None
        self._seats = seats
        self._launch = launch
        self._limits = limits
        self._log = log
        self._on_finished = on_finished
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term_type: str | None = None
        self._size = DEFAULT_SIZE
        self._has_pty = False
        self._child: PtyChild | None = None
        self._keys: Keystrokes | None = None
        self._client_slow = False
        self._modes = ModeTracker()
        self._hung_up = asyncio.Event()
        self._connected = True
        self._task: asyncio.Task[None] | None = None
        self._finished = False
        self._early_input = bytearray()
        self._farewell: str | None = None
        loop = asyncio.get_running_loop()
        self._last_input = loop.time()
        self._clock = loop.call_later(limits.start_timeout, self._never_started)

    @property
    def label(self) -> str:
        return self.identity.label if self.identity is not None else "a player"

    # asyncssh callbacks, in the order a client triggers them.

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self._has_pty = True
        self._term_type = term_type
        self._size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # The room runs the game and nothing else: no commands, no scp.
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp

    def session_started(self) -> None:
        self._clock.cancel()
        self._task = asyncio.create_task(self._play())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = (width, height)
        if self._child is not None:
            self._child.resize(*clamp_size(width, height))

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._last_input = asyncio.get_running_loop().time()
        if self._child is not None and self._keys is not None:
            self._child.write(self._keys.feed(data))
        elif len(self._early_input) + len(data) <= EARLY_INPUT_LIMIT:
            self._early_input += data  # typed while the game was starting

    def eof_received(self) -> bool:
        # The player can type no more: end the game rather than leave it running.
        self._hung_up.set()
        return True

    def pause_writing(self) -> None:
        self._client_slow = True
        if self._child is not None:
            self._child.pause_reading()

    def resume_writing(self) -> None:
        self._client_slow = False
        if self._child is not None:
            self._child.resume_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        self._connected = False
        self._hung_up.set()
        if self._task is None:  # lost before the shell started: nothing to end
            self._finish()

    def _never_started(self) -> None:
        """The start clock ran out: close a channel that never asked for a game."""
        if self._task is None and self._chan is not None:
            self._log("closed a session that started no game")
            self._chan.close()
        self._finish()

    # The game.

    def hang_up(self, notice: str | None = None) -> None:
        """End this player's game, telling them ``notice`` once their terminal is back."""
        self._farewell = notice
        self._hung_up.set()

    async def finished(self) -> None:
        """Wait until the game has ended and its process is gone."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def _play(self) -> None:
        status = 1
        try:
            if not self._has_pty:
                self._notice("cardtui needs a terminal: connect with  ssh -t")
                return
            try:
                self.identity = self._seats.take(self)
            except NoSeat as refusal:
                self._notice(str(refusal))
                return
            status = await self._run_game(self.identity)
        finally:
            self._close_channel(status)
            self._finish()

    async def _run_game(self, identity: Identity) -> int:
        assert self._chan is not None
        client = ClientTerminal.from_request(
            self._term_type, *self._size, self._chan.get_environment()
        )
        if profile_full(self._limits, identity.profile_dir):
            self._notice(profile_full_notice(self._limits))
            return 1
        line = None
        try:
            line = await self._seats.room_line(self)
            game = await spawn_game(self._launch, identity, client,
                                    room_fd=line.fileno() if line is not None else None)
        except OSError as error:
            self._log(f"could not start the game: {error}")
            self._notice("cardtui could not start; the host's console says why")
            return 1
        finally:
            if line is not None:
                line.close()  # the game holds its own copy; the room sees it go with the game
        child = self._child = game.child
        self._keys = Keystrokes(
            client.encoding, rate=self._limits.keys_per_second, burst=self._limits.key_burst,
            paste_limit=self._limits.paste_limit,
        )  # fmt: skip
        self._log(f"{identity.label} sat down (pid {child.pid}, {client.width}x{client.height})")
        if (client.width, client.height) != clamp_size(*self._size):
            child.resize(*clamp_size(*self._size))  # resized while the game was starting
        output_over = asyncio.Event()
        child.write(self._keys.feed(bytes(self._early_input)))
        self._early_input.clear()
        child.start_reading(self._forward, output_over.set)
        if self._client_slow:
            child.pause_reading()
        try:
            await first_of(
                output_over.wait(), child.wait(), self._hung_up.wait(),
                watch_idle(self._limits, lambda: self._last_input, self.hang_up, self._log,
                           self.label),
                watch_profile(self._limits, identity.profile_dir, self.hang_up, self._log,
                              identity.label),
            )  # fmt: skip
            if not self._hung_up.is_set():
                # The game is ending by itself: let its last frame (leaving the
                # alternate screen) reach the client, and let it exit unhurried.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        asyncio.gather(output_over.wait(), child.wait()), DRAIN_TIMEOUT
                    )
        finally:
            # Also on cancellation: no way out of here leaves the process running.
            returncode = await child.terminate()
            child.close()
        return self._game_over(game, returncode)

    def _game_over(self, game: StartedGame, returncode: int) -> int:
        """Log how the game ended; return the exit status for the client."""
        ending = describe_exit(returncode)
        if self._keys is not None and (self._keys.dropped or self._keys.cut):
            self._log(
                f"{self.label} typed too fast: {self._keys.dropped} keys dropped, "
                f"{self._keys.cut} pasted characters cut"
            )
        if game.crashed():
            self._log(f"{self.label}'s game failed ({ending}); see {game.crash_log}")
            if self._farewell is None:
                self._farewell = CRASHED
            return exit_status(returncode) or 1
        self._log(f"{self.label} left ({ending})")
        return exit_status(returncode)

    def _forward(self, data: bytes) -> None:
        self._modes.feed(data)
        self._send(data)

    def _notice(self, text: str) -> None:
        self._send(text.encode("utf-8") + b"\r\n", stderr=True)

    def _send(self, data: bytes, *, stderr: bool = False) -> None:
        """Write to the player; a channel the client has just closed is a hang-up.

        The game's last frames can still be on their way when the client
        closes: asyncssh then raises BrokenPipeError from ``write`` before
        ``connection_lost`` has told us, which used to end in a traceback in
        the host's log.
        """
        if not self._connected or self._chan is None:
            return
        try:
            if stderr:
                self._chan.write_stderr(data)
            else:
                self._chan.write(data)
        except (BrokenPipeError, ConnectionError):
            self._connected = False
            self._hung_up.set()

    def _close_channel(self, status: int) -> None:
        if not self._connected or self._chan is None:
            return
        if self._child is not None:
            # A game that was killed leaves mouse reporting on and the alternate
            # screen up; a clean exit has undone them, and this is only an SGR reset.
            self._send(self._modes.restore_sequence())
        if self._farewell:
            self._notice(self._farewell)
        if not self._connected:
            return  # the client closed while we were saying goodbye
        self._chan.exit(status)
        asyncio.get_running_loop().call_later(self._limits.close_timeout, self._abort_if_open)

    def _abort_if_open(self) -> None:
        """A client that stopped reading never lets its channel close: drop what is queued."""
        if self._connected and self._chan is not None:
            self._log(f"dropped {self.label}, who stopped reading")
            self._chan.abort()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self._clock.cancel()
        if self.identity is not None:
            self._seats.release(self)
        self._on_finished(self)
