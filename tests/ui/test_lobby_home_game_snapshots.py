"""SVG snapshot of the lobby at 80x24 with tables that play home-game options: each such
table's row names them under its players (update: --snapshot-update)."""

from __future__ import annotations

import random

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.room import Room
from cardtui.ui.screens.lobby import LobbyScreen
from tests.room.support import until
from tests.tables.support import join


def test_lobby_with_home_game_tables(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        room = Room([HoldemOptions(name="Friday night", action_clock=600, straddle=True,
                                   run_it_twice=True, bomb_pot_every=10),
                     BlackjackOptions(name="Main pit"),
                     HoldemOptions(name="Deep stack", seats=9, small_blind=50,
                                   big_blind=100, starting_stack=10_000, min_humans=3,
                                   straddle=True, run_it_twice=True, bomb_pot_every=5,
                                   winner_may_show=True, rabbit_hunt=True),
                     HoldemOptions(name="Plain", min_humans=3)],
                    rng=random.Random(3))
        ann, bob = await join(room, "Ann"), await join(room, "Bob")
        await bob.link.sit("t1", 1000, seat=2)  # names on the first line, options under
        await app.push_screen(LobbyScreen(ann.link))
        await until(lambda: len(ann.link.tables) == 4
                    and ann.link.tables["t1"].players[2] == "Bob"
                    and ann.link.tables["t1"].hand_running  # (Bob has 600 s to act)
                    and len(ann.link.online) == 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
