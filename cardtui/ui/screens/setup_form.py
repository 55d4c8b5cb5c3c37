"""What the setup forms share: Save and Cancel, the marks on wrong fields, the question on leaving.

A setup screen builds its form (in a container of class ``form``), ends it
with :func:`save_buttons`, and implements :meth:`SetupForm.save`: the
settings it returns are stored and the screen dismisses with ``True``;
``False`` (a field needs fixing: it is marked, its reason under it) keeps it
open and takes the cursor to the first marked field. Cancel (Escape)
dismisses with ``False`` at once when nothing was edited, and asks before
throwing edits away when something was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input

from cardtui.i18n import N_, _
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.widgets.form_fields import PROBLEM, form_values, shown

#: The forms' shared look (the focused row, a wrong field): add to a form screen's CSS_PATH.
FORM_CSS = str(Path(__file__).with_name("form.tcss"))


def save_buttons() -> ComposeResult:
    with Horizontal(id="setup-buttons"):
        yield Button(_("Save (ctrl+s)"), variant="primary", id="save")
        yield Button(_("Cancel (esc)"), id="cancel")


def ask_to_discard(screen: Screen[Any], leave: Callable[[], object],
                   question: str = N_("Discard your changes? They are not saved.")) -> None:
    """Ask whether to throw edits away; ``leave`` runs only on yes (``y``; ``n``/Escape stay)."""
    def answered(discard: bool | None) -> None:
        if discard:
            leave()

    screen.app.push_screen(ConfirmScreen(_(question), yes=_("Discard"), no=_("Keep editing")),
                           answered)


def first_problem(screen: Screen[Any]) -> Widget | None:
    """The first field marked wrong that the player can see, to take the cursor to it."""
    return next((w for w in screen.query(f".{PROBLEM}") if w.focusable and shown(w)), None)


class SetupForm(Screen[bool]):
    """A table's setup form: :meth:`save` stores it, or says why it cannot."""

    BINDINGS = [
        Binding("ctrl+s", "save", N_("Save")),
        Binding("escape", "cancel", N_("Cancel")),
    ]
    # The first choice of the form, not its scrolling column, has the keys on opening.
    AUTO_FOCUS = "#setup-form Select"
    #: What the form said when it opened (None until mounted): Escape asks only after edits.
    _found: dict[str, object] | None = None

    def save(self) -> bool:
        """Store the form in the settings; False when a field needs fixing (it is marked)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        for widget in self.query(Input):
            # A blinking cursor would make headless snapshots depend on timing.
            widget.cursor_blink = not self.app.is_headless
        self._found = form_values(self)

    def edited(self) -> bool:
        """Whether any field differs from what the form showed on opening."""
        return self._found is not None and form_values(self) != self._found

    def action_save(self) -> None:
        if self.save():
            self.dismiss(True)
            return
        self.notify(_("Fix the marked fields first."), severity="warning")
        field = first_problem(self)
        if field is not None:
            field.focus()

    def action_cancel(self) -> None:
        if self.edited():
            ask_to_discard(self, lambda: self.dismiss(False))
        else:
            self.dismiss(False)

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
