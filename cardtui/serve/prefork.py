"""The template every served game is forked from (a fork server, or "zygote").

    python -m cardtui.serve.prefork SERVER_PID CONTROL_FD MODULE...

The server starts this once, with the room. It imports the game's modules
(cardtui, Textual, Rich, the screens) once, rehearses a game's start (a
``MODULE:FUNCTION`` argument, see ``rehearsal.py``), then waits on the control socket
(``CONTROL_FD``, its end of a ``SOCK_SEQPACKET`` pair) for one request per player.
For each it forks: the copy is a new game that has already paid for its
imports, and shares those pages with the template until it writes to them
(copy-on-write), so a player's first frame costs little more than drawing it.

A request is one JSON message (``argv``, ``env``, ``cwd``, ``fds``, ``nice``)
with the descriptors the game needs attached (``SCM_RIGHTS``): the player's
PTY, their ``crash.log``, their line to the room. ``fds`` says the number
each one gets in the game (0, 1, 2, ...). The reply is ``{"id", "pid"}``, or
``{"id", "error"}``; when a game exits, ``{"pid", "returncode"}`` follows
(negative: killed by that signal), as ``asyncio`` reports a child's end.
``{"ready"}``, once, says the imports are done.

The copy becomes a game as ``seat.py`` starts one from scratch: a new
session with the PTY as its controlling terminal, the player's environment
and profile, nothing else open, then :func:`cardtui.serve.seat.main`, which
asks to die with its parent (the template, which dies with the server) and
caps the files it writes. One process per player, as before: a game that
crashes takes nothing else down.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import gc
import importlib
import io
import json
import os
import pkgutil
import resource
import selectors
import signal
import socket
import sys
import traceback
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtui.serve import pages, seat

#: The largest request: an environment of a few dozen variables fits many times.
MAX_MESSAGE = 256 * 1024

#: Descriptors one request may carry (PTY, crash report, room line, ...).
MAX_FDS = 8

#: Process names (at most 15 bytes): the template, and each game forked from it.
TEMPLATE_NAME = b"cardtui-templat"
GAME_NAME = b"cardtui-game"

_PR_SET_NAME = 15  # <linux/prctl.h>


@dataclass(frozen=True)
class ForkRequest:
    """One player's game, as the server asked for it."""

    number: int
    argv: list[str]
    env: dict[str, str]
    cwd: str
    #: The descriptor number each received descriptor gets in the game.
    targets: list[int]
    nice: int

    @classmethod
    def parse(cls, data: bytes) -> ForkRequest:
        """Raises ``ValueError`` (or ``KeyError``/``TypeError``) for a malformed one."""
        fields = json.loads(data)
        return cls(
            number=int(fields["id"]),
            argv=[str(part) for part in fields["argv"]],
            env={str(name): str(value) for name, value in fields["env"].items()},
            cwd=str(fields["cwd"]),
            targets=[int(target) for target in fields["fds"]],
            nice=int(fields.get("nice", 0)),
        )


def main(argv: Sequence[str]) -> int:
    """Serve fork requests until the server hangs up; a forked game plays and returns here."""
    if len(argv) < 2 or not (argv[0].isdigit() and argv[1].isdigit()):
        print(
            "usage: python -m cardtui.serve.prefork SERVER_PID CONTROL_FD MODULE...",
            file=sys.stderr,
        )
        return 2
    server, control_fd, modules = int(argv[0]), int(argv[1]), argv[2:]
    os.environ[seat.SERVER_PID_VARIABLE] = str(server)
    if not seat._die_with_server():  # noqa: SLF001 - the same rule as a game's
        return 1
    # Ctrl-C at the host's console is for the server, which then closes the room.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _name_process(TEMPLATE_NAME)
    _preload(modules)
    control = socket.socket(fileno=control_fd)
    template = os.getpid()
    with contextlib.suppress(OSError):
        control.sendall(b'{"ready": true}')
    request = TemplateLoop(control).serve()
    if request is None:
        return 0
    return _become_game(request, template)


