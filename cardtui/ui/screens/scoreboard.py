"""Scoreboard: this session and all time, per game, with a reset."""

from __future__ import annotations

from rich.cells import cell_len
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardtui import scoreboard
from cardtui.store import Game
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.widgets.blackjack_drills import DrillScores


class ScoreboardScreen(Screen[None]):
    app = getters.app(CardtuiApp)
    CSS_PATH = "scoreboard.tcss"
    BINDINGS = [
        Binding("escape", "app.back", "Back"),
        Binding("x", "reset", "Reset scores"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="scores"):
            for game in Game:
                for scope in ("session", "all"):
                    title = f"{game.title} — {'this session' if scope == 'session' else 'all time'}"
                    yield Static(title, classes="title")
                    yield DataTable(id=f"{game.value}-{scope}", cursor_type="none",
                                    zebra_stripes=True, classes="scores")
                    yield Static("", id=f"{game.value}-{scope}-empty", classes="empty")
            yield DrillScores(id="drills")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_scores()

    def on_screen_resume(self) -> None:
        self.refresh_scores()

    def refresh_scores(self) -> None:
        store = self.app.store
        session = self.app.session_id
        for game in Game:
            for scope, session_id in (("session", session), ("all", None)):
                table = self.query_one(f"#{game.value}-{scope}", DataTable)
                table.clear(columns=True)
                data = scoreboard.rows(store, game, session_id)
                empty = self.query_one(f"#{game.value}-{scope}-empty", Static)
                table.display = bool(data)
                empty.display = not data
                empty.update("No rounds yet.")
                if data:
                    # Explicit widths: the automatic ones kept the header's width
                    # and cut "+130" to "+13" under a three-letter "Net".
                    for i, label in enumerate(scoreboard.columns(game)):
                        width = max(cell_len(cell) for cell in [label, *(row[i] for row in data)])
                        table.add_column(label, width=width)
                    table.add_rows(data)
        self.query_one(DrillScores).refresh_scores(store, session)

    def action_reset(self) -> None:
        def done(confirmed: bool | None) -> None:
            if confirmed:
                self.app.store.reset()
                self.refresh_scores()
                self.notify("Scores reset.")

        self.app.push_screen(
            ConfirmScreen("Reset every recorded result, for all players and games?",
                          yes="Reset", no="Keep"),
            done,
        )
