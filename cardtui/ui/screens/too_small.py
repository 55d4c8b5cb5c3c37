"""Shown over everything while the terminal is smaller than the table needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtui.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Nothing to do here but enlarge the terminal (or quit with Ctrl+Q)."""

    CSS_PATH = "too_small.tcss"

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.message = Static(_message(width, height), id="too-small")

    def compose(self) -> ComposeResult:
        yield self.message

    def show_size(self, width: int, height: int) -> None:
        self.message.update(_message(width, height))

    def on_screen_resume(self) -> None:
        # Back on top after a question asked over it: the terminal may have
        # grown meanwhile.
        width, height = self.app.size
        if too_small(width, height):
            self.show_size(width, height)
        else:
            self.dismiss()


def _message(width: int, height: int) -> str:
    return _("Please enlarge the terminal.\n\n"
             "cardtui needs at least {least}; this one is {size}.\n\n"
             "Ctrl+Q quits.").format(least=f"{MIN_WIDTH}x{MIN_HEIGHT}", size=f"{width}x{height}")
