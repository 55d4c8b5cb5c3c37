"""What a player reads last when the host stops the server (``cardtui serve``, Ctrl-C).

A QA pass found the room's void notice on screen for under a second, then only
"The host has closed the room": nothing said the bets of the hand in play came
back. The closing line says so when stopping voided a hand, and only then.
"""

from __future__ import annotations

import random

from cardtui.room.config import HoldemOptions
from cardtui.room.hosting import RoomHost, closing_notice
from tests.room.support import until
from tests.tables.support import join


async def test_the_closing_line_says_the_bets_came_back_when_a_hand_was_voided() -> None:
    host = RoomHost([HoldemOptions(seats=2, min_humans=1, action_clock=30)],
                    rng=random.Random(1))
    table = host.room.tables["t1"]
    ann = await join(host.room, "Ann")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    await until(lambda: table.hand is not None)  # Ann against a bot: a hand is in play
    await host.stop()
    assert table.voided
    notice = closing_notice(host)
    assert notice.startswith("The host has closed the room")
    assert "void" in notice and "every bet went back" in notice


async def test_the_closing_line_is_plain_when_no_hand_was_in_play() -> None:
    host = RoomHost([HoldemOptions(seats=2, min_humans=2, action_clock=30)],
                    rng=random.Random(1))
    await host.stop()
    assert closing_notice(host) == "The host has closed the room. Thanks for playing!"
    assert closing_notice(None) == "The host has closed the room. Thanks for playing!"
