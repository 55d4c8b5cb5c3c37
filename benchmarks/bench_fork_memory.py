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

Each row is measured for templates laid out with each of
``cardtui/serve/pages.py``'s tricks alone, with none (as before them), with
all, and with what ``cardtui serve`` does (``pages.SERVED``: all but
``gather``), each template a process of its own, in the same run. The
per-game PSS with ten games sharing is ``bench_ssh_burst.py``'s.

    python3 benchmarks/bench_fork_memory.py
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import pty
import select
import signal
import struct
import subprocess
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


READ = "fork, every module's globals read"

#: Templates compared: a name and the tricks (``pages.TRICKS``) it is laid out with.
VARIANTS = (
    ("none (before)", ()),
    ("collect + fill", ("collect", "fill")),
    ("fill", ("fill",)),
    ("heap", ("heap",)),
    ("gather", ("gather",)),
    ("all", ("collect", "gather", "fill", "heap")),
    ("all but gather (serve)", ("collect", "fill", "heap")),
)


def serve_env() -> None:
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONUTF8="1",
                      TEXTUAL_FPS="30", CARDTUI_SERVED="1")  # fmt: skip


def measure_template(tricks: list[str]) -> dict[str, dict[str, int]]:
    """This process becomes a template laid out with ``tricks``; the memory of its forks."""
    serve_env()
    from cardtui.serve import prefork
    from cardtui.serve.template import CARDTUI_MODULES, CARDTUI_REHEARSAL, TEXTUAL_RUNTIME

    prefork._preload([*CARDTUI_MODULES, *TEXTUAL_RUNTIME, CARDTUI_REHEARSAL], tricks)  # noqa: SLF001
    return {
        "template": rollup(os.getpid()),
        "fork, nothing more": forked(lambda: None),
        READ: forked(read_every_module),
        "fork, menu drawn, idle 1 s": on_a_terminal(
            lambda: game_from_template(tempfile.mkdtemp(prefix="cardtui-bench-"))),
    }  # fmt: skip


def main() -> None:
    serve_env()
    measured = {}
    for name, tricks in VARIANTS:
        done = subprocess.run([sys.executable, __file__, "--tricks", ",".join(tricks)],
                              capture_output=True, text=True, check=True)  # fmt: skip
        measured[name] = json.loads(done.stdout.splitlines()[-1])
    scratch = on_a_terminal(lambda: game_from_scratch(tempfile.mkdtemp(prefix="cardtui-bench-")))
    print(f"Private (Private_Dirty) MiB of a fork of templates laid out each way (load {load()});")
    print("template: its RSS; menu: the game drawn in an 80x24 PTY, idle 1 s, and its PSS")
    print("with only the template sharing (a page shared counts at 1/2).")
    print(f"{'template laid out with':24}{'template':>9}{'nothing':>9}{'globals':>9}"
          f"{'menu':>7}{'PSS':>7}")  # fmt: skip
    for name, rows in measured.items():
        menu, read = rows["fork, menu drawn, idle 1 s"], rows[READ]
        print(f"{name:24}{rows['template']['Rss'] / MIB:>9.1f}"
              f"{rows['fork, nothing more']['Private_Dirty'] / MIB:>9.1f}"
              f"{read['Private_Dirty'] / MIB:>9.1f}"
              f"{menu['Private_Dirty'] / MIB:>7.1f}{menu['Pss'] / MIB:>7.1f}")  # fmt: skip
    print(f"{'new interpreter (peer)':24}{'':>9}{'':>9}{'':>9}"
          f"{scratch['Private_Dirty'] / MIB:>7.1f}{scratch['Pss'] / MIB:>7.1f}")  # fmt: skip


def load() -> str:
    with open("/proc/loadavg", encoding="ascii") as average:
        return " ".join(average.read().split()[:3])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--tricks"]:
        print(json.dumps(measure_template([t for t in sys.argv[2].split(",") if t])))
    else:
        main()
