"""The hold'em table's pace: how long each shown step lingers at "normal" animation speed."""

from __future__ import annotations

from cardtui.holdem.actions import BetsCollected, HandShown, PotAwarded
from cardtui.holdem.view import BoardCard, HoleCard, PotSlide

#: Seconds per step at "normal" speed: hole cards pitched briskly, the flop
#: card by card, a pause on each hand turned over and on each pot pushed.
HOLE_CARD_PAUSE = 0.12
BOARD_CARD_PAUSE = 0.4
COLLECT_PAUSE = 0.3
SHOW_PAUSE = 0.9
AWARD_PAUSE = 1.2
#: The pot slides into the winners' stacks in this many frames, taking this
#: share of the award pause; the rest is for reading the winning hand.
SLIDE_FRAMES = 8
SLIDE_SHARE = 0.5
#: A local bot "thinks" at least this long so a person can follow the action.
THINK_PAUSE = 0.7


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
