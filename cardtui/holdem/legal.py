"""What the actor may do now, and what a seat knows when it must decide.

:class:`LegalActions` answers "what can the actor do now" (the UI's buttons,
a bot's options), copied from :meth:`~cardtui.holdem.hand.Hand.problem`, the
hand's one rule book; :class:`HandView` is one seat's view of the table when it
must act, the input of a bot's decision; :func:`refusal` says in a player's
words why a move is not in :class:`LegalActions` (a local table and a shared
one refuse alike).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtui.cards import Card
from cardtui.holdem.actions import Action, ActionKind, Street
from cardtui.i18n import _, chips


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the actor may do now; amounts are chips, "raise to" amounts are totals."""

    seat: int
    can_fold: bool
    can_check: bool
    #: Chips a call puts in (0 when checking is possible); capped by the stack.
    call_amount: int
    can_raise: bool
    #: Smallest and largest legal "bet/raise to" totals (0 when raising is closed).
    min_raise_to: int
    max_raise_to: int
    #: True when a raise would be the first bet of the street ("Bet" rather than "Raise").
    is_bet: bool
    #: Whether "all-in" is legal: a raise to ``max_raise_to``, or a call that
    #: takes the whole stack. Not when raising is closed and the call leaves
    #: chips behind (a short all-in did not reopen the betting).
    can_all_in: bool = False

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is legal now: the hand's own ``problem(action) is None``."""
        match action.kind:
            case ActionKind.FOLD:
                return self.can_fold
            case ActionKind.CHECK:
                return self.can_check
            case ActionKind.CALL:
                return self.call_amount > 0
            case ActionKind.RAISE_TO:
                return self.can_raise and self.min_raise_to <= action.amount <= self.max_raise_to
            case ActionKind.ALL_IN:
                return self.can_all_in
        return False


@dataclass(frozen=True, slots=True)
class HandView:
    """What one seat can see when it must act (what a bot decides from)."""

    seat: int
    hole: tuple[Card, Card]
    board: tuple[Card, ...]
    street: Street
    legal: LegalActions
    #: All chips in the middle: collected pots plus this street's bets.
    pot: int
    current_bet: int
    #: This seat's own bet this street.
    bet: int
    big_blind: int
    stack: int
    #: Opponents still in the hand (not folded).
    opponents: int
    #: Opponents still in the hand who can still bet (not all-in).
    active_opponents: int
    #: Players who act after this seat on this street (0 = last to act).
    players_behind: int
    #: How many bets/raises were made this street.
    raises: int


def refusal(legal: LegalActions, action: Action) -> str:
    """Why ``action`` is not legal now, in the words a player at the table would use.

    >>> legal = LegalActions(0, True, False, 10, True, 40, 500, False)
    >>> refusal(legal, Action.raise_to(30))
    'raise to 30 is below the minimum raise to 40'
    >>> refusal(legal, Action.check())
    'you cannot check: 10 to call'
    """
    match action.kind:
        case ActionKind.CHECK:
            return _("you cannot check: {amount} to call").format(
                amount=chips(legal.call_amount))
        case ActionKind.CALL:
            return _("there is nothing to call")
        case ActionKind.FOLD:
            return _("you cannot fold now")
        case ActionKind.ALL_IN:
            return _("going all-in is not possible now")
        case ActionKind.RAISE_TO if not legal.can_raise:
            return _("the betting is closed to raises")
        case ActionKind.RAISE_TO if action.amount < legal.min_raise_to:
            below = (_("bet to {amount} is below the minimum bet to {least}") if legal.is_bet
                     else _("raise to {amount} is below the minimum raise to {least}"))
            return below.format(amount=chips(action.amount), least=chips(legal.min_raise_to))
        case ActionKind.RAISE_TO:
            return _("you can raise to at most {amount}").format(amount=chips(legal.max_raise_to))
    return _("that move is not possible now")
