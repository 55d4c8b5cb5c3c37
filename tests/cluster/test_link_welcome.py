"""A game's link greeted again (the room moved to another host) names hands by the new room."""

from __future__ import annotations

from cardtui.games import Game
from cardtui.wire.protocol import PROTOCOL_VERSION, SeatSettled, SettledResult, Welcome
from tests.room.support import until
from tests.room.test_request_refs import linked


async def test_a_second_welcome_names_the_hands_of_the_new_room() -> None:
    link, fake = await linked()
    settled = SeatSettled("t1", Game.HOLDEM, 1, SettledResult("Ann", 10, 5, "win"))
    assert link.shared_hand(settled) == "room-1:t1:1"
    # The room's new owner answers the greeting the relay says again for the game.
    fake.say(Welcome(PROTOCOL_VERSION, "Ann", False, room="room-2"))
    await until(lambda: link.welcome is not None and link.welcome.room == "room-2")
    assert link.shared_hand(settled) == "room-2:t1:1"  # not the old room's hand 1
    await link.close()
