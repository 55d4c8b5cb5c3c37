"""The suite's ``Pilot.press`` (tests/support/pilot_keys.py): installed, and the same keys
as Textual's own press."""

from __future__ import annotations

import pytest
from support import pilot_keys
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

KEYS = ("h", "i", "space", "!", "$", "enter", "ctrl+p", "shift+tab", "escape", "wait:10",
        "backspace", "up", "é", "A")


def test_canary_textuals_press_keys_is_the_one_replaced() -> None:
    """Fails once Textual's ``App._press_keys`` changes: look at pilot_keys.py again."""
    assert pilot_keys.textual_press_keys_digest() == pilot_keys.PRESS_KEYS_SHA256
    assert App._press_keys is pilot_keys._press_keys  # installed by tests/conftest.py


class Keys(App[None]):
    """Records every key event it is sent, as the app reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, str | None]] = []

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self.seen.append((event.key, event.character))
        await super().on_event(event)


async def pressed(monkeypatch: pytest.MonkeyPatch, press_keys: object
                  ) -> list[tuple[str, str | None]]:
    monkeypatch.setattr(App, "_press_keys", press_keys)
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.press(*KEYS)
    return app.seen


async def test_the_keys_are_the_events_textuals_press_sends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ours = await pressed(monkeypatch, pilot_keys._press_keys)
    assert ours == await pressed(monkeypatch, pilot_keys._original)
    # (The app sees each key twice: as it arrives, and as the screen passes it back up.)
    assert [key for key, _ in ours[::2]] == [
        "h", "i", "space", "exclamation_mark", "dollar_sign", "enter", "ctrl+p", "shift+tab",
        "escape", "backspace", "up", "é", "A"]


class Typing(App[None]):
    def compose(self) -> ComposeResult:
        yield Input()


async def test_each_key_is_handled_before_the_next() -> None:
    app = Typing()
    async with app.run_test() as pilot:
        await pilot.press("h", "i", "space", "!", "backspace", "left", "left", "o")
        assert app.query_one(Input).value == "hoi "
