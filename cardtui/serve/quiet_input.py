"""A served game's terminal driver: Textual's, with an input thread that sleeps until a key.

Textual's Linux driver reads keys in a thread that wakes ten times a second
whether or not anything came: to notice the app is stopping, and to let a
lone Escape through once it is clear no sequence follows it (the parser's
timeout, ``XTermParser.tick``). Each wake costs a game ~0.14 ms of CPU: an
idle player, 1.4 ms a second, and a host with a hundred players idle in
the lobby spends a seventh of a core on it (and the crowd of
benchmarks/bench_ssh_burst.py waits for it: every game that has arrived
keeps waking while the rest arrive).

Here the thread waits for a key, for the parser's own timeout when one is
pending, or for the driver to stop (a pipe written as the stop is
signalled), and nothing else. Keys are read, decoded and parsed exactly as
Textual does (:meth:`QuietInputDriver.run_input_thread` is Textual 8.2's
with only the wait changed); if the Textual installed is not one this was
written for, the served game keeps Textual's driver (:func:`driver_class`).
"""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from codecs import getincrementaldecoder
from typing import Any

from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

#: The longest wait while the parser has a timeout pending (Textual's own step).
POLL = 0.1


class _WakingEvent(threading.Event):
    """The driver's stop signal: setting it also wakes the input thread's wait."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):  # (full: a wake is waiting already)
            os.write(self._wake, b"x")


class QuietInputDriver(LinuxDriver):
    """Textual's :class:`LinuxDriver`, whose input thread wakes only when there is work."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._woken, wake = os.pipe()
        os.set_blocking(self._woken, False)
        os.set_blocking(wake, False)
        self.exit_event = _WakingEvent(wake)

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual's loop; see the module's note)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._woken, selectors.EVENT_READ)

        fileno = self.fileno
        EVENT_READ = selectors.EVENT_READ  # noqa: N806 - as Textual names it

        parser = XTermParser(self._debug)
        feed = parser.feed
        tick = parser.tick

        utf8_decoder = getincrementaldecoder("utf-8")().decode
        decode = utf8_decoder
        read = os.read

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]],
            final: bool = False,
        ) -> None:
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & EVENT_READ:
                    unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        # This can occur if the stdin is piped
                        break
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        def keys(ready: list[tuple[selectors.SelectorKey, int]]
                 ) -> list[tuple[selectors.SelectorKey, int]]:
            if any(key.fd == self._woken for key, _ in ready):
                _drain(self._woken)
            return [(key, mask) for key, mask in ready if key.fd == fileno]

        try:
            while not self.exit_event.is_set():
                # Nothing pending in the parser: nothing to do until a key or the stop.
                wait = None if parser._timeout_time is None else POLL  # noqa: SLF001
                process_selector_events(keys(selector.select(wait)))
            selector.unregister(self.fileno)
            process_selector_events(keys(selector.select(POLL)), final=True)

        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass

    def close(self) -> None:
        super().close()
        os.close(self._woken)
        os.close(self.exit_event._wake)  # noqa: SLF001


def _drain(fd: int) -> None:
    with contextlib.suppress(BlockingIOError):
        while os.read(fd, 512):
            pass


def fits(parser: XTermParser | None = None) -> bool:
    """Whether the Textual installed has what this driver relies on.

    >>> fits()
    True
    """
    parser = parser or XTermParser()
    return (hasattr(parser, "_timeout_time") and hasattr(LinuxDriver, "run_input_thread")
            and hasattr(LinuxDriver, "process_message"))


def driver_class(chosen: type[Driver]) -> type[Driver]:
    """The driver a served game runs with, given the one Textual chose."""
    return QuietInputDriver if chosen is LinuxDriver and fits() else chosen
