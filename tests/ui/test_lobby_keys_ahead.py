"""Keys typed while a screen changes reach the screen they were typed for (issue 24).

"t, Down, Down, Enter" on the menu of a room sat the player at the lobby's
first table, not the third: the arrows were read by the menu (the lobby was
not there yet), and Enter by the lobby. Keys typed after a key that changes
screens wait for the new screen, and for the lobby's list of tables.
"""

from __future__ import annotations

import pytest
from support.keyfuzz import press
from textual.widgets import DataTable

from cardtui.room.client import room_pair
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.door import ROOM_FD_ENV
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from cardtui.ui.screens.menu import MenuScreen
from tests.room.conftest import make_room
from tests.room.support import until

__all__ = ["make_room"]


async def _in_a_room(make_room, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Friday", seats=4), BlackjackOptions(name="Pit", seats=3),
                     HoldemOptions(name="Late", seats=6))
    game_end = await room_pair(room, Member("profile-ann", "Ann"))
    monkeypatch.setenv(ROOM_FD_ENV, str(game_end.detach()))


def _chosen(app) -> str:  # type: ignore[no-untyped-def]
    dialog = app.screen
    assert isinstance(dialog, BuyInDialog), type(dialog).__name__
    return dialog.info.name


async def test_keys_typed_after_t_on_the_menu_reach_the_lobby(
        make_app, make_room, monkeypatch) -> None:
    await _in_a_room(make_room, monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen)
                    and app.screen.query_one(DataTable).row_count == 3)
        await press(app, pilot, "escape", settle=False)
        await until(lambda: isinstance(app.screen, MenuScreen))
        await press(app, pilot, "t", "down", "down", "enter", settle=False)  # one read
        await until(lambda: isinstance(app.screen, BuyInDialog))
        assert _chosen(app) == "Late"


async def test_keys_typed_before_the_room_lists_its_tables_reach_the_lobby(
        make_app, make_room, monkeypatch) -> None:
    await _in_a_room(make_room, monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # As soon as the game starts, before the lobby has heard from the room.
        await press(app, pilot, "down", "down", "enter", settle=False)
        await until(lambda: isinstance(app.screen, BuyInDialog))
        assert _chosen(app) == "Late"
