"""The moves of a hold'em hand: which keys are live, and when ``a`` asks before shoving.

What is legal comes from the session's :class:`~cardtui.tables.session.ToAct`
(the engine's one legality answer, :class:`~cardtui.holdem.legal.LegalActions`);
the keys only ask it, and the session refuses an illegal move whatever the
keys believed. Plain functions, for :class:`~cardtui.ui.holdem.presenter.HoldemPresenter`.

>>> legal = LegalActions(seat=0, can_fold=True, can_check=False, call_amount=10,
...                      can_raise=True, min_raise_to=20, max_raise_to=990, is_bet=False,
...                      can_all_in=True)
>>> [move for move in MOVES if may(move, legal)]
['fold', 'call', 'raise', 'all_in']
>>> all_in_question("Ann", 990, 10, confirm=True)
'Ann, go all-in with all your 990 chips (99 big blinds)?'
>>> all_in_question("Ann", 90, 10, confirm=True) is None  # nine big blinds: at once
True
"""

from __future__ import annotations

from cardtui.holdem.actions import Action
from cardtui.holdem.legal import LegalActions
from cardtui.i18n import _, number

#: One key shoves a whole stack: an all-in of more than this many big blinds
#: is asked about first (``Settings.confirm_all_in`` turns the question off).
ASK_ALL_IN_OVER_BIG_BLINDS = 10
MOVES = ("fold", "check", "call", "bet", "raise", "all_in")


def may(move: str, legal: LegalActions | None) -> bool:
    """Whether ``move`` (one of :data:`MOVES`) is legal now (``legal`` None: not your turn)."""
    if legal is None:
        return False
    match move:
        case "fold":
            return legal.allows(Action.fold())
        case "check":
            return legal.allows(Action.check())
        case "call":
            return legal.allows(Action.call())
        case "bet":
            return legal.can_raise and legal.is_bet
        case "raise":
            return legal.can_raise and not legal.is_bet
        case "all_in":
            return legal.allows(Action.all_in())
    return False


def all_in_question(name: str, chips: int, big_blind: int, *, confirm: bool) -> str | None:
    """What ``a`` asks before shoving ``chips`` (None: it shoves at once)."""
    big_blinds = chips / big_blind
    if not confirm or big_blinds <= ASK_ALL_IN_OVER_BIG_BLINDS:
        return None
    size = f"{big_blinds:,.1f}".removesuffix(".0")
    return _("{name}, go all-in with all your {chips} chips ({size} big blinds)?").format(
        name=name, chips=number(chips), size=size)
