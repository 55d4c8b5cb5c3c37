"""The host's lobby, driven with Pilot against a real in-process room: the host's keys
(offered to a host only), who is here, the lobby's chat, the announcement line."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_host import BlindsDialog, CloseTableDialog, HostMenu, KickDialog
from cardtui.ui.screens.table_chat import ChatDialog
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join

__all__ = ["make_room"]


async def host_link(room: Room, name: str = "Hana") -> RoomLink:
    client = await RoomClient.open(await room_pair(room, Member(f"profile-{name}", name,
                                                                host=True)))
    link = RoomLink(client)
    await link.start()
    await until(lambda: bool(link.tables))
    return link


def text(screen: LobbyScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def offered(screen: LobbyScreen) -> set[str]:
    return {b.binding.action for b in screen.active_bindings.values() if b.enabled}


async def test_the_host_pauses_sets_blinds_announces_and_closes_from_the_lobby(
        make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=2),
                     BlackjackOptions(name="Pit", seats=3))
    link = await host_link(room)
    bob = await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await pilot.pause()
        assert offered(screen) >= LobbyScreen.HOST_ACTIONS
        # h lists the host's controls; p there (or in the lobby) pauses the highlighted
        # table, and p again resumes it.
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option_at_index(0).prompt) == "p  Pause Friday"
        await pilot.press("p")
        await until(lambda: room.tables["t1"].paused_by == "Hana")
        await until(lambda: "paused" in text(screen, "#lobby-note"))
        await until(lambda: link.tables["t1"].paused_by == "Hana")
        await pilot.press("p")
        await until(lambda: not room.tables["t1"].paused_by)
        # b sets the blinds from the next hand.
        await pilot.press("b")
        await until(lambda: isinstance(app.screen, BlindsDialog))
        field = app.screen.query_one(Input)
        field.value = "10/20"
        await pilot.press("enter")
        await until(lambda: room.tables["t1"].options.big_blind == 20)
        # a announces to the whole room: Bob's link hears it, the line shows it.
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = "Pizza in ten minutes"
        await pilot.press("enter")
        await until(lambda: bob.link.announcement == ("Hana", "Pizza in ten minutes"))
        await until(lambda: "Pizza in ten minutes" in text(screen, "#lobby-announcement"))
        # x closes a table: v voids its hand in play, now.
        await pilot.press("down", "x")
        await until(lambda: isinstance(app.screen, CloseTableDialog))
        await pilot.press("v")
        await until(lambda: "t2" not in room.tables)
        await until(lambda: "t2" not in link.tables)
        assert [a.action for a in room.desk.actions] == [
            "pause", "resume", "blinds", "announce", "close"]


async def test_the_host_removes_a_player_from_the_lobby(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=1, between_hands=60))
    link = await host_link(room)
    bob = await join(room, "Bob")
    session = await bob.link.sit("t1", 1000, seat=1)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await until(lambda: any(p.name == "Bob" for p in link.online))
        await pilot.press("k")
        await until(lambda: isinstance(app.screen, KickDialog))
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(i).prompt)
                for i in range(options.option_count)] == ["Bob"]
        await pilot.press("enter")
        await until(lambda: session.gone)
        seat = room.tables["t1"].player_at(1)
        assert seat is None or seat.leaving  # (dealt in: folded, up as the hand ends)
        assert room.desk.actions[-1].action == "kick"
        await until(lambda: "Bob" in text(screen, "#lobby-note"))


async def test_a_player_is_offered_no_host_key_and_sees_who_is_here_and_the_chat(
        make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=2))
    ann = await join(room, "Ann")
    bob = await join(room, "Bob")
    host = await host_link(room)  # (kept: a link nobody holds is collected, and leaves)
    await bob.link.watch("t1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await pilot.pause()
        assert not LobbyScreen.HOST_ACTIONS & offered(screen)
        await pilot.press("p")  # not offered: nothing is sent, nothing changes
        await pilot.pause()
        assert not room.tables["t1"].paused_by and room.desk.actions == []
        await until(lambda: text(screen, "#lobby-here") ==
                    "Here (3): Ann (lobby) · Bob (watching Friday) · Hana (host, lobby)")
        # m says a line in the lobby: another player in the lobby reads it.
        await pilot.press("m")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = "deal me in"
        await pilot.press("enter")
        await until(lambda: text(screen, "#lobby-chat") == "Ann: deal me in")
        other = await join(room, "Cy")
        assert [(e.name, e.text) for e in other.link.lobby_chat] == [("Ann", "deal me in")]
        assert host.lobby_chat[-1].text == "deal me in"
