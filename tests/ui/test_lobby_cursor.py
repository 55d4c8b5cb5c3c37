"""The lobby's cursor stays on the table the player highlighted when the room's list is
replaced: the room moving to another host (cardtui.cluster) closes its tables, then lists
the new owner's, whose ids may differ; a player re-sitting must find their own table under
the cursor, not whichever took its row."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import DataTable

from cardtui.games import Game
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.wire.protocol import TableInfo
from tests.ui.test_holdem_seam import MakeApp
from tests.ui.test_lobby import ScriptedLink


def info(table_id: str, name: str) -> TableInfo:
    return TableInfo(table_id, Game.HOLDEM, name, "5/10", 4, (None,) * 4, False, 400, 1000,
                     30.0)


async def listed(link: ScriptedLink, pilot: Pilot[int], *tables: TableInfo) -> None:
    """The room's list is now ``tables`` (the link tells the lobby, as its reader does)."""
    link.tables = {t.id: t for t in tables}
    for listener in link.listeners:
        listener(None)
    await pilot.pause()


def highlighted(screen: LobbyScreen) -> str | None:
    chosen = screen.selected()
    return None if chosen is None else chosen.name


async def test_the_cursor_finds_its_table_again_after_the_room_moves(make_app: MakeApp) -> None:
    link = ScriptedLink()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)  # type: ignore[arg-type]
        await app.push_screen(screen)
        await listed(link, pilot, info("t1", "Friday"), info("t2", "Deep"), info("t3", "Pit"))
        await pilot.press("down")
        assert highlighted(screen) == "Deep"
        # The owner died: Deep (where the player sat) closed first ...
        await listed(link, pilot, info("t1", "Friday"), info("t3", "Pit"))
        assert highlighted(screen) == "Friday"  # (the only row left under the cursor)
        # ... then the new owner's list, in its own order and ids.
        await listed(link, pilot, info("t1", "Pit"), info("t2", "Friday"), info("t3", "Deep"))
        assert highlighted(screen) == "Deep"
        # The same ids again (a new owner opening the same tables file): still Deep.
        await listed(link, pilot, info("t1", "Friday"), info("t3", "Pit"))
        await listed(link, pilot, info("t1", "Friday"), info("t2", "Deep"), info("t3", "Pit"))
        assert highlighted(screen) == "Deep"
        # A list that only changes a row keeps the cursor where it is.
        await listed(link, pilot, info("t0", "New"), info("t1", "Friday"), info("t2", "Deep"),
                     info("t3", "Pit"))
        assert highlighted(screen) == "Deep"


async def test_a_row_the_player_picked_meanwhile_wins(make_app: MakeApp) -> None:
    link = ScriptedLink()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)  # type: ignore[arg-type]
        await app.push_screen(screen)
        await listed(link, pilot, info("t1", "Friday"), info("t2", "Deep"), info("t3", "Pit"))
        await pilot.press("down")
        await listed(link, pilot, info("t1", "Friday"), info("t3", "Pit"))
        await pilot.press("down")  # the player chose Pit while Deep was gone
        assert highlighted(screen) == "Pit"
        await listed(link, pilot, info("t1", "Friday"), info("t2", "Deep"), info("t3", "Pit"))
        assert highlighted(screen) == "Pit"
        assert screen.query_one("#tables", DataTable).cursor_row == 2
