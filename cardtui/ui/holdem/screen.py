"""The Texas Hold'em table: seats round the board, the pots, the action log and the keys.

The screen talks only to a table session (:mod:`cardtui.tables.session`): a
local table (:class:`~cardtui.tables.holdem_local.HoldemLocalSession`, built
from the saved setup: the engine, its bots, hot seat) or a shared table in
the room (:class:`~cardtui.guest.holdem.HoldemRemoteSession`). Data
flows one way: a key -> ``session.act`` -> events -> every step (the records
of :class:`Seen`, a new hand, a turn, a clock, a note) is shown in order on a
:class:`~cardtui.holdem.view.TableView` by the shared
:class:`~cardtui.ui.record_player.RecordPlayer`, with pauses when animations
are on. The session decides who acts and what is legal (:class:`ToAct`);
:class:`Settled` rows go to the store unchanged the moment they arrive,
before the showdown has been shown. The screen runs no engine and no bot.

Who decides what: :mod:`.presenter` (plain Python) says what is shown, whose
turn it is, which keys are live and what each does to the session;
:mod:`.felt` draws it and shows each step; this screen holds the keys and
the dialogs they open (the amount, the all-in question, the setup, chat, the
history). What the table can do (deal, rebuy, chat...) is its session's
:class:`~cardtui.tables.holdem_capabilities.HoldemCapabilities`, asked once.
"""

from __future__ import annotations

import random

from rich.text import Text

from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.hand import Hand
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Table
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_capabilities import HoldemSession
from cardtui.tables.holdem_local import HoldemLocalSession, kept_in
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.felt import TableFelt
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.pace import bot_pause
from cardtui.ui.holdem.raise_box import RaiseScreen
from cardtui.ui.holdem.results import show_results
from cardtui.ui.holdem.setup import HoldemSetupScreen, saved_setup
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.table_chat import ChatDialog


class HoldemScreen(TableFelt):
    """The table a player plays at: its keys (the felt's BINDINGS) act through the presenter."""

    def __init__(self, session: HoldemSession | None = None) -> None:
        super().__init__(session if session is not None else self._sit_down())

    def _sit_down(self, setup: HoldemConfig | None = None) -> HoldemLocalSession:
        settings = self.app.settings
        session = HoldemLocalSession(
            setup or saved_setup(settings), random.Random(self.app.rng.getrandbits(64)),
            think=lambda hand, move: settings.delay(bot_pause(hand, move)))
        session.placed = lambda name, place, entrants: self.app.store.record_tournament(
            name, place, entrants, session_id=self.app.session_id)
        session.shown = self._shown
        # A tournament left (or killed) between hands resumes; its results go on top.
        session.keep_tournament(kept_in(self.app.store, settings.player_name))
        session.finished = lambda results: show_results(self, results, ascii=self.ascii)
        session.keep_chips(TableBankroll(self.app.store, Game.HOLDEM, settings.player_name,
                                         self.app.session_id))
        return session

    async def _shown(self) -> None:
        if self._drawn():
            await self.player.idle()

    @property
    def table(self) -> Table:
        dealer = self.caps.dealer
        assert dealer is not None, "a shared table has no engine here"
        return dealer.table

    @property
    def hand(self) -> Hand | None:
        """A local table's hand in the engine (ahead of what is shown); None elsewhere."""
        return self.presenter.hand

    # -- which keys are live -------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.presenter.allows(action, animating=self.animating)

    # -- the moves of a hand -------------------------------------------------------------

    def action_fold(self) -> None:
        self.presenter.move(Action.fold())

    def action_check(self) -> None:
        self.presenter.move(Action.check())

    def action_call(self) -> None:
        self.presenter.move(Action.call())

    def action_all_in(self) -> None:
        question = self.presenter.all_in_question(confirm=self.app.settings.confirm_all_in)
        if question is None:
            self.presenter.move(Action.all_in())
            return
        self.app.push_screen(ConfirmScreen(question, yes="All-in", no="Back"),
                             self._all_in_answered)

    def _all_in_answered(self, shove: bool | None) -> None:
        if shove:
            self.presenter.move(Action.all_in())

    def action_bet(self) -> None:
        self._ask_amount()

    def action_raise(self) -> None:
        self._ask_amount()

    def _ask_amount(self) -> None:
        presenter = self.presenter
        legal, turn = presenter.legal(), presenter.turn
        if legal is None or turn is None:
            return
        view = presenter.view
        screen = RaiseScreen(view.seats[turn.seat].name, legal, pot=view.pot_total,
                             current_bet=view.current_bet, big_blind=presenter.big_blind(),
                             ascii=self.ascii)
        self.app.push_screen(screen, self._amount_chosen)

    def _amount_chosen(self, amount: int | None) -> None:
        if amount is not None:
            self.presenter.move(Action.raise_to(amount))

    # -- between hands -------------------------------------------------------------------

    def action_deal(self) -> None:
        self.presenter.deal()

    def action_rebuy(self) -> None:
        self.presenter.rebuy()

    async def new_table(self, button: int | None = None,
                        setup: HoldemConfig | None = None) -> None:
        """Sit down at a fresh table (``setup``: the table's own; ``button`` fixes the first)."""
        self.presenter.new_table(setup, button)
        await self._build_seats()
        self._sync()

    def action_setup(self) -> None:
        self.app.push_screen(HoldemSetupScreen(), self._setup_closed)

    async def _setup_closed(self, saved: bool | None) -> None:
        if not saved or not self.presenter.takes_setup():
            return
        setup = saved_setup(self.app.settings)
        await self.new_table(setup=setup)
        self.presenter.notes = [Text("New table: " + words.table_words(setup))]

    def action_history(self) -> None:
        self.app.push_screen(HoldemHistoryScreen(self.history))

    def action_chat(self) -> None:
        if self.caps.chat is not None:
            self.app.push_screen(ChatDialog(), self._say)

    def _say(self, line: str | None) -> None:
        if line is not None:
            self.presenter.say(line)
