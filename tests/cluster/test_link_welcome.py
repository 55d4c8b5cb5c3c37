"""A game's link greeted again (the room moved to another host) names hands by the new room."""

from __future__ import annotations

import asyncio

from cardtui.games import Game
from cardtui.guest.link import RoomLink
from cardtui.store import Store
from cardtui.store.records import room_table
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    GetLobby,
    LobbySnapshot,
    SeatSettled,
    SettledResult,
    Welcome,
)
from tests.room.support import until
from tests.room.test_request_refs import FakeRoomClient, linked


async def test_a_second_welcome_names_the_hands_of_the_new_room() -> None:
    link, fake = await linked()
    settled = SeatSettled("t1", Game.HOLDEM, 1, SettledResult("Ann", 10, 5, "win"))
    assert link.shared_hand(settled) == "room-1:t1:1"
    # The room's new owner answers the greeting the relay says again for the game.
    fake.say(Welcome(PROTOCOL_VERSION, "Ann", False, room="room-2"))
    await until(lambda: link.welcome is not None and link.welcome.room == "room-2")
    assert link.shared_hand(settled) == "room-2:t1:1"  # not the old room's hand 1
    await link.close()


async def test_chips_left_at_the_old_rooms_tables_come_home_on_the_second_welcome() -> None:
    # A seat that only waited for the next hand hears its table close without cashing
    # out (its session never played): the new greeting brings those chips home.
    store = Store(":memory:")
    fake = FakeRoomClient()
    link = RoomLink(fake, chips=RoomChips(store))  # type: ignore[arg-type]  # played by the test
    starting = asyncio.create_task(link.start())
    await until(lambda: bool(fake.requests(GetLobby)))  # chips checked against the seats
    fake.say(LobbySnapshot((), ref=fake.requests(GetLobby)[0].ref))
    await starting
    store.buy_in(Game.HOLDEM, 400, player="Ann", place=room_table("t1"))
    assert store.chips_at(Game.HOLDEM) == {room_table("t1"): 400}
    fake.say(Welcome(PROTOCOL_VERSION, "Ann", False, room="room-2"))
    await until(lambda: len(fake.requests(GetLobby)) == 2)
    fake.say(LobbySnapshot((), ref=fake.requests(GetLobby)[1].ref))
    await until(lambda: not store.chips_at(Game.HOLDEM))
    assert store.balance(Game.HOLDEM) == 1000
    await link.close()
    store.close()
