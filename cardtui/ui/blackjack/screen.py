"""The blackjack table: the dealer at the top, the seats below, prompts and keys.

The screen composes the widgets and asks a
:class:`~cardtui.ui.blackjack.presenter.TablePresenter` everything else: what
is shown, whose turn it is, which keys are legal, what a key does to the
table session. It talks to no session of its own kind: a local table
(:class:`~cardtui.tables.blackjack_local.BlackjackLocalSession`, the default:
the app's sitting, bots, hot seat) and a shared table in the room
(:class:`~cardtui.guest.blackjack.BlackjackRemoteSession`) differ only in
the capabilities the presenter asked them for once.

Data flows one way: a key -> the presenter -> the session -> events -> the
presenter, whose :class:`Seen` records the screen's reveal (the shared
:class:`~cardtui.ui.record_player.RecordPlayer`) applies one at a time, with
pauses when animations are on -> the panels redraw. A :class:`Settled` round
goes to the store the moment it arrives, before its reveal has been shown;
seat changes wait for the reveal. Leaving mid-round plays the round out
(:meth:`BlackjackScreen.request_leave`): never a forfeit; only a shared
table, whose room stands for the hand, asks first.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import Worker

from cardtui.blackjack.records import Action
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import Table
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.games import Game
from cardtui.i18n import _
from cardtui.store.trainer_store import TrainerBook, trainer_path
from cardtui.tables import session as seam
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack import keys
from cardtui.ui.blackjack.pace import step_pause
from cardtui.ui.blackjack.presenter import BlackjackSession, Step, TablePresenter
from cardtui.ui.blackjack.seats import SeatRows
from cardtui.ui.blackjack.wording import BUTTONS, MOVES
from cardtui.ui.record_player import RecordPlayer, on_screen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen, chart_cell
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.ui.sitting import Tally
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.blackjack_count import CountPanel
from cardtui.ui.widgets.blackjack_table import DealerPanel
from cardtui.ui.widgets.cards import SMALL, largest_face
from cardtui.ui.widgets.quiet_update import update_quietly
from cardtui.ui.widgets.table_footer import TableFooter

#: Seconds a shared table's turn that came to this player waits for the room's
#: prompt before it is drawn without it (the prompt follows at once, unless lost).
PROMPT_GRACE = 0.2


class BlackjackScreen(Screen[None]):
    CSS_PATH = "screen.tcss"
    BINDINGS = keys.BINDINGS
    app = getters.app(CardtuiApp)

    def __init__(self, session: BlackjackSession | None = None, *,
                 clock: Clock = SYSTEM_CLOCK) -> None:
        super().__init__()
        self.clock = clock
        self.player: RecordPlayer[Step] = RecordPlayer(
            self, apply=self._apply, pause_for=self._pause_for, redraw=self._sync_soon,
            instant=lambda: self.app.settings.delay(1.0) == 0, group="blackjack-reveal",
        )
        self.session: BlackjackSession = session or self._sit_down()
        self.presenter = self._present(self.session)
        self.rows = SeatRows(ascii_cards=self.app.settings.ascii_cards)
        self._leave: Callable[[], object] | None = None  # the way out the player is asked about
        self._legal: frozenset[str] | None = None  # the keys last shown (None: never)
        #: A redraw is on its way (:meth:`_sync_soon`).
        self._sync_pending = False
        #: The clock's seconds when :meth:`_tick` last looked (it redraws on a change).
        self._ticked: int | None = None
        self.presenter.join(self._on_event)

    # -- the session -------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The engine's table, when it is played here (tests stack its shoe)."""
        house = self.presenter.caps.house
        assert house is not None, "a shared table has no engine here"
        return house.table

    @property
    def tally(self) -> Tally:
        """The session's counters: one set for the whole run of the app."""
        return self.app.session.blackjack_tally

    @property
    def animating(self) -> bool:
        return self.player.playing

    def _sit_down(self, *, new_table: bool = False) -> BlackjackLocalSession:
        settings = self.app.settings
        setup = TableSetup.from_json(settings.blackjack, default_name=settings.player_name)
        sitting = self.app.session.blackjack_table(
            setup, lambda: random.Random(self.app.rng.getrandbits(64)), new_table=new_table)
        sitting.keep_chips(TableBankroll(self.app.store, Game.BLACKJACK, settings.player_name,
                                         self.app.session_id))
        return sitting

    def _present(self, session: BlackjackSession) -> TablePresenter:
        """A presenter for ``session``, with the sitting's count (kept across visits)."""
        sitting = self.app.session
        presenter = TablePresenter(
            session, tally=sitting.blackjack_tally, reveal=self.player, record=self._record,
            kept_count=sitting.blackjack_seen,
            count_shown=lambda: self.app.session.blackjack_count_panel, clock=self.clock)
        if presenter.caps.deals_here:  # a table played here keeps its count for the sitting
            sitting.blackjack_seen = presenter.seen
        return presenter

    def _record(self, settled: seam.Settled) -> None:
        self.app.store.record_round(Game.BLACKJACK, list(settled.rows),
                                    session_id=self.app.session_id,
                                    bankroll_player=settled.bankroll_player,
                                    bankroll_place=settled.bankroll_place,
                                    shared_hand=settled.shared_hand)
        trainer = self.presenter.caps.trainer
        misses = trainer.take_misses() if trainer is not None else []
        if misses:  # the moves off the chart, for "drill my misses" (Practise)
            book = TrainerBook(trainer_path(self.app.data_dir))
            book.add_misses(self.app.settings.player_name, misses, at=self.clock.wall())
            book.close()

    def _on_event(self, event: seam.Event) -> None:
        if self.presenter.on_event(event):
            # (The room's messages arrive in the link's own task, outside the app's
            # context, where a Textual timer cannot run: the clock's timer posts to the screen.)
            self.clock.call_later(PROMPT_GRACE, self.call_later, self._prompt_overdue)
        self._sync_soon()

    def _prompt_overdue(self) -> None:
        if self.presenter.prompt_overdue():
            self._sync()

    def _sync_soon(self) -> None:
        """Redraw once the messages that arrived together are all in.

        The room's messages come in bursts (a stand, the next turn, its clock;
        a reveal's records and its result), and every player's screen redrew
        on each: at a shared table of six, six screens redrawing three times
        for one key. One redraw after the burst shows the same.
        """
        if not self._sync_pending:
            self._sync_pending = True
            asyncio.get_running_loop().call_soon(self._sync_pending_now)

    def _sync_pending_now(self) -> None:
        if self._sync_pending:
            self._sync()

    def _apply(self, step: Step) -> None:
        """One step of the reveal; new seating with another number of seats rebuilds them."""
        seats = len(self.presenter.seats)
        self.presenter.apply(step)
        if len(self.presenter.seats) != seats and self.is_mounted:
            self.call_later(self._build_seats)  # a shared table's seats arrived

    def _pause_for(self, step: Step) -> float:
        """How long the reveal lingers after ``step``, at the chosen animation speed."""
        return self.app.settings.delay(step_pause(step, self.presenter.view))

    # -- composition -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.presenter.rules.describe(), id="rules-line")
        with Vertical(id="felt"):
            with Horizontal(id="dealer-row"):
                yield DealerPanel(ascii=self.app.settings.ascii_cards, id="dealer")
            yield CountPanel(id="count-panel")
            yield self.rows.container
        yield Static("", id="message")
        yield Static("", id="counters")
        bar = ActionBar(BUTTONS, id="buttons")
        # (Enter deals the same bets again: the Deal button says so when they are the same.)
        bar.relabel = self._relabel
        yield bar
        yield TableFooter()

    def _relabel(self, button: str) -> str | None:
        """The Deal button says Enter deals too, when it deals the same bets (``--ascii``:
        the word, a terminal without the return sign shows)."""
        label = self.presenter.deal_label() if button == "deal" else None
        if label is not None and self.app.settings.ascii_cards:
            label = label.replace("⏎", "Enter")
        return label

    async def on_mount(self) -> None:
        self.sub_title = _("Blackjack")
        await self._build_seats()
        self._sync()
        self.set_interval(seam.CLOCK_TICK, self._tick)  # a shared table's clocks count down

    def on_unmount(self) -> None:
        self.player.flush()  # left mid-reveal: the results not shown yet still count
        # (A blackjack screen opened over this one sits at the same table and has
        # attached already: detaching our listener leaves it listening.)
        self.session.detach(self._on_event)

    async def _build_seats(self) -> None:
        presenter = self.presenter
        # (The seats as they are once this build's turn comes: one may be waiting.)
        await self.rows.build(lambda: [presenter.seat_info(i)
                                       for i in range(len(presenter.seats))])
        self.set_class(len(self.rows.panels) > 3, "many-seats")
        self._set_budgets(*(self.size if self.size.height else self.app.size))

    async def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        """A button runs the same screen action as its key."""
        message.stop()
        await self.run_action(message.action)

    def on_resize(self, event: events.Resize) -> None:
        self._set_budgets(event.size.width, event.size.height)
        self._sync()

    def _set_budgets(self, width: int, height: int) -> None:
        # The house rules take a second line when they do not fit in one (never cut).
        wrapped = len(Text(self.presenter.rules.describe()).wrap(self.app.console,
                                                                 max(width, 1)))
        # (A bigger dealer's box, in a big terminal, takes lines from the seats.)
        dealer_more = largest_face(width, height).height - SMALL.height
        self.rows.set_budgets(height - dealer_more, seats=len(self.presenter.seats),
                              rules_lines=wrapped,
                              count_panel=self.presenter.count_shown())

    # -- what is shown -----------------------------------------------------------------

    def _sync(self) -> None:
        """Redraw everything from the presenter, and refresh the keys."""
        self._sync_pending = False
        presenter = self.presenter
        seats = len(presenter.seats)
        if not on_screen(self) or not self.rows.ready(seats) or presenter.prompt_due:
            return  # on its way out, the seats are still being built, or the prompt is due
        self.query_one("#dealer", DealerPanel).show(*presenter.dealer())
        view = presenter.view
        self.rows.show([(presenter.seat_info(index),
                         view.seats.get(index) if view is not None else None,
                         presenter.acting(index)) for index in range(seats)])
        self._show_count()
        self._put("#message", presenter.message(self._message_width()))
        self._put("#counters", presenter.counters())
        legal = presenter.legal_keys()
        # (The bar redraws only when its buttons or their words changed.)
        self.query_one(ActionBar).show_legal(legal.__contains__)
        if legal != self._legal:
            # Only when the keys changed: each refresh rebuilds the footer,
            # which costs more than the rest of the redraw (and bytes over SSH).
            self._legal = legal
            self.refresh_bindings()

    def _message_width(self) -> int:
        """The message line's width in cells (its padding off), for fitting the prompt in."""
        width = self.size.width or self.app.size.width
        return max(width - 2, 0)

    def _put(self, selector: str, text: Text) -> None:
        """Show ``text`` in a line only when it changed, laying out only for a new row count.

        A shared table redraws on every message from the room, at every player's screen.
        """
        update_quietly(self.query_one(selector, Static), text)

    def _show_count(self) -> None:
        panel = self.query_one("#count-panel", CountPanel)
        shown = self.presenter.count_shown()
        panel.display = shown
        if shown:
            presenter = self.presenter
            panel.show(presenter.seen.cards, presenter.hand_to_act(), presenter.up_card(),
                       presenter.rules, ascii=self.app.settings.ascii_cards)

    def _tick(self) -> None:
        """A running clock's second: only the message line shows it, so only it is redrawn.

        (Every second at every screen of a shared table: the whole redraw
        compared every seat and worked out the keys again for one digit.)
        """
        seconds = self.presenter.seconds_left()
        if seconds is None or seconds == self._ticked:
            return  # no clock, or its number is the one shown
        self._ticked = seconds
        if self._sync_pending or self.presenter.prompt_due:
            return  # a whole redraw is on its way
        if on_screen(self) and self.rows.ready(len(self.presenter.seats)):
            self._put("#message", self.presenter.message(self._message_width()))

    # -- keys --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.presenter.legal(action)

    def on_key(self, event: events.Key) -> None:
        """Any key skips the reveal to its end; a table key then does what it says.

        (A key pressed as the cards landed only skipped: the player pressed
        ``s`` again, or ``d`` twice.) Escape still leaves at once.
        """
        if self.animating and event.key != "escape":
            self.player.skip()
            event.stop()
            event.prevent_default()
            action = keys.action_of(event.key)
            if action is not None:
                # (A callable, not a coroutine: one replaced before it ran is never un-awaited.)
                _: Worker[None] = self.run_worker(
                    partial(self._act_after_reveal, action), group="blackjack-key",
                    exclusive=True, name="key after the reveal")
            return
        if self._entry_key(event.key):
            event.stop()
            event.prevent_default()
            self._sync()

    def _entry_key(self, key: str) -> bool:
        """The bet entry's keys: digits type an amount (opening it), Backspace, Enter, Escape."""
        presenter = self.presenter
        if len(key) == 1 and key.isdigit():
            return presenter.type_digit(key)
        if key == "backspace":
            return presenter.erase()
        if key == "enter":
            return presenter.commit_entry()
        if key == "escape":
            return presenter.cancel_entry()
        return False

    async def _act_after_reveal(self, action: str) -> None:
        """Run ``action`` once the skipped reveal has landed, if it is legal then."""
        await self.player.idle()
        name, _, _ = action.partition("(")
        if on_screen(self) and self.presenter.legal(name):
            await self.run_action(action)

    def _move(self, key: str) -> None:
        if self.presenter.move(MOVES[key]):
            self._sync()

    def action_hit(self) -> None:
        self._move("hit")

    def action_stand(self) -> None:
        self._move("stand")

    def action_double(self) -> None:
        self._move("double")

    def action_split(self) -> None:
        self._move("split")

    def action_surrender(self) -> None:
        self._move("surrender")

    def action_insure(self) -> None:
        self._move("insure")

    def action_no_insurance(self) -> None:
        self._move("no_insurance")

    def action_deal(self) -> None:
        if self.presenter.deal():
            self._sync()

    def _bet_preset(self, action: str) -> None:
        if self.presenter.preset(action):
            self._sync()

    def action_bet_min(self) -> None:
        self._bet_preset("bet_min")

    def action_bet_double(self) -> None:
        self._bet_preset("bet_double")

    def action_bet_max(self) -> None:
        self._bet_preset("bet_max")

    def action_rebet(self) -> None:
        """Enter: the last round's bets again, and deal."""
        if self.presenter.rebet_and_deal():
            self._sync()

    def action_bet_up(self) -> None:
        if self.presenter.change_bet(1):
            self._sync()

    def action_bet_down(self) -> None:
        if self.presenter.change_bet(-1):
            self._sync()

    def action_select_seat(self, step: int) -> None:
        self.presenter.select_seat(step)
        self._sync()

    def action_rebuy(self) -> None:
        self.presenter.rebuy()
        self._sync()

    def action_hint(self) -> None:
        if self.presenter.hint():
            self._sync()

    def action_chat(self) -> None:
        """``m``: one line to the table (the room cleans and rate-limits it)."""
        if self.presenter.caps.chat is not None:
            self.app.push_screen(ChatDialog(self.presenter.said), self.presenter.say)

    # -- the trainer aids ----------------------------------------------------------------

    def action_count_panel(self) -> None:
        sitting = self.app.session
        sitting.blackjack_count_panel = not sitting.blackjack_count_panel
        self._set_budgets(*self.size)
        self._sync()

    def action_chart(self) -> None:
        """The chart for these rules, the decision awaited now lit up (if any)."""
        presenter = self.presenter
        up, hand = presenter.up_card(), presenter.hand_to_act()
        cell = chart_cell(hand, up, can_split=Action.SPLIT in presenter.moves()) if (
            up is not None and hand) else None
        self.app.push_screen(StrategyChartScreen(presenter.rules, highlight=cell,
                                                 ascii=self.app.settings.ascii_cards))

    # -- leaving -------------------------------------------------------------------------

    def request_leave(self, leave: Callable[[], object]) -> None:
        """The app asks before any way out: leaving is never a forfeit.

        A round in play here is played out at once (the hands still to play
        stand, the dealer finishes, the round settles and is recorded) and the
        player is told how it ended. At a shared table the room stands for the
        hand as it comes round: the player is asked first, as hold'em asks.
        """
        presenter = self.presenter
        if not presenter.round_at_stake():
            presenter.leave_now()
            leave()
            return
        asked = presenter.leave_question()
        if asked is None:
            self.app.notify(presenter.leave_mid_round(), title=_("Blackjack"))
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if asking:
            return
        question, yes = asked
        self.app.push_screen(ConfirmScreen(question, yes=yes, no=_("Keep playing")),
                             self._leave_answered)

    def _leave_answered(self, stand: bool | None) -> None:
        leave, self._leave = self._leave, None
        if not stand or leave is None:
            return
        self.presenter.leave_mid_round()
        leave()

    # -- a new table -------------------------------------------------------------------

    def action_setup(self) -> None:
        from cardtui.ui.blackjack.setup import BlackjackSetupScreen

        self.app.push_screen(BlackjackSetupScreen(), self._setup_closed)

    async def _setup_closed(self, saved: bool | None) -> None:
        if not saved or not self.presenter.caps.deals_here or self.presenter.in_round():
            return
        self.session.detach(self._on_event)
        self.session = self._sit_down(new_table=True)  # a saved setup seats everyone afresh
        # (A new presenter: a new table's shoe, counted afresh; its seats and rules.)
        self.presenter = self._present(self.session)
        self.presenter.join(self._on_event)
        rules = self.presenter.rules.describe()
        self.presenter.note = Text(_("New table: {rules}").format(rules=rules))
        self.query_one("#rules-line", Static).update(rules)
        await self._build_seats()
        self._sync()