def _preload(modules: Sequence[str], tricks: Collection[str] = pages.SERVED) -> None:
    """Import what every game imports, once, and lay the template's memory out for sharing.

    ``package.*`` names every module below ``package``; ``module:function``
    imports the module and, once everything is imported, calls the function
    (the game's rehearsal, ``rehearsal.py``). Then, as the ``gc`` module's
    manual advises for a process that forks without exec, ``gc.freeze``: a
    game's collections never walk (and so never write to) what it shares
    with the template; each game turns the collector back on.

    ``tricks`` (``pages.py``; ``pages.SERVED`` unless a benchmark compares):
    ``collect`` collects the rehearsal's garbage as it goes and once it is
    over; ``gather`` gives the code the rehearsal ran copies side by side;
    ``fill`` fills obmalloc's free blocks and ``heap`` the C heap's free
    chunks, so a game's new objects never land among the template's
    (without ``fill``, nothing is collected, for the same reason: a freed
    object is a hole).
    """
    gc.disable()
    warm_ups = []
    for name in modules:
        name, _, function = name.partition(":")
        for module in _below(name[:-2]) if name.endswith(".*") else [name]:
            try:
                imported = importlib.import_module(module)
            except Exception:  # noqa: BLE001 - a game that needs it will say why
                print(f"cardtui template: could not preload {module}", file=sys.stderr)
                continue
            if function:
                warm_ups.append((f"{module}:{function}", getattr(imported, function, None)))
    collect = "collect" in tricks and "fill" in tricks
    if collect:
        gc.enable()
    ran = pages.executed_code(lambda: _warm_up(warm_ups)) if "gather" in tricks else None
    if ran is None:
        _warm_up(warm_ups)
    gc.disable()
    if collect:
        gc.collect()
    # Filled before the code is copied, so the copies sit side by side...
    _fill(tricks)
    if ran is not None:
        pages.gather_code(ran)
        _fill(tricks)  # ... and again, for the holes copying left
    gc.freeze()


def _fill(tricks: Collection[str]) -> None:
    if "fill" in tricks:
        pages.fill_free_blocks()
    if "heap" in tricks:
        pages.fill_heap_holes()


def _warm_up(warm_ups: list[tuple[str, object]]) -> None:
    for name, warm_up in warm_ups:
        try:
            if not callable(warm_up):
                raise TypeError(f"{name} is not a function")
            warm_up()
        except Exception:  # noqa: BLE001 - games start colder, as they would without it
            print(f"cardtui template: {name} failed", file=sys.stderr)
            traceback.print_exc()


def _below(package: str) -> list[str]:
    try:
        path = importlib.import_module(package).__path__
    except (ImportError, AttributeError):
        return []
    found = [package]
    for info in pkgutil.iter_modules(path, package + "."):
        if info.name.rsplit(".", 1)[1] == "__main__":
            continue  # running it is the game's business
        found += _below(info.name) if info.ispkg else [info.name]
    return found


