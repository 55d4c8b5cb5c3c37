"""A row of buttons for the mouse, one per table action, showing only the legal ones."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

#: (button id, label, screen action) — each button runs the same action as its key.
ButtonSpec = tuple[str, str, str]

#: Cells a button takes besides its label: its padding and the margin after it.
BUTTON_EXTRA = 5


class ActionBar(Horizontal):
    def __init__(self, buttons: Sequence[ButtonSpec], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.buttons = tuple(buttons)

    def compose(self) -> ComposeResult:
        for button_id, label, action in self.buttons:
            button = Button(label, id=button_id, action=f"screen.{action}", compact=True)
            # For the mouse only: keys do the same, and a focused button would
            # take Enter for itself (on the hold'em table Enter deals).
            button.can_focus = False
            yield button

    #: Cells the buttons shown take, gaps included (see ``_fit``).
    _needed = 0

    def show_legal(self, is_legal: Callable[[str], object]) -> None:
        """Show exactly the buttons whose action ``is_legal`` allows now."""
        needed = 0
        for button_id, label, action in self.buttons:
            shown = bool(is_legal(action))
            self.query_one(f"#{button_id}", Button).display = shown
            needed += (cell_len(label) + BUTTON_EXTRA) if shown else 0
        self._needed = needed
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Close up the gaps between buttons when they would run off the edge.

        At 80 columns a blackjack pair with late surrender shows seven buttons;
        the last one was cut ("Hi" for "Hint ?").
        """
        width = self.content_size.width
        tight = bool(width) and self._needed > width
        if self.has_class("-tight") != tight:
            self.set_class(tight, "-tight")
