"""Sizing a bet or raise: the amount the bet bar shows and what each of its keys does to it.

Plain Python (tested without Textual in ``tests/ui/test_holdem_bet_bar.py``), for
:class:`~cardtui.ui.holdem.bet_bar.BetBar`. Amounts are "to" totals, as the
engine takes them; the legal range is the session's
:class:`~cardtui.holdem.legal.LegalActions`.

>>> legal = LegalActions(0, True, False, 10, True, 20, 1000, False)
>>> sizer = BetSizer(legal, pot=15, current_bet=10, big_blind=10)
>>> sizer.text, sizer.step(2), sizer.preset("pot"), sizer.preset("all_in")
('20', 40, 35, 1000)
>>> for key in "15":
...     sizer.type(key)
>>> sizer.confirm(), sizer.error
(None, 'The minimum raise is to 20.')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtui.holdem.legal import LegalActions
from cardtui.i18n import N_, _, chips

#: The presets: (key, name, label, its label in --ascii, share of the pot; None: min or max).
PRESETS: tuple[tuple[str, str, str, str, float | None], ...] = (
    ("m", "min", N_("min"), "min", None),
    ("h", "half", N_("½ pot"), "1/2 pot", 0.5),
    ("t", "three_quarters", N_("¾ pot"), "3/4 pot", 0.75),
    ("p", "pot", N_("pot"), "pot", 1.0),
    ("a", "all_in", N_("all-in"), "all-in", None),
)
#: PageUp/PageDown (or shift with an arrow) move this many big blinds at most...
BIG_STEP_BLINDS = 10
#: ...and no more than this share of the whole range, so a short stack still has steps.
BIG_STEP_SHARE = 0.2
#: Digits kept in a typed amount.
MAX_DIGITS = 9


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


@dataclass
class BetSizer:
    """The amount being chosen, as typed or stepped, and the message about it."""

    legal: LegalActions
    pot: int
    current_bet: int
    big_blind: int
    #: The amount as shown (typed digits, or the last step's or preset's amount).
    text: str = ""
    #: The next digit typed starts a new amount (after a preset, a step or an error).
    fresh: bool = True
    #: What is wrong with the amount Enter was pressed on ("" when nothing).
    error: str = ""
    _presets: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            self.text = str(self.low)
        low, high = self.low, self.high
        for _key, name, _label, _ascii, share in PRESETS:
            if share is not None:
                amount = preset_amount(share, self.legal, pot=self.pot,
                                       current_bet=self.current_bet)
            else:
                amount = low if name == "min" else high
            self._presets[name] = amount

    @property
    def low(self) -> int:
        return self.legal.min_raise_to

    @property
    def high(self) -> int:
        return self.legal.max_raise_to

    @property
    def verb(self) -> str:
        """What Enter does: "Bet" (the street's first bet) or "Raise to"."""
        return _("Bet") if self.legal.is_bet else _("Raise to")

    @property
    def amount(self) -> int | None:
        """The amount as typed (None: nothing typed)."""
        return int(self.text) if self.text else None

    def share(self) -> float:
        """Where the amount sits in the legal range, 0 (the minimum) to 1 (all-in)."""
        amount = self.amount if self.amount is not None else self.low
        if self.high <= self.low:
            return 1.0
        return min(1.0, max(0.0, (amount - self.low) / (self.high - self.low)))

    def presets(self) -> list[tuple[str, str, str, int]]:
        """Each preset as (key, name, label, amount): the amounts this spot gives them."""
        return [(key, name, label, self._presets[name])
                for key, name, label, _ascii, _share in PRESETS]

    def ascii_label(self, name: str) -> str:
        return next(ascii for _key, preset, _label, ascii, _share in PRESETS if preset == name)

    @property
    def big_step(self) -> int:
        """Chips a PageUp/PageDown moves: ten big blinds, less on a short range (whole BBs)."""
        share = int((self.high - self.low) * BIG_STEP_SHARE) // self.big_blind * self.big_blind
        return max(self.big_blind, min(BIG_STEP_BLINDS * self.big_blind, share))

    # -- the keys ---------------------------------------------------------------------

    def _set(self, amount: int) -> int:
        amount = min(max(amount, self.low), self.high)
        self.text, self.fresh, self.error = str(amount), True, ""
        return amount

    def step(self, big_blinds: int) -> int:
        """Left/right, -/+: a big blind down or up (kept inside the range)."""
        current = self.amount if self.amount is not None else self.low
        return self._set(current + big_blinds * self.big_blind)

    def jump(self, direction: int) -> int:
        """PageUp/PageDown, shift with an arrow: a :attr:`big_step` up or down."""
        current = self.amount if self.amount is not None else self.low
        return self._set(current + direction * self.big_step)

    def preset(self, name: str) -> int:
        return self._set(self._presets[name])

    def type(self, digit: str) -> None:
        """A digit typed: it starts a new amount after a preset or a step, else extends it."""
        self.text = (digit if self.fresh else self.text + digit)[:MAX_DIGITS]
        self.fresh, self.error = False, ""

    def backspace(self) -> None:
        self.text = "" if self.fresh else self.text[:-1]
        self.fresh, self.error = False, ""

    def confirm(self) -> int | None:
        """Enter: the amount when it is legal; else None, and :attr:`error` says why."""
        amount = self.amount
        low, high = chips(self.low), chips(self.high)
        if amount is None:
            self.error = _("Type an amount from {low} to {high}.").format(low=low, high=high)
        elif amount < self.low:
            self.error = (_("The minimum bet is {amount}.") if self.legal.is_bet
                          else _("The minimum raise is to {amount}.")).format(amount=low)
        elif amount > self.high:
            self.error = (_("The maximum bet is {amount}: all your chips.") if self.legal.is_bet
                          else _("The maximum raise is to {amount}: all your chips.")
                          ).format(amount=high)
        else:
            return amount
        self.fresh = True  # the next digit starts a new amount rather than extending this one
        return None
