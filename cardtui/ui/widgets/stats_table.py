"""The scoreboard's hold'em statistics: you and each bot personality, from the kept hands.

The rows are the ones ``cardtui stats`` prints (:func:`cardtui.holdem.stats_rows.table_rows`:
the hand histories kept with each hand, bots counted per personality from the
PHH field ``_personalities``); each statistic is defined once, in
:mod:`cardtui.holdem.stats`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Protocol, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static
from textual.worker import Worker

from cardtui.holdem.stats_rows import COLUMNS, StatsRow, cells, table_rows
from cardtui.i18n import N_, _, ngettext, number
from cardtui.i18n.said import say
from cardtui.store import HandHistory
from cardtui.ui.widgets.plain_table import PlainTable

#: What each column means, in a line (the definitions are in cardtui/holdem/stats.py).
LEGEND = N_("VPIP: put chips in before the flop by choice · PFR: raised before the flop · "
            "3-bet: re-raised an open · AF: bets and raises per call after the flop · "
            "WTSD: saw the showdown after the flop · W$SD: won at the showdown · "
            "bb/100: big blinds won per 100 hands")


class HistorySource(Protocol):
    def hand_histories(self, session_id: str | None = None, *,
                       tournaments: bool = True) -> list[HandHistory]: ...


class HoldemStats(Vertical):
    """One table: a row for you, one per bot personality, one per other person."""

    DEFAULT_CSS = """
    HoldemStats { height: auto; }
    HoldemStats .title { text-style: bold; color: $accent; margin-top: 1; }
    HoldemStats DataTable { height: auto; max-height: 14; }
    HoldemStats .empty, HoldemStats .legend { color: $text-muted; }
    HoldemStats .legend { margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(_("Texas Hold'em statistics — all time"), classes="title")
        yield PlainTable(id="holdem-stats-table", cursor_type="none", zebra_stripes=True)
        yield Static("", id="holdem-stats-empty", classes="empty")
        yield Static(_(LEGEND), classes="legend")

    def refresh_stats(self, source: HistorySource, you: str) -> None:
        """Read the kept hands again, off the event loop (about a millisecond a hand)."""
        if not self.query_one(DataTable).row_count:
            self.query_one("#holdem-stats-empty", Static).update(_("Reading the kept hands…"))
        # A callable, not a coroutine: a read replaced before it starts is never made.
        read = cast("Callable[[], Coroutine[None, None, None]]", partial(self._read, source, you))
        # (Typed for mypy: Textual cannot infer a worker's result from a partial.)
        worker: Worker[None] = self.run_worker(read, exclusive=True, group="holdem-stats")
        del worker  # (typed only)

    async def _read(self, source: HistorySource, you: str) -> None:
        def read() -> tuple[list[StatsRow], int]:
            # Cash hands: a tournament's chips are not money (its result is a place).
            kept = source.hand_histories(tournaments=False)
            return table_rows((h.text for h in kept if h.format == "phh"),
                              you)

        rows, unreadable = await asyncio.to_thread(read)
        self._show(rows, unreadable)

    def _show(self, rows: list[StatsRow], unreadable: int) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.display = bool(rows)
        empty = self.query_one("#holdem-stats-empty", Static)
        empty.display = not rows or bool(unreadable)
        empty.update(_("No hold'em hands kept yet."))
        if unreadable:
            empty.update(ngettext("{n} kept hand could not be read and is left out.",
                                  "{n} kept hands could not be read and are left out.",
                                  unreadable).format(n=number(unreadable)))
        if not rows:
            return
        data = [[say(row.label), *cells(row.stats)] for row in rows]
        # "Player" and "Hands" are in the catalogs; the abbreviations read alike everywhere.
        for i, label in enumerate(_(column) for column in COLUMNS):
            table.add_column(label, width=max(cell_len(c) for c in [label, *(r[i] for r in data)]))
        table.add_rows(data)
