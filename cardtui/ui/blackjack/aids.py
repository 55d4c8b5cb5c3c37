"""The blackjack table's trainer aids: the strategy chart (``c``), the count panel
(``k``) and the hint (``?``), which follows the count while the panel is on.

Part of :class:`~cardtui.ui.blackjack.screen.BlackjackScreen`. The count is
what this viewer has seen (:class:`~cardtui.ui.blackjack_seen.ShoeTracker`,
fed by the records the session delivered, as they are shown), never the
engine's shoe. With the panel on, the hint plays the Illustrious 18 and
Fab 4 index plays (:mod:`cardtui.blackjack.count`), citing the index; the
trainer's remark stays with basic strategy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtui.blackjack import count
from cardtui.blackjack.records import Action
from cardtui.blackjack.strategy import Advice
from cardtui.cards import Card
from cardtui.ui.blackjack_seen import ShoeTracker
from cardtui.ui.blackjack import wording as words
from cardtui.ui.screens.strategy_chart import StrategyChartScreen, chart_cell
from cardtui.ui.widgets.blackjack_count import CountPanel

if TYPE_CHECKING:
    from cardtui.ui.blackjack.screen import BlackjackScreen

#: Lines the count panel takes under the dealer when it is shown.
PANEL_LINES = 2


class TrainerAids:
    """``c``, ``k`` and ``?`` for :class:`BlackjackScreen`."""

    def _tracker(self: BlackjackScreen) -> ShoeTracker:
        """The sitting's count (kept by the app across visits), or a new one."""
        kept = self.app.session.blackjack_seen
        if kept is not None and kept.owner is self.session:
            return kept
        local = self.local
        # A local table's shoe is known from its first card; a shared table's
        # shoe was in play before this viewer came: count from its next shuffle.
        tracker = ShoeTracker(self.rules.decks, fresh_shoe=local is not None and local.rounds == 0,
                              owner=self.session)
        if local is not None:
            self.app.session.blackjack_seen = tracker
        return tracker

    @property
    def panel_shown(self: BlackjackScreen) -> bool:
        return self.app.session.blackjack_count_panel

    def _hand_to_act(self: BlackjackScreen) -> Sequence[Card]:
        """The cards of the viewer's hand that may hit now (empty when none may)."""
        view = self.view
        if view is None or view.turn is None or Action.HIT not in self._moves():
            return ()
        seat, hand = view.turn
        return view.seats[seat].hands[hand].cards

    def _up_card(self: BlackjackScreen) -> Card | None:
        """The dealer's up-card while her hole card is down."""
        view = self.view
        return view.dealer[0] if view is not None and view.dealer and view.hole_hidden else None

    def _show_count(self: BlackjackScreen) -> None:
        panel = self.query_one("#count-panel", CountPanel)
        panel.display = self.panel_shown
        if self.panel_shown:
            panel.show(self.seen.cards, self._hand_to_act(), self._up_card(), self.rules,
                       ascii=self.app.settings.ascii_cards)

    def action_count_panel(self: BlackjackScreen) -> None:
        session = self.app.session
        session.blackjack_count_panel = not session.blackjack_count_panel
        self._set_budgets(*self.size)
        self._sync()

    def action_chart(self: BlackjackScreen) -> None:
        """The chart for these rules, the decision awaited now lit up (if any)."""
        up, hand = self._up_card(), self._hand_to_act()
        cell = chart_cell(hand, up, can_split=Action.SPLIT in self._moves()) if (
            up is not None and hand) else None
        self.app.push_screen(StrategyChartScreen(self.rules, highlight=cell,
                                                 ascii=self.app.settings.ascii_cards))

    def action_hint(self: BlackjackScreen) -> None:
        advice = self._advice()
        if advice is not None:
            self.note = self.hint_shown = words.hint(advice)
            self._sync()

    def _advice(self: BlackjackScreen) -> Advice | None:
        """Basic strategy, or with the panel on (and the count known) the count's play."""
        if self.local is None:
            return None
        seen = self.seen.cards
        if not self.panel_shown or seen is None:
            return self.local.advice()
        moves, up, hand = self._moves(), self._up_card(), self._hand_to_act()
        if Action.INSURE in moves:
            return count.insurance(self.rules, seen.true_count)
        if up is None or not hand:
            return self.local.advice()
        return count.advice(hand, up, self.rules, seen.true_count,
                            can_double=Action.DOUBLE in moves, can_split=Action.SPLIT in moves,
                            can_surrender=Action.SURRENDER in moves)
