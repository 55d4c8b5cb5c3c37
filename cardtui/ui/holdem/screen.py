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
from collections.abc import Iterable
from functools import partial

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.worker import Worker

from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.hand import Hand
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Table
from cardtui.i18n import N_, _
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_capabilities import HoldemSession
from cardtui.tables.holdem_local import HoldemLocalSession, kept_in
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.advance import ACTIONS as AHEAD
from cardtui.ui.holdem.advance import Advance
from cardtui.ui.holdem.bet_bar import BetBar
from cardtui.ui.holdem.bet_sizing import BetSizer
from cardtui.ui.holdem.felt import TABLE_BINDINGS, TableFelt
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.pace import bot_pause
from cardtui.ui.holdem.presenter import HoldemPresenter
from cardtui.ui.holdem.results import show_results
from cardtui.ui.holdem.setup import HoldemSetupScreen, saved_setup
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.ui.widgets.action_bar import ActionBar, ButtonSpec

#: Advance actions: the same keys as the moves (f, c), and shifted for the sticky ones,
#: live while it is not this player's turn (the moves are live at it). Kept off the
#: footer: their buttons name each key ("Call any C"), and at a shared table at 80
#: columns the four ran the footer past its edge beside History, Chat and the sit-out
#: keys ("F Fold to any b", no palette key).
AHEAD_BINDINGS: list[BindingType] = [
    Binding("f", AHEAD[Advance.CHECK_FOLD], N_("Check/fold"), show=False),
    Binding("c", AHEAD[Advance.CHECK], N_("Check"), show=False),
    Binding("c", AHEAD[Advance.CALL], N_("Call"), show=False),
    Binding("C", AHEAD[Advance.CALL_ANY], N_("Call any"), show=False),
    Binding("F", AHEAD[Advance.FOLD_ANY], N_("Fold to any bet"), show=False),
    # A table in the room only (the presenter turns them off elsewhere, so no footer).
    Binding("s", "sit_out_next('hand')", N_("Sit out")),
    Binding("S", "sit_out_next('big_blind')", N_("Sit out BB")),
]
#: Their buttons, first on the row while shown; labels from the presenter (amount, tick).
AHEAD_BUTTONS: tuple[ButtonSpec, ...] = tuple(
    (f"btn-{action.replace('_', '-')}", action, action) for action in AHEAD.values())
AHEAD_KEYS = {Advance.CHECK_FOLD: "f", Advance.CHECK: "c", Advance.CALL: "c",
              Advance.CALL_ANY: "C", Advance.FOLD_ANY: "F"}


#: A room's home-game questions (run it twice? show the hand that won?), live while asked;
#: first, so the footer shows them before the rest.
HOME_BINDINGS: list[BindingType] = [
    Binding("2", "run_twice", N_("Run twice")),
    Binding("1", "run_once", N_("Run once")),
    Binding("w", "show_hand", N_("Show hand")),
    # Kept off the footer: at 80 columns it is full between hands; the house rules a
    # player reads on sitting down name the key.
    Binding("x", "straddle", N_("Straddle"), show=False),
]


