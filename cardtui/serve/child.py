"""A child program in its own pseudo-terminal, as the SSH bridge drives it.

The child sees an ordinary terminal (``isatty`` is true, ``TIOCGWINSZ`` gives
the client's size), so the game runs exactly as it does locally. It starts in
a new session, hence its own process group, so one ``killpg`` ends it and
anything it started. A child that makes the PTY its controlling terminal (the
seat does) gets ``SIGWINCH`` from the kernel after a resize, and ``SIGHUP``
when the master closes, even if the server is gone; to any other child the
bridge sends ``SIGWINCH`` itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import termios
import tty
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from cardtui.serve import priority

if TYPE_CHECKING:
    from cardtui.serve.template import Template

#: Bytes read from the PTY at a time: a full 300x100 frame fits in two reads.
READ_SIZE = 64 * 1024

#: Keys typed into a game that has stopped reading are dropped past this, so a
#: hung child cannot make the server buffer an endless paste.
MAX_INPUT_BACKLOG = 16 * 1024

#: How long a child has to exit after SIGHUP before it gets SIGKILL.
HANGUP_GRACE = 2.0

#: A game's first screen is out once its output has paused this long (seconds),
#: or this long after it began at the latest; then it gets its priority back.
#: Long enough to cover a served game's lobby joining the room and filling
#: its table after the first frame (a tenth of a second of CPU, and a starved
#: game at the lowest priority can pause longer than that between frames).
FIRST_SCREEN_QUIET = 0.6
FIRST_SCREEN_LONGEST = 3.0


def _set_window_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _open_pty(width: int, height: int) -> tuple[int, int]:
    """A new PTY of ``width`` x ``height`` cells: (master, slave)."""
    master, slave = pty.openpty()
    try:
        # Raw before the child starts, so nothing typed before the game takes
        # over the terminal is echoed back or turned into a signal.
        tty.setraw(slave)
        _set_window_size(master, width, height)
    except BaseException:
        os.close(master)
        os.close(slave)
        raise
    return master, slave


class Process(Protocol):
    """A child process as the bridge sees it: ``asyncio``'s, or one the template forked."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class PtyChild:
    """A running child: bytes in and out through the PTY master, resize, terminate."""

    def __init__(self, process: Process, master: int) -> None:
        self._process = process
        self._master = master
        self._loop = asyncio.get_running_loop()
        self._backlog = bytearray()
        self._on_output: Callable[[bytes], None] | None = None
        self._on_eof: Callable[[], None] | None = None
        self._reading = False
        self._closed = False
        #: When output began and when it last came, until the first screen is out.
        self._first_output: float | None = None
        self._last_output = 0.0
        #: Whether the game got its priority back (None: not yet; see priority.py).
        self.priority_restored: bool | None = None

    @classmethod
    async def spawn(
        cls,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        width: int,
        height: int,
        stderr: int | None = None,
        pass_fds: Sequence[int] = (),
    ) -> PtyChild:
        """Start ``argv`` in a new PTY of ``width`` x ``height`` cells.

        The child's stderr is ``stderr`` (a descriptor) if given, else the PTY;
        ``pass_fds`` are inherited as they are.
        """
        master, slave = _open_pty(width, height)
        try:
            process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave if stderr is None else stderr,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                pass_fds=tuple(pass_fds),
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            # Only the child may hold the slave: reads on the master then end
            # (EIO) as soon as the child and everything it started are gone.
            os.close(slave)
        os.set_blocking(master, False)
        return cls(process, master)

    @classmethod
    async def fork(
        cls,
        template: Template,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        width: int,
        height: int,
        stderr: int | None = None,
        pass_fds: Sequence[int] = (),
        nice: int = 0,
    ) -> PtyChild:
        """Like :meth:`spawn`, but forked from ``template``: ``argv`` is what follows
        ``python -m cardtui.serve.seat``. The child is a new session leader, as
        with :meth:`spawn`, and gets ``pass_fds`` under the same numbers.
        """
        master, slave = _open_pty(width, height)
        try:
            fds = {0: slave, 1: slave, 2: slave if stderr is None else stderr}
            fds.update({fd: fd for fd in pass_fds})
            process = await template.fork(argv, env=env, cwd=cwd, fds=fds, nice=nice)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # as in spawn: the child's alone
        os.set_blocking(master, False)
        return cls(process, master)

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    def start_reading(self, on_output: Callable[[bytes], None], on_eof: Callable[[], None]) -> None:
        """Deliver the child's output to ``on_output``; ``on_eof`` once it is over."""
        self._on_output = on_output
        self._on_eof = on_eof
        self.resume_reading()

    def pause_reading(self) -> None:
        """Stop reading output (the client is behind); the child blocks on a full PTY."""
        if self._reading:
            self._loop.remove_reader(self._master)
            self._reading = False

    def resume_reading(self) -> None:
        if not self._reading and not self._closed and self._on_output is not None:
            self._loop.add_reader(self._master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the slave has closed it
            data = b""
        if data and self._on_output is not None:
            if self.priority_restored is None:
                self._first_screen_progress()
            self._on_output(data)
            return
        self.pause_reading()
        if self._on_eof is not None:
            on_eof, self._on_eof = self._on_eof, None
            on_eof()

    def _first_screen_progress(self) -> None:
        now = self._loop.time()
        self._last_output = now
        if self._first_output is None:
            self._first_output = now
            self._loop.call_later(FIRST_SCREEN_QUIET, self._first_screen_out)

    def _first_screen_out(self) -> None:
        """Give the game its priority back once its first screen is drawn."""
        if self._closed or self.priority_restored is not None or self._first_output is None:
            return
        now = self._loop.time()
        quiet = now - self._last_output >= FIRST_SCREEN_QUIET
        if not quiet and now - self._first_output < FIRST_SCREEN_LONGEST:
            self._loop.call_later(FIRST_SCREEN_QUIET / 2, self._first_screen_out)
            return
        restored = priority.restore(self._process.pid)
        if restored is None:  # the kernel allows so many changes a second: soon
            self._loop.call_later(0.15, self._first_screen_out)
            return
        self.priority_restored = restored

    def write(self, data: bytes) -> None:
        """Type ``data`` into the child's terminal."""
        if self._closed:
            return
        if self._backlog:
            self._queue(data)
            return
        try:
            written = os.write(self._master, data)
        except BlockingIOError:
            written = 0
        except OSError:
            return  # the child is gone; its end is reported by the reader
        self._queue(data[written:])

    def _queue(self, data: bytes) -> None:
        if not data or len(self._backlog) + len(data) > MAX_INPUT_BACKLOG:
            return
        if not self._backlog:
            self._loop.add_writer(self._master, self._writable)
        self._backlog += data

    def _writable(self) -> None:
        try:
            written = os.write(self._master, self._backlog)
        except BlockingIOError:
            return
        except OSError:
            written = len(self._backlog)
        del self._backlog[:written]
        if not self._backlog:
            self._loop.remove_writer(self._master)

    def resize(self, width: int, height: int) -> None:
        """Tell the child its window is now ``width`` x ``height`` cells."""
        if self._closed:
            return
        _set_window_size(self._master, width, height)
        try:
            # The PTY's foreground process group has had SIGWINCH from the kernel.
            told = os.tcgetpgrp(self._master) == self._process.pid
        except OSError:
            told = False
        if not told:
            self._signal(signal.SIGWINCH)

    def _signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signum)

    async def wait(self) -> int:
        """The child's exit status (negative: killed by that signal)."""
        return await self._process.wait()

    async def terminate(self, grace: float = HANGUP_GRACE) -> int:
        """End the child and its whole process group: SIGHUP, then SIGKILL."""
        if self._process.returncode is None:
            self._signal(signal.SIGHUP)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._process.wait()), grace)
        # Also catches anything the child left running in its group.
        self._signal(signal.SIGKILL)
        return await self._process.wait()

    def close(self) -> None:
        """Release the PTY; call once the child has exited."""
        if self._closed:
            return
        self.pause_reading()
        if self._backlog:
            self._loop.remove_writer(self._master)
            self._backlog.clear()
        self._closed = True
        os.close(self._master)
