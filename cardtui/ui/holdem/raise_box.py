"""The bet / raise amount entry: arrows or +/- step one big blind, presets, typed digits.

Enter confirms an amount inside the legal range (dismissing with it);
anything outside gets an inline message with the range. Escape cancels
(dismissing with ``None``). Amounts are "to" totals, as the engine takes them.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from cardtui.holdem.legal import LegalActions

#: Preset sizes as shares of the pot after calling (the usual "pot-sized raise").
PRESETS = {"half": (0.5, "½ pot"), "three_quarters": (0.75, "¾ pot"), "pot": (1.0, "pot")}
#: The presets' names where ``--ascii`` has no ½ or ¾ (it showed "? pot").
ASCII_LABELS = {"½ pot": "1/2 pot", "¾ pot": "3/4 pot"}


def preset_amount(fraction: float, legal: LegalActions, *, pot: int, current_bet: int) -> int:
    """The "raise to" total for a bet of ``fraction`` of the pot, kept inside the legal range.

    A pot-sized raise first calls, then raises by the pot after the call.

    >>> legal = LegalActions(0, True, False, 10, True, 20, 990, False)
    >>> preset_amount(1.0, legal, pot=15, current_bet=10)  # blinds 5/10 in, 10 to call
    35
    >>> preset_amount(0.5, legal, pot=15, current_bet=10)
    22
    >>> preset_amount(0.5, legal, pot=5, current_bet=10)  # below the minimum raise to 20
    20
    """
    wanted = current_bet + round(fraction * (pot + legal.call_amount))
    return min(max(wanted, legal.min_raise_to), legal.max_raise_to)


class RaiseScreen(ModalScreen[int | None]):
    CSS_PATH = "raise_box.tcss"
    BINDINGS = [
        Binding("up,right,plus,equals_sign", "step(1)", "+1 BB", key_display="↑ +"),
        Binding("down,left,minus,underscore", "step(-1)", "−1 BB", key_display="↓ -"),
        # The box lists the presets with their amounts: the keys line leaves them out.
        Binding("h", "preset('half')", "½ pot", show=False),
        Binding("t", "preset('three_quarters')", "¾ pot", show=False),
        Binding("p", "preset('pot')", "Pot", show=False),
        Binding("m", "maximum", "All-in", show=False),
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, name: str, legal: LegalActions, *, pot: int, current_bet: int,
                 big_blind: int, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self.player = name
        self.legal = legal
        self.pot = pot
        self.current_bet = current_bet
        self.big_blind = big_blind
        self.text = str(legal.min_raise_to)
        #: The next digit typed starts a new amount (after a preset or a step).
        self.fresh = True
        self.error = ""

    @property
    def verb(self) -> str:
        return "Bet" if self.legal.is_bet else "Raise to"

    def compose(self) -> ComposeResult:
        with Vertical(id="raise-box"):
            yield Static("", id="raise-amount")
            yield Static(self._range_text(), id="raise-range")
            yield Static(self._presets_text(), id="raise-presets")
            yield Static("", id="raise-error")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#raise-box")
        box.border_title = f"{escape(self.player)}: {self.verb.lower()}"  # a title is markup
        box.border_subtitle = "Enter confirms · Esc cancels"
        self._show()

    def _range_text(self) -> str:
        low, high = self.legal.min_raise_to, self.legal.max_raise_to
        return f"Legal: {low:,} to {high:,} ({high:,} is all-in)"

    def _presets_text(self) -> Text:
        text = Text()
        for key, (fraction, label) in zip("htp", PRESETS.values(), strict=True):
            amount = preset_amount(fraction, self.legal, pot=self.pot,
                                   current_bet=self.current_bet)
            text.append(f"{key}", style="bold")
            label = ASCII_LABELS.get(label, label) if self.ascii else label
            text.append(f" {label} {amount:,}   ")
        text.append("m", style="bold")
        text.append(f" all-in {self.legal.max_raise_to:,}")
        return text

    def _show(self) -> None:
        amount = Text.assemble((f"{self.verb} ", "bold"), (self.text or " ", "reverse"))
        self.query_one("#raise-amount", Static).update(amount)
        error = self.query_one("#raise-error", Static)
        error.update(self.error)
        error.set_class(bool(self.error), "shown")

    def _set(self, amount: int) -> None:
        self.text = str(amount)
        self.fresh = True
        self.error = ""
        self._show()

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            self.text = (event.character if self.fresh else self.text + event.character)[:9]
            self.fresh = False
        elif event.key == "backspace":
            self.text = "" if self.fresh else self.text[:-1]
            self.fresh = False
        else:
            return
        event.stop()
        event.prevent_default()
        self.error = ""
        self._show()

    def action_step(self, direction: int) -> None:
        current = int(self.text) if self.text else self.legal.min_raise_to
        amount = current + direction * self.big_blind
        self._set(min(max(amount, self.legal.min_raise_to), self.legal.max_raise_to))

    def action_preset(self, name: str) -> None:
        fraction, _ = PRESETS[name]
        self._set(preset_amount(fraction, self.legal, pot=self.pot, current_bet=self.current_bet))

    def action_maximum(self) -> None:
        self._set(self.legal.max_raise_to)

    def action_confirm(self) -> None:
        low, high = self.legal.min_raise_to, self.legal.max_raise_to
        amount = int(self.text) if self.text else 0
        if not low <= amount <= high:
            self.error = (
                f"{self.verb} {amount:,} is not allowed: enter an amount from {low:,} to {high:,}."
            )
            # The next digit starts a new amount rather than extending the wrong one.
            self.fresh = True
            self._show()
            return
        self.dismiss(amount)

    def action_cancel(self) -> None:
        self.dismiss(None)
