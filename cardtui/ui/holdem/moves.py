"""The moves of a hold'em hand, each through the table session, and which keys are live.

Part of :class:`~cardtui.ui.holdem.screen.HoldemScreen`. What is legal comes
from the session's :class:`~cardtui.tables.session.ToAct` (the engine's one
legality answer, :class:`~cardtui.holdem.legal.LegalActions`); the keys only
ask it, and the session refuses an illegal move whatever the keys believed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events

from cardtui.holdem.actions import Action, BlindKind, BlindPosted
from cardtui.holdem.legal import LegalActions
from cardtui.ui.holdem.raise_box import RaiseScreen
from cardtui.ui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from cardtui.ui.holdem.screen import HoldemScreen

#: One key shoves a whole stack: an all-in of more than this many big blinds
#: is asked about first (``Settings.confirm_all_in`` turns the question off).
ASK_ALL_IN_OVER_BIG_BLINDS = 10
MOVES = ("fold", "check", "call", "bet", "raise", "all_in")


class Moves:
    """Fold, check, call, bet, raise and all-in, and the legality of every key."""

    def check_action(self: HoldemScreen, action: str, parameters: tuple[object, ...]) -> (
            bool | None):
        if self.animating:
            return False
        if action in MOVES:
            return self._may(action)
        caps = self.caps
        between = caps.dealer is not None and not self.session.in_hand and self.thinking is None
        if action in ("deal", "setup"):
            return between
        if action == "rebuy":
            return between and caps.rebuy is not None and bool(caps.rebuy.busted_humans())
        if action == "history":
            # A local table's bots wait for the screen: its history opens between moves.
            return self.thinking is None or caps.room is not None
        if action == "chat":
            return caps.chat is not None
        return True

    def _legal(self: HoldemScreen) -> LegalActions | None:
        """What this screen's player may do now (None: not their decision, or not yet)."""
        turn = self.turn
        if turn is None or (self.hot_seat and self.keyboard != turn.seat):
            return None
        return turn.legal if isinstance(turn.legal, LegalActions) else None

    def _may(self: HoldemScreen, move: str) -> bool:
        legal = self._legal()
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

    def on_key(self: HoldemScreen, event: events.Key) -> None:
        # Any key skips the reveal (or a bot's pause) to its end, and does nothing else;
        # Escape still leaves (asking first when a hand is in play).
        if event.key == "escape":
            return
        if self.animating or (self.thinking is not None and self.caps.deals_here):
            self.player.skip()
            self.session.hurry()
            event.stop()
            event.prevent_default()
        elif self._sitting_out() and self.caps.sit_out is not None:
            self.caps.sit_out.come_back()
            self.notes = [Text("Welcome back: you play from the next hand.")]
            event.stop()
            event.prevent_default()

    def action_fold(self: HoldemScreen) -> None:
        self._human(Action.fold())

    def action_check(self: HoldemScreen) -> None:
        self._human(Action.check())

    def action_call(self: HoldemScreen) -> None:
        self._human(Action.call())

    def action_all_in(self: HoldemScreen) -> None:
        turn = self.turn
        if turn is None:
            return
        chips = self.view.seats[turn.seat].stack
        big_blinds = chips / self._big_blind()
        if not self.app.settings.confirm_all_in or big_blinds <= ASK_ALL_IN_OVER_BIG_BLINDS:
            self._human(Action.all_in())
            return
        name = self.view.seats[turn.seat].name
        size = f"{big_blinds:,.1f}".removesuffix(".0")
        question = f"{name}, go all-in with all your {chips:,} chips ({size} big blinds)?"
        self.app.push_screen(ConfirmScreen(question, yes="All-in", no="Back"),
                             self._all_in_answered)

    def _all_in_answered(self: HoldemScreen, shove: bool | None) -> None:
        if shove:
            self._human(Action.all_in())

    def action_bet(self: HoldemScreen) -> None:
        self._ask_amount()

    def action_raise(self: HoldemScreen) -> None:
        self._ask_amount()

    def _ask_amount(self: HoldemScreen) -> None:
        legal = self._legal()
        if legal is None or self.turn is None:
            return
        view = self.view
        screen = RaiseScreen(view.seats[self.turn.seat].name, legal, pot=view.pot_total,
                             current_bet=view.current_bet, big_blind=self._big_blind(),
                             ascii=self.ascii)
        self.app.push_screen(screen, self._amount_chosen)

    def _amount_chosen(self: HoldemScreen, amount: int | None) -> None:
        if amount is not None:
            self._human(Action.raise_to(amount))

    def _big_blind(self: HoldemScreen) -> int:
        """The hand's big blind: the engine's at a local table, else the one posted."""
        hand = self.hand
        if hand is not None:
            return hand.big_blind
        posted = [r.amount for r in self.records
                  if isinstance(r, BlindPosted) and r.kind is BlindKind.BIG]
        return max(posted, default=1)

    def _human(self: HoldemScreen, action: Action) -> None:
        turn = self.turn
        if turn is None:
            return
        self.turn = None
        self.keyboard = None
        self.notes = []
        if self.clock is not None and self.clock.seat == turn.seat:
            self.clock = None  # this player's own clock stops with the move
        try:
            self.session.act(turn.seat, action)
        except ValueError as refused:  # a shared table's turn ended meanwhile
            self.notes = [Text(str(refused).capitalize() + ".", style="red")]
