"""Leaving a shared blackjack table with a hand in play is asked first, as hold'em asks.

Seen over SSH: Annie, dealt 10 against a 4 with 40 on it, opened Settings from
the command palette; the table let her go without a word and the dealer stood
on her 10.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.room.config import BlackjackOptions
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.screens.confirm import ConfirmScreen
from tests.room.support import until
from tests.tables.support import join

MakeApp = Callable[..., CardtuiApp]


async def test_leaving_mid_round_is_asked_and_no_keeps_the_seat(
        make_room, make_app: MakeApp) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, betting_clock=30,
                                      action_clock=60))
    table = room.tables["t1"]
    table.shoe.stack(["4d", "9c", "6s", "7h"])  # Ann 10 against a 9: no insurance asked
    ann = await join(room, "Ann")
    session = await ann.link.sit("t1", 300, seat=0)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: screen.check_action("deal", ()) is True)
        await pilot.press("d")  # her bet closes the window: the room deals
        await until(lambda: screen.check_action("stand", ()) is True)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and table.seats[0] is not None
        assert not table.seats[0].leaving
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: table.seats[0] is None or table.seats[0].leaving)


async def test_leaving_between_rounds_is_not_asked(make_room, make_app: MakeApp) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, betting_clock=30))
    ann = await join(room, "Ann")
    session = await ann.link.sit("t1", 300, seat=0)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: screen.check_action("deal", ()) is True)
        await pilot.press("escape")
        await until(lambda: room.tables["t1"].seats[0] is None)
        assert not isinstance(app.screen, ConfirmScreen)
