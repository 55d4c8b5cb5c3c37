"""A browser tab's guest (a profile from its page's resume token) keeps its seat for the
grace period, as a key holder does; any other guest's seat ends when they leave."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.room.config import HoldemOptions
from cardtui.wire.protocol import Welcome
from tests.room.support import FakeClient, until
from tests.room.test_host_controls import sit
from tests.room.virtual_time import pass_time


async def test_a_resumable_guest_comes_back_to_its_seat_within_the_grace_period(
        make_room, clock: FakeClock) -> None:
    room = make_room(HoldemOptions(seats=4, bots_fill=False, min_humans=2, grace=60),
                     clock=clock)
    table = room.tables["t1"]
    tab = room.guest("Bob", profile="guest-web-abc")
    plain = room.guest("Cy")
    assert tab.guest and tab.resumable and not plain.resumable
    bob = await FakeClient.join(room, tab)
    cy = await FakeClient.join(room, plain)
    await sit(bob, "t1", 0, 500)
    await sit(cy, "t1", 1, 500)
    await bob.close()  # the tab reloads: its game ends
    await cy.close()
    await until(lambda: table.player_at(0) is not None and table.player_at(0).away
                and table.player_at(1) is None)
    await pass_time(clock, 59)
    again = await FakeClient.join(room, room.guest("Bob", profile="guest-web-abc"))
    assert again.of(Welcome)[0].seated_at == ("t1",)
    player = table.player_at(0)
    assert player is not None and player.conn is not None and player.stack == 500
    assert player.conn.member.profile == "guest-web-abc"
