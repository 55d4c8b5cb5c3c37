"""The blackjack table: the dealer at the top, the seats below, prompts and keys.

The screen talks only to a table session (:mod:`cardtui.tables.session`): a
local table (:class:`~cardtui.tables.blackjack_local.BlackjackLocalSession`,
the default: the app's sitting, bots, hot seat) or a shared table in the room
(:class:`~cardtui.guest.blackjack.BlackjackRemoteSession`). Data flows
one way: a key -> the session -> events -> :class:`Seen` records are applied
to a :class:`RoundView` one at a time by the shared
:class:`~cardtui.ui.record_player.RecordPlayer` (with pauses when animations
are on) -> the panels redraw. Legality comes from the session's
:class:`ToAct`; a :class:`Settled` round goes to the store the moment it
arrives, before its reveal has been shown; seat changes wait for the reveal.

A local table also deals, rebuys and forfeits: leaving mid-round asks first
and records a forfeit (:meth:`BlackjackScreen.request_leave`). The trainer
aids (``c`` chart, ``k`` count panel, ``?`` hint) are in :mod:`blackjack_aids`.
"""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import Callable

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from cardtui.blackjack.records import Record, RoundSettled
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import Table
from cardtui.blackjack.view import RoundView
from cardtui.games import Game
from cardtui.guest.blackjack import BetWindow
from cardtui.tables import session as seam
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.record_player import RecordPlayer, on_screen
from cardtui.ui.blackjack import wording as words
from cardtui.ui.blackjack.aids import TrainerAids
from cardtui.ui.blackjack.betting import BetweenRounds
from cardtui.ui.blackjack.seats import SeatLayout
from cardtui.ui.blackjack.keys import Legality
from cardtui.ui.blackjack.moves import Moves
from cardtui.ui.blackjack.pace import step_pause
from cardtui.ui.blackjack.wording import ACTIONS, BUTTONS, NOTE_STYLES
from cardtui.ui.sitting import Tally
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.blackjack_count import CountPanel
from cardtui.ui.widgets.blackjack_table import DealerPanel, SeatPanel
from cardtui.ui.widgets.quiet_update import update_quietly
from cardtui.ui.widgets.table_footer import TableFooter

#: What the record player shows in order: a record, or new seating once the reveal is over.
Step = Record | seam.SeatsChanged
#: How many chat lines ``m`` shows at a shared table (the table has no chat log).
CHAT_SHOWN = 3


