"""A player the room sits out is told how to come back, in a hand as between hands.

Seen over SSH: after two clock expiries Bob's seat read "sitting out", but his
prompt line said "Annie is thinking…" for the rest of the hand; only between
hands (three seconds) did it say that any key brings him back.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from cardtui.room.config import HoldemOptions
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.screen import HoldemScreen
from tests.room.support import until
from tests.tables.support import join

MakeApp = Callable[..., CardtuiApp]


async def test_a_seat_sitting_out_mid_hand_is_told_how_to_come_back(
        make_room, make_app: MakeApp) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=60,
                                   between_hands=60))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    session = await bob.link.sit("t1", 1000, seat=1)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: table.hand is not None)
        if table.hand.actor == 1:
            await until(lambda: screen.check_action("fold", ()) is True)
            await pilot.press("c")  # Bob calls: now Ann decides
        await until(lambda: table.hand.actor == 0)
        session.sit_out()
        await until(lambda: any(s.status == "sitting out" for s in screen.seats))
        await pilot.pause()
        prompt = str(screen.query_one("#prompt", Static).render())
        assert "press any key to come back" in prompt, prompt
