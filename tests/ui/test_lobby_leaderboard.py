"""The leaderboard from the lobby (``l``, ``t`` between tonight and all time) and the
host's ledger export (``e``, or the host's menu), with Pilot against a real room."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, OptionList, Static

from cardtui.room.config import HoldemOptions
from cardtui.room.ledger import Standing
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_host import HostMenu
from cardtui.ui.screens.lobby_leaderboard import LeaderboardScreen
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join
from tests.ui.test_lobby_host import host_link, offered, text

__all__ = ["make_room"]


def board_rows(screen: LeaderboardScreen) -> list[tuple[str, ...]]:
    table = screen.query_one(DataTable)
    return [tuple(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count)]


async def test_l_shows_tonight_and_t_shows_all_time(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4))
    # Figures as the room keeps them: Ann won tonight, Bob lost; Bob won before tonight.
    room.ledger.all_time["profile-Bob"] = Standing("profile-Bob", "Bob", hands=40, net=900)
    room.ledger.settled("profile-Ann", "Ann", 120)
    room.ledger.settled("profile-Bob", "Bob", -120)
    bob = await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(bob.link)
        await app.push_screen(screen)
        await pilot.pause()
        assert "leaderboard" in offered(screen) and "export" not in offered(screen)
        await pilot.press("l")
        await until(lambda: isinstance(app.screen, LeaderboardScreen))
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        await pilot.pause()
        # The last column: sit-and-go places (none here).
        assert board_rows(board) == [("1", "Ann", "1", "+120", "—"),
                                     ("2", "Bob", "1", "-120", "—")]
        assert "[Tonight]" in str(board.query_one("#board-tabs", Static).render())
        await pilot.press("t")
        await pilot.pause()
        assert board_rows(board) == [("1", "Bob", "41", "+780", "—"),
                                     ("2", "Ann", "1", "+120", "—")]
        assert "[All time]" in str(board.query_one("#board-tabs", Static).render())
        await pilot.press("escape")
        await until(lambda: app.screen is screen)


async def test_an_empty_night_says_so(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4))
    bob = await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LobbyScreen(bob.link))
        await pilot.pause()
        await pilot.press("l")
        await until(lambda: isinstance(app.screen, LeaderboardScreen))
        await pilot.pause()
        assert "No hands" in str(app.screen.query_one("#board-empty", Static).render())


async def test_the_host_exports_the_ledger_from_the_menu(make_app, make_room,
                                                        tmp_path: Path) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4))
    room.desk.export_dir = tmp_path
    room.ledger.bought_in("profile-Ann", "Ann", 500)
    room.ledger.cashed_out("profile-Ann", "Ann", 620)
    link = await host_link(room)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert "e  Export tonight's ledger (CSV)" in prompts
        await pilot.press("e")
        await until(lambda: "ledger" in text(screen, "#lobby-note"))
        files = list((tmp_path / "ledgers").glob("*.csv"))
        assert len(files) == 1
        assert files[0].read_text().splitlines()[1] == "Ann,profile-Ann,500,620,0,120,0"
        assert [a.action for a in room.desk.actions] == ["export"]
