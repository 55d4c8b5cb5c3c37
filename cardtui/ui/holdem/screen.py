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

What the player's keys do lives in :mod:`.moves` (the moves of a hand)
and :mod:`.hands_between` (dealing, rebuys, the setup, chat, hot seat and the
way out); the words in :mod:`.wording`.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual import getters
from textual.reactive import reactive
from textual.screen import Screen

from cardtui.games import Game
from cardtui.holdem.actions import Record
from cardtui.holdem.hand import Hand
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Table
from cardtui.holdem.view import HoleCard, Step, TableView, steps, with_slides
from cardtui.store import SeatResult
from cardtui.tables import session as seam
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_capabilities import HoldemCapabilities, HoldemSession
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.felt import Drawing
from cardtui.ui.holdem.hands_between import BetweenHands
from cardtui.ui.holdem.moves import Moves
from cardtui.ui.holdem.pace import SLIDE_FRAMES, THINK_PAUSE, pause_for
from cardtui.ui.holdem.setup import saved_setup
from cardtui.ui.record_player import RecordPlayer
from cardtui.ui.sitting import HandsPlayed, hand_view

#: What the record player shows, in order: a record's steps, or what the session said between.
Shown = Step | seam.HandBegins | seam.SeatsChanged | seam.ToAct | seam.Clock | seam.Note | (
    seam.Voided)


