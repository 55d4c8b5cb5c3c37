"""What a blackjack seat's panel is told besides its hands, and how chips are signed.

Plain data, apart from the widget (:mod:`cardtui.ui.widgets.blackjack_table`)
so the table's presenter makes it without loading Textual.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatHeader:
    """What the panel shows about a seat besides its hands."""

    name: str
    bot: bool
    bankroll: int
    bet: int  # the bet for the next round
    selected: bool = False  # the seat +/- will change
    sitting_out: bool = False  # its bankroll does not cover its bet
    can_rebuy: bool = False  # below the table minimum: it may buy back in
    empty: bool = False  # a shared table's free seat: nobody sits there
    #: A shared table's word for a seat the room plays for: "away", "sitting
    #: out", "waiting" ("" at a local table, where sitting out means short of chips).
    status: str = ""


def signed(amount: int) -> str:
    """``+15``, ``−10`` (a real minus sign), ``0``.

    >>> signed(15), signed(-10), signed(0)
    ('+15', '−10', '0')
    """
    if amount > 0:
        return f"+{amount}"
    if amount < 0:
        return f"−{-amount}"
    return "0"

