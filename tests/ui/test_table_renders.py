"""A change at the table renders the widgets where it happened, not the whole screen.

Textual rendered every widget whose container met the changed area: at a
shared table, a card in one seat's panel rendered the header, the house rules
and the rest again, at every player's screen (cardtui.ui.textual_fixes.served).
The changed area is the regions that changed, not the box around them: a turn
passing from one seat to the next rendered every seat of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from textual.widget import Widget
from textual.widgets import Header

from cardtui.blackjack.records import (
    Action,
    ActionTaken,
    BetPlaced,
    DealerCard,
    PlayerCard,
    TurnStarted,
)
from cardtui.cards import Card
from cardtui.tables.session import HandBegins, SeatsChanged, SeatState, Seen
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.textual_fixes.served import drawing_as_served
from cardtui.ui.widgets.blackjack_table import SeatPanel
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.ui.test_blackjack_seam import DEAL, SEATS
from tests.ui.test_table_layouts import settle

MakeApp = Callable[..., CardtuiApp]


@pytest.fixture(autouse=True)
def _drawing_as_served() -> Iterator[None]:
    """What these pin is a served game's drawing shortcut (textual_fixes/served.py)."""
    with drawing_as_served():
        yield


@contextmanager
def rendering() -> Iterator[list[Widget]]:
    """The widgets whose lines are rendered while the block runs."""
    rendered: list[Widget] = []
    render_lines = Widget.render_lines

    def spy(self: Widget, crop: object) -> object:
        rendered.append(self)
        return render_lines(self, crop)  # type: ignore[arg-type]

    Widget.render_lines = spy  # type: ignore[method-assign]
    try:
        yield rendered
    finally:
        Widget.render_lines = render_lines  # type: ignore[method-assign]


async def test_a_card_in_a_seat_renders_only_what_is_in_that_area(make_app: MakeApp) -> None:
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        with rendering() as rendered:
            session.send(Seen((PlayerCard(1, 0, Card.parse("2c")),)))
            await settle(pilot)
        seat = screen.query_one("#seat-1", SeatPanel)
        assert seat in rendered and "2♣" in seat.render().plain
        above = [screen.query_one(Header), screen.query_one("#rules-line")]
        assert not [widget for widget in above if widget in rendered]


SIX = tuple(SeatState(seat, f"P{seat}", 1000) for seat in range(6))
FIRST, SECOND = ("Th", "5c", "9d", "6c", "7h", "8s"), ("2c", "3d", "4h", "5s", "6d", "7c")
SIX_DEALT = (
    *(BetPlaced(seat, 10) for seat in range(6)),
    *(PlayerCard(seat, 0, Card.parse(card)) for seat, card in enumerate(FIRST)),
    DealerCard(Card.parse("9c")),
    *(PlayerCard(seat, 0, Card.parse(card)) for seat, card in enumerate(SECOND)),
    DealerCard(None, face_down=True),  # type: ignore[arg-type]  # as a session delivers it
    TurnStarted(0, 0),
)


async def test_a_turn_passing_renders_the_two_seats_and_the_message_only(
        make_app: MakeApp) -> None:
    """Seat 0 stands, seat 1 acts: at every other player's screen of a table of six."""
    session = ScriptedBlackjackSession([SeatsChanged(SIX), HandBegins(1, SIX), Seen(SIX_DEALT)],
                                       viewer_seats=(3,))
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        with rendering() as rendered:
            session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
            await settle(pilot)
        panels = {panel.id for panel in rendered if isinstance(panel, SeatPanel)}
        assert panels == {"seat-0", "seat-1"}  # the box around what changed: every seat, 0 to 5
        assert screen.query_one("#message") in rendered
        assert screen.query_one("#seat-1", SeatPanel).has_class("acting")
