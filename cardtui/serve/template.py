"""The server's side of the game template (``prefork.py``): start it, fork games, hear them end.

The template is started with the room and has already imported the game, so
a new player's game is a ``fork`` of it, not a new interpreter importing
cardtui and Textual from scratch. The server asks over a ``SOCK_SEQPACKET``
socket pair, passing the game's descriptors (its PTY, its crash report, its
line to the room) with ``SCM_RIGHTS``; the template answers with the game's
pid, and later with its exit status, since the template, not the server, is
the game's parent and reaps it.

The template dies with the server (``PR_SET_PDEATHSIG``), and every game it
forked dies with the template, so nothing outlives a server killed with
SIGKILL. If the template stops, the games it started stop with it and the
server starts the next games the slow way (``python -m cardtui.serve.seat``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cardtui.serve.prefork import MAX_MESSAGE

#: The template's own program.
TEMPLATE_COMMAND = (sys.executable, "-m", "cardtui.serve.prefork")

#: Seconds the template has to answer a request once it is ready (it forks in
#: milliseconds, but a crowd starting at once can keep it waiting for the CPU).
FORK_TIMEOUT = 30.0

#: Seconds the template has to import the game: past this, games start without it.
READY_TIMEOUT = 60.0

#: What a cardtui game started from the template has already imported
#: (``package.*``: every module below it; the commands too, since the game's
#: argument parser imports each to learn its options). A game imports the
#: rest itself; a name that fails to import is skipped.
CARDTUI_MODULES = (
    "cardtui.cli", "cardtui.commands.*", "cardtui.ui.*", "cardtui.room.*", "cardtui.tables.*",
    "cardtui.guest.*", "cardtui.wire.*",
)  # fmt: skip

#: Run once every module is imported: a cardtui game's start, played without a terminal.
CARDTUI_REHEARSAL = "cardtui.serve.rehearsal:rehearse"

#: What any Textual app imports only once it runs in a terminal (its driver).
TEXTUAL_RUNTIME = (
    "textual.drivers.linux_driver", "textual.drivers._writer_thread", "textual._xterm_parser",
    "textual.layouts.factory",
)  # fmt: skip


class TemplateStopped(OSError):
    """The template is gone; games start the slow way from now on."""


class ForkedGame:
    """A game the template forked: what :class:`~cardtui.serve.child.PtyChild` needs of it."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def wait(self) -> int:
        """Its exit status, as ``asyncio`` gives it (negative: killed by that signal)."""
        return await asyncio.shield(self._ended)

    def ended(self, returncode: int) -> None:
        if self.returncode is None:
            self.returncode = returncode
            self._ended.set_result(returncode)


