"""The lobby's new-table form opens a hold'em table with the home-game options ticked."""

from __future__ import annotations

from textual.widgets import Checkbox, Input

from cardtui.room.config import HoldemOptions
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_new_table import NewTableDialog
from tests.room.conftest import make_room  # noqa: F401  (the fixture)
from tests.room.support import until
from tests.tables.support import join


async def test_the_form_opens_a_table_with_straddles_runs_and_bomb_pots(  # type: ignore[no-untyped-def]
        make_app, make_room) -> None:  # noqa: F811
    room = make_room(HoldemOptions(name="Friday", seats=3))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LobbyScreen(ann.link))
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewTableDialog)
        dialog.query_one("#name", Input).value = "Home game"
        dialog.query_one("#straddle", Checkbox).value = True
        dialog.query_one("#run-twice", Checkbox).value = True
        dialog.query_one("#bomb-every", Input).value = "5"
        dialog.query_one("#name", Input).focus()
        await pilot.press("enter")
        await until(lambda: len(room.tables) == 2)
        options = next(t.options for t in room.tables.values() if t.name == "Home game")
        assert isinstance(options, HoldemOptions)
        assert (options.straddle, options.run_it_twice, options.bomb_pot_every,
                options.rabbit_hunt, options.winner_may_show) == (True, True, 5, False, False)
