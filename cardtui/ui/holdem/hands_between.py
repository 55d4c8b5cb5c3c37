"""The hold'em table between hands and on the way out: deal, rebuys, the setup, the
history, chat, hot-seat covers, and leaving.

Part of :class:`~cardtui.ui.holdem.screen.HoldemScreen`. Every change goes
through the table session; the screen redraws from the events it sends back.
A local table deals, rebuys and takes a new setup; at a shared table the room
deals, ``m`` chats, and leaving stands up (the room plays the hand on).

The table's work lives and dies with the screen: every way off the table goes
through :meth:`BetweenHands.request_leave` (the app's navigation asks it
first): a hand in play is folded for the humans (checked when they can
check), played out and settled before the app moves on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text

from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Mode
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.pass_screen import PassScreen
from cardtui.ui.holdem.setup import saved_setup
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.ui.sitting import hand_view

if TYPE_CHECKING:
    from cardtui.ui.holdem.screen import HoldemScreen


class BetweenHands:
    """The actions of :class:`HoldemScreen` that are not moves in a hand."""

    # -- a local table ---------------------------------------------------------------

    def action_deal(self: HoldemScreen) -> None:
        dealer = self.caps.dealer
        if dealer is None or self.session.in_hand:
            return
        self.notes = []
        dealer.deal()

    def action_rebuy(self: HoldemScreen) -> None:
        if self.caps.rebuy is not None:
            self.notes = []
            self.caps.rebuy.rebuy()

    async def new_table(self: HoldemScreen, button: int | None = None,
                        setup: HoldemConfig | None = None) -> None:
        """Sit down at a fresh table (``setup``: the table's own; ``button`` fixes the first)."""
        dealer = self.caps.dealer
        assert dealer is not None, "a shared table's seats are the room's"
        dealer.new_table(setup or dealer.setup, button)
        # The last hand's cards, result and log were the old table's (a new table of as
        # many seats kept showing them, "Rex wins 10" under the new blinds).
        self.view = hand_view(self.seats)
        await self._build_seats()
        self._sync()

    def action_setup(self: HoldemScreen) -> None:
        from cardtui.ui.holdem.setup import HoldemSetupScreen

        self.app.push_screen(HoldemSetupScreen(), self._setup_closed)

    async def _setup_closed(self: HoldemScreen, saved: bool | None) -> None:
        if not saved or self.caps.dealer is None or self.session.in_hand:
            return
        setup = saved_setup(self.app.settings)
        await self.new_table(setup=setup)
        self.notes = [Text("New table: " + words.table_words(setup))]

    def _blinds_text(self: HoldemScreen) -> Text:
        """Between hands: the next hand's blinds (and a tournament's level)."""
        dealer, room = self.caps.dealer, self.caps.room
        if dealer is None:
            stakes = room.stakes if room is not None else ""
            return Text(f"Blinds {stakes}" if stakes else "", style="dim")
        table = dealer.table
        level = None
        if table.mode is Mode.TOURNAMENT:
            level = table.level_index_for(table.hand_number) + 1
        return words.blinds_text(table.blinds, level)

    def _between_prompt(self: HoldemScreen) -> Text:
        dealer, room = self.caps.dealer, self.caps.room
        if dealer is not None:
            table = dealer.table
            return words.deal_prompt(dealt=table.hand_number > 0, finished=table.is_finished)
        return words.shared_prompt(seated=bool(self.session.viewer_seats),
                                   sitting_out=self._sitting_out(),
                                   closing=room is not None and room.room_closing)

    def _sitting_out(self: HoldemScreen) -> bool:
        """This player's seat at a shared table sits out (the clock ran out twice)."""
        mine = self.session.viewer_seats
        return self.caps.sit_out is not None and any(
            s.seat in mine and s.status == "sitting out" for s in self.seats)

    # -- any table -------------------------------------------------------------------

    def action_history(self: HoldemScreen) -> None:
        self.app.push_screen(HoldemHistoryScreen(self.history))

    def action_chat(self: HoldemScreen) -> None:
        if self.caps.chat is not None:
            self.app.push_screen(ChatDialog(), self._say)

    def _say(self: HoldemScreen, line: str | None) -> None:
        chat = self.caps.chat
        if line is None or chat is None:
            return
        try:
            chat.chat(line)
        except ValueError as refused:
            self.notes = [Text(str(refused).capitalize() + ".", style="red")]

    # -- hot seat --------------------------------------------------------------------

    def _cover_for_next_player(self: HoldemScreen) -> None:
        """Hot seat: put the pass screen up for the player whose turn it is."""
        turn = self.turn
        if not self.hot_seat or turn is None or self.keyboard == turn.seat or not self._drawn():
            return
        if isinstance(self.app.screen, PassScreen):
            return  # still covered (the leave question came from the palette)
        self.app.push_screen(PassScreen(self.view.seats[turn.seat].name), self._passed_to)

    def _passed_to(self: HoldemScreen, ready: bool | None) -> None:
        if not ready:
            self.request_leave(self._go_back)
            return
        turn = self.turn
        keyboard = self.caps.keyboard
        if turn is None or keyboard is None:
            return
        self.keyboard = turn.seat
        keyboard.take_keyboard(turn.seat)  # that player's hole cards arrive now

    def _go_back(self: HoldemScreen) -> None:
        if self.app.screen is self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    # -- leaving ---------------------------------------------------------------------

    def request_leave(self: HoldemScreen, leave: Callable[[], object]) -> None:
        """The app asks before any way off the table (Escape, the palette, quitting).

        Between hands (or only watching) the table lets the player go at once.
        With a hand in play it asks; on yes every human's hand is folded
        (checked when they can check), the hand is played out and settled,
        and only then does the app move on. A second request while the
        question is open replaces the first one's way out.
        """
        if not self.session.in_hand or not self.session.viewer_seats:
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if not asking:
            question = "Leave the table? Your hand is folded (checked when you can check)."
            self.app.push_screen(ConfirmScreen(question, yes="Leave", no="Stay"),
                                 self._leave_answered)

    def _leave_answered(self: HoldemScreen, leave: bool | None) -> None:
        go, self._leave = self._leave, None
        if not leave or go is None:
            self._cover_for_next_player()
            return
        self._fold_out()
        go()

    def _fold_out(self: HoldemScreen) -> None:
        """The hand in play ends now (a shared table's room plays it on); what was not
        shown yet lands in the view undrawn."""
        self.turn = self.clock = self.keyboard = None
        self.session.fold_out()
        self.player.flush()

    def on_unmount(self: HoldemScreen) -> None:
        # Removed without being asked (no way out does that today): the hand
        # in play still ends and counts, as when the player agreed to leave.
        self._gone = True
        listens = self.caps.listens
        if listens is not None and not listens.listens(self._on_event):
            return  # a newer screen plays this table now: its hand and seat are its own
        self._fold_out()
        self.session.close()
