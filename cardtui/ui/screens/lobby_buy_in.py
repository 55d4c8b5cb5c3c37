"""How many chips to bring to a shared table: a buy-in within the table's limits."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cardtui.room.protocol import TableInfo


def buy_in_problem(text: str, low: int, high: int) -> str | None:
    """Why ``text`` is not a buy-in from ``low`` to ``high``, or None.

    >>> buy_in_problem("1,000", 400, 1000) is None
    True
    >>> buy_in_problem("50", 400, 1000)
    'the buy-in is 400 to 1,000 chips'
    >>> buy_in_problem("lots", 400, 1000)
    'type a number of chips'
    """
    digits = text.replace(",", "").replace("_", "").strip()
    if not digits.isdecimal() or len(digits) > 15:
        return "type a number of chips"
    if not low <= int(digits) <= high:
        return f"the buy-in is {low:,} to {high:,} chips"
    return None


class BuyInDialog(ModalScreen[int | None]):
    """Enter takes a seat with the chips typed; Escape goes back to the lobby."""

    CSS_PATH = "lobby_buy_in.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, info: TableInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        info = self.info
        with Vertical(id="buy-in-box"):
            yield Static(f"Sit down at [b]{info.name}[/b] ({info.stakes})", id="buy-in-title")
            yield Static(f"Buy in for {info.buy_in_min:,} to {info.buy_in_max:,} chips:")
            yield Input(str(info.buy_in_max), id="buy-in", restrict=r"[0-9,_]*", max_length=18)
            yield Static("", id="buy-in-error")
            yield Static("Enter sits down · Escape cancels", id="buy-in-hint")

    def on_mount(self) -> None:
        field = self.query_one("#buy-in", Input)
        field.cursor_blink = not self.app.is_headless
        field.focus()

    @on(Input.Changed, "#buy-in")
    def _check(self, event: Input.Changed) -> None:
        self._show(buy_in_problem(event.value, self.info.buy_in_min, self.info.buy_in_max))

    @on(Input.Submitted, "#buy-in")
    def _submit(self, event: Input.Submitted) -> None:
        problem = buy_in_problem(event.value, self.info.buy_in_min, self.info.buy_in_max)
        self._show(problem)
        if problem is None:
            self.dismiss(int(event.value.replace(",", "").replace("_", "")))

    def _show(self, problem: str | None) -> None:
        error = self.query_one("#buy-in-error", Static)
        error.update(f"✗ {problem}" if problem else "")
        error.set_class(problem is not None, "error")

    def action_cancel(self) -> None:
        self.dismiss(None)
