"""The first code a served game runs, in its own process, before the game itself.

    python -m cardtui.serve.seat MODULE [ARGS...]

The server starts every game with the player's PTY as stdin and stdout and
the profile's ``crash.log`` as stderr (file descriptor 2), so anything Python
writes about a failure (a traceback, Textual's error report, a fatal error
from C) lands in the report, never on the player's screen with the host's
paths in it. Textual draws on ``sys.__stderr__``; the seat points that one
stream at the terminal and then runs ``MODULE`` as ``python -m MODULE`` would.

First it makes sure the game cannot outlive the server, even one killed
with SIGKILL: the kernel is asked to kill the game when the server dies
(``PR_SET_PDEATHSIG``), and the PTY becomes the game's controlling terminal,
so the kernel also hangs the game up when the server's end of it closes
(and sends SIGWINCH itself when the window is resized).

Then it caps the size of any file the game writes
(``RLIMIT_FSIZE``, from ``CARDTUI_MAX_FILE_SIZE``; a write past it fails
with EFBIG, since Python ignores SIGXFSZ) and turns off core dumps, so one
player cannot fill the host's disk through their profile.

Only the standard library is imported here (and the output filter, which
uses nothing else until the game draws): this runs in every new game.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import resource
import runpy
import signal
import sys
import termios
import warnings

from cardtui.serve import priority
from cardtui.serve.changed_cells import ChangedCells

#: The largest file a game may write, in bytes (set by the server).
MAX_FILE_SIZE_VARIABLE = "CARDTUI_MAX_FILE_SIZE"

#: The server's process id (set by the server), to notice it died before we
#: asked to die with it.
SERVER_PID_VARIABLE = "CARDTUI_SERVER_PID"

#: Set to 1 to send Textual's frames as they are, not only the cells that
#: changed (to measure what the filter saves).
WHOLE_FRAMES_VARIABLE = "CARDTUI_WHOLE_FRAMES"

#: The niceness the game starts at (set by the server).
START_NICE_VARIABLE = "CARDTUI_START_NICE"

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def main(argv: list[str]) -> int:
    """Run ``MODULE ARGS...`` as the game; return its exit status."""
    if not argv:
        print("usage: python -m cardtui.serve.seat MODULE [ARGS...]", file=sys.stderr)
        return 2
    module, *args = argv
    if not _die_with_server():
        return 1
    _take_terminal()
    _limit_disk_use()
    # The server puts it back once the first screen is out (see priority.py).
    start_nice = os.environ.pop(START_NICE_VARIABLE, "")
    if start_nice.isdigit():
        priority.lower(int(start_nice))
    # Textual's driver writes every frame to sys.__stderr__ (LinuxDriver._file);
    # only the cells that changed go on to the player (see changed_cells.py).
    terminal = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="replace")
    # (typeshed marks sys.__stderr__ Final: it is replaced here on purpose, and
    # ChangedCells is a file-like stand-in for the TextIO it declares.)
    if os.environ.pop(WHOLE_FRAMES_VARIABLE, "") == "1" or not terminal.isatty():
        sys.__stderr__ = terminal  # type: ignore[misc]
    else:
        sys.__stderr__ = ChangedCells(terminal)  # type: ignore[misc,assignment]
    # A warning in the report would read as a failure (see below); nobody
    # reads a served game's warnings anyway.
    warnings.simplefilter("ignore")
    reported = _report_size()
    sys.argv = [module, *args]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        status: object = 0
    except SystemExit as stop:
        status = stop.code
    if status in (0, None) and _report_size() > reported:
        # Textual's panic() (an error in its input thread, for one) writes an
        # error report and exits with status 0: the game still failed.
        return 1
    if status is None or isinstance(status, int):
        return status or 0
    print(status, file=sys.stderr)  # sys.exit("message"), as Python would
    return 1


def _die_with_server() -> bool:
    """Ask for SIGKILL when the server dies; False if it already has."""
    server = os.environ.pop(SERVER_PID_VARIABLE, "")
    if not server.isdigit() or not sys.platform.startswith("linux"):
        return True  # not started by a server (or not on Linux): nothing to follow
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG)")
    # The server may have died between our fork and the prctl: then we have
    # been handed to another parent and no signal will ever come.
    return os.getppid() == int(server)


def _take_terminal() -> None:
    """Make the PTY (stdin) our controlling terminal; we lead a new session."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _limit_disk_use() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    limit = os.environ.pop(MAX_FILE_SIZE_VARIABLE, "")
    if limit.isdigit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(limit), int(limit)))


def _report_size() -> int:
    sys.stderr.flush()
    try:
        return os.fstat(2).st_size
    except OSError:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
