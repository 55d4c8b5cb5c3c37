"""Advance actions: a move chosen before your turn, played when the turn comes.

As in the online clients: while others act, the player may tick *check/fold*
(check if free, else fold), *check* (only while nothing is owed), *call N*
(only while the price stays N), *call any* (whatever it costs, or check) or
*fold to any bet* (for the rest of the hand: check when free, fold to a bet).
The first four are played once, at the player's next turn; a choice whose
condition no longer holds is cancelled as soon as the table changes (a bet
cancels "check", a raise cancels "call 10"; "call any" stays).

Plain functions and values, for :class:`~cardtui.ui.holdem.presenter.HoldemPresenter`
(tested without Textual in ``tests/ui/test_holdem_advance.py``).

>>> chosen = choose(None, Advance.CALL, owed=10)
>>> chosen, stands(chosen, owed=10), stands(chosen, owed=30)
(Chosen(kind=<Advance.CALL: 'call'>, amount=10), True, False)
>>> choose(chosen, Advance.CALL, owed=10) is None  # the same key again: unticked
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtui.holdem.actions import Action
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.view import TableView
from cardtui.i18n import _, chips


class Advance(Enum):
    """The moves a player may choose ahead of their turn."""

    CHECK_FOLD = "check_fold"
    CHECK = "check"
    CALL = "call"
    CALL_ANY = "call_any"
    FOLD_ANY = "fold_any"


#: The screen's action for each choice (``pre('check_fold')``...), and back.
ACTIONS = {kind: f"pre_{kind.value}" for kind in Advance}


@dataclass(frozen=True)
class Chosen:
    """A ticked advance action; ``amount``: the price a "call N" was chosen at."""

    kind: Advance
    amount: int = 0


def owed(view: TableView, seat: int) -> int:
    """Chips ``seat`` must put in to call now (capped by its stack), as the table shows it."""
    shown = view.seats[seat]
    return max(0, min(view.current_bet - shown.bet, shown.stack))


def may_choose(view: TableView, seat: int | None) -> bool:
    """Whether ``seat`` has a decision ahead in the hand shown (dealt in, not folded,
    not all-in, the hand not over, and someone left to bet against it or a bet to answer).

    A player covered by an all-in opponent (nobody else can bet) has nothing to
    decide once the price is paid: the board just runs out. Its advance keys did
    nothing there, and beside a run-it-twice question they ran the footer past 80
    columns (the palette's key went).
    """
    if seat is None or view.positions is None or view.over or seat >= len(view.seats):
        return False
    shown = view.seats[seat]
    if not (shown.in_hand and not shown.folded and not shown.all_in and shown.stack > 0):
        return False
    return owed(view, seat) > 0 or any(
        other.in_hand and not other.folded and not other.all_in and other.stack > 0
        for index, other in enumerate(view.seats) if index != seat)


def offered(owed_now: int) -> tuple[Advance, ...]:
    """The choices offered while ``owed_now`` chips are owed: "check" while nothing is,
    "call N" once something is (one key, ``c``, as at the player's turn)."""
    middle = Advance.CHECK if owed_now == 0 else Advance.CALL
    return (Advance.CHECK_FOLD, middle, Advance.CALL_ANY, Advance.FOLD_ANY)


def choose(current: Chosen | None, kind: Advance, *, owed: int) -> Chosen | None:
    """The choice after pressing ``kind``'s key: ticked, or unticked when it was ticked."""
    if current is not None and current.kind is kind:
        return None
    return Chosen(kind, owed if kind is Advance.CALL else 0)


def stands(chosen: Chosen, *, owed: int) -> bool:
    """Whether ``chosen`` still holds with ``owed`` chips to call: a bet cancels "check",
    a new price cancels "call N"; the others hold whatever happens."""
    match chosen.kind:
        case Advance.CHECK:
            return owed == 0
        case Advance.CALL:
            return owed == chosen.amount
    return True


def action_for(chosen: Chosen, legal: LegalActions) -> Action | None:
    """The move ``chosen`` makes at the turn ``legal`` describes (None: it does not apply)."""
    match chosen.kind:
        case Advance.CHECK_FOLD | Advance.FOLD_ANY:
            return Action.check() if legal.can_check else Action.fold()
        case Advance.CHECK:
            return Action.check() if legal.can_check else None
        case Advance.CALL:
            return Action.call() if legal.call_amount == chosen.amount > 0 else None
        case Advance.CALL_ANY:
            return Action.call() if legal.call_amount > 0 else Action.check()
    return None


def once(chosen: Chosen) -> bool:
    """Played once (at the next turn); "fold to any bet" holds for the rest of the hand."""
    return chosen.kind is not Advance.FOLD_ANY


def label(kind: Advance, owed_now: int) -> str:
    """The choice's words on the button row.

    >>> label(Advance.CHECK_FOLD, 0), label(Advance.CHECK_FOLD, 20), label(Advance.CALL, 1500)
    ('Check/fold', 'Fold', 'Call 1,500')
    """
    match kind:
        case Advance.CHECK_FOLD:
            return _("Check/fold") if owed_now == 0 else _("Fold")
        case Advance.CHECK:
            return _("Check")
        case Advance.CALL:
            return _("Call {amount}").format(amount=chips(owed_now))
        case Advance.CALL_ANY:
            return _("Call any")
    return _("Fold to any bet")
