"""The blackjack table's seats: built in rows of four, each row's height shared out.

Part of :class:`~cardtui.ui.blackjack.screen.BlackjackScreen`, kept apart so
each file reads in one sitting. The seats fill the rows left after the fixed
lines (header, rules, dealer, message, counters, keys) at any terminal size,
and each seat's panel is told what to show of its player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.containers import Horizontal, Vertical

from cardtui.ui.blackjack.aids import PANEL_LINES
from cardtui.ui.widgets.blackjack_table import SeatInfo, SeatPanel

if TYPE_CHECKING:
    from cardtui.ui.blackjack.screen import BlackjackScreen

SEATS_PER_ROW = 4
#: Lines outside the seats: header, rules, dealer (5), message, counters, buttons, footer.
FIXED_LINES = 11
#: The house rules line wraps onto a second line rather than being cut at 80 columns.
RULES_LINES = 2


class SeatLayout:
    """How :class:`BlackjackScreen` lays its seats out and what each panel is told."""

    def on_resize(self: BlackjackScreen, event: events.Resize) -> None:
        self._set_budgets(event.size.width, event.size.height)
        self._sync()

    def _set_budgets(self: BlackjackScreen, width: int, height: int) -> None:
        """Share the rows left after the fixed lines among the rows of seats."""
        rows = -(-len(self.seats) // SEATS_PER_ROW) or 1
        # The house rules take a second line when they do not fit in one (never cut).
        wrapped = len(Text(self.rules.describe()).wrap(self.app.console, max(width, 1)))
        fixed = FIXED_LINES + (PANEL_LINES if self.panel_shown else 0)
        per_row = (height - fixed + 1 - min(wrapped, RULES_LINES)) // rows - 2
        for panel in self.query(SeatPanel):
            panel.budget = max(per_row, 1)  # less the panel's border above
        self._relayout = True

    async def _build_seats(self: BlackjackScreen) -> None:
        """Panels for the seats; one build at a time (two at once mounted both sets)."""
        async with self._building:
            seats = self.query_one("#seats", Vertical)
            self._panels = []
            await seats.remove_children()
            count = len(self.seats)
            panels = [SeatPanel(self._seat_info(index), ascii=self.app.settings.ascii_cards,
                                id=f"seat-{index}") for index in range(count)]
            # Each row is mounted with its panels in one go: mounting panels into a
            # row after an await raced the app closing (Enter on Quit and "b" in one
            # read: MountError, the row never mounted).
            await seats.mount_all(
                Horizontal(*panels[start:start + SEATS_PER_ROW], classes="seat-row")
                for start in range(0, count, SEATS_PER_ROW)
            )
            self._panels = panels
            self.set_class(count > 3, "many-seats")
            self._set_budgets(*(self.size if self.size.height else self.app.size))

    def _seat_info(self: BlackjackScreen, index: int) -> SeatInfo:
        seat = self.seats[index]
        humans = len(self.session.viewer_seats)
        if self.local is None:
            # This player's own bet as they choose it; the others' as the room has them.
            return SeatInfo(seat.name, seat.bot, seat.stack, self.bet if index == self.selected
                            else seat.bet, empty=seat.status == "empty",
                            status="" if seat.status in ("playing", "empty") else seat.status)
        table = self.local.table
        return SeatInfo(seat.name, seat.bot, seat.stack, table.seats[index].bet,
                        selected=index == self.selected and humans > 1,
                        sitting_out=table.stake(index) == 0, can_rebuy=table.can_rebuy(index))
