"""The moves of a blackjack hand, each through the table session (and the trainer's remark),
and what the table asks for next.

Part of :class:`~cardtui.ui.blackjack.screen.BlackjackScreen`: the session
refuses an illegal move whatever the keys believed; a local table's trainer
compares the move with basic strategy, asked before the move is made.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from cardtui.blackjack.records import Action, TurnStarted
from cardtui.guest.blackjack import BetWindow
from cardtui.ui.record_player import on_screen
from cardtui.ui.blackjack import wording as words
from cardtui.ui.blackjack.wording import MOVES

if TYPE_CHECKING:
    from cardtui.ui.blackjack.screen import BlackjackScreen

#: Seconds a shared table's turn that came to this player waits for the room's
#: prompt before it is drawn without it (the prompt follows at once, unless lost).
PROMPT_GRACE = 0.2


class Moves:
    """Hit, stand, double, split, surrender, insure, no insurance; the prompt for them."""

    def _move(self: BlackjackScreen, action: Action) -> None:
        assert self.turn is not None
        seat, advice = self.turn.seat, self.local.advice() if self.local else None
        if self.note is self.hint_shown:
            self.note = None  # the hint was for this move (a trainer's remark stays)
        try:
            self.session.act(seat, action)
        except ValueError as refused:  # a shared table's turn ended meanwhile
            self.note = Text(str(refused).capitalize() + ".", style="red")
            self._sync()
            return
        if advice is not None and self.local and self.local.setup.trainer and (
                action is not advice.action):
            self.note = Text.assemble(
                ("Trainer: ", "bold yellow"),
                f"{self.seats[seat].name}, basic strategy would {advice.action.verb} "
                f"({advice.situation}).")
            self._sync()

    def action_hit(self: BlackjackScreen) -> None:
        self._move(MOVES['hit'])

    def action_stand(self: BlackjackScreen) -> None:
        self._move(MOVES['stand'])

    def action_double(self: BlackjackScreen) -> None:
        self._move(MOVES['double'])

    def action_split(self: BlackjackScreen) -> None:
        self._move(MOVES['split'])

    def action_surrender(self: BlackjackScreen) -> None:
        self._move(MOVES['surrender'])

    def action_insure(self: BlackjackScreen) -> None:
        self._move(MOVES['insure'])

    def action_no_insurance(self: BlackjackScreen) -> None:
        self._move(MOVES['no_insurance'])

    # -- what the table asks now -------------------------------------------------------

    def _hold_for_prompt(self: BlackjackScreen, records: Sequence[object]) -> None:
        """At a shared table, a turn coming to this player is drawn with its prompt.

        The room sends the records (the last player's stand, this turn) and then
        the prompt; when they arrive in two reads, the screen drew the first
        alone ("Ann to act." on Ann's own screen) and the prompt waited for the
        next frame (30 a second over SSH), up to 33 ms more on the handover.
        The redraw waits for the prompt instead, or ``PROMPT_GRACE`` at most.
        """
        turn = next((r for r in reversed(records) if isinstance(r, TurnStarted)), None)
        if self.local is None and turn is not None and turn.seat in self.session.viewer_seats:
            self._prompt_due = True
            # (The room's messages arrive in the link's own task, outside the app's
            # context, where a Textual timer cannot run: the loop's timer posts to the screen.)
            asyncio.get_running_loop().call_later(PROMPT_GRACE, self.call_later,
                                                  self._prompt_overdue)

    def _prompt_overdue(self: BlackjackScreen) -> None:
        if self._prompt_due:
            self._prompt_due = False
            self._sync()

    def _seconds_left(self: BlackjackScreen) -> int | None:
        """Whole seconds on the clock running now at a shared table (None: no clock)."""
        clock = self.turn if self.turn is not None else self.clock
        deadline = clock.deadline if clock is not None else None
        return None if deadline is None else max(0, round(deadline - time.monotonic()))

    def _tick(self: BlackjackScreen) -> None:
        """A running clock's second: only the message line shows it, so only it is redrawn.

        (Every second at every screen of a shared table: the whole redraw
        compared every seat and worked out the keys again for one digit.)
        """
        seconds = self._seconds_left()
        if seconds is None or seconds == self._ticked:
            return  # no clock, or its number is the one shown
        self._ticked = seconds
        if self._sync_pending or self._prompt_due:
            return  # a whole redraw is on its way
        if on_screen(self) and len(self._panels) == len(self.seats):
            self._put("#message", self._message())

    def _message(self: BlackjackScreen) -> Text:
        if self.animating:
            return Text("…  (any key skips)", style="dim")
        prompt = self._prompt()
        return Text.assemble(self.note, "  ", prompt) if self.note is not None else prompt

    def _prompt(self: BlackjackScreen) -> Text:
        moves = self._moves()
        seconds = self._seconds_left()
        # A shared table's clock: on expiry the room stands (or declines insurance)
        # for the seat, and the betting window deals without the late.
        left = "" if seconds is None else f" ({seconds} s)"
        if moves and self.turn is not None:
            return words.move_prompt(self.seats[self.turn.seat].name, self.view,
                                     self.turn.seat, moves) + left
        if self.local is not None:
            return words.between_rounds(self.local.table)
        if isinstance(self.turn.legal if self.turn else None, BetWindow):
            closing = "" if seconds is None else f" Bets close in {seconds} s."
            return Text(f"Your bet: {self.bet:,} (+/-), then d places it.{closing}")
        view = self.view
        seat = self.clock.seat if self.clock is not None else None
        if view is not None and view.turn is not None and view.settlement is None:
            seat = view.turn[0]
        if seat is not None:
            # A shared table: someone else decides (their hand, or insurance); say whose.
            named = next((s.name for s in self.seats if s.seat == seat), None)
            if named is not None:
                return Text(f"{named} to act.{left}", style="dim")
        return Text("")
