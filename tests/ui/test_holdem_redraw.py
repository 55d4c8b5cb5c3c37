"""A hold'em table redraws only what changed, and lays the screen out again only when it must.

Its seats, board and prompt are Statics, and ``Static.update`` lays the whole
screen out by default: every redraw (one per message from the room at a
shared table, at every player's screen) was a layout of the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.tables.session import SeatsChanged, Seen, ToAct
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.screen import HoldemScreen
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_blackjack_redraw import layouts_asked
from tests.ui.test_holdem_seam import BEGINS, DEAL, LEGAL, SEATS
from tests.ui.test_table_layouts import layouts_of, settle

MakeApp = Callable[..., CardtuiApp]


async def test_a_hold_em_redraw_with_nothing_changed_lays_nothing_out(make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    session.in_hand = True
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        with layouts_asked() as asked, layouts_of(screen) as layouts:
            screen._sync()  # noqa: SLF001 - a message that changed nothing on this screen
            await settle(pilot)
        assert asked == [] and layouts == [0]


async def test_a_hold_em_move_repaints_without_laying_out_the_screen(make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL[:-1])])
    session.in_hand = True
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        with layouts_of(screen) as layouts:
            session.send(Seen(DEAL[-1:]))  # Cy calls: his panel and the log change
            await settle(pilot)
        assert "bet 10" in screen.query_one("#seat-2").render().plain
        assert layouts == [0]
