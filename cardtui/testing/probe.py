"""A bare Textual app that stands in for the game behind the SSH bridge.

The bridge's tests run it to see what the child sees (its window size, the
keys that reach it, its data directory) and to make it crash on demand; the
bandwidth benchmark runs it as the peer that costs the least a Textual app
can cost. It takes the game's command-line options, so the bridge starts it
the same way (``Launch(game=PROBE)``)::

    python -m cardtui.serve.seat cardtui.testing.probe --data-dir DIR [--ascii] --no-mouse

Keys: ``q`` quits (status 0), ``e`` exits with status 3, ``k`` kills the
process with SIGKILL (no chance to restore the terminal), ``r`` raises an
error in a key handler (Textual's traceback report), ``p`` panics (as
Textual does when its input thread fails), ``w`` tries to write a 2 MiB
file in its working directory; any other key is shown as the last key
pressed, and a paste as ``paste N`` (its length).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class ProbeApp(App[int]):
    """Shows its size, its options and the last key; quits on ``q``."""

    TITLE = "probe"
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, data_dir: Path, ascii_only: bool) -> None:
        super().__init__()
        self._data_dir = data_dir
        self._ascii_only = ascii_only
        self._last_key = "none"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="size")
        yield Static(f"data {self._data_dir}", id="data")
        yield Static(f"cwd {os.getcwd()}", id="cwd")
        yield Static(f"home {os.environ.get('HOME', '-')}", id="home")
        yield Static(f"ascii {'yes' if self._ascii_only else 'no'}", id="ascii")
        yield Static(f"TERM {os.environ.get('TERM', '-')}", id="term")
        yield Static(f"COLORTERM {os.environ.get('COLORTERM', '-')}", id="colorterm")
        yield Static(id="key")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        self._show(event.size.width, event.size.height)

    def on_key(self, event: events.Key) -> None:
        if event.key == "e":
            self.exit(3)
        elif event.key == "k":
            os.kill(os.getpid(), signal.SIGKILL)
        elif event.key == "r":
            raise RuntimeError(f"the probe was asked to fail in {os.getcwd()}")
        elif event.key == "p":
            self.panic(f"the probe panicked in {os.getcwd()}")
        elif event.key == "w":
            self._last_key = _write_big_file()
            self._show()
        elif event.key != "q":
            self._last_key = event.key
            self._show()

    def on_paste(self, event: events.Paste) -> None:
        self._last_key = f"paste {len(event.text)}"
        self._show()

    def _show(self, width: int | None = None, height: int | None = None) -> None:
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        self.query_one("#size", Static).update(f"size {width}x{height}")
        self.query_one("#key", Static).update(f"key {self._last_key}")


def _write_big_file() -> str:
    try:
        with open("big.bin", "wb") as out:
            out.write(bytes(2 * 1024 * 1024))
    except OSError as error:
        return f"write failed: {error.strerror}"
    return "write done"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="probe")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--no-mouse", action="store_true")
    parser.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    app = ProbeApp(args.data_dir, args.ascii)
    status = app.run(mouse=not args.no_mouse)
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
