"""Which keys the blackjack table takes now: the footer and the buttons show exactly these.

Part of :class:`~cardtui.ui.blackjack.screen.BlackjackScreen`. A move is
legal when the session's :class:`~cardtui.tables.session.ToAct` offers it;
the rest (deal, bets, rebuys, hint, setup) ask the local table, or, at a
shared table, its betting window. While the reveal plays no key is legal:
any key skips it instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

from cardtui.blackjack.records import Action
from cardtui.guest.blackjack import BetWindow
from cardtui.ui.blackjack.wording import ACTIONS, MOVES

if TYPE_CHECKING:
    from cardtui.ui.blackjack.screen import BlackjackScreen

#: Keys for the table's trainer aids, legal whenever the reveal is not playing.
AIDS = ("chart", "count_panel")

#: The bet keys, as steps of the table's bet step: legal only while they move the bet.
BET_STEPS = {"bet_up": 1, "bet_down": -1}


class Legality:
    """``check_action`` for :class:`BlackjackScreen`, and any key skipping the reveal."""

    def check_action(self: BlackjackScreen, action: str,
                     parameters: tuple[object, ...]) -> bool | None:
        if self.animating:
            return False
        local = self.local
        betting = self.turn is not None and isinstance(self.turn.legal, BetWindow)
        if action in MOVES:
            return MOVES[action] in self._moves()
        if action in AIDS:
            return True
        if action == "chat":
            return local is None  # only a shared table has anyone to talk to
        steps = BET_STEPS.get(action)
        if local is None:
            if steps is not None:
                return betting and self._bet_moves(steps)
            return betting if action == "deal" else action not in ACTIONS
        table = local.table
        if action == "deal":
            return table.in_round or table.deal_problem() is None
        if steps is not None:
            return (not table.seats[self.selected].is_bot
                    and table.can_change_bet(self.selected, steps))
        if action == "select_seat":
            return not table.in_round and len(local.viewer_seats) > 1
        if action == "rebuy":
            return table.can_rebuy(self.selected)
        if action == "hint":
            return table.human_to_act
        if action == "setup":
            return not table.in_round
        return True

    def _bet_moves(self: BlackjackScreen, steps: int) -> bool:
        """At a shared table: whether the bet kept here can move that way in its window."""
        window = self.turn.legal if self.turn is not None else None
        if not isinstance(window, BetWindow):
            return False
        return self.bet < window.max_bet if steps > 0 else self.bet > window.min_bet

    def _moves(self: BlackjackScreen) -> frozenset[Action]:
        turn = self.turn
        return turn.legal if turn is not None and isinstance(turn.legal, frozenset) else (
            frozenset())

    def on_key(self: BlackjackScreen, event: events.Key) -> None:
        # Any key skips the reveal to its end (and does nothing else); Escape
        # still leaves (asking first if the round is in play).
        if self.animating and event.key != "escape":
            self.player.skip()
            event.stop()
            event.prevent_default()
