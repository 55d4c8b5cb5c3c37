"""Which format the history's hands are exported in: PHH (``p``) or PokerStars (``s``).

A small box over the dimmed history, like the yes/no question: PHH is the
open format ``cardtui replay`` and pokerkit read; PokerStars-style text is
what tracker tools import. Enter presses the highlighted choice, Escape
exports nothing.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtui.holdem.history_formats import HistoryFormat
from cardtui.i18n import N_, _, chips, ngettext


class ExportFormatScreen(ModalScreen[HistoryFormat | None]):
    CSS_PATH = "export.tcss"
    BINDINGS = [
        Binding("p", "choose('phh')", "PHH"),
        Binding("s", "choose('pokerstars')", "PokerStars"),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, hands: int) -> None:
        super().__init__()
        self.hands = hands

    def compose(self) -> ComposeResult:
        ask = (_("Export this session's hand as:") if self.hands == 1
               else ngettext("Export this session's {n} hand, one file each, as:",
                             "Export this session's {n} hands, one file each, as:",
                             self.hands).format(n=chips(self.hands)))
        with Vertical(id="export-box"):
            yield Static(ask, id="export-ask")
            yield Static(_("PHH: cardtui replay and pokerkit read it.\n"
                           "PokerStars: text for tracker tools."), id="export-what")
            with Horizontal(id="export-buttons"):
                yield Button("PHH (p)", variant="primary", compact=True, id="phh")
                yield Button("PokerStars (s)", compact=True, id="pokerstars")

    def on_mount(self) -> None:
        self.query_one("#phh", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id is not None:  # both buttons have one: the format's value
            self.dismiss(HistoryFormat(event.button.id))

    def action_choose(self, chosen: str) -> None:
        self.dismiss(HistoryFormat(chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
