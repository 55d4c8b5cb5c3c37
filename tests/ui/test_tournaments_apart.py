"""Tournament chips are not money: cash results and statistics leave a tournament's hands out.

Seen in play: a player who lost 2,000 of kept chips showed Net -6,010 and
bb/100 -6,010 in ``cardtui scores``, ``stats`` and the Scoreboard: two
2,000-chip tournament stacks were added in. A tournament's result is the
place the player finished in, shown in a table of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardtui import scoreboard
from cardtui.games import Game
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.stats_rows import table_rows
from cardtui.holdem.table import Mode
from cardtui.store import Database, Outcome, SeatResult, Store
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.widgets.plain_table import PlainTable
from tests.support.holdem_demo import open_table, settle

HOLDEM = Game.HOLDEM
HEADS_UP = (SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK))


def _cells(table: PlainTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_a_tournament_lost_is_a_place_not_a_net_loss(
        make_app: Callable[..., CardtuiApp], data_dir: Path) -> None:
    app = make_app()
    app.settings.confirm_all_in = False  # (100 big blinds: not asked about first)
    config = HoldemConfig(seats=HEADS_UP, stack=2_000, small_blind=10, big_blind=20,
                          mode=Mode.TOURNAMENT)
    async with app.run_test(size=(100, 40)) as pilot:
        # Ann's 7-2 against the shark's aces (dealt from the seat left of the button):
        # all in, and out in second place.
        screen = await open_table(pilot, config, button=0, holes=["AsAh", "7c2d"],
                                  board="Ad 8h 3s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert screen.table.is_finished
        assert [(r.player, r.place) for r in app.store.tournaments()] == [("Ann", 2)]
        assert app.store.totals(HOLDEM) == []  # no cash result: tournament chips
        assert app.store.round_nets(HOLDEM, "Ann") == []
        assert app.store.hand_histories(tournaments=False) == []
        assert len(app.store.hand_histories()) == 1  # still kept (replay, export)
        assert scoreboard.rows(app.store, HOLDEM) == []
        assert scoreboard.tournament_rows(app.store) == [["Ann", "1", "0", "2nd/2", "2nd/2"]]
        await pilot.press("escape")
        await pilot.pause()
        app.action_open("scoreboard")
        for _ in range(100):  # until the screen is built (a bound, nothing is timed)
            await pilot.pause(0.02)
            if isinstance(app.screen, ScoreboardScreen) and app.screen.is_mounted:
                break
        board = app.screen
        assert isinstance(board, ScoreboardScreen)
        assert not board.query_one("#holdem-all", PlainTable).display
        places = board.query_one("#tournaments-all", PlainTable)
        assert places.display and _cells(places) == [["Ann", "1", "0", "2nd/2", "2nd/2"]]


def test_cash_net_and_stats_leave_tournament_hands_out(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    history = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\n'
               'min_bet = 20\nstarting_stacks = [2000, 2000]\nactions = ["d dh p1 ????", '
               '"d dh p2 ????", "p2 f"]\nplayers = ["Ann", "Bob"]\n')
    cash = [SeatResult("Ann", 2_000, -2_000, Outcome.LOSS)]
    store.record_round(HOLDEM, cash, hand_history=history)
    for _ in range(2):  # two 2,000-chip tournament stacks, lost
        store.record_round(HOLDEM, [SeatResult("Ann", 2_000, -2_000, Outcome.LOSS)],
                           hand_history=history, tournament=True)
        store.record_tournament("Ann", 2, 2)
    assert [t.net for t in store.totals(HOLDEM)] == [-2_000]
    assert store.round_nets(HOLDEM, "Ann") == [-2_000]
    assert scoreboard.rows(store, HOLDEM)[0][5] == "−2,000"
    assert store.close() == []
    reader = Database(tmp_path / "cardtui.sqlite3", read_only=True)  # cardtui scores, stats
    try:
        rows, _ = table_rows((h.text for h in reader.hand_histories(tournaments=False)), "Ann")
        assert [row.stats.hands for row in rows if row.label.startswith("Ann")] == [1]
        assert "tournaments" in str(scoreboard.rich_tables(reader).renderables[-1].title)
    finally:
        reader.close()
