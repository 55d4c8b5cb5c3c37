"""Moves a seated player ticks ahead of their turn, as the room plays them.

The player's screen ticks an advance action (:mod:`cardtui.ui.holdem.advance`)
and tells the room (:class:`~cardtui.wire.protocol.PreAction`); at the seat's
turn the room plays it at once, without waiting on the player's game (a slow
line, a busy terminal). The rules are the screen's: "check" and "call N" hold
only while the price is what it was, "call any" calls whatever it costs, and
"fold to any bet" holds for the rest of the hand. A move that no longer applies
is dropped and the player is asked as usual.
"""

from __future__ import annotations

from typing import NamedTuple

from cardtui.holdem.actions import Action
from cardtui.holdem.legal import LegalActions

#: The moves the room plays ahead of a turn (the screen's :class:`Advance` values).
PRE_ACTIONS = frozenset({"check_fold", "check", "call", "call_any", "fold_any"})

#: What :class:`~cardtui.wire.protocol.SitOutNext` may ask ("": cancel).
SIT_OUT_WHEN = frozenset({"", "hand", "big_blind"})


class Planned(NamedTuple):
    """A move ticked for hand ``hand``; ``amount``: the price a "call" was ticked at."""

    hand: int
    kind: str
    amount: int


def pre_move(planned: Planned, legal: LegalActions) -> Action | None:
    """The move ``planned`` makes at the turn ``legal`` describes (None: it does not apply)."""
    match planned.kind:
        case "check_fold" | "fold_any":
            return Action.check() if legal.can_check else Action.fold()
        case "check":
            return Action.check() if legal.can_check else None
        case "call":
            return Action.call() if legal.call_amount == planned.amount > 0 else None
        case "call_any":
            return Action.call() if legal.call_amount > 0 else Action.check()
    return None
