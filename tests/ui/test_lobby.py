"""The lobby of a shared room, driven with Pilot against a real in-process room."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Static

from cardtui.games import Game
from cardtui.games import Game as StoreGame
from cardtui.guest.joining import RoomDoor
from cardtui.guest.shared_table import RemoteSession
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.ui.screens import lobby
from cardtui.ui.screens.lobby import LobbyScreen, open_table
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from cardtui.ui.screens.lobby_new_table import NewTableDialog
from cardtui.ui.screens.menu import MenuScreen
from cardtui.wire import ROOM_FD_ENV
from cardtui.wire.protocol import TableInfo
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join

__all__ = ["make_room"]


class SharedTableScreen(Screen[None]):
    """Stands for a table screen that takes a session (as issue 10's screens will)."""

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        self.session = session


class LocalOnlyScreen(Screen[None]):
    """Stands for a table screen that cannot show a shared table."""


@pytest.fixture
def shared_screens(monkeypatch: pytest.MonkeyPatch) -> None:
    for game in Game:
        monkeypatch.setitem(lobby.TABLE_SCREENS, game, (__name__, "SharedTableScreen"))


def rows(screen: LobbyScreen) -> list[list[str]]:
    table = screen.query_one("#tables", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def note(screen: LobbyScreen) -> str:
    return str(screen.query_one("#lobby-note", Static).render())


async def test_the_lobby_lists_every_table_and_follows_the_room(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=4, min_humans=2),
                     BlackjackOptions(name="Pit", seats=3))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await pilot.pause()
        assert rows(screen) == [
            ["Hold'em", "Friday", "5/10", "0/4", "", "idle"],
            ["Blackjack", "Pit", "bets 10-500", "0/3", "", "idle"],
        ]
        detail = str(screen.query_one("#lobby-detail", Static).render())
        assert detail == "Friday: 4 seats free · buy-in 400-1,000 · 30 s to act"
        await pilot.press("down")
        detail = str(screen.query_one("#lobby-detail", Static).render())
        assert detail.startswith("Pit: 3 seats free · buy-in 10-5,000 · 30 s to act · 6 decks")
        session = await bob.link.sit("t1", 1000, seat=1)
        await until(lambda: rows(screen)[0][4].startswith("Rocky, Bob, Max"))  # bots fill
        assert rows(screen)[0][3] == "1/4"  # bots give their seats up: not counted
        session.leave()
        await until(lambda: rows(screen)[0][3:5] == ["0/4", ""])


async def test_enter_asks_the_buy_in_checks_it_inline_and_sits_down(
        make_app, make_room, shared_screens) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=3, min_humans=2))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LobbyScreen(ann.link))
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, BuyInDialog)
        assert dialog.query_one("#buy-in", Input).value == "1000"
        await pilot.press(*["backspace"] * 4, "5", "0", "enter")
        assert app.screen is dialog  # not closed: the error is shown under the amount
        error = str(dialog.query_one("#buy-in-error", Static).render())
        assert error == "✗ the buy-in is 400 to 1,000 chips"
        await pilot.press("0", "enter")  # 500
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        table_screen = app.screen
        assert isinstance(table_screen, SharedTableScreen)
        assert table_screen.session.your_seat == 0
        assert room.tables["t1"].seats[0].stack == 500


async def test_a_refusal_is_one_line_in_the_lobby(make_app, make_room, shared_screens) -> None:
    room = make_room(BlackjackOptions(name="Pit", seats=1))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await bob.link.sit("t1", 100)
        await until(lambda: rows(screen)[0][3] == "1/1")
        await pilot.press("enter")
        assert app.screen is screen
        assert note(screen) == "Every seat at Pit is taken: press w to watch."
        await pilot.press("w")
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        assert app.screen.session.viewer_seats == frozenset()


async def test_n_opens_a_table_after_checking_the_form(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=3))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewTableDialog)
        dialog.query_one("#seats", Input).value = "12"
        await pilot.press("enter")
        assert app.screen is dialog
        assert str(dialog.query_one("#note-seats", Static).render()) == (
            "✗ seats must be 2 to 10, not 12")  # under the row it is about (issue 26)
        assert dialog.query_one("#seats", Input).has_class("-problem")
        dialog.query_one("#seats", Input).value = "9"
        dialog.query_one("#name", Input).value = "Late game"
        dialog.query_one("#name", Input).focus()
        await pilot.press("enter")
        await until(lambda: len(rows(screen)) == 2)
        assert rows(screen)[1][:4] == ["Hold'em", "Late game", "5/10", "0/9"]
        assert note(screen) == "Late game is open: Enter sits down."
        assert screen.query_one("#tables", DataTable).cursor_row == 1


