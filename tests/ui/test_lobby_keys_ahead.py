"""Keys typed while a screen changes reach the screen they were typed for (issue 24).

"t, Down, Down, Enter" on the menu of a room sat the player at the lobby's
first table, not the third: the arrows were read by the menu (the lobby was
not there yet), and Enter by the lobby. Keys typed after a key that changes
screens wait for the new screen, and for the lobby's list of tables.
"""

from __future__ import annotations

import pytest
from support.keyfuzz import press
from textual.widgets import DataTable, Static

from cardtui.games import Game
from cardtui.guest.joining import RoomDoor
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from cardtui.ui.screens.menu import MenuScreen
from cardtui.wire import ROOM_FD_ENV
from cardtui.wire.protocol import TableInfo
from tests.room.conftest import make_room
from tests.room.support import until

__all__ = ["make_room"]


async def _in_a_room(make_room, monkeypatch: pytest.MonkeyPatch) -> RoomDoor:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Friday", seats=4), BlackjackOptions(name="Pit", seats=3),
                     HoldemOptions(name="Late", seats=6))
    game_end = await room_pair(room, Member("profile-ann", "Ann"))
    return RoomDoor({ROOM_FD_ENV: str(game_end.detach())})


def _chosen(app) -> str:  # type: ignore[no-untyped-def]
    dialog = app.screen
    assert isinstance(dialog, BuyInDialog), type(dialog).__name__
    return dialog.info.name


async def test_keys_typed_after_t_on_the_menu_reach_the_lobby(
        make_app, make_room, monkeypatch) -> None:
    door = await _in_a_room(make_room, monkeypatch)
    app = make_app(room=door)
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
    door = await _in_a_room(make_room, monkeypatch)
    app = make_app(room=door)
    async with app.run_test(size=(100, 30)) as pilot:
        # As soon as the game starts, before the lobby has heard from the room.
        await press(app, pilot, "down", "down", "enter", settle=False)
        await until(lambda: isinstance(app.screen, BuyInDialog))
        assert _chosen(app) == "Late"


async def test_the_menu_welcomes_the_player_by_the_name_the_room_uses(
        make_app, make_room, monkeypatch) -> None:
    # Issue 24: a guest's menu said "Welcome, Player." while the room called them
    # "Guest 1" (the name in Settings, not the room's).
    door = await _in_a_room(make_room, monkeypatch)
    app = make_app(room=door)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.room.joined is not None)
        assert app.settings.player_name == "Player"
        await press(app, pilot, "escape", settle=False)
        await until(lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        welcome = str(app.screen.query_one("#welcome", Static).render())
        assert welcome == "Welcome, Ann."


@pytest.mark.parametrize(("size", "cut"), [((80, 24), True), ((213, 50), False)])
async def test_the_players_column_takes_the_room_it_needs(make_app, size, cut) -> None:
    # Issue 24: the names were cut at 20 characters even at 213 columns.
    from tests.ui.test_lobby import ScriptedLink, rows

    link = ScriptedLink()
    names = ("Annabelle", "Bartholomew", "Cornelius", "Dorothea", "Evangeline", "Fitzgerald")
    link.tables["t1"] = TableInfo("t1", Game.HOLDEM, "Late", "5/10", 6, names, True,
                                  400, 1000, 30.0)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = LobbyScreen(link)  # type: ignore[arg-type]
        await app.push_screen(screen)
        await pilot.pause()
        players = rows(screen)[0][4]
        assert players.endswith("…") is cut
        if not cut:
            assert players == ", ".join(names)
            line = "".join(segment.text for segment in screen.query_one(DataTable).render_line(1))
            assert "Fitzgerald" in line  # drawn in full, not only kept in the cell


async def test_enter_on_the_bots_box_opens_the_table_and_space_ticks_it(make_app) -> None:
    # Issue 24: Enter on "Bots fill seats" ticked the box, though the hint says
    # Enter opens the table.
    from textual.widgets import Checkbox

    from cardtui.ui.screens.lobby_new_table import NewTableDialog
    from cardtui.wire.protocol import CreateHoldem

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers: list[object] = []
        dialog = NewTableDialog()
        await app.push_screen(dialog, answers.append)
        await pilot.pause()
        box = dialog.query_one("#bots", Checkbox)
        box.focus()
        await pilot.press("space")
        assert box.value is False
        await pilot.press("enter")
        await pilot.pause()
        assert box.value is False
        assert len(answers) == 1 and isinstance(answers[0], CreateHoldem)
        assert answers[0].bots_fill is False


@pytest.mark.parametrize("game", ["holdem", "blackjack"])
async def test_the_new_table_form_sets_the_clock_the_least_buy_in_and_the_grace(
        make_app, make_room, game: str) -> None:
    # Issue 24: the action clock, minimum buy-in and grace were settable only in
    # a tables file. The form checks them as the room does, in its own words.
    from textual.widgets import Input, Select

    from cardtui.ui.screens.lobby_new_table import NewTableDialog
    from cardtui.ui.widgets.form_fields import FieldNote
    from tests.tables.support import join

    room = make_room(HoldemOptions(name="Friday", seats=3))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewTableDialog)
        if game == "blackjack":
            dialog.query_one("#game", Select).value = Game.BLACKJACK
            await pilot.pause()

        def fill(**values: str) -> None:
            for field, text in values.items():
                dialog.query_one(f"#{field.replace('_', '-')}", Input).value = text

        def error() -> str:
            # Said under the row of the field it is about (issue 26), the field marked.
            notes = [str(n.render()) for n in dialog.query(FieldNote) if n.has_class("-shown")]
            assert len(notes) == 1
            assert dialog.query_one(".-problem") is app.focused
            return notes[0]

        fill(action_clock="0")
        await pilot.press("enter")
        assert app.screen is dialog
        assert error() == "✗ the action clock must be 0.01 to 86,400 seconds"
        fill(action_clock="20", grace="99999")
        await pilot.press("enter")
        assert error() == "✗ the grace must be 0 to 86,400 seconds"
        fill(grace="60", buy_in_min="1")
        await pilot.press("enter")
        assert error().startswith("✗ the minimum buy-in must be ")
        fill(buy_in_min="500", name="Timed")
        dialog.query_one("#name", Input).focus()
        await pilot.press("enter")
        await until(lambda: any(t.options.name == "Timed" for t in room.tables.values()))
        (table,) = [t for t in room.tables.values() if t.options.name == "Timed"]
        assert (table.options.action_clock, table.options.grace) == (20, 60)
        assert table.options.buy_in_min == 500
