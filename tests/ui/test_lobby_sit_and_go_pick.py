"""Several sit-and-gos in the lobby: ``r`` and the host's ``G`` ask which one (the host's
``h`` menu offers ``G`` too); with one, they act on it at once."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.guest import sit_and_go as tournaments
from cardtui.room.config import HoldemOptions
from cardtui.ui.screens import lobby
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_host import HostMenu
from cardtui.ui.screens.lobby_sit_and_go import SitAndGoPicker
from cardtui.wire.protocol import CreateSitAndGo, SitAndGoStage
from tests.room.conftest import clock, make_room
from tests.room.support import until
from tests.tables.support import join
from tests.ui.test_lobby_sit_and_go import SharedTableScreen, host_ann_in_the_lobby

__all__ = ["clock", "make_room"]


async def test_r_and_the_hosts_g_pick_among_several_sit_and_gos(
        make_app, make_room, clock: FakeClock, monkeypatch) -> None:
    monkeypatch.setitem(lobby.TABLE_SCREENS, lobby.Game.HOLDEM,
                        ("tests.ui.test_lobby_sit_and_go", "SharedTableScreen"))
    room = make_room(HoldemOptions(name="Cash", seats=2), clock=clock)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = await host_ann_in_the_lobby(app, room)
        await app.push_screen(LobbyScreen(link))
        bob = await join(room, "Bob")  # one open sit-and-go each
        for who, name in ((link, "Friday"), (bob.link, "Saturday")):
            await tournaments.create(who, CreateSitAndGo(
                name, seats=3, buy_in=100, starting_stack=100, level_seconds=10))
        await until(lambda: len(link.sit_and_gos) == 2)
        await pilot.press("r")  # two open: she picks the second
        await until(lambda: isinstance(app.screen, SitAndGoPicker))
        await pilot.press("down", "enter")
        await until(lambda: "Ann" in link.sit_and_gos["g2"].registered)
        assert "Ann" not in link.sit_and_gos["g1"].registered
        # The host's menu offers G; G there asks which one, and starts the one picked.
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        menu = app.screen
        assert isinstance(menu, HostMenu)
        assert "start_sit_and_go" in [action for action, _said in menu.items()]
        await pilot.press("G")
        await until(lambda: isinstance(app.screen, SitAndGoPicker))
        await pilot.press("down", "enter")
        sngs = room.sit_and_gos.sit_and_gos
        await until(lambda: sngs["g2"].stage is SitAndGoStage.RUNNING)
        assert sngs["g1"].stage is SitAndGoStage.REGISTERING
        # One left registering: G starts it at once, no picker.
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        app.pop_screen()
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await tournaments.register(bob.link, bob.link.sit_and_gos["g1"])
        await pilot.press("G")
        await until(lambda: sngs["g1"].stage is SitAndGoStage.RUNNING)
