"""A scripted SSH player for the server's tests and bandwidth benchmark.

It connects like ``ssh -t`` would (a PTY request with a terminal type, a size
and optionally a locale), feeds every byte it receives into a ``pyte``
terminal emulator (the test extra), and can type keys, resize its window and
hang up. Assertions read :attr:`TerminalClient.text`, what a player would see.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

import asyncssh
import pyte
from pyte.screens import wcwidth

from cardtui.serve.server import RunningServer, ServeConfig, start_server
from cardtui.testing.processes import game_processes

#: The bare Textual app of :mod:`cardtui.testing.probe`: ``Launch(game=PROBE)``.
PROBE = "cardtui.testing.probe"

#: Bytes a player's terminal sends for the keys the tests and benchmark press.
KEY_BYTES = {"escape": b"\x1b", "enter": b"\r", "tab": b"\t", "space": b" "}

#: Long enough for a Textual app to start on a busy 2-core machine: a full
#: suite run beside a crowd benchmark (load average near 50) once took over 20 s
#: to draw a game's first screen. Only a failing wait ever waits this long.
DEFAULT_TIMEOUT = 60.0


class _Guest(asyncssh.SSHClient):
    """Answers a keyboard-interactive login with nothing, as ``ssh`` without keys does."""

    def kbdint_auth_requested(self) -> str:
        return ""  # no preferred submethods

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str]:
        return ["" for _ in prompts]


def _environment(env: Mapping[str, str] | None) -> dict[str | bytes, str | bytes]:
    """``env`` as asyncssh types it: names and values str or bytes (a dict's key is invariant)."""
    environment: dict[str | bytes, str | bytes] = {}
    environment.update(env or {})
    return environment


class _Receiver(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: TerminalClient) -> None:
        self._client = client

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._client._received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._client._closed.set()


class TerminalClient:
    """One player at a terminal of ``width`` x ``height`` cells."""

    def __init__(self, connection: asyncssh.SSHClientConnection, width: int, height: int) -> None:
        self.connection = connection
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        #: The rows as text, each redrawn only when pyte marks it dirty (see :attr:`lines`).
        self._lines: list[str] = []
        self._flat: str | None = None
        #: ``time.monotonic()`` when the latest bytes arrived (see :attr:`received_at`).
        self.received_at = 0.0
        self._changed = asyncio.Event()
        self._closed = asyncio.Event()
        self.channel: asyncssh.SSHClientChannel[bytes] | None = None

    @classmethod
    async def connect(
        cls,
        port: int,
        *,
        key: asyncssh.SSHKey | None = None,
        host: str = "127.0.0.1",
        width: int = 80,
        height: int = 24,
        term: str = "xterm-256color",
        env: Mapping[str, str] | None = None,
        username: str = "player",
    ) -> TerminalClient:
        """Log in with ``key`` (or as a keyless guest) and start an interactive session.

        Raises ``asyncssh.PermissionDenied`` if the server turns the key away.
        """
        connection = await asyncssh.connect(
            host,
            port,
            username=username,
            known_hosts=None,
            client_keys=[key] if key is not None else None,
            agent_path=None,
            kbdint_auth=key is None,
            password_auth=False,
            config=None,
            client_factory=_Guest if key is None else None,
        )
        client = cls(connection, width, height)
        try:
            client.channel, _ = await connection.create_session(
                lambda: _Receiver(client),
                term_type=term,
                term_size=(width, height),
                env=_environment(env),
                encoding=None,
            )
        except BaseException:
            connection.close()
            raise
        return client

    def _received(self, data: bytes) -> None:
        # Stamped before pyte reads them: a player's terminal shows bytes as they
        # arrive; this client's own reading (sixty terminals in one process, in
        # the crowd benchmark) is not the server's latency.
        self.received_at = time.monotonic()
        self.raw += data
        self._stream.feed(data)
        self._changed.set()

    @property
    def received(self) -> int:
        """Bytes received so far: what this player's link has carried."""
        return len(self.raw)

    @property
    def lines(self) -> list[str]:
        """The screen's rows as text, as pyte's ``display`` gives them.

        Only the rows pyte has marked dirty since the last look are read again:
        ``display`` reads every cell of every row, and a crowd of players
        looking at their screens after each chunk of bytes (the latency
        benchmark: sixty of them in one process) spent most of their time
        there, which delayed noticing the very changes being timed.
        """
        screen = self.screen
        if len(self._lines) != screen.lines:
            self._lines = [""] * screen.lines
            screen.dirty.update(range(screen.lines))
        if screen.dirty:
            for y in screen.dirty:
                if y < screen.lines:
                    self._lines[y] = _row(screen, y)
            screen.dirty.clear()
            self._flat = None
        return self._lines

    @property
    def flat(self) -> str:
        """The rows stripped and joined by spaces: a message wrapped over two rows reads whole."""
        lines = self.lines
        if self._flat is None:
            self._flat = " ".join(line.strip() for line in lines)
        return self._flat

    @property
    def text(self) -> str:
        """The screen as the player sees it, one line per row."""
        return "\n".join(self.lines)

    async def wait_for(self, *texts: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Wait until one of ``texts`` is on screen, perhaps wrapped; return it.

        Raises ``TimeoutError`` quoting the screen, so a failure shows what was there.
        """
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text
            # A message may wrap ("Deal" at the end of a row, "again?" below).
            flat = self.flat
            for text in texts:
                if text in screen or text in flat:
                    return text
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._closed.is_set():
                raise TimeoutError(f"none of {texts!r} on screen:\n{screen}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.5))

    async def settle(self, quiet: float = 0.5, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds (animations done)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), quiet)
            except TimeoutError:
                return
        raise TimeoutError(f"the screen kept changing for {timeout} s")

    def press(self, *keys: str) -> None:
        """Type keys: single characters, or names from :data:`KEY_BYTES`."""
        assert self.channel is not None
        for key in keys:
            self.channel.write(KEY_BYTES.get(key, key.encode("utf-8")))

    def resize(self, width: int, height: int) -> None:
        """Resize the window, as dragging the terminal's corner would."""
        assert self.channel is not None
        self.screen.resize(height, width)
        self.channel.change_terminal_size(width, height)

    async def wait_closed(self, timeout: float = DEFAULT_TIMEOUT) -> int | None:
        """Wait for the server to end the session; return its exit status."""
        assert self.channel is not None
        try:
            await asyncio.wait_for(self._closed.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"still open after {timeout} s; on screen:\n{self.text}") from None
        return self.channel.get_exit_status()

    def abort(self) -> None:
        """Drop the connection without a goodbye, like a pulled network cable."""
        self.connection.abort()

    async def close(self) -> None:
        self.connection.close()
        await self.connection.wait_closed()


def _row(screen: pyte.Screen, y: int) -> str:
    """Row ``y`` as text, as :attr:`pyte.Screen.display` renders it (a wide character's
    second cell is not a character of its own)."""
    line = screen.buffer[y]
    chars: list[str] = []
    after_wide = False
    for x in range(screen.columns):
        if after_wide:
            after_wide = False
            continue
        char = line[x].data
        # (pyte leaves an empty cell where a wide character was half overwritten:
        # its own ``display`` fails there.)
        after_wide = bool(char) and wcwidth(char[0]) == 2
        chars.append(char)
    return "".join(chars)


async def open_bare_channel(
    connection: asyncssh.SSHClientConnection,
) -> asyncssh.SSHClientChannel[bytes]:
    """Open a ``session`` channel and ask for nothing on it (no PTY, no shell).

    No real client does this; a hostile one does, to hold a seat without
    playing. asyncssh's public API always asks for a shell or a command, so
    this opens the channel the way ``create_session`` does, and stops there.
    """
    channel: asyncssh.SSHClientChannel[bytes] = asyncssh.SSHClientChannel(
        connection, asyncio.get_running_loop(), "strict", None, "strict", 2**21, 2**15
    )
    await channel._open(b"session")  # noqa: SLF001 - see the docstring
    return channel


async def connect_quietly(
    port: int, key: asyncssh.SSHKey | None = None
) -> asyncssh.SSHClientConnection:
    """Log in (with ``key``, or as a keyless guest) and open nothing yet."""
    return await asyncssh.connect(
        "127.0.0.1", port, username="player", known_hosts=None,
        client_keys=[key] if key is not None else None, agent_path=None,
        kbdint_auth=key is None, password_auth=False, config=None,
        client_factory=_Guest if key is None else None,
    )  # fmt: skip


#: The blackjack table's prompts (cardtui.ui.blackjack.screen).
HIT_OR_STAND = "Hit or stand?"
DEAL_AGAIN = "Deal again?"
INSURANCE = "nsurance"  # "Insurance?" / "insurance": the dealer shows an ace


async def play_a_blackjack_round(client: TerminalClient) -> list[str]:
    """From the blackjack table, deal and play one round: hit once, then stand.

    Declines insurance if offered. Returns the keys pressed, in order, so a
    benchmark can replay the same keys elsewhere.
    """
    pressed = ["d"]
    client.press("d")
    prompt = await client.wait_for(HIT_OR_STAND, DEAL_AGAIN, INSURANCE)
    if prompt == INSURANCE:
        pressed.append("n")
        client.press("n")
        prompt = await client.wait_for(HIT_OR_STAND, DEAL_AGAIN)
    for key in ("h", "s"):
        if prompt != HIT_OR_STAND:
            break
        pressed.append(key)
        client.press(key)
        await client.settle(0.3)
        prompt = await client.wait_for(HIT_OR_STAND, DEAL_AGAIN)
    await client.wait_for(DEAL_AGAIN)
    return pressed


#: The hold'em table's keys line while the player may deal, and their moves.
NEXT_HAND = "d Deal"
CHECK_OR_CALL = ("Check", "Call")


async def play_a_holdem_hand(client: TerminalClient, quiet: float = 1.2) -> list[str]:
    """From the hold'em table, deal one hand and check or call until it is over.

    Waits for the screen to settle before each move (bots think, cards slide).
    Returns the keys pressed.
    """
    pressed = ["d"]
    client.press("d")
    for settled in range(40):
        await client.settle(quiet, timeout=120)
        keys = " ".join(client.lines[-3:])
        if NEXT_HAND in keys and settled > 0:
            return pressed
        if any(move in keys for move in CHECK_OR_CALL):
            pressed.append("c")
            client.press("c")
    raise TimeoutError(f"the hand did not end:\n{client.text}")


@contextlib.asynccontextmanager
async def serving(
    config: ServeConfig, log: Callable[[str], None] | None = None
) -> AsyncIterator[RunningServer]:
    """Run ``config`` on a free port of 127.0.0.1; on exit, end every game."""
    local = dataclasses.replace(config, host="127.0.0.1", port=0)
    running = await start_server(local, log or (lambda text: None))
    try:
        yield running
    finally:
        await running.close()


def child_processes() -> dict[int, str]:
    """The games of servers run in this process, from ``/proc``: pid -> state (``Z`` = unreaped).

    Games forked from a server's template are the template's children, and
    listed; the template is not. A child that has exited but was not waited
    for is still listed: the test that nothing is left behind counts zombies too.
    """
    return game_processes(os.getpid())