class Template:
    """A running template and the line to it."""

    def __init__(
        self, process: subprocess.Popen[bytes], control: socket.socket, log: Callable[[str], None]
    ) -> None:
        self._process = process
        self._control = control
        self._log = log
        self._loop = asyncio.get_running_loop()
        self._numbers = 0
        self._asked: dict[int, asyncio.Future[ForkedGame]] = {}
        self._games: dict[int, ForkedGame] = {}
        self._stopped = False
        self._ready = self._loop.create_future()
        self._loop.add_reader(control.fileno(), self._readable)

    @classmethod
    def start(
        cls, modules: Sequence[str], env: Mapping[str, str], cwd: Path,
        log: Callable[[str], None] = print,
    ) -> Template:  # fmt: skip
        """Start the template, importing ``modules``; raises ``OSError`` if it cannot run.

        ``env`` is what the games' environments have in common (Python's
        settings are read when the interpreter starts, Textual's when it is
        imported); each game gets its own environment when it is forked.
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            process = subprocess.Popen(
                [*TEMPLATE_COMMAND, str(os.getpid()), str(theirs.fileno()), *modules],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                env=dict(env), cwd=cwd,
                # Its own session: a Ctrl-C at the host's console is for the server.
                start_new_session=True,
                pass_fds=(theirs.fileno(),),
            )  # fmt: skip
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        return cls(process, ours, log)

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def running(self) -> bool:
        return not self._stopped

    async def fork(
        self, argv: Sequence[str], *, env: Mapping[str, str], cwd: Path,
        fds: Mapping[int, int], nice: int = 0,
    ) -> ForkedGame:  # fmt: skip
        """Fork a game running ``seat.main(argv)``; ``fds`` maps its descriptor numbers to ours.

        Our descriptors are copied into the game (close them afterwards).
        Raises ``OSError`` (``TemplateStopped`` once the template is gone).
        """
        if not self._ready.done():
            try:
                await asyncio.wait_for(asyncio.shield(self._ready), READY_TIMEOUT)
            except TimeoutError:
                raise TemplateStopped("the game template is still loading") from None
        if self._stopped:
            raise TemplateStopped("the game template has stopped")
        self._numbers += 1
        number = self._numbers
        request = json.dumps({
            "id": number, "argv": list(argv), "env": dict(env), "cwd": str(cwd),
            "fds": list(fds), "nice": nice,
        }).encode()  # fmt: skip
        if len(request) > MAX_MESSAGE:
            raise OSError(f"a fork request of {len(request)} bytes is too long")
        answer = self._asked[number] = self._loop.create_future()
        try:
            await self._send(request, list(fds.values()))
            return await asyncio.wait_for(asyncio.shield(answer), FORK_TIMEOUT)
        except TimeoutError:
            raise OSError("the game template did not answer") from None
        finally:
            self._asked.pop(number, None)

    async def _send(self, data: bytes, fds: list[int]) -> None:
        while True:
            try:
                socket.send_fds(self._control, [data], fds)
                return
            except BlockingIOError:
                writable = self._loop.create_future()
                self._loop.add_writer(self._control.fileno(), writable.set_result, None)
                try:
                    await writable
                finally:
                    self._loop.remove_writer(self._control.fileno())
            except OSError as error:
                self._stop(f"the game template stopped ({error.strerror})")
                raise TemplateStopped("the game template has stopped") from error

    def _readable(self) -> None:
        while not self._stopped:
            try:
                data = self._control.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._stop("the game template stopped; new games start without it")
                return
            self._answered(json.loads(data))

    def _answered(self, message: dict[str, object]) -> None:
        if "ready" in message:
            if not self._ready.done():
                self._ready.set_result(None)
            return
        if "returncode" in message:
            game = self._games.pop(int(str(message["pid"])), None)
            if game is not None:
                game.ended(int(str(message["returncode"])))
            return
        answer = self._asked.get(int(str(message["id"])))
        if answer is None or answer.done():
            return  # given up on: the game, if any, ends when its PTY closes
        if "pid" in message:
            game = ForkedGame(int(str(message["pid"])))
            self._games[game.pid] = game
            answer.set_result(game)
        else:
            answer.set_exception(OSError(str(message.get("error", "fork failed"))))

    def _stop(self, why: str) -> None:
        """The line is down: the template and every game it forked are gone, or going."""
        if self._stopped:
            return
        self._stopped = True
        self._loop.remove_reader(self._control.fileno())
        self._control.close()
        if why:
            self._log(why)
        self._reap()
        if not self._ready.done():
            self._ready.set_result(None)  # nobody waits for a template that is gone
        for answer in self._asked.values():
            if not answer.done():
                answer.set_exception(TemplateStopped("the game template has stopped"))
        # Each game asked to be killed when its parent, the template, dies.
        for game in self._games.values():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(game.pid, signal.SIGKILL)
            game.ended(-signal.SIGKILL)
        self._games.clear()

    def _reap(self) -> None:
        """Collect the template's exit status once it has one (no zombie left behind)."""
        if self._process.poll() is None:
            self._loop.call_later(0.1, self._reap)

    async def close(self, grace: float = 5.0) -> None:
        """Stop the template (end every game first: its games die with it)."""
        self._stop("")
        for _ in range(int(grace / 0.05)):
            if self._process.poll() is not None:
                return
            await asyncio.sleep(0.05)
        self._process.kill()
        self._process.wait()


class GameTemplate:
    """Where one room's games are forked from, once the room has started a template.

    A :class:`~cardtui.serve.launch.Launch` holds one; the server starts it
    with the room and closes it with the room. Until it is started, or once
    it has stopped, there is none, and games start the slow way.
    """

    def __init__(self) -> None:
        self._template: Template | None = None

    @property
    def running(self) -> Template | None:
        template = self._template
        return template if template is not None and template.running else None

    def start(
        self, modules: Sequence[str], env: Mapping[str, str], cwd: Path,
        log: Callable[[str], None],
    ) -> None:  # fmt: skip
        """Start the template (if it is not running); a failure is logged, not raised."""
        if self.running is not None:
            return
        try:
            self._template = Template.start(modules, env, cwd, log)
        except OSError as error:
            log(f"could not start the game template ({error}); games start without it")

    async def close(self) -> None:
        template, self._template = self._template, None
        if template is not None:
            await template.close()
