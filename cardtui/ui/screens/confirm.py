"""A yes/no question in a modal box: `y` / `n`, Enter / Escape, or the buttons.

The box sits low over the dimmed screen it asks about, so the player still
sees the table (the cards, the bets) while deciding.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtui.i18n import N_, _


class ConfirmScreen(ModalScreen[bool]):
    CSS_PATH = "confirm.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, *, yes: str = N_("Yes"), no: str = N_("No")) -> None:
        super().__init__()
        self.question = question
        # (The defaults are marked only: a caller's own words come translated already.)
        self.yes = _(yes)
        self.no = _(no)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question), id="question")  # a name in it is shown as typed
            with Horizontal(id="confirm-buttons"):
                # One-line buttons keep the box low, so the table shows above it.
                yield Button(f"{self.yes} (y)", variant="error", compact=True, id="yes")
                yield Button(f"{self.no} (n)", variant="primary", compact=True, id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
