"""How many chips to bring to a shared table: a buy-in within the table's limits."""

from __future__ import annotations

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cardtui.i18n import N_, _, chips
from cardtui.ui.screens.lobby_rows import stakes_said
from cardtui.ui.screens.setup_form import FORM_CSS
from cardtui.ui.widgets.form_fields import mark
from cardtui.wire.protocol import TableInfo


def buy_in_problem(text: str, low: int, high: int, balance: int | None = None) -> str | None:
    """Why ``text`` is not a buy-in from ``low`` to ``high`` (and the kept ``balance``), or None.

    A balance below ``low`` is no problem: the house rebuys it (counted).

    >>> buy_in_problem("1,000", 400, 1000) is None
    True
    >>> buy_in_problem("50", 400, 1000)
    'the buy-in is 400 to 1,000 chips'
    >>> buy_in_problem("lots", 400, 1000)
    'type a number of chips'
    >>> buy_in_problem("900", 400, 1000, balance=600)
    'your balance has 600 chips'
    >>> buy_in_problem("900", 400, 1000, balance=100) is None
    True
    """
    digits = text.replace(",", "").replace("_", "").strip()
    if not digits.isdecimal() or len(digits) > 15:
        return _("type a number of chips")
    if not low <= int(digits) <= high:
        return _("the buy-in is {low} to {high} chips").format(low=chips(low), high=chips(high))
    if balance is not None and low <= balance < int(digits):
        return _("your balance has {amount} chips").format(amount=chips(balance))
    return None


def balance_line(balance: int, low: int) -> str:
    """What the dialog says about the kept chips the buy-in comes from.

    >>> balance_line(1_500, 400)
    'Your balance: 1,500 chips.'
    >>> balance_line(150, 400)
    'Your balance: 150 chips: the house rebuys it (counted).'
    """
    if balance < low:
        return _("Your balance: {amount} chips: the house rebuys it (counted).").format(
            amount=chips(balance))
    return _("Your balance: {amount} chips.").format(amount=chips(balance))


class BuyInDialog(ModalScreen[int | None]):
    """Enter takes a seat with the chips typed; Escape goes back to the lobby."""

    CSS_PATH = ["lobby_buy_in.tcss", FORM_CSS]
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, info: TableInfo, balance: int | None = None) -> None:
        super().__init__()
        self.info = info
        #: The profile's kept chips for this game (None: a guest's table-only chips).
        self.balance = balance

    def compose(self) -> ComposeResult:
        info, balance = self.info, self.balance
        offered = info.buy_in_max
        with Vertical(id="buy-in-box", classes="form"):
            yield Static(_("Sit down at {table} ({stakes})").format(
                table=f"[b]{escape(info.name)}[/b]", stakes=escape(stakes_said(info))),
                id="buy-in-title")
            if balance is not None:
                yield Static(balance_line(balance, info.buy_in_min), id="buy-in-balance")
                if balance >= info.buy_in_min:
                    offered = min(offered, balance)
            # What the player can really bring: the table's top, or their balance if less.
            top = info.buy_in_max
            if balance is not None and info.buy_in_min <= balance < top:
                top = balance
            yield Static(_("Buy in for {low} to {high} chips:").format(
                low=chips(info.buy_in_min), high=chips(top)))
            yield Input(str(offered), id="buy-in", restrict=r"[0-9,_]*", max_length=18)
            yield Static("", id="buy-in-error")
            yield Static(_("Enter sits down · Escape cancels"), id="buy-in-hint")

    def on_mount(self) -> None:
        field = self.query_one("#buy-in", Input)
        field.cursor_blink = not self.app.is_headless
        field.focus()

    @on(Input.Changed, "#buy-in")
    def _check(self, event: Input.Changed) -> None:
        self._show(buy_in_problem(event.value, self.info.buy_in_min, self.info.buy_in_max,
                                  self.balance))

    @on(Input.Submitted, "#buy-in")
    def _submit(self, event: Input.Submitted) -> None:
        problem = buy_in_problem(event.value, self.info.buy_in_min, self.info.buy_in_max,
                                 self.balance)
        self._show(problem)
        if problem is None:
            self.dismiss(int(event.value.replace(",", "").replace("_", "")))

    def _show(self, problem: str | None) -> None:
        error = self.query_one("#buy-in-error", Static)
        error.update(f"✗ {problem}" if problem else "")
        error.set_class(problem is not None, "error")
        mark(self.query_one("#buy-in", Input), problem)  # the reason is the line under it

    def action_cancel(self) -> None:
        self.dismiss(None)
