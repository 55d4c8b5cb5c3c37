"""A sit-and-go from the lobby, end to end in the game: open it, register from the balance,
the host's start, the seat taken, the results board and the prize back in the balance.

The room runs on virtual time (the level clock, the action clock, the deals); the
table's screen is a stand-in (the felt's info line is tested in its own words).
"""

from __future__ import annotations

from textual.screen import Screen

from cardtui.clock import FakeClock
from cardtui.games import Game
from cardtui.guest import sit_and_go as tournaments
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.guest.shared_table import RemoteSession
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens import lobby
from cardtui.ui.screens.lobby import LobbyScreen, store_sink
from cardtui.ui.screens.lobby_sit_and_go import ResultsBoard
from cardtui.wire.protocol import CreateSitAndGo, SitAndGoStage
from tests.room.conftest import clock, make_room
from tests.room.support import until
from tests.tables.support import join

__all__ = ["clock", "make_room"]


class SharedTableScreen(Screen[None]):
    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        self.session = session


async def host_ann_in_the_lobby(app: CardtuiApp, room: Room) -> RoomLink:
    """Ann, a host, greeted by ``room`` with her app's chips (answered: the room has
    listed its lobby); the table screens are ``SharedTableScreen`` stand-ins."""
    client = await RoomClient.open(await room_pair(room, Member("key-ann", "Ann", host=True)))
    link = RoomLink(client, store_sink(app), RoomChips(app.store, app.session_id))
    await link.start()
    return link


async def test_register_start_play_and_the_prize_reaches_the_balance(
        make_app, make_room, clock: FakeClock, monkeypatch) -> None:
    monkeypatch.setitem(lobby.TABLE_SCREENS, lobby.Game.HOLDEM, (__name__, "SharedTableScreen"))
    room = make_room(HoldemOptions(name="Cash", seats=2), clock=clock)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = await host_ann_in_the_lobby(app, room)
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        start = app.store.balance(Game.HOLDEM)
        await tournaments.create(link, CreateSitAndGo(
            "Friday", seats=3, buy_in=100, starting_stack=100, level_seconds=10))
        await until(lambda: bool(link.sit_and_gos))
        await pilot.press("r")  # Ann registers: the buy-in leaves her balance
        await until(lambda: "Ann" in next(iter(link.sit_and_gos.values())).registered)
        assert app.store.balance(Game.HOLDEM) == start - 100
        assert app.store.chips_at(Game.HOLDEM) == {"room:g1": 100}
        bob = await join(room, "Bob")
        await until(lambda: bool(bob.link.sit_and_gos))
        await tournaments.register(bob.link, bob.link.sit_and_gos["g1"])
        await pilot.press("G")  # the host starts it: a bot takes the third seat
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        sng = room.sit_and_gos.sit_and_gos["g1"]
        assert sng.running and len(sng.entries) == 3 and sng.pool == 300
        # Nobody acts at the stand-in screens: the action clock folds, then sits them out,
        # and the blinds rise every ten virtual seconds.
        for _ in range(400):
            if sng.stage is SitAndGoStage.FINISHED:
                break
            await clock.run(5)
            await pilot.pause()
        assert sng.stage is SitAndGoStage.FINISHED
        await until(lambda: isinstance(app.screen, ResultsBoard))
        board = app.screen
        assert isinstance(board, ResultsBoard)
        assert sum(p.prize for p in board.results.places) == 300
        won = board.results.yours
        assert app.store.balance(Game.HOLDEM) == start - 100 + won
        assert "room:g1" not in app.store.chips_at(Game.HOLDEM)
        standing = room.ledger.tonight["key-ann"]
        assert (standing.bought_in, standing.cashed_out) == (100, won)
        await pilot.press("escape")
        await bob.link.close()
        await link.close()
