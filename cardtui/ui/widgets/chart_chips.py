"""Charts of the kept chips and of a session's rounds, with a plain-table fallback.

Both draw with ``textual-plotext`` (a line for the chips over time, bars for
the results round by round). In ASCII card mode (``--ascii``) a terminal may
not draw plotext's Braille and block characters, so each falls back to a
small plain table of the latest figures. The figures come from the store
through :mod:`cardtui.tables.bankroll` (``chips_over_time``) and
``Store.round_nets``; the scoreboard screen asks each chart to show them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from cardtui.scoreboard import signed

#: How many of the latest figures the plain table lists.
TABLE_ROWS = 8


class _Chart(Vertical):
    """A title, then a plot (or a plain table), or a line saying there is nothing yet."""

    DEFAULT_CSS = """
    _Chart { height: auto; }
    _Chart .title { text-style: bold; color: $accent; margin-top: 1; }
    _Chart PlotextPlot { height: 10; }
    _Chart DataTable { height: auto; max-height: 10; }
    _Chart .empty { color: $text-muted; }
    """

    def __init__(self, title: str, empty: str, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.empty_text = empty
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, classes="title")
        if self.ascii:
            yield DataTable(cursor_type="none", zebra_stripes=True, show_cursor=False)
        else:
            yield PlotextPlot()
        yield Static(self.empty_text, classes="empty")

    def _showing(self, anything: bool) -> None:
        self.query_one(DataTable if self.ascii else PlotextPlot).display = anything
        self.query_one(".empty", Static).display = not anything

    def _table(self, columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for i, label in enumerate(columns):
            table.add_column(label, width=max(len(label), *(len(r[i]) for r in rows)))
        table.add_rows(rows)


class ChipsChart(_Chart):
    """One game's kept chips (the balance and any at a table) after each result and rebuy."""

    def show(self, points: list[int]) -> None:
        """``points`` from :func:`~cardtui.tables.bankroll.chips_over_time` (the start first)."""
        moved = len(points) > 1
        self._showing(moved)
        if not moved:
            return
        if self.ascii:
            first = max(len(points) - TABLE_ROWS, 0)
            self._table(("Move", "Chips"), [("start" if i == 0 else f"{i:,}", f"{chips:,}")
                                            for i, chips in enumerate(points) if i >= first])
            return
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        moves = list(range(len(points)))
        plt.plot(moves, points, marker="braille", color="cyan")
        plt.xticks(*_ticks(0, moves[-1]))
        plt.yticks(*_ticks(min(points), max(points)))
        plt.xlabel("results and rebuys")
        plot.refresh()


class RoundsChart(_Chart):
    """This session's result round by round: wins up, losses down."""

    def show(self, nets: list[int]) -> None:
        self._showing(bool(nets))
        if not nets:
            return
        if self.ascii:
            first = max(len(nets) - TABLE_ROWS, 0)
            running = [sum(nets[:i + 1]) for i in range(len(nets))]
            self._table(("Round", "Result", "Session"),
                        [(f"{i + 1:,}", signed(net), signed(running[i]))
                         for i, net in enumerate(nets) if i >= first])
            return
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        rounds = list(range(1, len(nets) + 1))
        # Two series on the same rounds (the other's bars are zero): wins green, losses red.
        plt.bar(rounds, [max(n, 0) for n in nets], color="green", width=0.6)
        plt.bar(rounds, [min(n, 0) for n in nets], color="red", width=0.6)
        plt.xticks(*_ticks(1, rounds[-1]))
        plt.yticks(*_ticks(min(0, *nets), max(0, *nets)))
        plt.xlabel("round")
        plot.refresh()


def _ticks(low: int, high: int, count: int = 4) -> tuple[list[float], list[str]]:
    """Whole-number ticks at a round step from ``low`` to ``high`` (plotext's own are decimals).

    >>> _ticks(700, 1100)
    ([700, 800, 900, 1000, 1100], ['700', '800', '900', '1,000', '1,100'])
    >>> _ticks(0, 5)
    ([0, 2, 4], ['0', '2', '4'])
    >>> _ticks(-20, 15)
    ([-20, -10, 0, 10], ['-20', '-10', '0', '10'])
    """
    span = max(high - low, 1)
    step = 1
    while span / step > count:
        step = _next_step(step)
    first = -(-low // step) * step
    ticks: list[float] = list(range(first, high + 1, step))  # whole numbers, as plotext takes
    return ticks, [f"{t:,}" for t in ticks]


def _next_step(step: int) -> int:
    """1, 2, 5, 10, 20, 50, 100, ..."""
    digits = str(step)
    lead, zeros = int(digits[0]), len(digits) - 1
    # (int(): zeros >= 0, but int ** int is typed int | float.)
    return (2 if lead == 1 else 5 if lead == 2 else 10) * int(10**zeros)
