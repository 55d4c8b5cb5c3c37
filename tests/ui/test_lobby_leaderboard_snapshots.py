"""SVG snapshots of the room's leaderboard at 80x24 and 120x40 (update: --snapshot-update):
tonight's board opened from the lobby with ``l``, and all time after ``t``."""

from __future__ import annotations

import random

import pytest

from cardtui.room.config import HoldemOptions
from cardtui.room.ledger import Standing
from cardtui.room.room import Room
from cardtui.store.tournament_store import KeptPlace
from cardtui.ui.screens.lobby import LobbyScreen
from tests.tables.support import join


@pytest.mark.parametrize(("size", "keys"), [((80, 24), ("l",)), ((120, 40), ("l",)),
                                            ((80, 24), ("l", "t"))],
                         ids=["80x24", "120x40", "all-time-80x24"])
def test_leaderboard(snap_compare, make_app, size: tuple[int, int],  # type: ignore[no-untyped-def]
                     keys: tuple[str, ...]) -> None:
    app = make_app()
    kept: list[object] = []

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        room = Room([HoldemOptions(name="Friday night")], rng=random.Random(3))
        # A night's figures as the room keeps them (the protocol tests play the hands).
        for name, hands, net in (("Ann", 42, 1_250), ("Bob", 40, -900), ("Cy", 12, 0),
                                 ("Dee", 30, -350)):
            for _ in range(hands - 1):
                room.ledger.settled(f"profile-{name}", name, 0)
            room.ledger.settled(f"profile-{name}", name, net)
        room.ledger.all_time["profile-Eve"] = Standing("profile-Eve", "Eve", 310, 4_020)
        # Two sit-and-gos finished tonight: Ann won one, Dee came 3rd and 2nd.
        room.sit_and_gos.tonight += [KeptPlace(0.0, "g1", "profile-Ann", "Ann", 1, 300),
                                     KeptPlace(0.0, "g1", "profile-Dee", "Dee", 3, 60),
                                     KeptPlace(0.0, "g2", "profile-Dee", "Dee", 2, 90)]
        ann = await join(room, "Ann")
        kept.extend((room, ann))
        await app.push_screen(LobbyScreen(ann.link))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before, press=keys)
