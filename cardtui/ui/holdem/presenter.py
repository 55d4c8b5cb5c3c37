"""The hold'em table without Textual: what is shown, whose turn it is, which keys are legal,
and what a key does to the session.

:class:`HoldemPresenter` keeps the table as this screen shows it (the seats,
the hand's :class:`~cardtui.holdem.view.TableView`, the turn, a running action
clock, the notes, the hot seat's keyboard) and answers every question the
screen asks of it: the prompt, the status under each seat, whether ``c``
checks or calls, whether ``d`` deals. The screen draws what it says and pushes
the dialogs; the presenter never imports Textual, so it is tested with a
scripted or a local session and no app at all
(``tests/ui/test_holdem_presenter.py``).

What the session can do beyond the seam comes from its
:class:`~cardtui.tables.holdem_capabilities.HoldemCapabilities`, asked once:
the presenter never asks which kind of session it holds.

``changed`` is called whenever the turn, the clock, the keyboard or the notes
change (the notes on every assignment, as before): the screen redraws then,
as its reactive attributes did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, cast

from rich.text import Text

from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.holdem.actions import (
    Action,
    BetOrRaised,
    BlindKind,
    BlindPosted,
    Called,
    Checked,
    Folded,
    Record,
)
from cardtui.holdem.hand import Hand
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Mode
from cardtui.holdem.view import HoleCard, SeatView, Step, TableView, steps, with_slides
from cardtui.i18n import N_, _
from cardtui.i18n.said import say, sentence
from cardtui.tables import session as seam
from cardtui.tables.holdem_capabilities import HoldemCapabilities, HoldemSession
from cardtui.ui.holdem import advance as ahead
from cardtui.ui.holdem import moves
from cardtui.ui.holdem import wording as words
from cardtui.ui.holdem.pace import SLIDE_FRAMES
from cardtui.ui.sitting import hand_view

#: What the record player shows, in order: a record's steps, or what the session said between.
Shown = Step | seam.HandBegins | seam.SeatsChanged | seam.ToAct | seam.SeatClock | seam.Note | (
    seam.Voided)

#: What any key did before its own action: skipped the reveal (and a bot's pause),
#: brought a sitting-out player back, or nothing.
AnyKey = Literal["skip", "back", None]

#: The keys' answers to a room's home-game question, by screen action: (question, answer).
HOME_ANSWERS = {"run_twice": ("runs", 2), "run_once": ("runs", 1), "show_hand": ("show", 1)}
#: The keys that play or speak at the table: off once the room let the table go (the
#: advance actions, ``pre_*``, too); the history, advice and Escape stay.
CLOSED_OFF = frozenset({*moves.MOVES, *HOME_ANSWERS, "chat", "straddle", "sit_out_next",
                        "rebuy", "deal", "setup"})

#: The streets by name (:attr:`cardtui.holdem.actions.Street.label`), for the catalogs.
STREET_NAMES = {"Preflop": N_("Preflop"), "Flop": N_("Flop"), "Turn": N_("Turn"),
                "River": N_("River"), "Showdown": N_("Showdown"), "Complete": N_("Complete")}


def _nothing() -> None:
    """No screen listens for changes (a test of the presenter alone)."""


def _now(call: Callable[[], None]) -> None:
    """No screen to run it later: a test of the presenter alone runs it at once."""
    call()


class HoldemPresenter:
    """One hold'em table as one screen shows it, and what its player's keys do."""

    def __init__(self, session: HoldemSession, caps: HoldemCapabilities, *,
                 clock: Clock = SYSTEM_CLOCK, changed: Callable[[], None] = _nothing,
                 later: Callable[[Callable[[], None]], object] = _now) -> None:
        self.session = session
        self.caps = caps
        self._time = clock
        self.changed = changed
        #: Runs a call once the step being shown is done (the screen: ``call_later``), so
        #: an advance action's move never lands inside the step that brought the turn.
        self.later = later
        self.seats: tuple[seam.SeatState, ...] = ()
        self.view = TableView([])
        #: The hand in play as delivered (its start and records): what the history keeps.
        self.begun: seam.HandBegins | None = None
        self.records: list[Record] = []
        #: Chat lines said at the table: (where in the hand's log, the line).
        self.said: list[tuple[int, Text]] = []
        #: The seat drawn at the bottom middle (a shared table: this player's own).
        self.bottom = 0
        self._turn: seam.ToAct | None = None
        self._clock: seam.SeatClock | None = None
        self._keyboard: int | None = None
        self._notes: list[Text] = []
        #: The move ticked ahead of this player's turn (see :mod:`.advance`).
        self._advance: ahead.Chosen | None = None
        #: A shared table: the sitting out this player asked for ("hand", "big_blind", "").
        self.sit_out_plan = ""

    # -- the state the screen redraws on --------------------------------------------

    @property
    def turn(self) -> seam.ToAct | None:
        """The decision this screen's player must make now (the session's ToAct), once shown."""
        return self._turn

    @turn.setter
    def turn(self, turn: seam.ToAct | None) -> None:
        if turn != self._turn:
            self._turn = turn
            self.changed()

    @property
    def clock(self) -> seam.SeatClock | None:
        """Someone else deciding: a local bot thinking, or a shared table's action clock."""
        return self._clock

    @clock.setter
    def clock(self, clock: seam.SeatClock | None) -> None:
        if clock != self._clock:
            self._clock = clock
            self.changed()

    @property
    def keyboard(self) -> int | None:
        """Hot seat: the human who took the keyboard for the decision at hand."""
        return self._keyboard

    @keyboard.setter
    def keyboard(self, seat: int | None) -> None:
        if seat != self._keyboard:
            self._keyboard = seat
            self.changed()

    @property
    def notes(self) -> list[Text]:
        """What just happened at the table (busts, blinds up, a refusal), shown with the prompt."""
        return self._notes

    @notes.setter
    def notes(self, notes: list[Text]) -> None:
        self._notes = notes
        self.changed()

    # -- who is who ----------------------------------------------------------------

    @property
    def in_hand(self) -> bool:
        return self.session.in_hand

    @property
    def hand(self) -> Hand | None:
        """A local table's hand in the engine (ahead of what is shown); None elsewhere."""
        dealer = self.caps.dealer
        return dealer.hand if dealer is not None else None

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

    # -- what the session says -------------------------------------------------------

    def shown_for(self, event: seam.Event) -> list[Shown]:
        """What ``event`` puts on the table, in order (a record's steps: one at a time).

        A :class:`~cardtui.tables.session.Settled` shows nothing: the screen
        hands its rows to the store.
        """
        match event:
            case seam.Settled():
                return []
            case seam.Seen(records=seen):
                records = cast(tuple[Record, ...], seen)  # a hold'em table's records
                self.records.extend(records)
                return list(with_slides(steps(records), SLIDE_FRAMES))
            case seam.HandBegins():
                self.begun, self.records = event, []
        return [event]

    def apply(self, step: Shown) -> bool:
        """One step on the table as shown; True when the seat panels must be built again
        (a new seat count, or a shared table turned to this player's seat)."""
        match step:
            case seam.HandBegins():
                self.view = hand_view(self.seats, step)
                self.turn = self.clock = self.keyboard = None
                self._advance = None
                self.notes = []
                # Chat is shown once, where it was said: the last hand's lines go with
                # its log (they came back at the top of every new hand, as if just said).
                self.said = []
            case seam.SeatsChanged(seats=seats):
                return self._seated(seats)
            case seam.ToAct():
                self.turn = step
                self._advance_due(step)
            case seam.SeatClock(deadline=deadline):
                self.clock = step if deadline is not None else None
                if deadline is None and self.turn is not None and self.turn.seat == step.seat:
                    # The decision's clock stopped with nobody acting: the host paused a
                    # shared table (the room asks again on resuming), so no key is live.
                    self.turn = None
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
                self._played_for_me(step)
                self._advance_check()
        return False

    def _seated(self, seats: tuple[seam.SeatState, ...]) -> bool:
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
            view = self.view
            for seat in seats:
                if seat.seat >= len(view.seats):
                    continue
                shown, gone = view.seats[seat.seat], seat.status == "empty"
                # Once the hand is over, a seat someone else took (or left empty) is no
                # longer part of its picture: with nobody to deal the next hand, it kept
                # the last player's name, cards and words under the newcomer's stack.
                if shown.in_hand and not (view.over and (gone or seat.name != shown.name)):
                    if not gone:
                        shown.name = seat.name
                        if view.over:
                            shown.stack = seat.stack
                    continue
                view.seats[seat.seat] = (SeatView("", 0) if gone else
                                         SeatView(seat.name, seat.stack, seat.bot))
                view.winners.discard(seat.seat)
        return recount or turned

    # -- which keys are legal -----------------------------------------------------------

    def allows(self, action: str, *, animating: bool) -> bool:
        """Whether the table's key for ``action`` is live now (a move, a deal, the history...)."""
        if animating:
            return False
        if self.table_closed and (action in CLOSED_OFF or action.startswith("pre_")):
            return False  # nothing is played or said at a table the room let go
        if action in moves.MOVES:
            return moves.may(action, self.legal())
        if action.startswith("pre_"):
            return action in self.advance_offered()
        caps = self.caps
        between = caps.dealer is not None and not self.in_hand and self.thinking is None
        if action in ("deal", "setup"):
            return between
        if action == "rebuy":
            return between and caps.rebuy is not None and bool(caps.rebuy.busted_humans())
        if action == "history":
            # A local table's bots wait for the screen: its history opens between moves.
            return self.thinking is None or caps.room is not None
        if action == "chat":
            return caps.chat is not None
        if action == "straddle":
            return caps.home is not None and caps.home.offers_straddle
        if action in HOME_ANSWERS:
            # A home-game question the room asked this player (run it twice? show?).
            return caps.home is not None and caps.home.question == HOME_ANSWERS[action][0]
        if action == "sit_out_next":
            # Not while the decision is yours (act first): at 80 columns the moves'
            # keys and these two overflowed the footer, cutting the palette's key; so did
            # the keys answering a home-game question (they come back once answered).
            return (caps.ahead is not None and bool(self.session.viewer_seats)
                    and not self.sitting_out() and self.legal() is None
                    and not (caps.home is not None and caps.home.question))
        return True

    def legal(self) -> LegalActions | None:
        """What this screen's player may do now (None: not their decision, or not yet)."""
        turn = self.turn
        if turn is None or (self.hot_seat and self.keyboard != turn.seat):
            return None
        return turn.legal if isinstance(turn.legal, LegalActions) else None

    # -- what a key does ---------------------------------------------------------------------

    def any_key(self, *, animating: bool) -> AnyKey:
        """Any key first: it skips the reveal (or a bot's pause) to its end, or brings a
        sitting-out player back; either way it does nothing else."""
        if animating or (self.thinking is not None and self.caps.deals_here):
            self.session.hurry()
            return "skip"
        sit_out = self.caps.sit_out
        if self.sitting_out() and sit_out is not None and not self.table_closed:
            sit_out.come_back()
            self.sit_out_plan = ""
            self.notes = [Text(_("Welcome back: you play from the next hand."))]
            return "back"
        return None

    def move(self, action: Action) -> None:
        """The player's move, to the session; a refusal (a shared table's turn ended
        meanwhile) is shown as a note."""
        turn = self.turn
        if turn is None:
            return
        self.turn = None
        self.keyboard = None
        self.notes = []
        if self.clock is not None and self.clock.seat == turn.seat:
            self.clock = None  # this player's own clock stops with the move
        try:
            self.session.act(turn.seat, action)
        except ValueError as refused:
            self.notes = [_refusal(refused)]

    def all_in_question(self, *, confirm: bool) -> str | None:
        """What ``a`` asks first (a shove of many big blinds), or None: it goes in at once."""
        turn = self.turn
        if turn is None:
            return None
        seat = self.view.seats[turn.seat]
        return moves.all_in_question(seat.name, seat.stack, self.big_blind(), confirm=confirm)

    def big_blind(self) -> int:
        """The hand's big blind: the engine's at a local table, else the one posted."""
        hand = self.hand
        if hand is not None:
            return hand.big_blind
        posted = [r.amount for r in self.records
                  if isinstance(r, BlindPosted) and r.kind is BlindKind.BIG]
        return max(posted, default=1)

    def deal(self) -> None:
        dealer = self.caps.dealer
        if dealer is None or self.in_hand:
            return
        self.notes = []
        dealer.deal()

    def rebuy(self) -> None:
        if self.caps.rebuy is not None:
            self.notes = []
            self.caps.rebuy.rebuy()

    def takes_setup(self) -> bool:
        """A new setup sits down now: a local table, between hands."""
        return self.caps.dealer is not None and not self.in_hand

    def new_table(self, setup: HoldemConfig | None = None, button: int | None = None) -> None:
        """Sit down at a fresh table (``setup``: the table's own; ``button`` fixes the first)."""
        dealer = self.caps.dealer
        assert dealer is not None, "a shared table's seats are the room's"
        dealer.new_table(setup or dealer.setup, button)
        # The last hand's cards, result and log were the old table's (a new table of as
        # many seats kept showing them, "Rex wins 10" under the new blinds).
        self.view = hand_view(self.seats)

    def say(self, line: str) -> None:
        """A chat line, to a table that chats; a refusal is shown as a note."""
        chat = self.caps.chat
        if chat is None:
            return
        try:
            chat.chat(line)
        except ValueError as refused:
            self.notes = [_refusal(refused)]

    # -- sitting out ahead (a shared table) ---------------------------------------------------

    def answer_home(self, action: str) -> None:
        """Answer the room's home-game question with the key's answer."""
        home = self.caps.home
        if home is None or action not in HOME_ANSWERS:
            return
        question, value = HOME_ANSWERS[action]
        if home.question != question:
            return
        home.answer(value)
        said = {"run_twice": N_("You run it twice if everyone in the pot does."),
                "run_once": N_("You run it once."),
                "show_hand": N_("You show your hand.")}[action]
        self.notes = [Text(_(said))]
        self.changed()

    def toggle_straddle(self) -> None:
        """Straddle whenever under the gun, or stop (the same key again)."""
        home = self.caps.home
        if home is None or not home.offers_straddle:
            return
        home.straddle(not home.straddling)
        said = (N_("You straddle whenever you are under the gun (x again: stop).")
                if home.straddling else N_("You stop straddling."))
        self.notes = [Text(_(said))]
        self.changed()

    def plan_sit_out(self, when: str) -> None:
        """Sit out from the next hand ("hand") or the next big blind ("big_blind"); the same
        key again plays on. The room does it at the deal; any key brings the seat back."""
        plans = self.caps.ahead
        if plans is None:
            return
        when = "" if self.sit_out_plan == when else when
        plans.sit_out_next(when)
        self.sit_out_plan = when
        said = {"hand": N_("You sit out from the next hand (s again: play on)."),
                "big_blind": N_("You sit out when the big blind comes to you "
                                "(S again: play on)."),
                "": N_("You play on.")}[when]
        self.notes = [Text(_(said))]
        self.changed()

    # -- advance actions ---------------------------------------------------------------------

    @property
    def advance(self) -> ahead.Chosen | None:
        """The move ticked ahead of this player's turn, or None."""
        return self._advance

    def _ahead_seat(self) -> int | None:
        """The seat advance actions are for: the one player at this screen, not at their
        turn (hot seat: none, the keyboard passes round)."""
        if self.hot_seat or self.turn is not None:
            return None
        seat = self.viewer
        return seat if ahead.may_choose(self.view, seat) else None

    def advance_offered(self) -> dict[str, str]:
        """The advance actions offered now, by screen action, with their words."""
        seat = self._ahead_seat()
        if seat is None:
            return {}
        owed = ahead.owed(self.view, seat)
        return {ahead.ACTIONS[kind]: ahead.label(kind, owed) for kind in ahead.offered(owed)}

    def preselect(self, kind: ahead.Advance) -> None:
        """Tick ``kind`` (or untick it when ticked) for this player's next turn."""
        seat = self._ahead_seat()
        if seat is None:
            return
        self._advance = ahead.choose(self._advance, kind, owed=ahead.owed(self.view, seat))
        self._tell_ahead()
        self.changed()

    def _tell_ahead(self) -> None:
        """A shared table's room is told the ticked move (or that none is): it plays it at
        this player's turn without waiting on this game."""
        plans, begun, chosen = self.caps.ahead, self.begun, self._advance
        if plans is None or begun is None:
            return
        if chosen is None:
            plans.tick_ahead(begun.number, "", 0)
        else:
            plans.tick_ahead(begun.number, chosen.kind.value, chosen.amount)

    def _played_for_me(self, step: Step) -> None:
        """This player's seat acted with no turn shown here: the room played the ticked
        move (a shared table), so a move played once is ticked no more."""
        chosen = self._advance
        if (chosen is not None and ahead.once(chosen) and self.turn is None
                and isinstance(step, Folded | Checked | Called | BetOrRaised)
                and step.seat == self.viewer):
            self._advance = None
            self.changed()

    def _advance_check(self) -> None:
        """Something happened at the table: a choice that no longer holds is cancelled
        (a bet cancels "check", a new price "call N"), said in a note."""
        chosen = self._advance
        if chosen is None:
            return
        seat = self.viewer
        if not ahead.may_choose(self.view, seat):
            self._advance = None  # folded, all-in or the hand is over: nothing ahead
            self.changed()
            return
        assert seat is not None
        if not ahead.stands(chosen, owed=ahead.owed(self.view, seat)):
            self._advance = None
            self._tell_ahead()
            self.notes = [*self.notes, Text(
                _("{move} unticked: the bet changed.").format(
                    move=ahead.label(chosen.kind, chosen.amount)),
                style="yellow")]

    def _advance_due(self, turn: seam.ToAct) -> None:
        """This player's turn came with a move ticked: it is played (once the step is done)."""
        chosen = self._advance
        legal = turn.legal
        if chosen is None or self.hot_seat or turn.seat != self.viewer or not isinstance(
                legal, LegalActions):
            return
        action = ahead.action_for(chosen, legal)
        if ahead.once(chosen) or action is None:
            self._advance = None
        if action is not None:
            self.later(lambda: self._play_ahead(turn, action))

    def _play_ahead(self, turn: seam.ToAct, action: Action) -> None:
        if self.turn is turn:  # still this decision (not one ended meanwhile)
            self.move(action)

    # -- hot seat and leaving ----------------------------------------------------------------

    def pass_to(self) -> str | None:
        """Hot seat: the name of the player the keyboard must pass to now, or None."""
        turn = self.turn
        if not self.hot_seat or turn is None or self.keyboard == turn.seat:
            return None
        return self.view.seats[turn.seat].name

    def passed(self) -> None:
        """The player to act took the keyboard: their hole cards arrive now."""
        turn = self.turn
        keyboard = self.caps.keyboard
        if turn is None or keyboard is None:
            return
        self.keyboard = turn.seat
        keyboard.take_keyboard(turn.seat)

    def asks_before_leaving(self) -> bool:
        """A hand in play with this player's chips in it: leaving folds it, so ask first
        (not at a table the room let go: there is no hand to fold there)."""
        return self.in_hand and bool(self.session.viewer_seats) and not self.table_closed

    @property
    def table_closed(self) -> bool:
        """A shared table the room let go for this player (closed, its host died)."""
        room = self.caps.room
        return room is not None and room.table_closed

    def fold_out(self) -> None:
        """The hand in play ends now (a shared table's room plays it on)."""
        self.turn = self.clock = self.keyboard = None
        self.session.fold_out()

    def replaced(self, listener: seam.Listener) -> bool:
        """A newer screen plays this table now (its hand and seat are its own)."""
        listens = self.caps.listens
        return listens is not None and not listens.listens(listener)

    # -- what is shown -----------------------------------------------------------------------

    def seconds_left(self) -> int | None:
        """Whole seconds left on the action clock running now (None: no clock)."""
        deadline = self.clock.deadline if self.clock is not None else None
        if deadline is None and self.turn is not None:
            deadline = self.turn.deadline
        return None if deadline is None else max(0, round(deadline - self._time.monotonic()))

    def seat_status(self, index: int) -> str:
        """The word under seat ``index``: "to act 12 s", "folded", "sitting out"..."""
        status = words.seat_status(self.view, index, thinking=self.thinking,
                                   to_act=self.waiting_for, seconds=self.seconds_left())
        away = next((s.status for s in self.seats if s.seat == index), "playing")
        # (The words compared are the player's language's: seat_status says them so.)
        if away in ("sitting out", "away", "waiting") and status in ("", _("out"), _("folded")):
            status = _(away)  # a shared table's seat the room plays for, or not dealt in yet
        elif away == "away" and status.startswith(_("to act")):
            # Disconnected on its turn: its clock runs for the room to act; the seat says
            # "away" for as long as its player is gone, this turn too (issue 27).
            status = _("away") + status.removeprefix(_("to act"))
        return status

    def face_up(self, index: int) -> bool:
        """Seat ``index``'s hole cards are drawn face up (shown, or the viewer's own)."""
        return self.view.seats[index].shown or index == self.viewer

    def acting(self, index: int) -> bool:
        return index in (self.waiting_for, self.thinking)

    def street_label(self) -> str:
        if self.view.positions is None:
            return _("Waiting for the deal")
        return "" if self.view.over else _(STREET_NAMES.get(self.view.street.label,
                                                             self.view.street.label))

    def bet_text(self) -> Text:
        if self.view.positions is None or self.view.over:
            return self.blinds_text()
        actor = self.waiting_for if self.waiting_for is not None else self.thinking
        return words.bet_text(self.view, actor)

    def hand_note(self) -> Text:
        return words.hand_note(self.view, self.viewer, hot_seat=self.hot_seat)

    def blinds_text(self) -> Text:
        """Between hands: the next hand's blinds (and a tournament's level)."""
        dealer, room = self.caps.dealer, self.caps.room
        if dealer is None:
            stakes = room.stakes if room is not None else ""
            return Text(_("Blinds {blinds}").format(blinds=stakes) if stakes else "", style="dim")
        table = dealer.table
        level = None
        if table.mode is Mode.TOURNAMENT:
            level = table.level_index_for(table.hand_number) + 1
        return words.blinds_text(table.blinds, level)

    def prompt(self, *, animating: bool) -> Text:
        """The line above the keys: what to do now, or what is happening."""
        if animating:
            return Text(_("…  (any key skips)"), style="dim")
        room = self.caps.room
        if self.table_closed:
            return words.closed_prompt()
        if self.sitting_out():  # the room plays for this seat: say how to come back
            return words.shared_prompt(seated=True, sitting_out=True,
                                       closing=room is not None and room.room_closing)
        if self.thinking is not None and self.thinking != self.waiting_for:
            return Text(_("{name} is thinking…").format(name=self.view.seats[self.thinking].name),
                        style="dim")
        home = self.caps.home
        if home is not None and home.question:
            # The room waits for this player's answer (run it twice? show?): the
            # question and its keys, not "the room deals the next hand".
            return words.home_question_prompt(home.question, home.question_seconds)
        turn = self.turn
        if turn is not None:
            legal = turn.legal
            assert isinstance(legal, LegalActions)
            plans = self.caps.ahead
            return words.turn_prompt(self.view.seats[turn.seat].name, legal,
                                     None if turn.deadline is None else self.seconds_left(),
                                     bank=plans is not None and plans.bank_turn == turn)
        if self.in_hand and self.caps.deals_here:
            # Between one seat's move and the next (a bot about to think): the hand
            # is not over, so "d deals" would be wrong. (A shared table's words say
            # what the room does and how to chat or leave: right at any time.)
            return Text("")
        return self.between_prompt()

    def between_prompt(self) -> Text:
        dealer, room = self.caps.dealer, self.caps.room
        if dealer is not None:
            table = dealer.table
            return words.deal_prompt(dealt=table.hand_number > 0, finished=table.is_finished)
        return words.shared_prompt(seated=bool(self.session.viewer_seats),
                                   sitting_out=self.sitting_out(),
                                   closing=room is not None and room.room_closing)

    def sitting_out(self) -> bool:
        """This player's seat at a shared table sits out (the clock ran out twice)."""
        mine = self.session.viewer_seats
        return self.caps.sit_out is not None and any(
            s.seat in mine and s.status == "sitting out" for s in self.seats)


def _refusal(refused: ValueError) -> Text:
    """The engine's reason (a Said), or the room's already worded, as a sentence."""
    said = refused.args[0] if refused.args and isinstance(refused.args[0], str) else ""
    return Text(sentence(say(said) or str(refused)), style="red")
