"""The Texas Hold'em table: seats round the board, the pots, the action log and the keys.

Data flows one way: a key -> an action on the engine's
:class:`~cardtui.holdem.hand.Hand` -> records -> the records are played on a
:class:`~cardtui.holdem.view.TableView` one step at a time by a
:class:`~cardtui.ui.record_player.RecordPlayer` (with pauses when animations
are on) -> the panels redraw. One worker (``_run_hand``) moves the hand on: it
plays the records, asks bots for their decision in a thread, and stops when a
human must act. A finished hand is written to the store the moment the engine
says it is over, whatever ended it, before its showdown has been shown.

The table's work lives and dies with the screen: nothing is drawn once the
screen has left the app's screen stack, the hand loop stops there, and every
way off the table goes through :meth:`HoldemScreen.request_leave` (the app's
navigation asks it first): a hand in play is folded for the humans, played
out and settled before the app moves on.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from cardtui.cards import Deck
from cardtui.holdem.actions import (
    Action,
    BetsCollected,
    HandShown,
    PotAwarded,
    Record,
)
from cardtui.holdem.hand import Hand
from cardtui.holdem.table import Mode, PlayerBusted, Table, TableEvent, TournamentWon
from cardtui.holdem.view import (
    BoardCard,
    HoleCard,
    PotSlide,
    SeatView,
    Step,
    TableView,
    steps,
    with_slides,
)
from cardtui.store import Game
from cardtui.tables.holdem_local import table_note
from cardtui.tables.results import holdem_rows
from cardtui.ui.record_player import RecordPlayer, on_screen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.holdem_history import HoldemHistoryScreen, session_history
from cardtui.ui.screens.holdem_pass import PassScreen
from cardtui.ui.screens.holdem_raise import RaiseScreen
from cardtui.ui.screens.holdem_setup import saved_setup
from cardtui.ui.screens.holdem_words import (
    bet_text,
    blinds_text,
    hand_note,
    pots_text,
    seat_markers,
    seat_status,
)
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.holdem_log import TableLog
from cardtui.ui.widgets.holdem_table import HoldemBoard, HoldemSeat, SeatLook, arrange

#: Seconds per step at "normal" speed: hole cards pitched briskly, the flop
#: card by card, a pause on each hand turned over and on each pot pushed.
HOLE_CARD_PAUSE = 0.12
BOARD_CARD_PAUSE = 0.4
COLLECT_PAUSE = 0.3
SHOW_PAUSE = 0.9
AWARD_PAUSE = 1.2
#: The pot slides into the winners' stacks in this many frames, taking this
#: share of the award pause; the rest is for reading the winning hand.
SLIDE_FRAMES = 8
SLIDE_SHARE = 0.5
#: A bot "thinks" at least this long so a person can follow the action.
THINK_PAUSE = 0.7
#: Buttons for the mouse: (id, label, action); each runs the same action as its
#: key and is shown only when that action is legal.
BUTTONS = (
    ("btn-fold", "Fold f", "fold"),
    ("btn-check", "Check c", "check"),
    ("btn-call", "Call c", "call"),
    ("btn-bet", "Bet r", "bet"),
    ("btn-raise", "Raise r", "raise"),
    ("btn-all-in", "All-in a", "all_in"),
    ("btn-deal", "Next hand d", "deal"),
    ("btn-rebuy", "Rebuy b", "rebuy"),
    ("btn-setup", "Setup t", "setup"),
    ("btn-history", "History y", "history"),
)
#: One key shoves a whole stack: an all-in of more than this many big blinds
#: is asked about first (``Settings.confirm_all_in`` turns the question off).
ASK_ALL_IN_OVER_BIG_BLINDS = 10
#: How the table's notes (from :func:`~cardtui.tables.holdem_local.table_note`) are drawn.
NOTE_STYLES = {"warning": "red", "win": "bold green", "level": "yellow"}
#: Terminals at least this big get boxed cards and taller seat panels.
ROOMY_SIZE = (110, 34)


class HoldemScreen(Screen[None]):
    CSS_PATH = "holdem.tcss"
    # A class attribute, not set on mount: Textual's Header redraws the title
    # when it changes, and fails if the screen is already being removed.
    SUB_TITLE = "Texas Hold'em"
    BINDINGS = [
        Binding("f", "fold", "Fold"),
        # One key, two moves: only the legal one is active and shown.
        Binding("c", "check", "Check"),
        Binding("c", "call", "Call"),
        Binding("r", "bet", "Bet"),
        Binding("r", "raise", "Raise"),
        Binding("a", "all_in", "All-in"),
        Binding("d,enter", "deal", "Next hand"),
        Binding("b", "rebuy", "Rebuy"),
        Binding("t", "setup", "Setup"),
        Binding("y", "history", "History"),
        # Through the app's navigation, which asks this screen first (request_leave).
        Binding("escape", "app.back", "Menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        settings = self.app.settings  # type: ignore[attr-defined]
        self.ascii: bool = settings.ascii_cards
        self.config = saved_setup(settings)
        self.table = self._make_table()
        self.hand: Hand | None = None
        self.view = self._idle_view()
        self.history = session_history(self.app)
        #: Stacks the next hand's deck (tests and demos); used once.
        self.next_deck: Deck | None = None
        #: The human seat whose key is awaited (None while bots act or between hands).
        self.waiting_for: int | None = None
        #: The bot seat thinking now.
        self.thinking: int | None = None
        #: Hot-seat: the human who took the keyboard for the decision at hand.
        self.passed: int | None = None
        self.notes: list[Text] = []
        self.player: RecordPlayer[Step] = RecordPlayer(
            self, apply=self._show, pause_for=self._linger, redraw=self._sync,
            instant=lambda: self.app.settings.delay(1.0) == 0,  # type: ignore[attr-defined]
            group="holdem-reveal",
        )
        #: Any key cuts a bot's thinking pause short.
        self._stop_thinking = asyncio.Event()
        #: The last hand written to the store and the history (each is settled once).
        self._settled: Hand | None = None
        #: The way out the player asked for while the leave question is open.
        self._leave: Callable[[], object] | None = None

    # -- the table -----------------------------------------------------------------

    def _make_table(self, button: int | None = None) -> Table:
        rng = random.Random(self.app.rng.getrandbits(64))  # type: ignore[attr-defined]
        return self.config.make_table(rng, button)

    def _idle_view(self) -> TableView:
        """The table between hands: names and stacks, nobody dealt in."""
        seats = [
            SeatView(s.name, s.stack, s.is_bot) if s is not None else SeatView("", 0)
            for s in self.table.seats
        ]
        return TableView(seats)

    async def new_table(self, button: int | None = None) -> None:
        """Sit down at a fresh table from the setup (``button`` fixes the first button)."""
        self.table = self._make_table(button)
        self.hand = None
        self.view = self._idle_view()
        self.waiting_for = self.thinking = self.passed = None
        await self._build_seats()
        self._sync()

    def set_stacks(self, stacks: dict[int, int]) -> None:
        """Change stacks between hands (demos and tests: a short stack makes a side pot)."""
        if self.in_hand:
            raise ValueError("stacks change between hands")
        for index, chips in stacks.items():
            seat = self.table.seats[index]
            if seat is None:
                raise ValueError(f"nobody sits in seat {index}")
            seat.stack = chips
        self._refresh_idle_stacks()
        self._sync()

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if not s.is_bot]

    @property
    def hot_seat(self) -> bool:
        """Several humans share the keyboard: hole cards stay hidden until each takes it."""
        return len(self.humans) > 1

    @property
    def animating(self) -> bool:
        """Records are being shown (keys skip rather than act)."""
        return self.player.playing

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.is_over

    @property
    def viewer(self) -> int | None:
        """The human whose hole cards are face up on screen now."""
        if not self.hot_seat:
            return self.humans[0] if self.humans else None
        if self.waiting_for is not None and self.passed == self.waiting_for:
            return self.waiting_for
        return None

    # -- composition -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        # The seats are composed with the screen, not mounted after it: a table
        # left while it is still being built has nothing left to await.
        top, right, bottom, left = arrange(len(self.table.seats))
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
        yield TableLog(ascii=self.ascii, id="log")
        yield Static("", id="prompt")
        yield ActionBar(BUTTONS, id="buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.ascii, "ascii")
        self._set_roomy(*self.app.size)
        self.call_after_refresh(self._sync)  # drawn once mounted (on_screen is true then)

    def on_resize(self, event: events.Resize) -> None:
        self._set_roomy(event.size.width, event.size.height)
        self._sync()

    def _set_roomy(self, width: int, height: int) -> None:
        self.set_class(width >= ROOMY_SIZE[0] and height >= ROOMY_SIZE[1], "roomy")

    def _seat_panels(self, seats: list[int]) -> list[HoldemSeat]:
        return [HoldemSeat(ascii=self.ascii, id=f"seat-{seat}") for seat in seats]

    async def _build_seats(self) -> None:
        """Seat panels for a new table (its seat count may differ)."""
        top, right, bottom, left = arrange(len(self.table.seats))
        for container_id, seats in (("#top-row", top), ("#right-side", right),
                                    ("#bottom-row", bottom), ("#left-side", left)):
            if not self._open():
                return  # left while the panels were being changed
            container = self.query_one(container_id)
            await container.remove_children()
            if not self._open():
                return
            await container.mount_all(self._seat_panels(seats))
            container.display = bool(seats) or "row" in container_id

    def _open(self) -> bool:
        """Still one of the app's screens (true while mounting too, unlike ``on_screen``)."""
        return self.is_attached and self in self.app.screen_stack

    # -- what is shown -------------------------------------------------------------

    def _sync(self) -> None:
        """Redraw everything from the view, and refresh the keys."""
        if not on_screen(self):
            return  # gone (or going): its widgets may be removed already
        view = self.view
        roomy = self.has_class("roomy")
        # While a new table's panels are being mounted, some seats have none yet:
        # they are drawn once mounted. Any other error in a redraw is a bug and rises.
        panels = {panel.id: panel for panel in self.query(HoldemSeat)}
        for index, seat in enumerate(view.seats):
            panel = panels.get(f"seat-{index}")
            if panel is not None:
                panel.show(seat if seat.name else None, self.seat_look(index), roomy=roomy)
        self.query_one("#board", HoldemBoard).show(
            view.board, street=self._street_label(), pots=pots_text(view, ascii=self.ascii),
            bet=self._bet_text(), note=self._hand_note(), highlight=view.winning_cards,
        )
        self.query_one("#log", TableLog).show(view.log)
        self.query_one("#prompt", Static).update(self._prompt())
        self.query_one(ActionBar).show_legal(lambda action: self.check_action(action, ()))
        self.refresh_bindings()

    def seat_look(self, index: int) -> SeatLook:
        """How seat ``index`` is drawn now: markers, status, and whether its cards are face up."""
        view = self.view
        seat = view.seats[index]
        return SeatLook(
            markers=seat_markers(view, index),
            status=seat_status(view, index, thinking=self.thinking, to_act=self.waiting_for),
            face_up=seat.shown or index == self.viewer,
            acting=index in (self.waiting_for, self.thinking),
            winner=seat.won > 0,
            highlight=view.winning_cards if seat.won else (),
        )

    def _street_label(self) -> str:
        if self.hand is None:
            return "Waiting for the deal"
        return "" if self.view.over else self.view.street.label

    def _bet_text(self) -> Text:
        if self.hand is None or self.view.over:
            table = self.table
            level = None
            if table.mode is Mode.TOURNAMENT:
                level = table.level_index_for(table.hand_number) + 1
            return blinds_text(table.blinds, level)
        actor = self.waiting_for if self.waiting_for is not None else self.thinking
        return bet_text(self.view, actor)

    def _hand_note(self) -> Text:
        return hand_note(self.view, self.viewer, hot_seat=self.hot_seat)

    def _prompt(self) -> Text:
        if self.animating:
            return Text("…  (any key skips)", style="dim")
        if self.thinking is not None:
            return Text(f"{self.view.seats[self.thinking].name} is thinking…", style="dim")
        if self.waiting_for is not None and self.hand is not None:
            seat = self.view.seats[self.waiting_for]
            legal = self.hand.legal_actions()
            ask = f"{seat.name}, your turn: "
            ask += f"{legal.call_amount:,} to call." if legal.call_amount else "check or bet."
            return self._with_notes(Text(ask, style="bold"))
        if self.table.is_finished:
            return self._with_notes(Text("d starts a new table.", style="bold"))
        if self.hand is None:
            return self._with_notes(Text("d deals the first hand.", style="bold"))
        return self._with_notes(Text("d deals the next hand.", style="bold"))

    def _with_notes(self, ask: Text) -> Text:
        """What just happened at the table (busts, blinds up), then what to do.

        Too long for one line, what to do gets a line of its own (the prompt
        wraps rather than cutting anything off).
        """
        line = Text("  ").join([*self.notes, ask])
        width = self.query_one("#prompt", Static).content_size.width
        if self.notes and width and line.cell_len > width:
            return Text("\n").join([Text("  ").join(self.notes), ask])
        return line

    # -- legality ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.animating:
            return False
        if action in ("fold", "check", "call", "bet", "raise", "all_in"):
            return self._may(action)
        between = not self.in_hand and self.thinking is None
        if action in ("deal", "setup"):
            return between
        if action == "rebuy":
            return between and bool(self._busted_humans())
        if action == "history":
            return self.thinking is None
        return True

    def _may(self, move: str) -> bool:
        hand = self.hand
        if self.waiting_for is None or hand is None or hand.actor != self.waiting_for:
            return False
        if self.hot_seat and self.passed != self.waiting_for:
            return False
        # The engine decides what is legal; the keys only ask it.
        legal = hand.legal_actions()
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

    def _busted_humans(self) -> list[int]:
        if self.table.mode is not Mode.CASH:
            return []
        return [i for i in self.humans
                if (seat := self.table.seats[i]) is not None and seat.stack == 0]

    # -- keys ------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Any key skips the reveal (or a bot's pause) to its end, and does nothing else;
        # Escape still leaves (asking first when a hand is in play).
        if (self.animating or self.thinking is not None) and event.key != "escape":
            self.player.skip()
            self._stop_thinking.set()
            event.stop()
            event.prevent_default()

    def action_fold(self) -> None:
        self._human(Action.fold())

    def action_check(self) -> None:
        self._human(Action.check())

    def action_call(self) -> None:
        self._human(Action.call())

    def action_all_in(self) -> None:
        hand = self.hand
        if hand is None or self.waiting_for is None:
            return
        chips = hand.stacks[self.waiting_for]
        big_blinds = chips / hand.big_blind
        ask = self.app.settings.confirm_all_in  # type: ignore[attr-defined]
        if not ask or big_blinds <= ASK_ALL_IN_OVER_BIG_BLINDS:
            self._human(Action.all_in())
            return
        name = self.view.seats[self.waiting_for].name
        size = f"{big_blinds:,.1f}".removesuffix(".0")
        question = f"{name}, go all-in with all your {chips:,} chips ({size} big blinds)?"
        self.app.push_screen(ConfirmScreen(question, yes="All-in", no="Back"),
                             self._all_in_answered)

    def _all_in_answered(self, shove: bool | None) -> None:
        if shove:
            self._human(Action.all_in())

    def action_bet(self) -> None:
        self._ask_amount()

    def action_raise(self) -> None:
        self._ask_amount()

    def _ask_amount(self) -> None:
        hand = self.hand
        if hand is None or self.waiting_for is None:
            return
        name = self.view.seats[self.waiting_for].name
        screen = RaiseScreen(name, hand.legal_actions(), pot=hand.pot_total,
                             current_bet=hand.current_bet, big_blind=hand.big_blind)
        self.app.push_screen(screen, self._amount_chosen)

    def _amount_chosen(self, amount: int | None) -> None:
        if amount is not None:
            self._human(Action.raise_to(amount))

    def _human(self, action: Action) -> None:
        hand = self.hand
        if hand is None or self.waiting_for is None or hand.actor != self.waiting_for:
            return
        self.waiting_for = None
        self.passed = None
        self.notes = []
        self._act(action)
        self._run_hand()

    async def action_deal(self) -> None:
        if self.in_hand:
            return
        if self.table.is_finished:
            await self.new_table()
        self.notes = []
        hand = self.table.start_hand(deck=self.next_deck)
        self.next_deck = None
        self.hand = hand
        bots = [i for i, s in enumerate(self.table.seats) if s is not None and s.is_bot]
        self.view = TableView.for_hand(hand, self.table.names, bots=bots)
        # The blinds alone can decide a hand (an all-in small blind, covered):
        # the deal then settles it like any action would.
        self._advance(hand.records)
        self._run_hand()

    def action_rebuy(self) -> None:
        for seat in self._busted_humans():
            self.table.rebuy(seat, self.config.stack)
            name = self.config.seats[seat].name
            self.notes = [Text(f"{name} buys in again for {self.config.stack:,}.")]
        if self.hand is None or self.hand.is_over:
            self._refresh_idle_stacks()
        self._sync()

    def _refresh_idle_stacks(self) -> None:
        for index, seat in enumerate(self.table.seats):
            if seat is not None:
                self.view.seats[index].stack = seat.stack

    def action_setup(self) -> None:
        from cardtui.ui.screens.holdem_setup import HoldemSetupScreen

        self.app.push_screen(HoldemSetupScreen(), self._setup_closed)

    async def _setup_closed(self, saved: bool | None) -> None:
        if not saved or self.in_hand:
            return
        settings = self.app.settings  # type: ignore[attr-defined]
        self.config = saved_setup(settings)
        await self.new_table()
        self.notes = [Text("New table: " + self._table_words())]
        self._sync()

    def _table_words(self) -> str:
        config = self.config
        mode = "tournament" if config.mode is Mode.TOURNAMENT else "cash game"
        return (f"{len(config.seats)} seats, {config.stack:,} chips, "
                f"blinds {config.small_blind}/{config.big_blind}, {mode}")

    def action_history(self) -> None:
        self.app.push_screen(HoldemHistoryScreen(self.history))

    def request_leave(self, leave: Callable[[], object]) -> None:
        """The app asks before any way off the table (Escape, the palette, quitting).

        Between hands the table lets the player go at once. With a hand in
        play it asks; on yes every human's hand is folded (checked when they
        can check), the hand is played out and settled, and only then does
        the app move on. A second request while the question is open replaces
        the first one's way out.
        """
        if not self.in_hand or not self.humans:
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if not asking:
            question = "Leave the table? Your hand is folded (checked when you can check)."
            self.app.push_screen(ConfirmScreen(question, yes="Leave", no="Stay"),
                                 self._leave_answered)

    def _leave_answered(self, leave: bool | None) -> None:
        go, self._leave = self._leave, None
        if not leave or go is None:
            self._cover_for_next_player()
            return
        self._fold_out()
        go()

    def _go_back(self) -> None:
        if self.app.screen is self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def _fold_out(self) -> None:
        """Play the hand in play out at once, every human folding (checking when they
        can), and settle it; what was not shown yet lands in the view undrawn."""
        self.workers.cancel_group(self, "holdem-play")
        self.waiting_for = self.thinking = self.passed = None
        hand = self.hand
        while hand is not None and not hand.is_over:
            seat = self.table.seats[hand.actor] if hand.actor is not None else None
            if seat is not None and seat.is_bot:
                self._act(self.table.bot_action())
            else:
                self._act(Action.fold() if hand.can_fold() else Action.check())
        self.player.flush()

    def on_unmount(self) -> None:
        # Removed without being asked (no way out does that today): the hand
        # in play still ends and counts, as when the player agreed to leave.
        self._fold_out()

    # -- moving the hand on ------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """Apply ``action`` for the actor and take in what the engine did."""
        hand = self.hand
        assert hand is not None
        self._advance(hand.act(action))

    def _advance(self, records: list[Record]) -> None:
        """Queue the engine's new records for the reveal; settle the hand once the engine
        says it is over, whatever ended it (an action, the deal itself, a player leaving).

        Settling happens here, before the reveal, so the store never lags behind
        what the screen has shown.
        """
        hand = self.hand
        assert hand is not None
        self.player.queue(with_slides(steps(records), SLIDE_FRAMES))
        if hand.is_over and self._settled is not hand:
            self._settled = hand
            self._settle(hand)

    @work(exclusive=True, group="holdem-play")
    async def _run_hand(self) -> None:
        """Show, let bots act, and stop when a human must act, the hand is over,
        or the table has left the screen."""
        hand = self.hand
        assert hand is not None
        while on_screen(self):
            await self.player.play_queued()
            if hand.is_over or not on_screen(self):
                break
            seat = hand.actor
            assert seat is not None
            player = self.table.seats[seat]
            if player is not None and player.is_bot:
                await self._bot_turn(seat)
            else:
                self.waiting_for = seat
                self._cover_for_next_player()
                self._sync()
                return
        self._sync()

    def _passed_to(self, ready: bool | None) -> None:
        if not ready:
            self.request_leave(self._go_back)
            return
        self.passed = self.waiting_for
        self._sync()

    def _cover_for_next_player(self) -> None:
        """Hot seat: put the pass screen back for the player whose turn it still is."""
        seat = self.waiting_for
        if not self.hot_seat or seat is None or self.passed == seat or not on_screen(self):
            return
        if isinstance(self.app.screen, PassScreen):
            return  # still covered (the leave question came from the palette)
        self.app.push_screen(PassScreen(self.view.seats[seat].name), self._passed_to)

    async def _bot_turn(self, seat: int) -> None:
        self.thinking = seat
        self._stop_thinking.clear()
        self._sync()
        started = time.monotonic()
        # Monte Carlo equity takes a moment: off the event loop, so keys still work.
        action = await asyncio.to_thread(self.table.bot_action)
        pause = self.app.settings.delay(THINK_PAUSE) - (time.monotonic() - started)  # type: ignore[attr-defined]
        if pause > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop_thinking.wait(), pause)
        self.thinking = None
        self._act(action)

    def _show(self, step: Step) -> None:
        """One step on the table as shown (the record player's ``apply``)."""
        self.view.apply(step)

    def _linger(self, step: Step) -> float:
        """Seconds to stay on ``step`` at the current animation speed."""
        return self.app.settings.delay(_pause_for(step))  # type: ignore[attr-defined, no-any-return]

    # -- a finished hand: the store, the table, the history -------------------------

    def _settle(self, hand: Hand) -> None:
        """Record the hand for every human at once, then settle the table."""
        names = [seat.name for seat in self.view.seats]
        results = holdem_rows(hand, self.humans, names)
        app = self.app
        if results:
            app.store.record_round(Game.HOLDEM, list(results), session_id=app.session_id)  # type: ignore[attr-defined]
        self.history.add(hand, self.view)
        self._table_events(self.table.finish_hand())

    def _table_events(self, events_: list[TableEvent]) -> None:
        app = self.app
        human_names = {self.config.seats[i].name for i in self.humans}
        for event in events_:
            note = table_note(event)
            self.notes.append(Text(note.text, style=NOTE_STYLES.get(note.kind, "")))
            match event:
                case PlayerBusted(name=name, place=int(place)) if name in human_names:
                    app.store.record_tournament(  # type: ignore[attr-defined]
                        name, place, len(self.table.entrants), session_id=app.session_id)  # type: ignore[attr-defined]
                case TournamentWon(name=name) if name in human_names:
                    app.store.record_tournament(  # type: ignore[attr-defined]
                        name, 1, len(self.table.entrants), session_id=app.session_id)  # type: ignore[attr-defined]


def _pause_for(step: Step) -> float:
    """How long the table lingers after ``step``, in seconds at normal speed."""
    match step:
        case HoleCard():
            return HOLE_CARD_PAUSE
        case BoardCard():
            return BOARD_CARD_PAUSE
        case BetsCollected():
            return COLLECT_PAUSE
        case HandShown():
            return SHOW_PAUSE
        case PotSlide():
            return AWARD_PAUSE * SLIDE_SHARE / SLIDE_FRAMES
        case PotAwarded():
            return AWARD_PAUSE
    return 0.0
