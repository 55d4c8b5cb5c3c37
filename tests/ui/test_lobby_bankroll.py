"""The lobby's buy-in comes from a key holder's kept balance: shown, offered, checked."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Input, Static

from cardtui.games import Game
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink
from cardtui.guest.shared_table import RemoteSession
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.ui.screens import lobby
from cardtui.ui.screens.lobby import LobbyScreen, store_sink
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from tests.room.conftest import make_room
from tests.room.support import until

__all__ = ["make_room"]


class SharedTableScreen(Screen[None]):
    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        self.session = session


async def test_the_buy_in_dialog_offers_and_checks_the_kept_balance(
        make_app, make_room, monkeypatch) -> None:
    monkeypatch.setitem(lobby.TABLE_SCREENS, lobby.Game.HOLDEM, (__name__, "SharedTableScreen"))
    room = make_room(HoldemOptions(name="Friday", seats=3, min_humans=2))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.buy_in(Game.HOLDEM, 300, player="Ann")  # at a local table: 700 left
        client = await RoomClient.open(await room_pair(room, Member("key-ann", "Ann")))
        link = RoomLink(client, store_sink(app), RoomChips(app.store, app.session_id))
        await link.start()
        await until(lambda: bool(link.tables))
        await app.push_screen(LobbyScreen(link))
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, BuyInDialog)
        shown = str(dialog.query_one("#buy-in-balance", Static).render())
        assert shown == "Your balance: 700 chips."
        # The range it states is what she can bring (seen: "10 to 5,000" with 1,000 kept).
        assert any("Buy in for 400 to 700 chips:" in str(w.render()) for w in dialog.query(Static))
        field = dialog.query_one("#buy-in", Input)
        assert field.value == "700"  # the table's largest is 1,000: she has 700
        await pilot.press(*["backspace"] * 3, "8", "0", "0", "enter")
        assert app.screen is dialog
        error = str(dialog.query_one("#buy-in-error", Static).render())
        assert error == "✗ your balance has 700 chips"
        await pilot.press(*["backspace"] * 3, "6", "0", "0", "enter")
        await until(lambda: isinstance(app.screen, SharedTableScreen))
        assert room.tables["t1"].seats[0].stack == 600  # type: ignore[union-attr]
        assert app.store.chips_at(Game.HOLDEM) == {"": 300, "room:t1": 600}
        assert app.store.balance(Game.HOLDEM) == 100
        app.screen.session.leave()  # type: ignore[attr-defined]
        assert app.store.chips_at(Game.HOLDEM) == {"": 300}
        assert app.store.balance(Game.HOLDEM) == 700
        await link.close()


async def test_a_balance_never_read_offers_no_buy_in(make_app, make_room, monkeypatch) -> None:
    # Issue 24: the dialog offered 1,000 (the start balance) on a balance the store
    # could not read; the lobby now says so and opens no dialog.
    from cardtui.store import Bankroll

    room = make_room(HoldemOptions(name="Friday", seats=3, min_humans=2))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app.store, "bankroll",
                            lambda game: Bankroll(game, known=False))
        client = await RoomClient.open(await room_pair(room, Member("key-ann", "Ann")))
        link = RoomLink(client, store_sink(app), RoomChips(app.store, app.session_id))
        await link.start()
        await until(lambda: bool(link.tables))
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        note = str(screen.query_one("#lobby-note", Static).render())
        assert "not readable yet" in note
        assert room.tables["t1"].seats[0] is None
        await link.close()
