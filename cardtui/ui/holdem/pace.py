"""The hold'em table's pace: how long each shown step lingers, and how long a bot thinks,
at "normal" animation speed (the speed setting scales both).

A bot's pause fits its decision, as a person's would: a fold to the blinds
preflop is nearly instant, a check or a small call short, a big call, a
raise or a shove longer (:func:`bot_pause`). At ten seats on normal speed a
round of folds to the player took 0.7 s a bot (6.3 s); it takes 0.45 s now.
"""

from __future__ import annotations

from cardtui.holdem.actions import (
    Action,
    ActionKind,
    BetsCollected,
    HandShown,
    PotAwarded,
    Street,
)
from cardtui.holdem.hand import Hand
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.view import BoardCard, HoleCard, PotSlide

#: Seconds per step at "normal" speed: hole cards pitched briskly, the flop
#: card by card, a pause on each hand turned over and on each pot pushed.
HOLE_CARD_PAUSE = 0.08
BOARD_CARD_PAUSE = 0.4
COLLECT_PAUSE = 0.3
SHOW_PAUSE = 0.9
AWARD_PAUSE = 1.2
#: The pot slides into the winners' stacks in this many frames, taking this
#: share of the award pause; the rest is for reading the winning hand.
SLIDE_FRAMES = 8
SLIDE_SHARE = 0.5
#: A bot's fold preflop to no more than the big blind: nothing to weigh.
QUICK_FOLD = 0.05
#: A bot's pause before each kind of move, before the stakes add to it.
THINK_BASE = {ActionKind.FOLD: 0.25, ActionKind.CHECK: 0.25, ActionKind.CALL: 0.35,
              ActionKind.RAISE_TO: 0.6, ActionKind.ALL_IN: 0.8}
#: The big blind's check of its option preflop, or a check anyone could see coming.
QUICK_CHECK = 0.15
#: Seconds added by the stakes: at most this much for a stake of the whole pot or more...
POT_WEIGHT = 0.4
#: ...and this much for a decision that puts half the bot's stack or more at risk.
STACK_WEIGHT = 0.4


def pause_for(step: object) -> float:
    """How long the table lingers after ``step``, in seconds at normal speed."""
    match step:
        case HoleCard():
            return HOLE_CARD_PAUSE
        case BoardCard():
            return BOARD_CARD_PAUSE
        case BetsCollected():
            return COLLECT_PAUSE
        case HandShown():
            return SHOW_PAUSE
        case PotSlide():
            return AWARD_PAUSE * SLIDE_SHARE / SLIDE_FRAMES
        case PotAwarded():
            return AWARD_PAUSE
    return 0.0


def think_pause(legal: LegalActions, action: Action, *, pot: int, stack: int,
                big_blind: int, preflop: bool) -> float:
    """Seconds a bot lingers over ``action`` (at normal speed), from what the decision weighs.

    ``legal`` is what the bot could do; ``pot`` the chips in the middle, ``stack``
    its chips behind before the move.

    >>> facing_blind = LegalActions(3, True, False, 10, True, 20, 1000, False)
    >>> think_pause(facing_blind, Action.fold(), pot=15, stack=1000, big_blind=10, preflop=True)
    0.05
    >>> think_pause(facing_blind, Action.raise_to(30), pot=15, stack=1000, big_blind=10,
    ...             preflop=True)
    1.02
    >>> facing_shove = LegalActions(3, True, False, 900, False, 0, 0, False, True)
    >>> think_pause(facing_shove, Action.call(), pot=1200, stack=900, big_blind=10,
    ...             preflop=False)
    1.05
    """
    kind = action.kind
    if kind is ActionKind.FOLD and preflop and legal.call_amount <= big_blind:
        return QUICK_FOLD
    if kind is ActionKind.CHECK and preflop:
        return QUICK_CHECK
    match kind:
        case ActionKind.FOLD | ActionKind.CALL:
            stake = legal.call_amount
        case ActionKind.RAISE_TO:
            stake = action.amount
        case ActionKind.ALL_IN:
            stake = stack
        case _:
            stake = 0
    in_pot = min(1.0, stake / max(pot, big_blind))
    at_risk = min(1.0, 2 * stake / max(stack, 1))
    return round(THINK_BASE[kind] + POT_WEIGHT * in_pot + STACK_WEIGHT * at_risk, 2)


def bot_pause(hand: Hand, action: Action) -> float:
    """:func:`think_pause` for the bot to act in ``hand`` (before its move is applied)."""
    legal = hand.legal_actions()
    seat = hand.actor
    stack = hand.stacks[seat] if seat is not None else 0
    return think_pause(legal, action, pot=hand.pot_total, stack=stack,
                       big_blind=hand.big_blind, preflop=hand.street is Street.PREFLOP)
