"""The host's seats and bans from the lobby's h menu, with Pilot against a real in-process
room: approval of seats at a table, a request approved, a seat moved, a ban lifted."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from cardtui.guest.link import RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_host import HostMenu
from cardtui.ui.screens.lobby_host_seats import SeatRequestsDialog, UnbanDialog
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.wire.protocol import HostKick
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join
from tests.ui.test_lobby_host import host_link

__all__ = ["make_room"]


async def test_the_host_approves_a_seat_moves_it_and_lifts_a_ban_from_the_lobby(
        make_app, make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=2, bots_fill=False))
    table = room.tables["t1"]
    link = await host_link(room)
    bob = await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        prompts = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert "v  Approve each new seat at Friday" in prompts
        await pilot.press("v")
        await until(lambda: room.approvals.asks("t1"))
        try:
            await bob.link.sit("t1", 500)
        except RoomRefused as refusal:
            assert "approval" in str(refusal)
        else:
            raise AssertionError("Bob sat without the host's approval")

        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        await pilot.press("r")
        await until(lambda: isinstance(app.screen, SeatRequestsDialog))
        assert str(app.screen.query_one(OptionList).get_option_at_index(0).prompt) == \
            "Bob at Friday"
        await pilot.press("enter")
        await until(lambda: room.approvals.approved.get("t1") == {"profile-Bob"})
        await bob.link.sit("t1", 500, seat=0)

        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        await pilot.press("s")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = "Bob 3"
        await pilot.press("enter")
        await until(lambda: table.player_at(2) is not None and table.player_at(0) is None)
        assert table.player_at(2).stack == 500  # type: ignore[union-attr]

        await link.host(HostKick("Bob", ban=True))
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostMenu))
        await pilot.press("u")
        await until(lambda: isinstance(app.screen, UnbanDialog))
        await pilot.press("enter")
        await until(lambda: not room.desk.banned)
        assert [a.action for a in room.desk.actions] == ["approval", "approve", "move", "ban",
                                                         "unban"]