class HoldemScreen(TableFelt):
    """The table a player plays at: its keys (the felt's BINDINGS) act through the presenter."""

    BINDINGS = [*HOME_BINDINGS, *TABLE_BINDINGS, *AHEAD_BINDINGS]
    #: Kept from compose: ``check_action`` asks after it for every key on every refresh,
    #: and a query of the screen's tree there was a quarter of a hand's CPU.
    _bet_bar: BetBar | None = None

    def __init__(self, session: HoldemSession | None = None) -> None:
        super().__init__(session if session is not None else self._sit_down())

    def present(self) -> HoldemPresenter:
        # An advance action's move is played once the step that brought the turn is done.
        return HoldemPresenter(self.session, self.caps, changed=self._changed,
                               later=lambda call: self.call_later(call))

    def compose(self) -> ComposeResult:
        # The bet bar docks where the buttons are (it takes their row while open).
        widgets: Iterable[Widget] = super().compose()
        for widget in widgets:
            yield widget
            if isinstance(widget, ActionBar):
                widget.add(AHEAD_BUTTONS, first=True)
                widget.relabel = self._ahead_label
                self._bet_bar = BetBar(ascii=self.ascii, id="bet-bar")
                yield self._bet_bar

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
        session.finished = lambda results: show_results(self, results, self.action_deal,
                                                         ascii=self.ascii)
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
        if self._bet_bar_open():
            return False  # the bar has the keys until Enter or Escape
        return self.presenter.allows(action, animating=self.animating)

    def _bet_bar_open(self) -> bool:
        return self._bet_bar is not None and self._bet_bar.is_open

    def _sync(self) -> None:
        super()._sync()
        if not self._drawn():
            return
        if self._bet_bar_open() and self.presenter.legal() is None:
            self._close_bet_bar()  # the turn ended meanwhile (a shared table's clock)

    # -- a key pressed as a reveal ends does what it says --------------------------------

    def on_key(self, event: events.Key) -> None:
        # The felt's own handler (after this one) skips the reveal or a bot's pause; the
        # key then does what it says once what was being shown has landed: "f" folds if
        # the turn came, or ticks check/fold ahead of it (it only skipped, before).
        skipping = self.animating or (self.thinking is not None and self.caps.deals_here)
        if event.key == "escape" or not skipping:
            return
        actions = [binding.action for binding in self._bindings.key_to_bindings.get(event.key, [])]
        if actions:
            # (A callable, not a coroutine: one replaced before it ran is never un-awaited.)
            _: Worker[None] = self.run_worker(partial(self._after_skip, actions),
                                              group="after-skip", exclusive=True)

    async def _after_skip(self, actions: list[str]) -> None:
        await self.player.idle()
        for action in actions:
            if self.check_action(action, ()):
                await self.run_action(action)
                return

    # -- advance actions -----------------------------------------------------------------

    def _ahead_label(self, button_id: str) -> str | None:
        """An advance action's button: its words now (the price to call), ticked or not."""
        action = next((a for b, _, a in AHEAD_BUTTONS if b == button_id), None)
        if action is None:
            return None
        kind = next(k for k, a in AHEAD.items() if a == action)
        words_now = self.presenter.advance_offered().get(action, "")
        chosen = self.presenter.advance
        ticked = chosen is not None and chosen.kind is kind
        mark = ("[x] " if self.ascii else "✓ ") if ticked else ""
        return f"{mark}{words_now} {AHEAD_KEYS[kind]}"

    def action_sit_out_next(self, when: str) -> None:
        self.presenter.plan_sit_out(when)

    def action_straddle(self) -> None:
        self.presenter.toggle_straddle()

    def action_run_twice(self) -> None:
        self.presenter.answer_home("run_twice")
        self.refresh_bindings()

    def action_run_once(self) -> None:
        self.presenter.answer_home("run_once")
        self.refresh_bindings()

    def action_show_hand(self) -> None:
        self.presenter.answer_home("show_hand")
        self.refresh_bindings()

    def action_pre_check_fold(self) -> None:
        self.presenter.preselect(Advance.CHECK_FOLD)

    def action_pre_check(self) -> None:
        self.presenter.preselect(Advance.CHECK)

    def action_pre_call(self) -> None:
        self.presenter.preselect(Advance.CALL)

    def action_pre_call_any(self) -> None:
        self.presenter.preselect(Advance.CALL_ANY)

    def action_pre_fold_any(self) -> None:
        self.presenter.preselect(Advance.FOLD_ANY)

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
        self.app.push_screen(ConfirmScreen(question, yes=_("All-in"), no=_("Back")),
                             self._all_in_answered)

    def _all_in_answered(self, shove: bool | None) -> None:
        if shove:
            self.presenter.move(Action.all_in())

    def action_bet(self) -> None:
        self._ask_amount()

    def action_raise(self) -> None:
        self._ask_amount()

    def _ask_amount(self) -> None:
        """The bet bar takes the buttons' row: nothing of the table is covered."""
        presenter = self.presenter
        legal = presenter.legal()
        if legal is None:
            return
        view = presenter.view
        sizer = BetSizer(legal, pot=view.pot_total, current_bet=view.current_bet,
                         big_blind=presenter.big_blind())
        self.query_one(ActionBar).display = False
        self.query_one(BetBar).open(sizer)
        self.refresh_bindings()

    def _close_bet_bar(self) -> None:
        self.query_one(BetBar).close()
        self.query_one(ActionBar).display = True
        self.refresh_bindings()

    def on_bet_bar_chosen(self, message: BetBar.Chosen) -> None:
        message.stop()
        self._close_bet_bar()
        self.presenter.move(Action.raise_to(message.amount))

    def on_bet_bar_closed(self, message: BetBar.Closed) -> None:
        message.stop()
        self._close_bet_bar()

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
        self.presenter.notes = [
            Text(_("New table: {rules}").format(rules=words.table_words(setup)))]

    def action_history(self) -> None:
        self.app.push_screen(HoldemHistoryScreen(self.history))

    def action_chat(self) -> None:
        if self.caps.chat is not None:
            self.app.push_screen(ChatDialog(), self._say)

    def _say(self, line: str | None) -> None:
        if line is not None:
            self.presenter.say(line)
