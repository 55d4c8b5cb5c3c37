"""A name saved in Settings while served in a room reaches the room once the player is done."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from textual.widgets import Static

from cardtui.guest.client import RoomClient
from cardtui.guest.joining import RoomDoor
from cardtui.guest.link import RoomLink
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.settings import SettingsScreen
from cardtui.wire.protocol import LobbyUpdate, Rename
from tests.room.conftest import make_room
from tests.room.support import FakeClient, until

__all__ = ["make_room"]


def friday(make_room) -> Room:  # noqa: ANN001
    return make_room(HoldemOptions(name="Friday", seats=3, bots_fill=False, min_humans=3))


@pytest.fixture
async def renames(monkeypatch) -> AsyncIterator[list[str]]:
    """Every name a game asked the room for."""
    asked: list[str] = []
    send = RoomClient.send

    def spy(self: RoomClient, message: object) -> None:
        if isinstance(message, Rename):
            asked.append(message.name)
        send(self, message)  # type: ignore[arg-type]

    monkeypatch.setattr(RoomClient, "send", spy)
    yield asked


async def joined(room: Room, member: Member) -> RoomDoor:
    """The app's door to ``room``, already joined as ``member``."""
    link = RoomLink(await RoomClient.open(await room_pair(room, member)))
    await link.start()
    await until(lambda: bool(link.tables))
    door = RoomDoor({})
    door._link = link  # as RoomDoor.link leaves it once joined
    return door


def title(app) -> str:  # noqa: ANN001
    return str(app.screen.query_one("#lobby-title", Static).render())


async def test_the_new_name_reaches_the_seat_and_the_lobby_when_settings_close(
        make_app, make_room, renames: list[str]) -> None:
    room = friday(make_room)
    bob = await FakeClient.join(room, Member("key-bob", "Bob"))  # in the lobby
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        door = await joined(room, Member("key-ann", "Ann"))
        app.room = door
        link = door.joined
        assert link is not None
        await link.sit("t1", 1000, seat=0)
        await app.push_screen(LobbyScreen(link))
        await pilot.pause()
        assert "you are Ann" in title(app)
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press(*["backspace"] * 6, *"Annie")
        await pilot.pause()
        assert app.settings.player_name == "Annie"  # saved as typed, as ever
        assert renames == []  # but the room hears nothing while she types
        mark = len(bob.messages)
        await pilot.press("escape")
        await until(lambda: room.tables["t1"].seats[0].name == "Annie")  # type: ignore[union-attr]
        assert renames == ["Annie"]
        await bob.wait_for(lambda m: isinstance(m, LobbyUpdate)
                           and m.table.players[0] == "Annie", after=mark)
        await until(lambda: isinstance(app.screen, LobbyScreen) and "you are Annie" in title(app))
        session = link.sessions["t1"]
        await until(lambda: session.seats()[0].name == "Annie")
        await link.close()


async def test_enter_sends_the_name_at_once_and_a_visit_without_a_change_sends_none(
        make_app, make_room, renames: list[str]) -> None:
    room = friday(make_room)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        door = await joined(room, room.guest())
        app.room = door
        link = door.joined
        assert link is not None and link.name == "Guest 1"
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("escape")  # looked, changed nothing: still "Guest 1" in the room
        await pilot.pause()
        assert renames == []
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press(*["backspace"] * 6, *"Zed", "enter")
        await until(lambda: link.name == "Zed")
        await pilot.press("escape")
        await pilot.pause()
        assert renames == ["Zed"]  # once: leaving after Enter has nothing new to say
        await link.close()


async def test_a_name_saved_before_the_room_was_joined_is_sent_on_joining(make_room) -> None:
    room = friday(make_room)
    member = Member("key-ann", "Ann")
    fd = (await room_pair(room, member)).detach()  # the door's socket owns it now
    door = RoomDoor({"CARDTUI_ROOM_FD": str(fd)})
    door.rename("Annie")
    link = await door.link()
    await until(lambda: link.name == "Annie")
    await link.close()