async def test_open_table_needs_a_screen_that_takes_a_session(
        make_app, make_room, monkeypatch) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=3, min_humans=2))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)):
        monkeypatch.setitem(lobby.TABLE_SCREENS, Game.HOLDEM, (__name__, "LocalOnlyScreen"))
        session = await ann.link.sit("t1", 1000)
        assert open_table(app, session) is False
        assert session.left
        await until(lambda: room.tables["t1"].seats[session.your_seat] is None)
        monkeypatch.setitem(lobby.TABLE_SCREENS, Game.HOLDEM, (__name__, "SharedTableScreen"))
        session = await ann.link.watch("t1")
        assert open_table(app, session) is True
        assert app.screen.session is session


async def test_in_a_room_the_app_lands_in_the_lobby_and_the_menu_offers_tables(
        make_app, make_room, monkeypatch) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=2, bots_fill=False, min_humans=2,
                                   action_clock=30, between_hands=60))
    bob = await join(room, "Bob")
    game_end = await room_pair(room, Member("profile-ann", "Ann"))
    monkeypatch.setitem(lobby.TABLE_SCREENS, Game.HOLDEM, (__name__, "LocalOnlyScreen"))
    app = make_app(room=RoomDoor({ROOM_FD_ENV: str(game_end.detach())}))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.room.joined is not None)
        screen = app.screen
        await until(lambda: bool(rows(screen)))
        assert "you are Ann" in str(screen.query_one("#lobby-title", Static).render())
        # Bob sits, Ann sits down from the lobby, a hand starts; she leaves at once
        # (this table screen cannot show it): the room folds for her, and the
        # settled hand still reaches her own store.
        await bob.link.sit("t1", 1000, seat=1)
        await pilot.press("enter", "enter")
        await until(lambda: app.store.round_count() == 1)
        (totals,) = app.store.totals(StoreGame.HOLDEM)
        assert totals.player == "Ann" and totals.rounds == 1
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.get_option_at_index(0).id == "tables"
        await pilot.press("t")
        assert isinstance(app.screen, LobbyScreen)


async def test_alone_the_menu_has_no_tables(make_app, monkeypatch) -> None:
    monkeypatch.delenv(ROOM_FD_ENV, raising=False)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        assert "tables" not in [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        await pilot.press("t")
        assert isinstance(app.screen, MenuScreen)
        assert "Tables" not in [c.title for c in app.get_system_commands(app.screen)]


async def test_a_player_back_after_a_dropped_connection_goes_straight_to_their_seat(
        make_app, make_room, monkeypatch, shared_screens) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=2, bots_fill=False, min_humans=2,
                                   action_clock=30, between_hands=60))
    table = room.tables["t1"]
    first, bob = await join(room, "Ann"), await join(room, "Bob")
    await first.link.sit("t1", 1000, seat=0)
    await bob.link.sit("t1", 1000, seat=1)
    await until(lambda: table.hand is not None)
    await first.link.close()
    await until(lambda: table.seats[0].away)
    game_end = await room_pair(room, Member("profile-Ann", "Ann"))
    app = make_app(room=RoomDoor({ROOM_FD_ENV: str(game_end.detach())}))
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        session = app.screen.session
        assert session.your_seat == 0 and not table.seats[0].away


class ScriptedLink:
    """A room that answers nothing: the lobby's list is whatever the test puts in it."""

    name = "Ann"
    is_host = False

    def __init__(self) -> None:
        self.tables: dict[str, TableInfo] = {}
        self.listeners: list = []
        self.online: tuple = ()
        self.lobby_chat: list = []
        self.announcement = None

    def listen(self, listener) -> None:  # type: ignore[no-untyped-def]
        self.listeners.append(listener)

    def unlisten(self, listener) -> None:  # type: ignore[no-untyped-def]
        self.listeners.remove(listener)

    def take_reseated(self) -> None:
        return None


async def test_no_tables_is_said_only_while_there_are_none(make_app) -> None:
    link = ScriptedLink()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(link)  # type: ignore[arg-type]
        await app.push_screen(screen)
        assert note(screen) == "No tables yet: press n to open one."
        link.tables["t1"] = TableInfo("t1", Game.HOLDEM, "Late", "5/10", 2, (None, "Bo"), True,
                                      400, 1000, 30.0)
        for listener in link.listeners:
            listener(None)
        await pilot.pause()
        assert rows(screen) == [["Hold'em", "Late", "5/10", "1/2", "Bo", "playing"]]
        assert note(screen) == ""


async def test_back_in_your_seat_is_not_said_after_leaving_that_table(
        make_app, make_room, shared_screens) -> None:
    # Seen over SSH: Ann's game was killed mid-hand, her next one took her back to
    # her seat; when she left it the lobby still read "Back in your seat at …".
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    await ann.link.sit("t1", 800, seat=0)
    await bob.link.sit("t1", 1000, seat=1)
    await until(lambda: table.hand is not None)
    await ann.link.close()  # her game process died
    await until(lambda: table.seats[0].away)
    back = await join(room, "Ann")
    await until(lambda: bool(back.link.reseated))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(back.link)
        await app.push_screen(screen)
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        app.pop_screen()  # she leaves the table
        await pilot.pause()
        assert app.screen is screen
        assert "Back in your seat" not in note(screen)
