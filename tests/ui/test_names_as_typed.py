"""A player's name is shown as typed wherever it appears, never read as markup.

Textual reads strings given to Static, border titles and DataTable cells as
markup: a name such as ``[/b]x`` raised MarkupError and stopped the game
(at every start once saved in Settings), and ``[b]Al[/b]`` showed as ``Al``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable, Static

from cardtui.holdem.phh_read import read_path
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.pass_screen import PassScreen
from cardtui.ui.holdem.replay_list import ReplayListScreen, first_screen
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.widgets.blackjack_table import SeatPanel
from cardtui.ui.widgets.holdem_table import HoldemSeat

MakeApp = Callable[..., CardtuiApp]
FIXTURES = Path(__file__).parents[1] / "fixtures" / "phh"

CLOSES = "[/b]x"  # a closing tag with nothing to close: MarkupError
BOLD = "[b]Al[/b]"  # markup that parses: the brackets vanished


def cells(table: DataTable[object]) -> str:
    """Every cell as the table draws it (a ``str`` cell is read as markup)."""
    values = (table.get_cell_at((row, column))
              for row in range(table.row_count) for column in range(len(table.columns)))
    return " ".join(Text.from_markup(v).plain if isinstance(v, str) else str(v) for v in values)


async def test_blackjack_seats_and_the_scoreboard_show_names_as_typed(make_app: MakeApp) -> None:
    app = make_app()
    app.settings.player_name = CLOSES
    app.settings.blackjack = {"seats": [{"name": CLOSES, "kind": "human", "bankroll": 1000},
                                        {"name": BOLD, "kind": "human", "bankroll": 1000}]}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        titles = [str(panel.render_str(panel.border_title or ""))
                  for panel in screen.query(SeatPanel)]
        assert titles == [CLOSES, BOLD]
        screen.table.shoe.stack(["Th", "9h", "9c", "8d", "7s", "8s"])
        await pilot.press("d", "s", "s")
        await pilot.pause()
        assert not screen.table.in_round
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        shown = cells(app.screen.query_one("#blackjack-all", DataTable))
        assert CLOSES in shown and BOLD in shown


async def test_holdem_seats_dialogs_and_history_show_names_as_typed(make_app: MakeApp) -> None:
    app = make_app()
    app.settings.holdem = {"seats": [{"name": CLOSES, "kind": "human"},
                                     {"name": BOLD, "kind": "human"}]}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        screen = app.screen
        assert isinstance(screen, HoldemScreen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # two humans share the keyboard
        title = str(app.screen.query_one("#pass-title", Static).render())
        assert title in (f"Pass to {CLOSES}", f"Pass to {BOLD}")
        await pilot.press("enter")
        await pilot.pause()
        titles = " ".join(str(seat.render_str(seat.border_title or ""))
                          for seat in screen.query(HoldemSeat))
        assert CLOSES in titles and BOLD in titles
        acting = screen.view.seats[screen.turn.seat].name
        await pilot.press("r")
        await pilot.pause()
        # The bet bar sits in the buttons' row, under the prompt that names the player.
        assert screen.query_one("#bet-bar").has_focus
        prompt = str(screen.query_one("#prompt", Static).render())
        assert prompt.startswith(f"{acting}, your turn")
        await pilot.press("escape", "a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # all-in with 100 big blinds asks
        assert str(app.screen.query_one("#question", Static).render()).startswith(f"{acting}, ")
        await pilot.press("n", "f")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HoldemHistoryScreen)
        shown = cells(app.screen.query_one("#hands", DataTable))
        other = BOLD if acting == CLOSES else CLOSES
        assert f"{other} " in shown  # won by the player who did not fold


async def test_a_hand_history_from_elsewhere_lists_its_names_as_typed(make_app: MakeApp,
                                                                     tmp_path: Path) -> None:
    text = (FIXTURES / "pluribus_6max.phh").read_text()
    players = next(line for line in text.splitlines() if line.startswith("players"))
    first = players.split('"')[1]
    (tmp_path / "a.phh").write_text(text.replace(f'"{first}"', f'"{CLOSES}"', 1))
    (tmp_path / "b.phh").write_text(text)
    screen = first_screen(read_path(tmp_path), str(tmp_path))
    assert isinstance(screen, ReplayListScreen)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        assert CLOSES in cells(screen.query_one("#hands", DataTable))