class TemplateLoop:
    """The template's loop: fork on request, report every game's end."""

    def __init__(self, control: socket.socket) -> None:
        self._control = control
        self._games: set[int] = set()
        self._woken, self._wake = os.pipe()
        os.set_blocking(self._wake, False)
        os.set_blocking(self._woken, False)
        self._selector = selectors.DefaultSelector()

    def serve(self) -> ForkRequest | None:
        """Run until the server closes the line (None); in a forked game, its request."""
        signal.set_wakeup_fd(self._wake, warn_on_full_buffer=False)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)
        selector = self._selector
        selector.register(self._control, selectors.EVENT_READ)
        selector.register(self._woken, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select():
                if key.fileobj is self._woken:
                    while _drain(self._woken):
                        pass
                    self._reap()
                    continue
                try:
                    data, fds, flags, _ = socket.recv_fds(self._control, MAX_MESSAGE, MAX_FDS)
                except ConnectionError:
                    data, fds, flags = b"", [], 0
                if not data:
                    return None  # the server is gone or closing: so are we
                request = self._fork(data, fds, flags)
                if request is not None:  # we are the new game
                    return request

    def _fork(self, data: bytes, fds: list[int], flags: int) -> ForkRequest | None:
        """Start one game; in the game, return its request (the template returns None)."""
        try:
            request = ForkRequest.parse(data)
        except (ValueError, KeyError, TypeError) as error:
            _close(fds)
            self._send({"id": _number(data), "error": f"bad request: {error}"})
            return None
        if flags & socket.MSG_CTRUNC or len(fds) != len(request.targets):
            _close(fds)
            self._send({"id": request.number, "error": "descriptors lost on the way"})
            return None
        try:
            pid = os.fork()
        except OSError as error:
            _close(fds)
            self._send({"id": request.number, "error": f"fork: {error.strerror}"})
            return None
        if pid == 0:
            try:
                self._leave(request, fds)
            except BaseException:  # noqa: BLE001 - a half-made game must not serve forks
                traceback.print_exc()
                os._exit(1)
            return request
        _close(fds)  # the game has them now; the PTY must be the game's alone
        self._games.add(pid)
        self._send({"id": request.number, "pid": pid})
        return None

    def _reap(self) -> None:
        while self._games:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self._games.discard(pid)
            self._send({"pid": pid, "returncode": os.waitstatus_to_exitcode(status)})

    def _send(self, message: dict[str, object]) -> None:
        with contextlib.suppress(OSError):  # the server is gone: so will we be
            self._control.sendall(json.dumps(message).encode())

    def _leave(self, request: ForkRequest, fds: list[int]) -> None:
        """In the new game: drop everything of the template's, take the player's descriptors."""
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        gc.enable()
        self._selector.close()
        os.close(self._woken)
        os.close(self._wake)
        # A new session: the game's own process group, ready to take a terminal.
        os.setsid()
        _name_process(GAME_NAME)
        _place(fds, request.targets)
        # Closed by _place (or replaced by a descriptor of the game's): forget it.
        self._control.detach()


def _name_process(name: bytes) -> None:
    """What ``ps -o comm``, ``top`` and ``/proc/PID/comm`` call this process.

    Every game's command line is the template's (it was forked, not
    started), so the name is what tells a host's tools the two apart.
    """
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(_PR_SET_NAME, ctypes.c_char_p(name), 0, 0, 0)


def _place(fds: list[int], targets: list[int]) -> None:
    """Give each received descriptor its number in the game and close everything else."""
    top = max([*targets, 2]) + 1
    # Parked above every target first, so no dup2 overwrites one still to be placed.
    parked = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, top) for fd in fds]
    _close(fds)
    for fd, target in zip(parked, targets, strict=True):
        os.dup2(fd, target)  # inheritable, as a child's standard streams are
    # Nothing of the template's stays open: not its control line, not a
    # descriptor another player's request carried.
    kept = {0, 1, 2, *targets}
    for fd in range(3, top):
        if fd not in kept:
            with contextlib.suppress(OSError):
                os.close(fd)
    os.closerange(top, _max_fd())


def _close(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def _max_fd() -> int:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def _become_game(request: ForkRequest, template: int) -> int:
    """The new game's life, from its request to its exit status."""
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    if request.nice > 0:
        os.nice(request.nice)
    _reload_environment_constants()
    _reopen_standard_streams()
    # The template is this game's parent: it dies with the server, we with it.
    os.environ[seat.SERVER_PID_VARIABLE] = str(template)
    return seat.main(request.argv)


def _reload_environment_constants() -> None:
    """Textual reads its settings (``TEXTUAL_FPS``...) from the environment on import."""
    constants = sys.modules.get("textual.constants")
    if constants is not None:
        importlib.reload(constants)


def _reopen_standard_streams() -> None:
    """Standard streams as a fresh Python opens them on a terminal (line-buffered)."""

    def text(fd: int, mode: Literal["r", "w"]) -> io.TextIOWrapper:
        return io.open(  # noqa: UP020 - a descriptor, not a path
            fd, mode, buffering=1 if mode == "w" else -1, encoding="utf-8",
            errors="surrogateescape" if fd < 2 else "backslashreplace", closefd=False,
        )  # fmt: skip

    # typeshed marks sys.__stdin__ & co. Final; a forked game replaces them on
    # purpose (Textual's driver writes to sys.__stderr__).
    sys.stdin = sys.__stdin__ = text(0, "r")  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = text(1, "w")  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = text(2, "w")  # type: ignore[misc]


def _drain(fd: int) -> bool:
    try:
        return bool(os.read(fd, 512))
    except BlockingIOError:
        return False


def _number(data: bytes) -> int:
    try:
        return int(json.loads(data)["id"])
    except (ValueError, KeyError, TypeError):
        return -1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
