"""Hot-seat privacy: "Pass to <name>" covers the whole table until that player presses Enter.

Several humans share one keyboard, so nobody's hole cards are on screen
until the player to act has taken the keyboard (the seed's privacy flaw:
it printed every player's hole cards on one console).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtui.i18n import N_, _
from cardtui.ui.widgets.footer import Footer


class PassScreen(Screen[bool]):
    CSS_PATH = "pass_screen.tcss"
    BINDINGS = [
        Binding("enter", "ready", N_("Ready")),
        Binding("escape", "leave", N_("Leave the table")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="pass-box"):
            # Text, not markup: the name is shown as typed ("[/b]x" stopped the game).
            yield Static(Text(_("Pass to {name}").format(name=self.player)), id="pass-title")
            yield Static(
                Text(_("Everyone else, look away. {name}, press Enter to see your cards.").format(
                    name=self.player)),
                id="pass-text",
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        """Dismissed with ``False``: the table asks whether to leave (and covers again if not)."""
        self.dismiss(False)
