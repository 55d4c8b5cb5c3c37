"""Scoreboard: scores per game (this session and all time), hold'em statistics, and charts.

Three tabs: **Scores** (the kept chips per game, each game's tables, hold'em
tournaments' places apart from cash play, the drills), **Hold'em stats** (you
and each bot personality, from the kept cash hands' histories) and **Charts**
(each game's chips over time, and this session's blackjack result round by
round; plain tables in ASCII mode). ``1``/``2``/``3`` or Left/Right
pick a tab; the tab's page has the keys as soon as it shows (arrows,
PageUp/PageDown, Space, Home/End scroll it); ``x`` resets the recorded
results (chips are not results: they stay).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static, TabbedContent, TabPane

from cardtui import scoreboard
from cardtui.games import Game
from cardtui.i18n import N_, _
from cardtui.store.trainer_store import TrainerBook, trainer_path
from cardtui.tables.bankroll import chips_over_time
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.widgets.bankroll_table import ChipsTable, read_bankrolls
from cardtui.ui.widgets.blackjack_drills import DrillScores
from cardtui.ui.widgets.chart_chips import ChipsChart, RoundsChart
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.key_scroll import KeyScroll
from cardtui.ui.widgets.plain_table import PlainTable
from cardtui.ui.widgets.stats_table import HoldemStats

TABS = ("tab-scores", "tab-stats", "tab-charts")


class ScoreboardScreen(Screen[None]):
    app = getters.app(CardtuiApp)
    CSS_PATH = "scoreboard.tcss"
    BINDINGS = [
        Binding("escape", "app.back", N_("Back")),
        Binding("x", "reset", N_("Reset scores")),
        Binding("1", "tab(0)", N_("Scores"), show=False),
        Binding("2", "tab(1)", N_("Stats"), show=False),
        Binding("3", "tab(2)", N_("Charts"), show=False),
        # Reached when the page does not scroll sideways (it never does): the next tab.
        Binding("left", "step_tab(-1)", N_("Previous tab"), show=False),
        Binding("right", "step_tab(1)", N_("Next tab"), show=False),
    ]
    # The first tab's page, not the tab strip: the keys scroll it at once (issue 26).
    AUTO_FOCUS = "#scores"

    def compose(self) -> ComposeResult:
        ascii_only = self.app.settings.ascii_cards
        yield Header()
        with TabbedContent(id="scoreboard-tabs"):
            with TabPane(_("Scores"), id="tab-scores"), KeyScroll(id="scores"):
                yield Static(_("Your chips"), classes="title")
                yield ChipsTable(id="chips", cursor_type="none", zebra_stripes=True,
                                 classes="scores")
                for game in Game:
                    for scope in ("session", "all"):
                        title = (_("{game} — this session") if scope == "session"
                                 else _("{game} — all time")).format(game=game.shown)
                        yield Static(title, classes="title")
                        yield PlainTable(id=f"{game.value}-{scope}", cursor_type="none",
                                        zebra_stripes=True, classes="scores")
                        yield Static("", id=f"{game.value}-{scope}-empty", classes="empty")
                # Tournaments apart: their chips are not money, their result is a place.
                for scope in ("session", "all"):
                    yield Static(_("Texas Hold'em tournaments — this session") if scope == "session"
                                 else _("Texas Hold'em tournaments — all time"), classes="title")
                    yield PlainTable(id=f"tournaments-{scope}", cursor_type="none",
                                     zebra_stripes=True, classes="scores")
                    yield Static("", id=f"tournaments-{scope}-empty", classes="empty")
                yield DrillScores(id="drills")
            with TabPane(_("Hold'em stats"), id="tab-stats"), KeyScroll(id="stats"):
                yield HoldemStats(id="holdem-stats")
            with TabPane(_("Charts"), id="tab-charts"), KeyScroll(id="charts"):
                for game in Game:
                    yield ChipsChart(_("{game} — your chips over time").format(game=game.shown),
                                     _("No results with your kept chips yet."),
                                     ascii=ascii_only, id=f"{game.value}-chips-chart")
                yield RoundsChart(_("Blackjack — this session, round by round"),
                                  _("No blackjack rounds this session yet."),
                                  ascii=ascii_only, id="blackjack-rounds-chart")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_scores()

    def on_screen_resume(self) -> None:
        self.refresh_scores()

    def action_tab(self, index: int) -> None:
        self.query_one(TabbedContent).active = TABS[index]

    def action_step_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        self.action_tab((TABS.index(tabs.active) + step) % len(TABS))

    @on(TabbedContent.TabActivated)
    def _page_takes_keys(self, event: TabbedContent.TabActivated) -> None:
        # Whichever way a tab was picked (key, click), its page scrolls from the keyboard.
        event.pane.query_one(KeyScroll).focus()

    def refresh_scores(self) -> None:
        store = self.app.store
        session = self.app.session_id
        player = self.app.settings.player_name
        self.query_one(ChipsTable).show(read_bankrolls(store))
        for scope, session_id in (("session", session), ("all", None)):
            for game in Game:
                self._fill(f"{game.value}-{scope}", scoreboard.columns(game),
                           scoreboard.rows(store, game, session_id), _("No rounds yet."))
            self._fill(f"tournaments-{scope}", scoreboard.tournament_columns(),
                       scoreboard.tournament_rows(store, session_id),
                       _("No tournaments finished yet."))
        book = TrainerBook(trainer_path(self.app.data_dir), read_only=True)
        try:  # the trainer's misses and best times: their own small file, if kept yet
            self.query_one(DrillScores).refresh_scores(
                store, session, book if book.exists() else None)
        finally:
            book.close()
        self.query_one(HoldemStats).refresh_stats(store, player)
        for game in Game:
            self.query_one(f"#{game.value}-chips-chart", ChipsChart).show(
                chips_over_time(store.bankroll_changes(game)))
        self.query_one("#blackjack-rounds-chart", RoundsChart).show(
            store.round_nets(Game.BLACKJACK, player, session))

    def _fill(self, name: str, labels: list[str], data: list[list[str]], none: str) -> None:
        """One table of the Scores tab (or its line saying there is nothing yet)."""
        table = self.query_one(f"#{name}", DataTable)
        table.clear(columns=True)
        empty = self.query_one(f"#{name}-empty", Static)
        table.display = bool(data)
        empty.display = not data
        empty.update(none)
        if data:
            # Explicit widths: the automatic ones kept the header's width
            # and cut "+130" to "+13" under a three-letter "Net".
            for i, label in enumerate(labels):
                width = max(cell_len(cell) for cell in [label, *(row[i] for row in data)])
                table.add_column(label, width=width)
            table.add_rows(data)

    def action_reset(self) -> None:
        def done(confirmed: bool | None) -> None:
            if confirmed:
                self.app.store.reset()
                self.refresh_scores()
                self.notify(_("Scores reset."))

        self.app.push_screen(
            ConfirmScreen(_("Reset every recorded result, for all players and games?"),
                          yes=_("Reset"), no=_("Keep")),
            done,
        )
