"""The scoreboard's practice section: drill scores this session and all time.

Rows come from :mod:`cardtui.drill_scores` (the same rows ``cardtui scores``
prints); the Scoreboard screen mounts one :class:`DrillScores` and asks it to
refresh with the store.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from cardtui import drill_scores
from cardtui.ui.widgets.plain_table import PlainTable


class DrillScores(Vertical):
    """Two tables (this session, all time) of the blackjack drills' scores."""

    DEFAULT_CSS = """
    DrillScores { height: auto; }
    DrillScores .title { text-style: bold; color: $accent; margin-top: 1; }
    DrillScores DataTable { height: auto; max-height: 12; }
    DrillScores .empty { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        for scope, title in (("session", "this session"), ("all", "all time")):
            yield Static(f"Blackjack drills — {title}", classes="title")
            yield PlainTable(id=f"drills-{scope}", cursor_type="none", zebra_stripes=True)
            yield Static("No drills yet (menu → Practise).", id=f"drills-{scope}-empty",
                         classes="empty")
        yield Static("Blackjack trainer — misses kept, best count-downs", classes="title",
                     id="trainer-title")
        yield PlainTable(id="trainer-book", cursor_type="none", zebra_stripes=True)

    def refresh_scores(self, source: drill_scores.DrillSource, session_id: str,
                       book: drill_scores.TrainerSource | None = None) -> None:
        trainer = drill_scores.trainer_rows(book) if book is not None else []
        self.query_one("#trainer-title").display = bool(trainer)
        table = self.query_one("#trainer-book", DataTable)
        table.display = bool(trainer)
        table.clear(columns=True)
        if trainer:
            for i, label in enumerate(drill_scores.TRAINER_COLUMNS):
                table.add_column(label, width=max(cell_len(c) for c in
                                                  [label, *(row[i] for row in trainer)]))
            table.add_rows(trainer)
        for scope, scoped in (("session", session_id), ("all", None)):
            table = self.query_one(f"#drills-{scope}", DataTable)
            table.clear(columns=True)
            data = drill_scores.rows(source, scoped)
            table.display = bool(data)
            self.query_one(f"#drills-{scope}-empty").display = not data
            if data:
                for i, label in enumerate(drill_scores.COLUMNS):
                    table.add_column(label, width=max(cell_len(c) for c in
                                                      [label, *(row[i] for row in data)]))
                table.add_rows(data)
