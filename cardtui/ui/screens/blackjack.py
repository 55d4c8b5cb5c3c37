"""The blackjack table (placeholder until the table lands)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class BlackjackScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.back", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Blackjack: coming soon.")
        yield Footer()
