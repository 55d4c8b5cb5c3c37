"""A served game's input thread sleeps until a key comes (cardtui/ui/textual_fixes/served.py).

Textual's wakes ten times a second, idle or not: ~1.4 ms of CPU a second for
each idle player. Counted here, never timed: how often the thread waits.
"""

from __future__ import annotations

import os
import selectors
import threading
import time
from collections.abc import AsyncIterator, Callable

import pytest
from textual import events
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from cardtui.ui.textual_fixes import served as quiet_input
from cardtui.ui.textual_fixes.served import QuietInputDriver, driver_class


class Recording(QuietInputDriver):
    def __init__(self, app: App[object]) -> None:
        super().__init__(app, mouse=False)
        self.got: list[Message] = []

    def process_message(self, message: Message) -> None:
        self.got.append(message)


def keys(driver: Recording) -> list[str]:
    return [message.key for message in driver.got if isinstance(message, events.Key)]


def until(test: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline
        time.sleep(0.01)


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """Every wait of the input thread's selector: its timeout."""
    seen: list[float | None] = []

    class Counted(selectors.SelectSelector):
        def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
            seen.append(timeout)
            return super().select(timeout)

    monkeypatch.setattr(quiet_input.selectors, "SelectSelector", Counted)
    return seen


@pytest.fixture
async def reading(waits: list[float | None]) -> AsyncIterator[tuple[Recording, int]]:
    """The driver's input thread reading from a pipe: (driver, the pipe's writing end)."""
    driver = Recording(App())
    read, write = os.pipe()
    driver.fileno = read
    thread = threading.Thread(target=driver.run_input_thread)
    thread.start()
    try:
        yield driver, write
    finally:
        driver.exit_event.set()
        thread.join(5)
        assert not thread.is_alive(), "the input thread did not stop"
        os.close(write)
        os.close(read)
        driver.close()


async def test_idle_it_waits_once(reading: tuple[Recording, int],
                                  waits: list[float | None]) -> None:
    # Its first wait has no timeout: it sleeps until a key comes (Textual's own thread
    # waits 0.1 s at a time, five wakes in half a second).
    until(lambda: bool(waits))
    assert waits == [None]


async def test_keys_and_a_lone_escape_arrive(reading: tuple[Recording, int],
                                       waits: list[float | None]) -> None:
    driver, write = reading
    os.write(write, "aé".encode())
    until(lambda: keys(driver) == ["a", "é"])
    # A lone Escape waits for the parser's timeout (no sequence follows): then it arrives.
    os.write(write, b"\x1b")
    until(lambda: keys(driver) == ["a", "é", "escape"])
    until(lambda: waits[-1] is None)  # and the thread sleeps again, until the next key


async def test_it_stops_at_once_when_the_driver_stops(waits: list[float | None]) -> None:
    driver = Recording(App())
    read, write = os.pipe()
    driver.fileno = read
    thread = threading.Thread(target=driver.run_input_thread)
    thread.start()
    until(lambda: bool(waits))
    started = time.monotonic()
    driver.exit_event.set()
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - started < 1
    for fd in (read, write):
        os.close(fd)
    driver.close()


def test_only_textual_s_linux_driver_is_replaced() -> None:
    assert driver_class(LinuxDriver) is QuietInputDriver
    from textual.drivers.headless_driver import HeadlessDriver

    assert driver_class(HeadlessDriver) is HeadlessDriver
