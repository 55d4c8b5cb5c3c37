"""What both table setup screens share: Save and Cancel, by key or button, and the inputs' cursor.

A setup screen builds its form, ends it with :func:`save_buttons`, and
implements :meth:`SetupForm.save`: the settings it returns are stored and the
screen dismisses with ``True``; ``None`` (a field needs fixing) keeps it open
with one warning. Cancel dismisses with ``False``.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Input


def save_buttons() -> ComposeResult:
    with Horizontal(id="setup-buttons"):
        yield Button("Save (ctrl+s)", variant="primary", id="save")
        yield Button("Cancel (esc)", id="cancel")


class SetupForm(Screen[bool]):
    """A table's setup form: :meth:`save` stores it, or says why it cannot."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def save(self) -> bool:
        """Store the form in the settings; False when a field needs fixing (it is marked)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        for widget in self.query(Input):
            # A blinking cursor would make headless snapshots depend on timing.
            widget.cursor_blink = not self.app.is_headless

    def action_save(self) -> None:
        if self.save():
            self.dismiss(True)
        else:
            self.notify("Fix the marked fields first.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
