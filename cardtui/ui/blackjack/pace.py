"""How long the blackjack table's reveal lingers after each step, at "normal" speed.

Cards land briskly; the dealer's reveal and draws come about 0.8 s apart (a
real dealer's pace is about one a second). The settings' animation speed
scales these (``Settings.delay``); "off" shows every step at once.
"""

from __future__ import annotations

from cardtui.blackjack.records import DealerCard, HoleCardRevealed, PlayerCard, Shuffled
from cardtui.blackjack.view import RoundView

#: Seconds between steps at "normal" speed.
DEAL_PAUSE = 0.3
DEALER_PAUSE = 0.8


def step_pause(step: object, view: RoundView | None) -> float:
    """The pause after ``step`` (a record, or new seating), before the speed is applied."""
    if isinstance(step, HoleCardRevealed | Shuffled):
        return DEALER_PAUSE
    if isinstance(step, DealerCard):
        # The first two dealer cards come with the deal; later ones are her draws.
        return DEAL_PAUSE if view is not None and len(view.dealer) <= 2 else DEALER_PAUSE
    return DEAL_PAUSE if isinstance(step, PlayerCard) else 0.0
