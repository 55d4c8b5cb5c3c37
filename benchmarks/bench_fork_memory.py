"""Where a game forked from the serve template gets its private memory.

A game forked from the template (``cardtui/serve/prefork.py``) shares the
template's pages until it writes to them. CPython 3.11 writes to every object
it uses (its reference count; a function's code object also holds the
bytecode the interpreter specializes in place), so a page is copied as soon
as the game touches one object on it. This prints, for processes forked from
a template that has imported the game and rehearsed its start (as
``cardtui serve`` does), the memory they hold alone (``Private_Dirty``) and
their PSS with only the template sharing:

* a fork that does nothing;
* a fork that reads every module's globals once (reference counts only);
* a fork that draws the menu in an 80x24 PTY and idles for a second;

and the peer: the same game started as a new interpreter
(``python -m cardtui``), measured the same way.

    python3 benchmarks/bench_fork_memory.py
"""

from __future__ import annotations

import fcntl
import gc
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Callable

MIB = 1024
MENU = b"Rules & keys"
IDLE = 1.0


def rollup(pid: int) -> dict[str, int]:
    """KiB figures from ``/proc/PID/smaps_rollup``."""
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as lines:
        return {line.split()[0][:-1]: int(line.split()[1]) for line in lines
                if line.split()[0] in ("Pss:", "Private_Dirty:", "Rss:")}  # fmt: skip


def forked(action: Callable[[], None]) -> dict[str, int]:
    """Memory of a fork that ran ``action`` and then waits."""
    ready, told = os.pipe()
    pid = os.fork()
    if pid == 0:
        gc.enable()
        action()
        os.write(told, b"x")
        time.sleep(60)
        os._exit(0)
    os.read(ready, 1)
    time.sleep(0.2)
    memory = rollup(pid)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return memory


def read_every_module() -> None:
    for module in list(sys.modules.values()):
        for _value in list(getattr(module, "__dict__", {}).values()):
            pass


def on_a_terminal(start: Callable[[], None]) -> dict[str, int]:
    """Memory of a game ``start`` runs in an 80x24 PTY, a second after the menu is drawn."""
    pid, master = pty.fork()
    if pid == 0:
        start()
        os._exit(0)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    deadline = time.monotonic() + 60
    while MENU not in seen and time.monotonic() < deadline:
        if select.select([master], [], [], 1)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    time.sleep(IDLE)
    memory = rollup(pid)
    os.kill(pid, signal.SIGKILL)
    while True:
        try:
            if not os.read(master, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    os.close(master)
    return memory


def game_from_template(folder: str) -> None:
    from cardtui.serve import prefork, seat

    gc.enable()
    os.chdir(folder)
    prefork._reload_environment_constants()  # noqa: SLF001 - as a forked game does
    prefork._reopen_standard_streams()  # noqa: SLF001
    os._exit(seat.main(["cardtui", "--data-dir", ".", "--no-mouse"]))


def game_from_scratch(folder: str) -> None:
    argv = [sys.executable, "-m", "cardtui", "--data-dir", folder, "--no-mouse"]
    os.execv(argv[0], argv)


def main() -> None:
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONUTF8="1",
                      TEXTUAL_FPS="30", CARDTUI_SERVED="1")  # fmt: skip
    from cardtui.serve import prefork
    from cardtui.serve.template import CARDTUI_MODULES, CARDTUI_REHEARSAL, TEXTUAL_RUNTIME

    prefork._preload([*CARDTUI_MODULES, *TEXTUAL_RUNTIME, CARDTUI_REHEARSAL])  # noqa: SLF001
    template = rollup(os.getpid())
    rows = {
        "fork, nothing more": forked(lambda: None),
        "fork, every module's globals read": forked(read_every_module),
        "fork, menu drawn, idle 1 s": on_a_terminal(
            lambda: game_from_template(tempfile.mkdtemp(prefix="cardtui-bench-"))),
        "new interpreter, menu, idle 1 s": on_a_terminal(
            lambda: game_from_scratch(tempfile.mkdtemp(prefix="cardtui-bench-"))),
    }  # fmt: skip
    print(f"Template: RSS {template['Rss'] / MIB:.1f} MiB, of it its own "
          f"{template['Private_Dirty'] / MIB:.1f} MiB (load {load()})")
    print(f"{'process':38}{'private MiB':>12}{'PSS MiB':>9}{'RSS MiB':>9}")
    for name, memory in rows.items():
        print(f"{name:38}{memory['Private_Dirty'] / MIB:>12.1f}{memory['Pss'] / MIB:>9.1f}"
              f"{memory['Rss'] / MIB:>9.1f}")  # fmt: skip
    print("PSS here counts a page shared with the template (or another game) at half (1/N).")


def load() -> str:
    with open("/proc/loadavg", encoding="ascii") as average:
        return " ".join(average.read().split()[:3])


if __name__ == "__main__":
    main()
