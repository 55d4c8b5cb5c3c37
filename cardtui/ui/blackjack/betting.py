"""Quick bets at the blackjack table: a typed amount, presets and their checks (no Textual).

Digits typed between rounds open an entry in the message line ("Bet: 25_");
Enter sets it, Backspace erases, Escape cancels. An amount the table cannot
take is refused in that line, and the entry stays open to be corrected. The
presets set the bet in one key: the table minimum, double the bet, the most
the seat can bet. The presenter
(:class:`~cardtui.ui.blackjack.presenter.TablePresenter`) applies them to a
local table's seat or to the bet it places at a shared table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rich.text import Text

from cardtui.i18n import _, chips

#: Digits an amount may have (a billion chips and more is not a bet).
MAX_DIGITS = 9


class Preset(StrEnum):
    """A bet set in one key."""

    MIN = "min"
    DOUBLE = "double"
    MAX = "max"


def top_bet(max_bet: int, stack: int, min_bet: int) -> int:
    """The most a seat may bet: the table maximum, or its stack when that is less.

    >>> top_bet(500, 300, 10), top_bet(500, 2_000, 10), top_bet(500, 5, 10)
    (300, 500, 10)
    """
    return max(min_bet, min(max_bet, stack))


def preset_amount(preset: Preset, bet: int, *, min_bet: int, max_bet: int, stack: int) -> int:
    """The bet ``preset`` sets from ``bet`` (double: held to the most the seat may bet).

    >>> [preset_amount(p, 40, min_bet=10, max_bet=500, stack=1_000) for p in Preset]
    [10, 80, 500]
    >>> preset_amount(Preset.DOUBLE, 400, min_bet=10, max_bet=500, stack=1_000)
    500
    """
    top = top_bet(max_bet, stack, min_bet)
    if preset is Preset.MIN:
        return min_bet
    if preset is Preset.MAX:
        return top
    return max(min_bet, min(2 * bet, top))


def bet_problem(amount: int, *, min_bet: int, max_bet: int, stack: int) -> str | None:
    """Why ``amount`` cannot be the bet, in the words the entry shows (None: it can).

    >>> bet_problem(5, min_bet=10, max_bet=500, stack=1_000)
    'the table minimum is 10'
    >>> bet_problem(700, min_bet=10, max_bet=500, stack=1_000)
    'the table maximum is 500'
    >>> bet_problem(400, min_bet=10, max_bet=500, stack=300)
    'the stack is 300'
    """
    if amount < min_bet:
        return _("the table minimum is {amount}").format(amount=chips(min_bet))
    if amount > max_bet:
        return _("the table maximum is {amount}").format(amount=chips(max_bet))
    if amount > stack:
        return _("the stack is {amount}").format(amount=chips(stack))
    return None


@dataclass
class BetEntry:
    """An amount being typed, and why the last one was refused."""

    typed: str = ""
    error: str | None = None

    def type(self, digit: str) -> None:
        """One more digit (a leading zero is dropped; at most :data:`MAX_DIGITS`)."""
        if not (len(digit) == 1 and digit.isdigit()):
            raise ValueError(f"not a digit: {digit!r}")
        self.error = None
        if len(self.typed) < MAX_DIGITS and (self.typed or digit != "0"):
            self.typed += digit

    def erase(self) -> None:
        self.error = None
        self.typed = self.typed[:-1]

    @property
    def amount(self) -> int | None:
        return int(self.typed) if self.typed else None

    def line(self) -> Text:
        """The entry as the message line shows it.

        >>> entry = BetEntry("5", "the table minimum is 10")
        >>> entry.line().plain
        'Bet: 5_  Enter sets it, Backspace erases, Esc cancels.  Not 5: the table minimum is 10.'
        """
        text = Text.assemble((_("Bet:") + " ", "bold"),
                             (chips(int(self.typed)) if self.typed else "", "bold cyan"),
                             ("_", "bold cyan"),
                             "  " + _("Enter sets it, Backspace erases, Esc cancels."))
        if self.error is not None:
            refused = chips(int(self.typed)) if self.typed else _("nothing")
            text.append("  " + _("Not {amount}: {reason}.").format(
                amount=refused, reason=self.error), style="bold red")
        return text
