"""The blackjack table's seats: panels in rows of four, each row's height shared out.

The seats fill the rows left after the fixed lines (header, rules, dealer,
message, counters, keys) at any terminal size. :class:`SeatRows` holds the
panels; the screen tells it what each seat shows (the presenter's
:class:`~cardtui.ui.blackjack.seat_info.SeatHeader`) and how much room there is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from textual.containers import Horizontal, Vertical

from cardtui.blackjack.view import SeatView
from cardtui.ui.blackjack.aids import PANEL_LINES
from cardtui.ui.blackjack.seat_info import SeatHeader
from cardtui.ui.widgets.blackjack_table import SeatPanel

SEATS_PER_ROW = 4
#: Lines outside the seats: header, rules, dealer (5), message, counters, buttons, footer.
FIXED_LINES = 11
#: The house rules line wraps onto a second line rather than being cut at 80 columns.
RULES_LINES = 2


class SeatRows:
    """The ``#seats`` container and its panels, in seat order once built."""

    def __init__(self, *, ascii_cards: bool) -> None:
        self.container = Vertical(id="seats")
        self._ascii = ascii_cards
        #: The seats' panels, in seat order, once mounted (looked up on every redraw).
        self.panels: list[SeatPanel] = []
        #: One build of the seats at a time: a saved setup rebuilds them as its seats arrive.
        self._building = asyncio.Lock()
        #: Whether the seats' budgets changed since the last redraw.
        self.relayout = True

    def ready(self, seats: int) -> bool:
        """Whether a panel stands for each of ``seats`` seats (not while they are being built)."""
        return len(self.panels) == seats

    async def build(self, infos: Callable[[], Sequence[SeatHeader]]) -> None:
        """Panels for the seats ``infos`` gives once it is this build's turn; one build at
        a time (two at once mounted both sets)."""
        async with self._building:
            self.panels = []
            await self.container.remove_children()
            panels = [SeatPanel(info, ascii=self._ascii, id=f"seat-{index}")
                      for index, info in enumerate(infos())]
            # Each row is mounted with its panels in one go: mounting panels into a
            # row after an await raced the app closing (Enter on Quit and "b" in one
            # read: MountError, the row never mounted).
            await self.container.mount_all(
                Horizontal(*panels[start:start + SEATS_PER_ROW], classes="seat-row")
                for start in range(0, len(panels), SEATS_PER_ROW)
            )
            self.panels = panels

    def set_budgets(self, height: int, *, seats: int, rules_lines: int,
                    count_panel: bool) -> None:
        """Share the rows left after the fixed lines among the rows of seats.

        ``rules_lines``: the lines the house rules take at this width (a second
        one when they do not fit in one; never cut).
        """
        rows = -(-seats // SEATS_PER_ROW) or 1
        fixed = FIXED_LINES + (PANEL_LINES if count_panel else 0)
        per_row = (height - fixed + 1 - min(rules_lines, RULES_LINES)) // rows - 2
        for panel in self.container.query(SeatPanel):
            panel.budget = max(per_row, 1)  # less the panel's border above
        self.relayout = True

    def show(self, seats: Sequence[tuple[SeatHeader, SeatView | None, int | None]]) -> None:
        """Each seat's panel told what to show: (its info, its hands, the hand acting)."""
        changed, self.relayout = self.relayout, False
        for panel, (info, view, acting) in zip(self.panels, seats, strict=True):
            changed |= panel.show(info, view, acting)
        if changed:  # a row's panels share one height: the row is laid out again
            for row in self.container.query(".seat-row"):
                row.refresh(layout=True)
