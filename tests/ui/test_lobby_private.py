"""Private tables from the lobby, driven with Pilot against a real in-process room: the
new-table form's Private box gives an invite code; j and the code bring the table into
another player's lobby."""

from __future__ import annotations

import re

from textual.widgets import Checkbox, Input, Static

from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_new_table import NewTableDialog
from cardtui.ui.screens.table_chat import ChatDialog
from tests.room.conftest import make_room
from tests.room.support import until

__all__ = ["make_room"]


async def player_link(room: Room, name: str) -> RoomLink:
    client = await RoomClient.open(await room_pair(room, Member(f"profile-{name}", name)))
    link = RoomLink(client)
    await link.start()
    await until(lambda: bool(link.tables))
    return link


def note(screen: LobbyScreen) -> str:
    return str(screen.query_one("#lobby-note", Static).render())


async def test_a_private_table_opened_from_the_form_and_joined_with_its_code(
        make_app, make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Open", seats=4))
    ann = await player_link(room, "Ann")
    bob = await player_link(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, NewTableDialog))
        app.screen.query_one("#name", Input).value = "Friday"
        app.screen.query_one("#private", Checkbox).value = True
        await pilot.press("enter")
        await until(lambda: len(room.tables) == 2)
        await until(lambda: "invite code" in note(screen))
        said = note(screen)
    found = re.search(r"invite code is ([A-Z2-9]{6})", said)
    assert found is not None
    code = found.group(1)
    (private,) = set(room.tables) - {"t1"}
    assert room.invites == {private: code}
    assert private in ann.tables and private not in bob.tables
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(bob)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("j")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = "WRONG1"
        await pilot.press("enter")
        await until(lambda: "Not in" in note(screen))
        assert private not in bob.tables
        await pilot.press("j")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = code.lower()
        await pilot.press("enter")
        await until(lambda: private in bob.tables)
        await until(lambda: "Friday is in your lobby" in note(screen))
