"""The blackjack table between rounds and on the way out: deal, bets, rebuys, forfeits.

Part of :class:`~cardtui.ui.blackjack.screen.BlackjackScreen`, kept apart so
each file reads in one sitting. Every change goes through the table session;
the screen redraws from the events it sends back. A local table deals, rebuys
and forfeits; a shared table's bet is placed with ``d`` while its
betting window is open, ``m`` chats, and leaving stands up (the room settles the round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from cardtui.guest.blackjack import BetWindow, BlackjackRemoteSession
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.table_chat import ChatDialog

if TYPE_CHECKING:
    from cardtui.ui.blackjack.screen import BlackjackScreen

#: Chips one press of + or − moves a shared table's bet.
BET_STEP = 10


class BetweenRounds:
    """The actions of :class:`BlackjackScreen` that are not moves in a round."""

    # -- leaving and forfeiting --------------------------------------------------------

    def request_leave(self: BlackjackScreen, leave: Callable[[], object]) -> None:
        """The app asks before any way out: a round in play is forfeited, with the player's yes.

        At a shared table the room stands for the player's hand and settles the
        round as it plays out: asked too, as hold'em asks before folding.
        """
        remote = isinstance(self.session, BlackjackRemoteSession)
        if not self._round_at_stake():
            if remote:
                self.session.leave()
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if asking:
            return
        question = ConfirmScreen(
            "Leave the table? The dealer stands for your hand and the round still counts.",
            yes="Stand and leave", no="Keep playing") if remote else ConfirmScreen(
            "Leave the table? The round in play is forfeited and counts as a loss.",
            yes="Forfeit and leave", no="Keep playing")
        self.app.push_screen(question, self._leave_answered)

    def _round_at_stake(self: BlackjackScreen) -> bool:
        """A round is in play with a bet of this player's in it."""
        if self.local is not None:
            return self.local.table.in_round
        session, view = self.session, self.view
        return (isinstance(session, BlackjackRemoteSession) and session.in_hand
                and view is not None and view.settlement is None
                and any(seat in view.seats for seat in session.viewer_seats))

    def _leave_answered(self: BlackjackScreen, forfeit: bool | None) -> None:
        leave, self._leave = self._leave, None
        if not forfeit or leave is None:
            return
        if self.local is not None and self.local.table.in_round:
            self.local.forfeit()
        elif isinstance(self.session, BlackjackRemoteSession):
            self.session.leave()  # the room plays the round on and settles it
        leave()

    def action_deal(self: BlackjackScreen) -> None:
        local = self.local
        if local is None:
            self._place_bet()
        elif local.table.in_round:
            self.app.push_screen(
                ConfirmScreen("Deal now? The round in play is forfeited and counts as a loss.",
                              yes="Forfeit", no="Keep playing"),
                self._forfeit_answered,
            )
        else:
            self.player.flush()
            local.deal()

    def _forfeit_answered(self: BlackjackScreen, forfeit: bool | None) -> None:
        local = self.local
        if not forfeit or local is None or not local.table.in_round:
            return
        local.forfeit()
        # A forfeit can leave nobody able to cover a bet: then the prompt says
        # what helps instead of dealing (issue 9, item 5).
        if local.table.can_deal:
            self.player.flush()
            local.deal()

    # -- bets --------------------------------------------------------------------------

    def _place_bet(self: BlackjackScreen) -> None:
        assert isinstance(self.session, BlackjackRemoteSession) and self.turn is not None
        try:
            self.session.bet(self.turn.seat, self.bet)
        except ValueError as refused:
            self.note = Text(str(refused), style="red")
        else:
            self.note = Text(f"Bet {self.bet:,} placed.")
        self._sync()

    def _change_bet(self: BlackjackScreen, steps: int) -> None:
        if self.local is not None:
            self.local.change_bet(self.selected, steps)
            self._betting()
            return
        window = self.turn.legal if self.turn is not None else None
        if isinstance(window, BetWindow):
            self.bet = max(window.min_bet, min(window.max_bet, self.bet + steps * BET_STEP))
            self._sync()

    def _betting(self: BlackjackScreen) -> None:
        """Bets for the next round are being placed: the felt is cleared of the last
        round, so every seat shows the bet the next deal will use (issue 9, item 20)."""
        self.player.flush()
        self.view = None
        self._sync()

    def action_bet_up(self: BlackjackScreen) -> None:
        self._change_bet(1)

    def action_bet_down(self: BlackjackScreen) -> None:
        self._change_bet(-1)

    def action_select_seat(self: BlackjackScreen, step: int) -> None:
        humans = sorted(self.session.viewer_seats)
        position = humans.index(self.selected) if self.selected in humans else 0
        self.selected = humans[(position + step) % len(humans)]
        self._betting()

    def action_rebuy(self: BlackjackScreen) -> None:
        assert self.local is not None
        self.note = None
        self.local.rebuy(self.selected)
        if self.note is None:  # (a house rebuy is told by the table: it is kept)
            seat = self.local.table.seats[self.selected]
            self.note = Text(f"{seat.name} buys back in: {seat.bankroll:,} chips.")
        self._betting()

    # -- a shared table's chat -------------------------------------------------------

    def action_chat(self: BlackjackScreen) -> None:
        """``m``: one line to the table (the room cleans and rate-limits it)."""
        if isinstance(self.session, BlackjackRemoteSession):
            self.app.push_screen(ChatDialog(self.said), self._say)

    def _say(self: BlackjackScreen, line: str | None) -> None:
        if line and isinstance(self.session, BlackjackRemoteSession):
            self.session.chat(line)

    # -- a new table -------------------------------------------------------------------

    def action_setup(self: BlackjackScreen) -> None:
        from cardtui.ui.blackjack.setup import BlackjackSetupScreen

        self.app.push_screen(BlackjackSetupScreen(), self._setup_closed)

    async def _setup_closed(self: BlackjackScreen, saved: bool | None) -> None:
        if not saved or self.local is None or self.local.table.in_round:
            return
        self.session.detach(self._on_event)
        self.session = self._sit_down(new_table=True)  # a saved setup seats everyone afresh
        self.seen = self._tracker()  # a new shoe
        self.view = None
        self._join()
        self.note = Text("New table: " + self.rules.describe())
        self.query_one("#rules-line", Static).update(self.rules.describe())
        await self._build_seats()
        self._sync()
