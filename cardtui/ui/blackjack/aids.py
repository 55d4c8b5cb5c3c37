"""The blackjack table's trainer aids, as answers: the hand to act, the up-card, the hint.

The chart (``c``) lights up the decision awaited now, the count panel (``k``)
shows what this viewer has seen, and the hint (``?``) follows the count while
the panel is on. The count is what this viewer has seen
(:class:`~cardtui.ui.blackjack_seen.ShoeTracker`, fed by the records the
session delivered, as they are shown), never the engine's shoe. With the
panel on, the hint plays the Illustrious 18 and Fab 4 index plays
(:mod:`cardtui.blackjack.count`), citing the index; the trainer's remark
stays with basic strategy. Plain Python: the presenter asks, the screen shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtui.blackjack import count
from cardtui.blackjack.count import SeenCards
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.view import RoundView
from cardtui.cards import Card
from cardtui.tables.blackjack_capabilities import Advises

#: Lines the count panel takes under the dealer when it is shown.
PANEL_LINES = 2


def hand_to_act(view: RoundView | None, moves: frozenset[Action]) -> Sequence[Card]:
    """The cards of the viewer's hand that may hit now (empty when none may)."""
    if view is None or view.turn is None or Action.HIT not in moves:
        return ()
    seat, hand = view.turn
    return view.seats[seat].hands[hand].cards


def up_card(view: RoundView | None) -> Card | None:
    """The dealer's up-card while her hole card is down."""
    return view.dealer[0] if view is not None and view.dealer and view.hole_hidden else None


def advice(advises: Advises | None, view: RoundView | None, moves: frozenset[Action],
           rules: Rules, seen: SeenCards | None, panel_shown: bool) -> Advice | None:
    """Basic strategy, or with the panel on (and the count known) the count's play.

    None at a table that gives no advice (a shared table: the room counts the
    trainer's mistakes itself).
    """
    if advises is None:
        return None
    if not panel_shown or seen is None:
        return advises.advice()
    up, hand = up_card(view), hand_to_act(view, moves)
    if Action.INSURE in moves:
        return count.insurance(rules, seen.true_count)
    if up is None or not hand:
        return advises.advice()
    return count.advice(hand, up, rules, seen.true_count,
                        can_double=Action.DOUBLE in moves, can_split=Action.SPLIT in moves,
                        can_surrender=Action.SURRENDER in moves)
