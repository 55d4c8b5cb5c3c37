"""SVG snapshot of the lobby at 80x24 (update: --snapshot-update)."""

from __future__ import annotations

import random

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.room import Room
from cardtui.ui.screens.lobby import LobbyScreen
from tests.room.support import until
from tests.tables.support import join


def test_lobby(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        # The room runs on the app's own loop, as it would in `cardtui serve`'s process.
        room = Room([HoldemOptions(name="Friday night", action_clock=600),
                     BlackjackOptions(name="Main pit"),
                     HoldemOptions(name="High stakes", seats=9, small_blind=50,
                                   big_blind=100, starting_stack=10_000, min_humans=3)],
                    rng=random.Random(3))
        ann, bob, cy, dee = [await join(room, n) for n in ("Ann", "Bob", "Cy", "Dee")]
        await bob.link.sit("t1", 1000, seat=2)
        await cy.link.sit("t2", 500, seat=0)
        await cy.link.sit("t3", 10_000, seat=4)
        await dee.link.watch("t1")  # Ann, in the lobby, gets its lines
        await app.push_screen(LobbyScreen(ann.link))
        # The room sends lobby lines at most twice a second a table: wait for
        # the ones the picture shows (Dee watching Friday night, its hand dealt).
        await until(lambda: ann.link.tables["t3"].players[4] == "Cy"
                    and ann.link.tables["t1"].watchers == 1
                    and ann.link.tables["t1"].hand_running
                    # ... and who is where (the list follows at most twice a second).
                    and [p.watching for p in ann.link.online] == [(), (), (), ("t1",)]
                    and ann.link.online[2].seated == ("t2", "t3"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