class HoldemScreen(Moves, BetweenHands, Drawing, Screen[None]):
    CSS_PATH = "holdem.tcss"
    # A class attribute, not set on mount: Textual's Header redraws the title
    # when it changes, and fails if the screen is already being removed.
    SUB_TITLE = "Texas Hold'em"
    BINDINGS = words.BINDINGS
    app = getters.app(CardtuiApp)

    #: The decision this screen's player must make now (the session's ToAct), once shown.
    turn: reactive[seam.ToAct | None] = reactive(None, init=False)
    #: Someone else deciding: a local bot thinking, or a shared table's action clock.
    clock: reactive[seam.Clock | None] = reactive(None, init=False)
    #: Hot seat: the human who took the keyboard for the decision at hand.
    keyboard: reactive[int | None] = reactive(None, init=False)
    #: What just happened at the table (busts, blinds up, a refusal), shown with the prompt.
    notes: reactive[list[Text]] = reactive(list, init=False, always_update=True)

    def __init__(self, session: HoldemSession | None = None) -> None:
        super().__init__()
        self.ascii: bool = self.app.settings.ascii_cards
        self.seats: tuple[seam.SeatState, ...] = ()
        self.view = TableView([])
        #: The hand in play as delivered (its start and records): what the history keeps.
        self.begun: seam.HandBegins | None = None
        self.records: list[Record] = []
        #: Chat lines said at the table: (where in the hand's log, the line).
        self.said: list[tuple[int, Text]] = []
        self.player: RecordPlayer[Shown] = RecordPlayer(
            self, apply=self._apply, pause_for=self._linger, redraw=self._sync,
            instant=lambda: self.app.settings.delay(1.0) == 0, group="holdem-reveal",
        )
        #: The way out the player asked for while the leave question is open.
        self._leave: Callable[[], object] | None = None
        self._replaying = False
        #: Unmounting: whatever still happens lands in the view undrawn.
        self._gone = False
        #: The action clock's seconds when ``_tick`` last looked (it redraws on a change).
        self._ticked: int | None = None
        self._building = asyncio.Lock()
        #: The seat drawn at the bottom middle (a shared table: this player's own).
        self.bottom = 0
        #: The seat panels as composed or last built (top, right, bottom, left).
        self.built: tuple[list[int], ...] = ()
        self.session: HoldemSession = session or self._sit_down()
        #: What this table can do beyond the seam, asked once (never its type).
        self.caps: HoldemCapabilities = self.session.capabilities()
        self._join()

    # -- the session ---------------------------------------------------------------

    @property
    def table(self) -> Table:
        dealer = self.caps.dealer
        assert dealer is not None, "a shared table has no engine here"
        return dealer.table

    @property
    def hand(self) -> Hand | None:
        """A local table's hand in the engine (ahead of what is shown); None elsewhere."""
        dealer = self.caps.dealer
        return dealer.hand if dealer is not None else None

    @property
    def history(self) -> HandsPlayed:
        return self.app.session.holdem_history

    @property
    def animating(self) -> bool:
        """Steps are being shown (keys skip rather than act)."""
        return self.player.playing

    @property
    def in_hand(self) -> bool:
        return self.session.in_hand

    @property
    def hot_seat(self) -> bool:
        """Several humans share the keyboard: hole cards stay hidden until each takes it."""
        return len(self.session.viewer_seats) > 1

    @property
    def viewer(self) -> int | None:
        """The seat whose hole cards are face up on screen now."""
        seats = self.session.viewer_seats
        if not self.hot_seat:
            return next(iter(seats), None)
        turn = self.turn
        return turn.seat if turn is not None and self.keyboard == turn.seat else None

    @property
    def waiting_for(self) -> int | None:
        return self.turn.seat if self.turn is not None else None

    @property
    def thinking(self) -> int | None:
        return self.clock.seat if self.clock is not None else None

    def _sit_down(self, setup: HoldemConfig | None = None) -> HoldemLocalSession:
        settings = self.app.settings
        session = HoldemLocalSession(
            setup or saved_setup(settings), random.Random(self.app.rng.getrandbits(64)),
            think=lambda: settings.delay(THINK_PAUSE))
        session.placed = lambda name, place, entrants: self.app.store.record_tournament(
            name, place, entrants, session_id=self.app.session_id)
        session.shown = self._shown
        session.keep_chips(TableBankroll(self.app.store, Game.HOLDEM, settings.player_name,
                                         self.app.session_id))
        return session

    async def _shown(self) -> None:
        if self._drawn():
            await self.player.idle()

    def _join(self) -> None:
        # Coming back to a hand in play: its present lands at once, not as a fresh reveal.
        self._replaying = True
        self.session.attach(self._on_event)
        self._replaying = False

    def _on_event(self, event: seam.Event) -> None:
        match event:
            case seam.Settled(rows=rows, bankroll_player=player, hand_history=history):
                self._settled(rows, player, history, event.bankroll_place, event.shared_hand,
                              event.tournament)
                return
            case seam.Seen(records=seen):
                records = cast(tuple[Record, ...], seen)  # a hold'em table's records
                self.records.extend(records)
                shown: list[Shown] = list(with_slides(steps(records), SLIDE_FRAMES))
            case seam.HandBegins():
                self.begun, self.records = event, []
                shown = [event]
            case _:
                shown = [event]
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
        match step:
            case seam.HandBegins():
                self.view = hand_view(self.seats, step)
                self.turn = self.clock = self.keyboard = None
                self.notes = []
                # Chat is shown once, where it was said: the last hand's lines go with
                # its log (they came back at the top of every new hand, as if just said).
                self.said = []
            case seam.SeatsChanged(seats=seats):
                self._seated(seats)
            case seam.ToAct():
                self.turn = step
                self._cover_for_next_player()
            case seam.Clock(deadline=deadline):
                self.clock = step if deadline is not None else None
            case seam.Note(text=text, kind="chat"):
                self.said.append((len(self.view.log), words.note_text(text, "chat")))
            case seam.Note(text=text, kind=kind):
                self.notes = [*self.notes, words.note_text(text, kind)]
            case seam.Voided(reason=reason):
                self.begun, self.records = None, []
                self.view = hand_view(self.seats)
                self.turn = self.clock = None
                self.notes = [words.note_text(reason, "warning")]
            case _:
                if self.turn is not None and not isinstance(step, HoleCard):
                    # Someone acted while this player was asked (a shared table's clock
                    # ran out): the decision has passed. (Hot seat: hole cards arrive
                    # for the player who just took the keyboard, whose turn it still is.)
                    self.turn = None
                self.view.apply(step)

    def _seated(self, seats: tuple[seam.SeatState, ...]) -> None:
        """New seating: a table between hands is redrawn from it; a hand's picture keeps
        its own seats and only takes their new names (a rename) and, once the hand is
        over, their new stacks (a rebuy)."""
        recount = len(seats) != len(self.seats)
        self.seats = seats
        mine = self.session.viewer_seats
        turned = self.caps.room is not None and bool(mine) and min(mine) != self.bottom
        if turned:
            # Each player sees their own seat at the bottom middle, as at a real table.
            self.bottom = min(mine)
        if recount or self.view.positions is None:
            self.view = hand_view(seats)
        else:
            for seat in seats:
                if seat.seat < len(self.view.seats) and seat.status != "empty":
                    shown = self.view.seats[seat.seat]
                    if shown.in_hand:
                        shown.name = seat.name
                    if self.view.over:
                        shown.stack = seat.stack
        if (recount or turned) and self.is_mounted:
            self.call_later(self._build_seats)

    def _settled(self, rows: tuple[SeatResult, ...], bankroll_player: str | None,
                 hand_history: str | None, bankroll_place: str = "",
                 shared_hand: str | None = None, tournament: bool = False) -> None:
        """The hand is over: its rows go to the store unchanged (with the kept chips' change
        and the PHH text in the same transaction), the hand to the history."""
        app = self.app
        app.store.record_round(Game.HOLDEM, list(rows), session_id=app.session_id,
                               hand_history=hand_history, bankroll_player=bankroll_player,
                               bankroll_place=bankroll_place, shared_hand=shared_hand,
                               tournament=tournament)
        if self.begun is not None:
            self.history.add(self.seats, self.begun, self.records, self.hand)

    def _linger(self, step: Shown) -> float:
        """Seconds to stay on ``step`` at the current animation speed."""
        return self.app.settings.delay(pause_for(step))
