"""The scoreboard's tabs: kept chips, hold'em statistics per personality, and charts."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import DataTable, TabbedContent
from textual_plotext import PlotextPlot

from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.widgets.chart_chips import ChipsChart, RoundsChart
from tests.ui.scoreboard_data import BLACKJACK_NETS, record_play

MakeApp = Callable[..., CardtuiApp]


def _rows(table: DataTable[str]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_chips_table_shows_each_games_balance_and_the_house_rebuys(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        record_play(app.store, app.session_id)
        await pilot.press("s")
        await pilot.pause()
        rows = _rows(app.screen.query_one("#chips", DataTable))
        assert rows == [["Blackjack", "1,025", "0", "1 (1,000 chips)"],
                        ["Texas Hold'em", "1,000", "0", "0"]]


async def test_the_stats_tab_has_you_and_each_bot_personality(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        record_play(app.store, app.session_id)
        await pilot.press("s", "2")
        await app.workers.wait_for_complete()  # the hands are read off the event loop
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreboardScreen)
        assert screen.query_one(TabbedContent).active == "tab-stats"
        rows = _rows(screen.query_one("#holdem-stats-table", DataTable))
        assert [row[0] for row in rows] == ["Player (you)", "Maniac bots", "Rock bots"]
        assert all(row[1] == "12" for row in rows)  # hands


async def test_the_charts_draw_the_chips_and_the_sessions_rounds(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        record_play(app.store, app.session_id)
        await pilot.press("s", "3")
        await pilot.pause()
        screen = app.screen
        chips = screen.query_one("#blackjack-chips-chart", ChipsChart)
        assert chips.query_one(PlotextPlot).display
        rounds = screen.query_one("#blackjack-rounds-chart", RoundsChart)
        assert rounds.query_one(PlotextPlot).display
        # Hold'em hands without kept chips: no line yet, one sentence instead.
        holdem = screen.query_one("#holdem-chips-chart", ChipsChart)
        assert not holdem.query_one(PlotextPlot).display


async def test_in_ascii_mode_the_charts_are_plain_tables(make_app: MakeApp) -> None:
    app = make_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        record_play(app.store, app.session_id)
        await pilot.press("s", "3")
        await pilot.pause()
        screen = app.screen
        assert not screen.query(PlotextPlot)
        rounds = _rows(screen.query_one("#blackjack-rounds-chart", RoundsChart)
                       .query_one(DataTable))
        # The last eight rounds, each result and the session's running total.
        assert [row[1] for row in rounds] == ["+20", "0", "−10", "+10", "+25", "−40", "+10",
                                              "+15"]
        assert [row[0] for row in rounds] == [str(n) for n in range(5, 13)]
        assert rounds[-1][2] == "+25" == f"+{sum(BLACKJACK_NETS)}"
        chips = _rows(screen.query_one("#blackjack-chips-chart", ChipsChart).query_one(DataTable))
        # The loss of 1,000, the house's rebuy, then the session's rounds: 14 moves.
        assert chips[-1] == ["14", f"{1_000 + sum(BLACKJACK_NETS):,}"]
