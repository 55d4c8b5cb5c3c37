"""A change at the table renders the widgets where it happened, not the whole screen.

Textual rendered every widget whose container met the changed area: at a
shared table, a card in one seat's panel rendered the header, the house rules
and the rest again, at every player's screen (cardtui.ui.textual_fixes).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widget import Widget
from textual.widgets import Header

from cardtui.blackjack.records import PlayerCard
from cardtui.cards import Card
from cardtui.tables.session import HandBegins, SeatsChanged, Seen
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.blackjack import BlackjackScreen
from cardtui.ui.widgets.blackjack_table import SeatPanel
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_blackjack_seam import DEAL, SEATS
from tests.ui.test_table_layouts import settle

MakeApp = Callable[..., CardtuiApp]


async def test_a_card_in_a_seat_renders_only_what_is_in_that_area(make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        rendered: list[Widget] = []
        render_lines = Widget.render_lines

        def spy(self: Widget, crop: object) -> object:
            rendered.append(self)
            return render_lines(self, crop)  # type: ignore[arg-type]

        Widget.render_lines = spy  # type: ignore[method-assign]
        try:
            session.send(Seen((PlayerCard(1, 0, Card.parse("2c")),)))
            await settle(pilot)
        finally:
            Widget.render_lines = render_lines  # type: ignore[method-assign]
        seat = screen.query_one("#seat-1", SeatPanel)
        assert seat in rendered and "2♣" in seat.render().plain
        above = [screen.query_one(Header), screen.query_one("#rules-line")]
        assert not [widget for widget in above if widget in rendered]