class BlackjackScreen(Moves, BetweenRounds, TrainerAids, Legality, SeatLayout, Screen[None]):
    CSS_PATH = "screen.tcss"
    BINDINGS = words.BINDINGS
    app = getters.app(CardtuiApp)

    def __init__(self, session: seam.TableSession | None = None) -> None:
        super().__init__()
        self.view: RoundView | None = None
        self.note: Text | None = None  # a hint, trainer remark or table notice
        #: The last chat lines at a shared table: the message line shows only the
        #: latest, so ``m`` shows these above the line being typed.
        self.said: deque[Text] = deque(maxlen=CHAT_SHOWN)
        self.hint_shown: Text | None = None  # the last hint (gone with the move it was for)
        self.seats: tuple[seam.SeatState, ...] = ()
        self.turn: seam.ToAct | None = None
        #: Another seat's action clock at a shared table (None: none runs).
        self.clock: seam.Clock | None = None
        self.selected = 0
        self.bet = 0  # a shared table's bet for the next round
        self.player: RecordPlayer[Step] = RecordPlayer(
            self, apply=self._apply, pause_for=self._pause_for, redraw=self._sync_soon,
            instant=lambda: self.app.settings.delay(1.0) == 0, group="blackjack-reveal",
        )
        self._leave: Callable[[], object] | None = None
        self._legal: frozenset[str] | None = None  # the keys last shown (None: never)
        self._replaying = False
        #: The seats' panels, in seat order, once mounted (looked up on every redraw).
        self._panels: list[SeatPanel] = []
        #: One build of the seats at a time: a saved setup rebuilds them as its seats arrive.
        self._building = asyncio.Lock()
        #: Whether the seats' budgets changed since the last redraw.
        self._relayout = True
        #: A turn came to this player and its prompt has not (Moves._hold_for_prompt).
        self._prompt_due = False
        #: A redraw is on its way (:meth:`_sync_soon`).
        self._sync_pending = False
        #: The clock's seconds when :meth:`_tick` last looked (it redraws on a change).
        self._ticked: int | None = None
        self.session: seam.TableSession = session or self._sit_down()
        self.seen = self._tracker()
        self._join()

    # -- the session -------------------------------------------------------------------

    @property
    def local(self) -> BlackjackLocalSession | None:
        """The local table's session (dealing, rebuys, hints, forfeits), else None."""
        return self.session if isinstance(self.session, BlackjackLocalSession) else None

    @property
    def table(self) -> Table:
        assert self.local is not None, "a shared table has no engine here"
        return self.local.table

    @property
    def rules(self) -> Rules:
        if self.local is not None:
            return self.local.table.rules
        # A shared table's rule set comes with its lobby entry (TableInfo.rules).
        info = getattr(self.session, "info", None)
        return Rules.from_json(info.rules) if info is not None else Rules()

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

    def _join(self) -> None:
        # Coming back: the table's present lands at once, not as a fresh reveal.
        self._replaying = True
        self.session.attach(self._on_event)
        self._replaying = False
        humans = sorted(self.session.viewer_seats)
        self.selected = humans[0] if humans else 0

    def _on_event(self, event: seam.Event) -> None:
        match event:
            case seam.HandBegins(seats=seats):
                self.player.flush()  # the last round's view takes its last records first
                self.view, self.seats, self.turn, self.note = RoundView(), seats, None, None
                self.seen.begin(event.number)
            case seam.Seen(records=records):
                self.turn = None
                if self._replaying:
                    self.player.queue(records)
                    self.player.flush()
                else:
                    self._hold_for_prompt(records)
                    self.player.play(records)
                    self._prompt_due &= not self.player.playing  # a reveal draws as it goes
            case seam.SeatsChanged():
                self._show(event)
            case seam.Clock(deadline=deadline):
                self.clock = event if deadline is not None else None
            case seam.ToAct() as turn:
                self.turn, self._prompt_due = turn, False
                if isinstance(turn.legal, BetWindow) and not self.bet:
                    self.bet = turn.legal.min_bet
            case seam.Settled(rows=rows):
                self.app.store.record_round(Game.BLACKJACK, list(rows),
                                            session_id=self.app.session_id,
                                            bankroll_player=event.bankroll_player,
                                            bankroll_place=event.bankroll_place,
                                            shared_hand=event.shared_hand)
            case seam.Note(text=text):
                self.note = Text(text, style=NOTE_STYLES.get(event.kind, ""))
                if event.kind == "chat":
                    self.said.append(self.note)
            case seam.Voided(reason=reason):
                self.view, self.turn, self.note = None, None, Text(reason, style="yellow")
        self._sync_soon()

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

    def _show(self, step: Step) -> None:
        """A step after whatever is still being revealed, or at once."""
        if self.player.playing:
            self.player.queue([step])
        else:
            self._apply(step)

    # -- composition -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.rules.describe(), id="rules-line")
        with Horizontal(id="dealer-row"):
            yield DealerPanel(ascii=self.app.settings.ascii_cards, id="dealer")
        yield CountPanel(id="count-panel")
        yield Vertical(id="seats")
        yield Static("", id="message")
        yield Static("", id="counters")
        yield ActionBar(BUTTONS, id="buttons")
        yield TableFooter()

    async def on_mount(self) -> None:
        self.sub_title = "Blackjack"
        await self._build_seats()
        self._sync()
        self.set_interval(seam.CLOCK_TICK, self._tick)  # a shared table's clocks count down

    def on_unmount(self) -> None:
        self.player.flush()  # left mid-reveal: the results not shown yet still count
        # (A blackjack screen opened over this one sits at the same table and has
        # attached already: detaching our listener leaves it listening.)
        self.session.detach(self._on_event)

    # -- what is shown -----------------------------------------------------------------

    def _sync(self) -> None:
        """Redraw everything from the view and the seats, and refresh the keys."""
        self._sync_pending = False
        panels = self._panels
        if not on_screen(self) or len(panels) != len(self.seats) or self._prompt_due:
            return  # on its way out, the seats are still being built, or the prompt is due
        view = self.view
        dealer = self.query_one("#dealer", DealerPanel)
        if view is None:
            dealer.show([], True, Text(""))
        else:
            dealer.show(view.dealer, view.hole_hidden, words.dealer_total(view))
        changed = self._relayout
        self._relayout = False
        for index in range(len(self.seats)):
            seat_view = view.seats.get(index) if view is not None else None
            acting = view.turn[1] if view and view.turn and view.turn[0] == index else None
            changed |= panels[index].show(self._seat_info(index), seat_view, acting)
        if changed:  # a row's panels share one height: the row is laid out again
            for row in self.query(".seat-row"):
                row.refresh(layout=True)
        self._show_count()
        self._put("#message", self._message())
        trainer = None
        if self.local is not None and self.local.setup.trainer:
            humans = [s for s in self.local.table.seats if not s.is_bot]
            trainer = (sum(s.mistakes for s in humans), sum(s.decisions for s in humans))
        self._put("#counters", words.counters(self.tally, trainer))
        # (Chat is no button, but its key comes and goes with a reveal like the moves.)
        legal = frozenset(action for action in (*ACTIONS, "chat")
                          if self.check_action(action, ()))
        if legal != self._legal:
            # Only when the keys changed: each refresh rebuilds the footer,
            # which costs more than the rest of the redraw (and bytes over SSH).
            self._legal = legal
            self.query_one(ActionBar).show_legal(legal.__contains__)
            self.refresh_bindings()

    def _put(self, selector: str, text: Text) -> None:
        """Show ``text`` in a line only when it changed, laying out only for a new row count.

        A shared table redraws on every message from the room, at every player's screen.
        """
        update_quietly(self.query_one(selector, Static), text)

    def _pause_for(self, step: Step) -> float:
        """How long the reveal lingers after ``step``, at the chosen animation speed."""
        return self.app.settings.delay(step_pause(step, self.view))

    def _apply(self, step: Step) -> None:
        """Show one step; the session counters move only when the results are shown."""
        if isinstance(step, seam.SeatsChanged):
            if len(step.seats) != len(self.seats) and self.is_mounted:
                self.call_later(self._build_seats)  # a shared table's seats arrived
            self.seats = step.seats
            return
        if self.view is None:
            self.view = RoundView()
        self.view.apply(step)
        self.seen.see(step)  # counted as the viewer sees it
        if isinstance(step, RoundSettled) and not self._replaying:
            for result in step.seats:
                if result.seat in self.session.viewer_seats:
                    self.tally.count(result.outcome, result.net)
