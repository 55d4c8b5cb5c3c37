"""The hold'em felt: seat panels round the board, the log, the prompt, the keys, drawn from
a presenter; what the session says, shown step by step; and the way off the table.

:class:`TableFelt` is what the table (:class:`~cardtui.ui.holdem.screen.HoldemScreen`)
and the replayer (:class:`~cardtui.ui.holdem.replay.ReplayScreen`) share: it
composes the widgets, hands every event of the session to its
:class:`~cardtui.ui.holdem.presenter.HoldemPresenter`, shows the steps through
the shared :class:`~cardtui.ui.record_player.RecordPlayer` (with pauses when
animations are on) and redraws from what the presenter says. It decides
nothing about the game: the presenter does. A redraw error is never
swallowed: it is a bug and rises.

The table's work lives and dies with the screen: every way off the table goes
through :meth:`TableFelt.request_leave` (the app's navigation asks it first):
a hand in play is folded for the humans (checked when they can check),
played out and settled before the app moves on.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping

from rich.text import Text
from textual import events, getters, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from cardtui.games import Game
from cardtui.holdem.actions import Record
from cardtui.holdem.bots import Personality
from cardtui.holdem.stats import FactsBook, read_book
from cardtui.holdem.view import LineKind, TableView
from cardtui.i18n import N_, _
from cardtui.tables import session as seam
from cardtui.tables.holdem_capabilities import HoldemCapabilities, HoldemSession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.hud import hud_note, played_hand
from cardtui.ui.holdem.pace import pause_for
from cardtui.ui.holdem.pass_screen import PassScreen
from cardtui.ui.holdem.presenter import HoldemPresenter, Shown
from cardtui.ui.record_player import RecordPlayer, on_screen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.sitting import HandsPlayed
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.holdem_advice import AdvicePanel, advice_spot, personalities
from cardtui.ui.widgets.holdem_log import TableLog, styled
from cardtui.ui.widgets.holdem_table import HoldemBoard, HoldemSeat, SeatLook, arrange
from cardtui.ui.widgets.quiet_update import update_quietly
from cardtui.ui.widgets.table_footer import TableFooter
from cardtui.ui.widgets.tournament_info import TournamentInfoBar, shown_progress

#: The table's keys (each also a button, see :data:`~cardtui.ui.holdem.wording.BUTTONS`).
#: The replayer has them too (Textual merges a subclass's bindings after its base's,
#: whatever ``inherit_bindings`` says as a class attribute): its ``check_action`` turns
#: every move off, and ``o`` still shows the advice.
TABLE_BINDINGS: list[BindingType] = [
    Binding("f", "fold", N_("Fold")),
    # One key, two moves: only the legal one is active and shown.
    Binding("c", "check", N_("Check")),
    Binding("c", "call", N_("Call")),
    Binding("r", "bet", N_("Bet")),
    Binding("r", "raise", N_("Raise")),
    Binding("a", "all_in", N_("All-in")),
    # "Deal", as at the blackjack table: the prompt says which hand (the first,
    # the next) or that a finished tournament starts a new table.
    Binding("d,enter", "deal", N_("Deal")),
    Binding("b", "rebuy", N_("Rebuy")),
    Binding("t", "setup", N_("Setup")),
    Binding("y", "history", N_("History")),
    # Off until asked for; only ever about the cards of the player to act here.
    Binding("o", "advice", N_("Advice"), show=False),
    # Off until asked for: reading the kept hands is paid only by a player who wants it.
    Binding("h", "hud", N_("HUD"), show=False),
    Binding("m", "chat", N_("Chat")),
    # Through the app's navigation, which asks this screen first (request_leave).
    Binding("escape", "app.back", N_("Menu")),
]


#: Terminals at least this big get boxed cards and taller seat panels.
ROOMY_SIZE = (110, 34)


def pots_text(view: TableView, *, ascii: bool) -> Text:
    """The pots, or once the hand is over who won them (from the award lines, by kind)."""
    if view.over and view.log:
        awards = [line for line in view.log if line.kind is LineKind.WIN]
        if len(awards) == 1:
            return styled(awards[0], ascii=ascii)
        if awards:
            # Several pots: who won what, on one line; the hands are in the log.
            return Text(" · ".join(line.text for line in awards), style="bold green")
    return Text(words.pots_line(view.pots, sum(s.bet for s in view.seats)), style="bold")


class TableFelt(Screen[None]):
    """The hold'em table as drawn, for any hold'em session; its keys are its subclass's."""

    CSS_PATH = "holdem.tcss"
    # A class attribute, not set on mount: Textual's Header redraws the title
    # when it changes, and fails if the screen is already being removed.
    SUB_TITLE = N_("Texas Hold'em")  # translated in __init__, before the Header shows it
    BINDINGS = TABLE_BINDINGS
    app = getters.app(CardtuiApp)

    def __init__(self, session: HoldemSession) -> None:
        super().__init__()
        self.sub_title = _(self.SUB_TITLE)
        self.ascii: bool = self.app.settings.ascii_cards
        self.session = session
        #: What this table can do beyond the seam, asked once (never its type).
        self.caps: HoldemCapabilities = session.capabilities()
        #: Unmounting: whatever still happens lands in the view undrawn.
        self._gone = False
        self.presenter = self.present()
        self.player: RecordPlayer[Shown] = RecordPlayer(
            self, apply=self._apply, pause_for=self._linger, redraw=self._sync,
            instant=lambda: self.app.settings.delay(1.0) == 0, group="holdem-reveal",
        )
        #: The way out the player asked for while the leave question is open.
        self._leave: Callable[[], object] | None = None
        self._replaying = False
        #: The action clock's seconds when ``_tick`` last looked (it redraws on a change).
        self._ticked: tuple[int | None, int | None] = (None, None)
        self._building = asyncio.Lock()
        #: Hands settled while the kept ones are read for the HUD (joined once read).
        self._hud_pending: FactsBook | None = None
        #: The seat panels as composed or last built (top, right, bottom, left).
        self.built: tuple[list[int], ...] = ()
        self._join()

    def present(self) -> HoldemPresenter:
        """The presenter of this screen's table (the replayer's says where the replay is)."""
        return HoldemPresenter(self.session, self.caps, changed=self._changed)

    def _changed(self) -> None:
        """The turn, the clock, the keyboard or the notes changed: redraw, then repaint the
        screen (what their reactive attributes did when the screen held them)."""
        self._sync()
        self.refresh(repaint=True, layout=False, recompose=False)

    # -- what the presenter knows, for the screen's readers ------------------------------

    @property
    def view(self) -> TableView:
        return self.presenter.view

    @property
    def seats(self) -> tuple[seam.SeatState, ...]:
        return self.presenter.seats

    @property
    def records(self) -> list[Record]:
        """The hand in play's records as delivered (what the history keeps)."""
        return self.presenter.records

    @property
    def turn(self) -> seam.ToAct | None:
        return self.presenter.turn

    @turn.setter
    def turn(self, turn: seam.ToAct | None) -> None:
        self.presenter.turn = turn

    @property
    def clock(self) -> seam.SeatClock | None:
        return self.presenter.clock

    @property
    def keyboard(self) -> int | None:
        return self.presenter.keyboard

    @property
    def notes(self) -> list[Text]:
        return self.presenter.notes

    @notes.setter
    def notes(self, notes: list[Text]) -> None:
        self.presenter.notes = notes

    @property
    def in_hand(self) -> bool:
        return self.presenter.in_hand

    @property
    def hot_seat(self) -> bool:
        return self.presenter.hot_seat

    @property
    def viewer(self) -> int | None:
        return self.presenter.viewer

    @property
    def waiting_for(self) -> int | None:
        return self.presenter.waiting_for

    @property
    def thinking(self) -> int | None:
        return self.presenter.thinking

    @property
    def history(self) -> HandsPlayed:
        return self.app.session.holdem_history

    @property
    def animating(self) -> bool:
        """Steps are being shown (keys skip rather than act)."""
        return self.player.playing

    # -- what the session says -------------------------------------------------------

    def _join(self) -> None:
        # Coming back to a hand in play: its present lands at once, not as a fresh reveal.
        self._replaying = True
        self.session.attach(self._on_event)
        self._replaying = False

    def _on_event(self, event: seam.Event) -> None:
        if isinstance(event, seam.Settled):
            self._settled(event)
            return
        shown = self.presenter.shown_for(event)
        if self._replaying or not self._drawn():
            self.player.queue(shown)
            self.player.flush()
        elif len(shown) == 1 and not isinstance(event, seam.Seen) and not self.player.playing:
            self._apply(shown[0])  # nothing being revealed: what the session said shows now
            self._sync()
        else:
            self.player.play(shown)

    def _apply(self, step: Shown) -> None:
        """One step on the table as shown (the record player's ``apply``)."""
        rebuild = self.presenter.apply(step)
        if isinstance(step, seam.ToAct):
            self._cover_for_next_player()
        if rebuild and self.is_mounted:
            self.call_later(self._build_seats)

    def _settled(self, settled: seam.Settled) -> None:
        """The hand is over: its rows go to the store unchanged (with the kept chips' change
        and the PHH text in the same transaction), the hand to the history."""
        app = self.app
        app.store.record_round(Game.HOLDEM, list(settled.rows), session_id=app.session_id,
                               hand_history=settled.hand_history,
                               bankroll_player=settled.bankroll_player,
                               bankroll_place=settled.bankroll_place,
                               shared_hand=settled.shared_hand, tournament=settled.tournament)
        presenter = self.presenter
        if presenter.begun is not None:
            self.history.add(presenter.seats, presenter.begun, presenter.records, presenter.hand)
            book = self.app.session.holdem_hud_book
            book = book if book is not None else self._hud_pending
            if book is not None:
                book.add(played_hand(self.history[-1]))

    def _linger(self, step: Shown) -> float:
        """Seconds to stay on ``step`` at the current animation speed."""
        return self.app.settings.delay(pause_for(step))

    # -- composition -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        # The seats are composed with the screen, not mounted after it: a table
        # left while it is still being built has nothing left to await.
        self.built = top, right, bottom, left = self._arranged()
        with Vertical(id="felt"):
            with Horizontal(id="top-row", classes="seat-row"):
                yield from self._seat_panels(top)
            with Horizontal(id="middle-row"):
                with Vertical(id="left-side", classes="side") as side:
                    side.display = bool(left)
                    yield from self._seat_panels(left)
                yield HoldemBoard(ascii=self.ascii, id="board")
                with Vertical(id="right-side", classes="side") as side:
                    side.display = bool(right)
                    yield from self._seat_panels(right)
            with Horizontal(id="bottom-row", classes="seat-row"):
                yield from self._seat_panels(bottom)
        yield TournamentInfoBar(id="tournament-info")  # shown at a local tournament only
        yield TableLog(ascii=self.ascii, id="log")
        yield AdvicePanel(random.Random(self.app.rng.getrandbits(64)), id="advice")
        yield Static("", id="prompt")
        yield ActionBar(words.BUTTONS, id="buttons")
        yield TableFooter()

    def on_mount(self) -> None:
        self.set_class(self.ascii, "ascii")
        self._set_roomy(*self.app.size)
        self.set_interval(seam.CLOCK_TICK, self._tick)  # a running action clock counts down
        self.call_after_refresh(self._sync)  # drawn once mounted (on_screen is true then)

    async def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        """A button runs the same screen action as its key."""
        message.stop()
        await self.run_action(message.action)

    def on_resize(self, event: events.Resize) -> None:
        self._set_roomy(event.size.width, event.size.height)
        self._sync()
        self.call_after_refresh(self._sync)  # the cards' size fits the panels laid out anew

    def _set_roomy(self, width: int, height: int) -> None:
        self.set_class(width >= ROOMY_SIZE[0] and height >= ROOMY_SIZE[1], "roomy")

    def _seat_panels(self, seats: list[int]) -> list[HoldemSeat]:
        return [HoldemSeat(ascii=self.ascii, id=f"seat-{seat}") for seat in seats]

    def _arranged(self) -> tuple[list[int], ...]:
        """Seat numbers for the top row, right side, bottom row and left side, as drawn,
        turned so that the presenter's ``bottom`` seat sits where seat 0 would."""
        count = _panel_count(len(self.presenter.view.seats))
        bottom = self.presenter.bottom
        return tuple([(seat + bottom) % count for seat in side] for side in arrange(count))

    async def _build_seats(self) -> None:
        """Seat panels for a new table (its seat count may differ); one build at a time."""
        async with self._building:
            if self._arranged() == self.built:
                return  # built already (a new table of the same size)
            self.built = top, right, bottom, left = self._arranged()
            for container_id, seats in (("#top-row", top), ("#right-side", right),
                                        ("#bottom-row", bottom), ("#left-side", left)):
                if not self.is_attached or self not in self.app.screen_stack:
                    return  # left while the panels were being changed
                container = self.query_one(container_id)
                await container.remove_children()
                await container.mount_all(self._seat_panels(seats))
                container.display = bool(seats) or "row" in container_id
        self._sync()

    # -- what is shown -------------------------------------------------------------

    def _tick(self) -> None:
        seconds = self.presenter.seconds_left()
        # A home-game question's seconds count down on the prompt line too.
        home = self.caps.home
        asked = home.question_seconds if home is not None and home.question else None
        ticked = (seconds, asked)
        if ticked != (None, None) and ticked != self._ticked:  # a number changed
            self._ticked = ticked
            self._sync()

    def _drawn(self) -> bool:
        """Still on screen and not on its way out (at exit the stack keeps it, widgets gone)."""
        return not self._gone and on_screen(self)

    def action_hud(self) -> None:
        """h: the HUD line at each seat on or off (VPIP/PFR and hands from the kept hands)."""
        session = self.app.session
        session.holdem_hud = not session.holdem_hud
        reading = session.holdem_hud and session.holdem_hud_book is None
        if reading and self._hud_pending is None:
            self._hud_pending = FactsBook()
            # Read here (the store is this thread's); parsed in a worker thread.
            kept = self.app.store.hand_histories()
            self._read_hud([h.text for h in kept if h.format == "phh"])
        self.notes = [hud_note(on=session.holdem_hud, reading=reading)]
        self._sync()

    @work(thread=True, exclusive=True, group="holdem-hud")
    def _read_hud(self, texts: list[str]) -> None:
        worker = get_current_worker()
        book = read_book(texts, cancelled=lambda: worker.is_cancelled)
        if worker.is_cancelled:
            return  # the table was left: the next ``h`` reads them again
        try:
            self.app.call_from_thread(self._hud_read, book)
        except RuntimeError:
            return  # the app closed meanwhile

    def _hud_read(self, book: FactsBook) -> None:
        pending, self._hud_pending = self._hud_pending, None
        if pending is not None:
            book.merge(pending)
        session = self.app.session
        session.holdem_hud_book = book
        if session.holdem_hud:
            self.notes = [hud_note(on=True)]
        self._sync()

    def action_advice(self) -> None:
        """o: the advice panel on or off (equity, pot odds, a suggestion on your turn)."""
        panel = self.query_one(AdvicePanel)
        panel.on = not panel.on

    def _sync(self) -> None:
        """Redraw everything from the presenter, and refresh the keys."""
        if not self._drawn():
            return  # gone (or going): its widgets may be removed already
        presenter = self.presenter
        view = presenter.view
        roomy = self.has_class("roomy")
        # While a new table's panels are being mounted, some seats have none yet:
        # they are drawn once mounted. Any other error in a redraw is a bug and rises.
        panels = {panel.id: panel for panel in self.query(HoldemSeat)}
        bots = personalities(self.session)
        for index, seat in enumerate(view.seats):
            panel = panels.get(f"seat-{index}")
            if panel is not None:
                panel.show(seat if seat.name else None, self.seat_look(index, bots),
                           roomy=roomy)
        self.query_one("#board", HoldemBoard).show(
            view.board, street=presenter.street_label(), pots=pots_text(view, ascii=self.ascii),
            bet=presenter.bet_text(), highlight=view.winning_cards, note=presenter.hand_note(),
        )
        self.query_one("#log", TableLog).show(view.log, presenter.said)
        dealer = self.caps.dealer
        hands_done, stacks = shown_progress(presenter.begun, view.over, presenter.seats)
        bar = self.query_one(TournamentInfoBar)
        shared = getattr(self.session, "tournament", None)  # a sit-and-go's table: its level
        if shared is not None:
            bar.show_shared(shared)
        else:
            bar.show_table(dealer.table if dealer is not None else None,
                           hands_done=hands_done, stacks=stacks)
        prompt = self.query_one("#prompt", Static)
        update_quietly(prompt, words.with_notes(presenter.notes, self._prompt(),
                                                prompt.content_size.width))
        self.query_one(AdvicePanel).consider(advice_spot(
            view, presenter.turn, viewer=presenter.viewer,
            viewer_seats=self.session.viewer_seats, bots=bots))
        self.query_one(ActionBar).show_legal(lambda action: self.check_action(action, ()))
        self.refresh_bindings()

    def seat_look(self, index: int, bots: Mapping[int, Personality] | None = None) -> SeatLook:
        """How seat ``index`` is drawn now: markers, status, who sits there (``bots``: the
        bots' personalities by seat), and whether its cards are face up."""
        presenter = self.presenter
        seat = presenter.view.seats[index]
        bots = personalities(self.session) if bots is None else bots
        kind = bots.get(index)
        session = self.app.session
        book = session.holdem_hud_book if session.holdem_hud else None
        hud: tuple[str, ...] = ()
        if book is not None and seat.name and book.line(seat.name):
            # Words where the panels are roomy, if they fit; figures alone otherwise.
            short = book.line(seat.name)
            hud = (book.line(seat.name, long=True), short) if self.has_class("roomy") else (short,)
        return SeatLook(
            markers=words.seat_markers(presenter.view, index),
            status=presenter.seat_status(index),
            kind=words.seat_kind(seat.is_bot or kind is not None, kind),
            hud=hud,
            face_up=presenter.face_up(index),
            acting=presenter.acting(index),
            winner=seat.won > 0,
            highlight=presenter.view.winning_cards if seat.won else (),
        )

    def _prompt(self) -> Text:
        return self.presenter.prompt(animating=self.animating)

    def on_key(self, event: events.Key) -> None:
        # Any key skips the reveal (or a bot's pause) to its end, and does nothing else;
        # Escape still leaves (asking first when a hand is in play).
        if event.key == "escape":
            return
        did = self.presenter.any_key(animating=self.animating)
        if did == "skip":
            self.player.skip()
        if did is not None:
            event.stop()
            event.prevent_default()

    # -- hot seat --------------------------------------------------------------------

    def _cover_for_next_player(self) -> None:
        """Hot seat: put the pass screen up for the player whose turn it is."""
        name = self.presenter.pass_to()
        if name is None or not self._drawn():
            return
        if isinstance(self.app.screen, PassScreen):
            return  # still covered (the leave question came from the palette)
        self.app.push_screen(PassScreen(name), self._passed_to)

    def _passed_to(self, ready: bool | None) -> None:
        if not ready:
            self.request_leave(self._go_back)
            return
        self.presenter.passed()  # that player's hole cards arrive now

    def _go_back(self) -> None:
        if self.app.screen is self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    # -- leaving ---------------------------------------------------------------------

    def request_leave(self, leave: Callable[[], object]) -> None:
        """The app asks before any way off the table (Escape, the palette, quitting).

        Between hands (or only watching) the table lets the player go at once.
        With a hand in play it asks; on yes every human's hand is folded
        (checked when they can check), the hand is played out and settled,
        and only then does the app move on. A second request while the
        question is open replaces the first one's way out.
        """
        if not self.presenter.asks_before_leaving():
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if not asking:
            question = _("Leave the table? Your hand is folded (checked when you can check).")
            self.app.push_screen(ConfirmScreen(question, yes=_("Leave"), no=_("Stay")),
                                 self._leave_answered)

    def _leave_answered(self, leave: bool | None) -> None:
        go, self._leave = self._leave, None
        if not leave or go is None:
            self._cover_for_next_player()
            return
        self._fold_out()
        go()

    def _fold_out(self) -> None:
        """The hand in play ends now (a shared table's room plays it on); what was not
        shown yet lands in the view undrawn."""
        self.presenter.fold_out()
        self.player.flush()

    def on_unmount(self) -> None:
        # Removed without being asked (no way out does that today): the hand
        # in play still ends and counts, as when the player agreed to leave.
        self._gone = True
        if self.presenter.replaced(self._on_event):
            return  # a newer screen plays this table now: its hand and seat are its own
        self._fold_out()
        self.session.close()


def _panel_count(count: int) -> int:
    """Seat panels drawn for ``count`` seats (a shared table's seats may not have come yet)."""
    return min(max(count, 2), 10)
