"""SVG snapshots of the host's lobby at 80x24 and 120x40 (update: --snapshot-update):
the announcement, a paused table, who is here, the lobby's chat, the host's keys."""

from __future__ import annotations

import random

import pytest

from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.wire.protocol import Announce, HostPause
from tests.room.support import until
from tests.tables.support import join


@pytest.mark.parametrize(("size", "keys"), [((80, 24), ()), ((120, 40), ()), ((80, 24), ("h",))],
                         ids=["80x24", "120x40", "menu-80x24"])
def test_host_lobby(snap_compare, make_app, size: tuple[int, int],  # type: ignore[no-untyped-def]
                    keys: tuple[str, ...]) -> None:
    app = make_app()
    kept: list[object] = []

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        room = Room([HoldemOptions(name="Friday night", action_clock=600),
                     BlackjackOptions(name="Main pit"),
                     HoldemOptions(name="High stakes", seats=9, small_blind=50,
                                   big_blind=100, starting_stack=10_000, min_humans=3)],
                    rng=random.Random(3))
        client = await RoomClient.open(await room_pair(room, Member("profile-Hana", "Hana",
                                                                    host=True)))
        host = RoomLink(client)
        await host.start()
        bob, cy, dee = [await join(room, n) for n in ("Bob", "Cy", "Dee")]
        kept.extend((room, host, bob, cy, dee))
        await bob.link.sit("t1", 1000, seat=2)
        await cy.link.sit("t2", 500, seat=0)
        await host.host(HostPause("t3"))
        dee.link.lobby_say("anyone for the high stakes table?")
        await until(lambda: bool(host.lobby_chat))
        await host.host(Announce("Pizza in ten minutes; last hand at midnight"))
        await app.push_screen(LobbyScreen(host))
        await until(lambda: host.tables["t1"].hand_running
                    and host.tables["t2"].players[0] == "Cy"
                    and host.tables["t3"].paused_by == "Hana"
                    and [p.seated for p in host.online] == [("t1",), ("t2",), (), ()])
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before, press=keys)
