"""The bet bar: the bet or raise amount, docked where the table's buttons are.

It takes the button row's place while it is open (``r``) and covers nothing
else: your cards, the board and the pot stay in sight while you size the
bet (a dialog over the middle of the table hid them at 80x24). The amount
line is a slider from the minimum to all-in; the presets (min, ½ pot, ¾ pot,
pot, all-in) are one key each, with their amounts; digits type an amount;
Enter bets it, Escape closes the bar. An amount outside the range gets a
line saying the minimum or the maximum. What each key does to the amount is
:class:`~cardtui.ui.holdem.bet_sizing.BetSizer` (plain Python).
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from cardtui.i18n import N_, _, chips
from cardtui.ui.holdem.bet_sizing import PRESETS, BetSizer

#: The presets' keys, to their names.
PRESET_KEYS = {key: name for key, name, _label, _ascii, _share in PRESETS}


class BetBar(Widget):
    """The amount of a bet or raise, chosen in place of the button row."""

    class Chosen(Message):
        """Enter on a legal amount: bet or raise to ``amount``."""

        def __init__(self, amount: int) -> None:
            super().__init__()
            self.amount = amount

    class Closed(Message):
        """Escape: no bet; the buttons come back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,up,plus,equals_sign", "step(1)", "+1 BB", key_display="→ +"),
        Binding("left,down,minus,underscore", "step(-1)", "−1 BB", key_display="← -"),
        Binding("pageup,shift+right,shift+up", "jump(1)", N_("More"), key_display="PgUp"),
        Binding("pagedown,shift+left,shift+down", "jump(-1)", N_("Less"), key_display="PgDn"),
        # The bar lists the presets with their amounts: the keys line leaves them out.
        *(Binding(key, f"preset('{name}')", name, show=False) for key, name in PRESET_KEYS.items()),
        Binding("backspace", "backspace", N_("Delete"), show=False),
        Binding("enter", "confirm", N_("Bet it")),
        Binding("escape", "close", N_("Close")),
    ]

    DEFAULT_CSS = """
    BetBar {
        height: auto;
        padding: 0 1;
        display: none;
    }
    BetBar.open {
        display: block;
    }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.sizer: BetSizer | None = None
        # Focusable only while open: the screen's first focus must not land on it hidden.
        self.can_focus = False

    @property
    def is_open(self) -> bool:
        return self.sizer is not None

    def open(self, sizer: BetSizer) -> None:
        """Show the bar for ``sizer``'s decision and take the keys."""
        self.sizer = sizer
        self.can_focus = True
        self.add_class("open")
        self.refresh(layout=True)
        self.focus()

    def close(self) -> None:
        """Hide the bar (the buttons come back) and give the keys back to the table."""
        if self.sizer is None:
            return
        self.sizer = None
        self.remove_class("open")
        if self.has_focus:
            self.screen.set_focus(None)
        self.can_focus = False

    # -- drawing -----------------------------------------------------------------------

    def render(self) -> RenderableType:
        sizer = self.sizer
        if sizer is None:
            return Text()
        width = max(self.content_size.width, 20)
        lines = [self._amount_line(sizer, width), self._presets_line(sizer, width)]
        if sizer.error:
            lines.append(Text(sizer.error, style="bold red"))
        return Text("\n").join(lines)

    def _amount_line(self, sizer: BetSizer, width: int) -> Text:
        """"Raise to [ 45 ]  20 ├──●────┤ 1,000": the amount, and where it sits in the range."""
        line = Text.assemble((f"{sizer.verb} ", "bold"),
                             (f" {sizer.text or ' '} ", "reverse bold"), "  ")
        low, high = f"{chips(sizer.low)} ", f" {chips(sizer.high)}"
        room = width - line.cell_len - cell_len(low) - cell_len(high) - 2
        if room < 5:
            return line
        filled = round(sizer.share() * (room - 1))
        if self.ascii:
            ends, done, rest, knob = ("[", "]"), "=", "-", "O"
        else:
            ends, done, rest, knob = ("├", "┤"), "━", "─", "●"
        line.append(low, style="dim")
        line.append(ends[0], style="dim")
        line.append(done * filled, style="bold")
        line.append(knob, style="bold")
        line.append(rest * (room - 1 - filled), style="dim")
        line.append(ends[1], style="dim")
        line.append(high, style="dim")
        return line

    def _presets_line(self, sizer: BetSizer, width: int) -> Text:
        """Each preset's key, name and amount; the one matching the amount stands out."""
        for short in (False, True):
            line = Text()
            for key, name, label, amount in sizer.presets():
                if self.ascii:
                    label = sizer.ascii_label(name)
                if short:
                    label = label.removesuffix(" pot")
                label = _(label)  # the presets' names are marked where PRESETS declares them
                chosen = sizer.text == str(amount)
                if line:
                    line.append("  ")
                line.append(key, style="bold reverse" if chosen else "bold")
                line.append(f" {label} {chips(amount)}", style="bold" if chosen else "")
            if line.cell_len <= width:
                break
        return line

    # -- keys --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        sizer = self.sizer
        if sizer is None:
            return
        if event.character is not None and event.character.isdigit():
            sizer.type(event.character)
        elif event.is_printable and event.character not in PRESET_KEYS and (
                event.key not in ("plus", "minus", "equals_sign", "underscore")):
            pass  # a table key while sizing the bet: typed by mistake, it does nothing
        else:
            return  # the bar's own keys (its bindings), or Tab, ctrl+p...
        event.stop()
        event.prevent_default()
        self.refresh(layout=True)

    def action_step(self, big_blinds: int) -> None:
        if self.sizer is not None:
            self.sizer.step(big_blinds)
            self.refresh(layout=True)

    def action_jump(self, direction: int) -> None:
        if self.sizer is not None:
            self.sizer.jump(direction)
            self.refresh(layout=True)

    def action_preset(self, name: str) -> None:
        if self.sizer is not None:
            self.sizer.preset(name)
            self.refresh(layout=True)

    def action_backspace(self) -> None:
        if self.sizer is not None:
            self.sizer.backspace()
            self.refresh(layout=True)

    def action_confirm(self) -> None:
        sizer = self.sizer
        if sizer is None:
            return
        amount = sizer.confirm()
        if amount is None:
            self.refresh(layout=True)  # the message line
            return
        self.post_message(self.Chosen(amount))

    def action_close(self) -> None:
        self.post_message(self.Closed())
