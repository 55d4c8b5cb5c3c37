"""The blackjack table's presenter: what the screen shows and what its keys do, without Textual.

The screen (:mod:`cardtui.ui.blackjack.screen`) composes the widgets and asks
this presenter everything else:

- **what is shown**: the round as this viewer has seen it (:attr:`view`, fed
  record by record by the screen's reveal), the seats (:meth:`seat_info`),
  the message line (:meth:`message`: a note, then the prompt with its clock),
  the session's counters (:meth:`counters`);
- **whose turn and which keys are legal** (:meth:`legal`, :meth:`legal_keys`):
  a move when the session's :class:`~cardtui.tables.session.ToAct` offers it,
  the rest from what the table can do;
- **what a key does to the session** (:meth:`move`, :meth:`deal`,
  :meth:`change_bet`, :meth:`rebuy`, :meth:`leave_now`...); each returns
  whether the screen must redraw at once (the session's own events redraw
  otherwise).

It never asks which kind of session it holds: it asks the session once for
its :class:`~cardtui.tables.blackjack_capabilities.BlackjackCapabilities`
and keeps them (a table played here has a ``house`` to read and deal; a
shared table places the bet chosen here and chats). Time is read from an
injected :class:`~cardtui.clock.Clock`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, cast

from rich.text import Text

from cardtui.blackjack.records import Action, Record, RoundSettled, TurnStarted
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import BetVerdict
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.view import RoundView
from cardtui.cards import Card
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.i18n import _, chip_count, chips
from cardtui.i18n.said import say, sentence
from cardtui.tables import session as seam
from cardtui.tables.blackjack_capabilities import BlackjackCapabilities, for_blackjack
from cardtui.ui.blackjack import aids
from cardtui.ui.blackjack import wording as words
from cardtui.ui.blackjack.betting import BetEntry, Preset, bet_problem, preset_amount, top_bet
from cardtui.ui.blackjack.seat_info import SeatHeader, signed
from cardtui.ui.blackjack.wording import ACTIONS, MOVES, NOTE_STYLES
from cardtui.ui.blackjack_seen import ShoeTracker
from cardtui.ui.sitting import Tally

#: What the reveal shows in order: a record, or new seating once the reveal is over.
Step = Record | seam.SeatsChanged
#: A blackjack table's session: the seam, taking blackjack's moves.
BlackjackSession = seam.TableSession[Action]

#: How many chat lines ``m`` shows at a shared table (the table has no chat log).
CHAT_SHOWN = 3
#: Chips one press of + or − moves the bet chosen here for a shared table.
BET_STEP = 10
#: Keys for the table's trainer aids, legal whenever the reveal is not playing.
AIDS = ("chart", "count_panel")
#: The bet keys, as steps of the table's bet step: legal only while they move the bet.
BET_STEPS = {"bet_up": 1, "bet_down": -1}
#: The preset keys' actions: legal while they would change the bet.
PRESETS = {"bet_min": Preset.MIN, "bet_double": Preset.DOUBLE, "bet_max": Preset.MAX}


class Reveal(Protocol):
    """What the presenter needs of the screen's reveal (a :class:`RecordPlayer`).

    The reveal (:class:`cardtui.ui.record_player.RecordPlayer`) applies steps
    to the presenter (:meth:`TablePresenter.apply`) one at a time, pausing
    between them while animations are on.
    """

    @property
    def playing(self) -> bool: ...

    def play(self, items: Iterable[Step]) -> None: ...

    def queue(self, items: Iterable[Step]) -> None: ...

    def flush(self) -> None: ...


def shoe_tracker(session: object, capabilities: BlackjackCapabilities,
                 kept: ShoeTracker | None) -> ShoeTracker:
    """The sitting's count (``kept`` across visits when it counts for ``session``), or a new one.

    A table played here is known from its first card; a shared table's shoe
    was in play before this viewer came: it is counted from its next shuffle.
    """
    if kept is not None and kept.owner is session:
        return kept
    house = capabilities.house
    return ShoeTracker(capabilities.rules.decks,
                       fresh_shoe=house is not None and house.rounds == 0, owner=session)


class TablePresenter:
    """One blackjack table as its screen shows it; the screen holds one per session."""

    def __init__(self, session: BlackjackSession, *, tally: Tally, reveal: Reveal,
                 record: Callable[[seam.Settled], None], kept_count: ShoeTracker | None = None,
                 count_shown: Callable[[], bool] = lambda: False,
                 clock: Clock = SYSTEM_CLOCK) -> None:
        self.session = session
        #: What this table can do, asked once.
        self.caps = for_blackjack(session.capabilities())
        #: The session's counters (one set for the app's run), moved as results are shown.
        self.tally = tally
        self.reveal = reveal
        self._record = record
        self.clock = clock
        #: Whether the count panel is on (the hint follows the count): the sitting's
        #: switch, read each time (another screen at this table may have turned it).
        self.count_shown = count_shown
        self.seen = shoe_tracker(session, self.caps, kept_count)
        #: Bet-spread practice: bets judged against the spread set, and those off it.
        self.bets_judged = self.bets_off = 0
        self.view: RoundView | None = None
        self.note: Text | None = None  # a hint, trainer remark or table notice
        #: The last chat lines at a shared table: the message line shows only the
        #: latest, so ``m`` shows these above the line being typed.
        self.said: deque[Text] = deque(maxlen=CHAT_SHOWN)
        self.hint_shown: Text | None = None  # the last hint (gone with the move it was for)
        self.seats: tuple[seam.SeatState, ...] = ()
        self.turn: seam.ToAct | None = None
        #: Another seat's action clock at a shared table (None: none runs).
        self.running_clock: seam.SeatClock | None = None
        self.selected = 0
        self.bet = 0  # the bet chosen here for a shared table's next round
        #: An amount being typed for the bet (None: no entry open).
        self.entry: BetEntry | None = None
        #: Each seat's bet in the last round dealt (or placed) here: what "rebet" bets again.
        self.last_bets: dict[int, int] = {}
        #: A turn came to this player and its prompt has not (:meth:`on_event`).
        self.prompt_due = False
        self._replaying = False

    @property
    def rules(self) -> Rules:
        return self.caps.rules

    @property
    def animating(self) -> bool:
        return self.reveal.playing

    # -- the session -------------------------------------------------------------------

    def join(self, listener: seam.Listener) -> None:
        """Attach ``listener`` (the screen's, which hands each event to :meth:`on_event`).

        Coming back, the table's present lands at once, not as a fresh reveal.
        """
        self._replaying = True
        self.session.attach(listener)
        self._replaying = False
        humans = sorted(self.session.viewer_seats)
        self.selected = humans[0] if humans else 0

    def on_event(self, event: seam.Event) -> bool:
        """Take one event; True when a turn of this player's came before its prompt.

        (The room sends a turn's records, then its prompt, sometimes in two
        reads: the screen waits a moment for the prompt before drawing the turn.)
        """
        waits = False
        match event:
            case seam.HandBegins(seats=seats):
                self.reveal.flush()  # the last round's view takes its last records first
                self.view, self.seats, self.turn, self.note = RoundView(), seats, None, None
                self.seen.begin(event.number)
            case seam.Seen():
                # (The seam's records are any game's: a blackjack session's are blackjack's.)
                records = cast("tuple[Record, ...]", event.records)
                self.turn = None
                if self._replaying:
                    self.reveal.queue(records)
                    self.reveal.flush()
                else:
                    waits = self._hold_for_prompt(records)
                    self.reveal.play(records)
                    self.prompt_due &= not self.reveal.playing  # a reveal draws as it goes
            case seam.SeatsChanged():
                self._show(event)
            case seam.SeatClock(deadline=deadline):
                self.running_clock = event if deadline is not None else None
            case seam.ToAct() as turn:
                self.turn, self.prompt_due = turn, False
                if isinstance(turn.legal, seam.BetWindow):
                    self._bet_for_window(turn.seat, turn.legal)
            case seam.Settled():
                self._record(event)
            case seam.Note(text=text):
                self.note = Text(text, style=NOTE_STYLES.get(event.kind, ""))
                if event.kind == "chat":
                    self.said.append(self.note)
            case seam.Voided(reason=reason):
                self.view, self.turn, self.note = None, None, Text(reason, style="yellow")
        return waits

    def _bet_for_window(self, seat: int, window: seam.BetWindow) -> None:
        """A shared table's window opens: the bet chosen here, lowered to the stack if it fell
        below it (with a notice), so that ``d`` places a bet the seat can cover."""
        if self.caps.place_bet is None:
            return
        if not self.bet:
            self.bet = window.min_bet
        stack = next((s.stack for s in self.seats if s.seat == seat), None)
        if stack is not None and window.min_bet <= stack < self.bet:
            self.note = Text(_("Your bet is lowered to {stack} (the stack; it was {bet}).").format(
                stack=chips(stack), bet=chips(self.bet)), style="yellow")
            self.bet = stack

    def _hold_for_prompt(self, records: Sequence[object]) -> bool:
        """Whether a turn coming to this player at a table played elsewhere waits for its prompt."""
        turn = next((r for r in reversed(records) if isinstance(r, TurnStarted)), None)
        if not self.caps.deals_here and turn is not None and (
                turn.seat in self.session.viewer_seats):
            self.prompt_due = True
            return True
        return False

    def prompt_overdue(self) -> bool:
        """The grace for the prompt ran out: True when the turn is to be drawn without it."""
        due, self.prompt_due = self.prompt_due, False
        return due

    def _show(self, step: Step) -> None:
        """A step after whatever is still being revealed, or at once."""
        if self.reveal.playing:
            self.reveal.queue([step])
        else:
            self.apply(step)

    def apply(self, step: Step) -> None:
        """Show one step; the session counters move only when the results are shown."""
        if isinstance(step, seam.SeatsChanged):
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

    # -- which keys are legal ----------------------------------------------------------

    def moves(self) -> frozenset[Action]:
        turn = self.turn
        return turn.legal if turn is not None and isinstance(turn.legal, frozenset) else (
            frozenset())

    @property
    def window(self) -> seam.BetWindow | None:
        """The betting window open for this player's bet (None: none is open)."""
        legal = self.turn.legal if self.turn is not None else None
        return legal if isinstance(legal, seam.BetWindow) else None

    def in_round(self) -> bool:
        in_round = self.caps.in_round
        return in_round is not None and in_round.in_round

    def legal(self, action: str) -> bool:
        """Whether the key for ``action`` does something now (none while the reveal plays)."""
        if self.reveal.playing:
            return False
        if action in MOVES:
            return MOVES[action] in self.moves()
        if action in AIDS:
            return True
        steps = BET_STEPS.get(action)
        if steps is not None:
            return self._bet_legal(steps)
        preset = PRESETS.get(action)
        if preset is not None:
            return self.betting_open() and self._preset_bet(preset) != self.current_bet()
        rule = KEY_RULES.get(action)
        return rule(self) if rule is not None else action not in ACTIONS

    def _bet_legal(self, steps: int) -> bool:
        """``+``/``-``: the table's bet can move that way, or the one chosen here in its window."""
        if self.caps.change_bet is not None:
            return self.caps.change_bet.can_change_bet(self.selected, steps)
        return self.caps.place_bet is not None and self._bet_moves(steps)

    def betting_open(self) -> bool:
        """Whether the selected seat's bet can be set now (a typed amount, a preset)."""
        if self.caps.change_bet is not None:
            seats = self.session.viewer_seats
            return not self.in_round() and self.selected in seats
        return self.caps.place_bet is not None and self.window is not None

    def _rebet_legal(self) -> bool:
        """Enter bets the last round's bets again and deals (places the bet at a shared
        table): after a first round, when the seats can cover them."""
        rebets = self._rebets()
        if not (rebets and self.betting_open()):
            return False
        house = self.caps.house
        if house is None:
            return self.caps.place_bet is not None
        return self._deal_legal() or any(
            house.table.seats[seat].bankroll >= bet for seat, bet in rebets.items())

    def _chat_legal(self) -> bool:
        return self.caps.chat is not None

    def _deal_legal(self) -> bool:
        """A table played here deals between rounds (never mid-round: ``d`` there once
        forfeited the round); a shared table's ``d`` places the bet while the window is open."""
        house = self.caps.house
        if house is not None:
            return house.table.deal_problem() is None
        return self.caps.place_bet is not None and self.window is not None

    def _select_seat_legal(self) -> bool:
        # (Only a hot seat has seats to pick from: a shared table seats one player.)
        return (self.caps.change_bet is not None and not self.in_round()
                and len(self.session.viewer_seats) > 1)

    def _rebuy_legal(self) -> bool:
        return self.caps.rebuy is not None and self.caps.rebuy.can_rebuy(self.selected)

    def _hint_legal(self) -> bool:
        return self.caps.advice is not None and self.caps.advice.advice() is not None

    def _setup_legal(self) -> bool:
        return self.caps.deals_here and not self.in_round()

    def legal_keys(self) -> frozenset[str]:
        """Every action a key or button can ask for that is legal now (chat too: it comes
        and goes with a reveal like the moves)."""
        return frozenset(action for action in (*ACTIONS, "chat") if self.legal(action))

    def _bet_moves(self, steps: int) -> bool:
        """Whether the bet chosen here can move that way in the open window."""
        window = self.window
        if window is None:
            return False
        return self.bet < window.max_bet if steps > 0 else self.bet > window.min_bet

    # -- what the keys do ----------------------------------------------------------------

    def move(self, action: Action) -> bool:
        """The seat to act makes ``action``; a trainer remarks on a move off basic strategy."""
        assert self.turn is not None
        advises = self.caps.advice
        seat, advice = self.turn.seat, advises.advice() if advises is not None else None
        if self.note is self.hint_shown:
            self.note = None  # the hint was for this move (a trainer's remark stays)
        try:
            self.session.act(seat, action)
        except ValueError as refused:  # a shared table's turn ended meanwhile
            said = refused.args[0] if refused.args and isinstance(refused.args[0], str) else ""
            self.note = Text(sentence(say(said) or str(refused)), style="red")
            return True
        if advice is not None and self.caps.trainer is not None and (
                action is not advice.action):
            self.note = Text.assemble(
                (_("Trainer:") + " ", "bold yellow"),
                _("{name}, basic strategy would {move} ({situation}).").format(
                    name=self.seats[seat].name, move=_(words.VERBS[advice.action]),
                    situation=say(advice.situation)))
            return True
        return False

    def deal(self) -> bool:
        """``d``: a table played here deals; a shared table's bet chosen here is placed.

        An amount still being typed is set first (refused: the entry says why, no deal).
        """
        if self.entry is not None:
            self.commit_entry()
            if self.entry is not None:
                return True
        house = self.caps.house
        if house is None:
            return self.place_bet()
        if house.table.in_round:
            return False  # (the key is not offered mid-round; a stray one does nothing)
        self.entry = None
        self.reveal.flush()
        self.last_bets = {seat: house.table.seats[seat].bet for seat in self.session.viewer_seats
                          if house.table.stake(seat)}
        verdicts = self._judge_bets()  # at the count before this round's cards
        house.deal()
        if verdicts:
            self.note = words.spread_note(verdicts, self.bets_off, self.bets_judged)
        return False

    def _judge_bets(self) -> list[BetVerdict]:
        """Bet-spread practice: with the count panel hidden, each bet against the spread set."""
        ramp, seen = self.caps.spread, self.seen.cards
        if ramp is None or seen is None or self.count_shown():
            return []
        verdicts = [ramp.judge(bet=bet, unit=self.caps.rules.min_bet,
                               true_count=seen.true_count) for bet in self.last_bets.values()]
        self.bets_judged += len(verdicts)
        self.bets_off += sum(not verdict.matched for verdict in verdicts)
        return verdicts

    def place_bet(self) -> bool:
        places = self.caps.place_bet
        if places is None or self.turn is None:
            return False
        try:
            places.bet(self.turn.seat, self.bet)
        except ValueError as refused:
            self.note = Text(str(refused), style="red")
        else:
            self.note = Text(_("Bet {amount} placed.").format(amount=chips(self.bet)))
            self.last_bets = {self.turn.seat: self.bet}
        return True

    # -- quick bets: a typed amount, presets, rebet and deal -----------------------------

    def current_bet(self) -> int:
        """The selected seat's bet (a local table's), or the one chosen here for a shared table."""
        house = self.caps.house
        if house is not None:
            return house.table.seats[self.selected].bet
        return self.bet

    def _stack(self) -> int:
        seat = self.turn.seat if self.caps.house is None and self.turn is not None else (
            self.selected)
        return next((s.stack for s in self.seats if s.seat == seat), 0)

    def _limits(self) -> tuple[int, int]:
        window = self.window
        if self.caps.house is None and window is not None:
            return window.min_bet, window.max_bet
        return self.rules.min_bet, self.rules.max_bet

    def _preset_bet(self, preset: Preset) -> int:
        low, high = self._limits()
        return preset_amount(preset, self.current_bet(), min_bet=low, max_bet=high,
                             stack=self._stack())

    def _set_bet(self, amount: int) -> None:
        """The selected seat's bet (checked already): on the local table, or chosen here."""
        if self.caps.change_bet is not None:
            self.caps.change_bet.bet(self.selected, amount)
            self.betting()
        else:
            self.bet = amount

    def preset(self, action: str) -> bool:
        """``[``, ``*``, ``]``: the table minimum, double the bet, the most the seat can bet."""
        if not self.betting_open():
            return False
        self.entry = None
        amount = self._preset_bet(PRESETS[action])
        self._set_bet(amount)
        low, high = self._limits()
        if amount == top_bet(high, self._stack(), low) and PRESETS[action] is not Preset.MIN:
            self.note = Text(_("Bet {amount}: the most you can bet here.").format(
                amount=chips(amount)))
        return True

    def type_digit(self, digit: str) -> bool:
        """A digit typed between rounds: the bet entry opens (or takes it)."""
        if not self.betting_open():
            return False
        if self.entry is None:
            self.entry = BetEntry()
        self.entry.type(digit)
        return True

    def erase(self) -> bool:
        """Backspace in the entry; the last digit erased closes it."""
        if self.entry is None:
            return False
        self.entry.erase()
        if not self.entry.typed:
            self.entry = None
        return True

    def cancel_entry(self) -> bool:
        """Escape in the entry: closed, the bet as it was."""
        if self.entry is None:
            return False
        self.entry = None
        return True

    def commit_entry(self) -> bool:
        """Enter in the entry: the typed amount is the bet, or the line says why not."""
        entry = self.entry
        if entry is None:
            return False
        amount = entry.amount
        if amount is None or not self.betting_open():
            self.entry = None
            return True
        low, high = self._limits()
        problem = bet_problem(amount, min_bet=low, max_bet=high, stack=self._stack())
        if problem is not None:
            entry.error = problem
            return True
        self.entry = None
        self._set_bet(amount)
        self.note = Text(_("Bet {amount}.").format(amount=chips(amount)))
        return True

    def _rebets(self) -> dict[int, int]:
        """The last round's bets, as the seats can cover them now (held to stack and limits)."""
        low, high = self._limits()
        stacks = {s.seat: s.stack for s in self.seats}
        return {seat: max(low, min(bet, top_bet(high, stacks.get(seat, 0), low)))
                for seat, bet in self.last_bets.items() if seat in self.session.viewer_seats}

    def rebet_differs(self) -> bool:
        """Whether Enter's bets (the last round's) differ from the bets on the table now."""
        rebets = self._rebets()
        if self.caps.house is None:
            return self.turn is not None and rebets.get(self.turn.seat, self.bet) != self.bet
        seats = self.caps.house.table.seats
        return any(seats[seat].bet != bet for seat, bet in rebets.items())

    def deal_label(self) -> str | None:
        """The Deal button's words when Enter deals the same bets (None: its own)."""
        return _("Deal d/⏎") if self._rebet_legal() and not self.rebet_differs() else None

    def rebet_and_deal(self) -> bool:
        """Enter: the last round's bets again, then deal (a shared table: the bet placed)."""
        if not self.betting_open():
            return False
        rebets = self._rebets()
        if self.caps.house is None:
            if self.turn is not None and self.turn.seat in rebets:
                self.bet = rebets[self.turn.seat]
            return self.place_bet()
        changes = self.caps.change_bet
        if changes is not None:
            for seat, bet in rebets.items():
                if self.caps.house.table.seats[seat].bet != bet:
                    changes.bet(seat, bet)
        return self.deal()

    def change_bet(self, steps: int) -> bool:
        """``+``/``-``: the table's bet for the selected seat, or the bet chosen here."""
        self.entry = None
        if self.caps.change_bet is not None:
            self.caps.change_bet.change_bet(self.selected, steps)
            self.betting()
            return True
        window = self.window
        if window is None:
            return False
        self.bet = max(window.min_bet, min(window.max_bet, self.bet + steps * BET_STEP))
        return True

    def betting(self) -> None:
        """Bets for the next round are being placed: the felt is cleared of the last
        round, so every seat shows the bet the next deal will use (issue 9, item 20)."""
        self.reveal.flush()
        self.view = None

    def select_seat(self, step: int) -> None:
        self.entry = None
        humans = sorted(self.session.viewer_seats)
        position = humans.index(self.selected) if self.selected in humans else 0
        self.selected = humans[(position + step) % len(humans)]
        self.betting()

    def rebuy(self) -> None:
        rebuys = self.caps.rebuy
        if rebuys is None:
            return
        self.note = None
        rebuys.rebuy(self.selected)
        if self.note is None:  # (a house rebuy is told by the table: it is kept)
            seat = next(s for s in self.seats if s.seat == self.selected)
            self.note = Text(_("{name} buys back in: {count}.").format(
                name=seat.name, count=chip_count(seat.stack)))
        self.betting()

    def hint(self) -> bool:
        advice = self.advice()
        if advice is None:
            return False
        self.note = self.hint_shown = words.hint(advice)
        return True

    def say(self, line: str | None) -> None:
        """A line typed for the table's chat (nothing typed: nothing said)."""
        if line and self.caps.chat is not None:
            self.caps.chat.chat(line)

    # -- leaving -------------------------------------------------------------------------

    def round_at_stake(self) -> bool:
        """A round is in play with a bet of this player's in it."""
        house = self.caps.house
        if house is not None:
            return house.table.in_round
        view = self.view
        return (self.in_round() and view is not None and view.settlement is None
                and any(seat in view.seats for seat in self.session.viewer_seats))

    def leave_now(self) -> None:
        """Going with no round at stake: a shared table's seat is given back."""
        if self.caps.leave is not None:
            self.caps.leave.leave()

    def leave_question(self) -> tuple[str, str] | None:
        """What leaving mid-round asks, and its yes; None: it does not ask.

        A table played here plays the round out at once, as an online casino
        completes an abandoned hand (issue 26: it asked, then forfeited). At a
        shared table the room stands for the hand as it comes round, with the
        other players still playing: that is asked, as hold'em asks before
        folding (a player left without a word and the dealer stood on her 10).
        """
        if self.caps.house is not None:
            return None
        return (_("Leave the table? The dealer stands for your hand and the round still counts."),
                _("Stand and leave"))

    def leave_mid_round(self) -> str:
        """Going mid-round, with no question: the round is played out, never forfeited.

        A table played here stands every hand still to play (as an online
        casino completes an abandoned hand), the dealer finishes, and the
        round settles and is recorded as any other; a shared table's room
        does the same for the seat once it stands up. Returns what to tell
        the player as they go.
        """
        house = self.caps.house
        if house is not None and house.table.in_round:
            house.play_out()
            settlement = house.table.last_settlement
            viewers = self.session.viewer_seats
            nets = [(self.seats[r.seat].name, r.net) for r in (
                settlement.seats if settlement is not None else ()) if r.seat in viewers]
            said = ", ".join(f"{name} {signed(net)}" for name, net in nets)
            if said:
                return _("You left mid-round: your hands stood and the round was settled "
                         "({results}).").format(results=said)
            return _("You left mid-round: your hands stood and the round was settled.")
        if self.caps.leave is not None:
            self.caps.leave.leave()  # the room plays the round on and settles it
        return _("You left mid-round: the dealer stands for your hand and the round still "
                 "counts.")

    # -- what is shown ----------------------------------------------------------------------

    def seat_info(self, index: int) -> SeatHeader:
        seat = self.seats[index]
        house = self.caps.house
        if house is None:
            # This player's own bet as they choose it; the others' as the room has them.
            return SeatHeader(seat.name, seat.bot, seat.stack, self.bet if index == self.selected
                            else seat.bet, empty=seat.status == "empty",
                            status="" if seat.status in ("playing", "empty") else seat.status)
        table = house.table
        humans = len(self.session.viewer_seats)
        return SeatHeader(seat.name, seat.bot, seat.stack, table.seats[index].bet,
                        selected=index == self.selected and humans > 1,
                        sitting_out=table.stake(index) == 0, can_rebuy=table.can_rebuy(index))

    def acting(self, index: int) -> int | None:
        """The hand of seat ``index`` that acts now (None: not this seat's turn).

        Insurance and even money are decided seat by seat before any hand is
        played: the seat deciding is lit (its first hand) as for a move.
        """
        view = self.view
        if view is None:
            return None
        if view.turn is None and view.insurance_offered and view.settlement is None:
            deciding = next((seat for seat in sorted(view.seats)
                             if not view.seats[seat].insurance_decided), None)
            return 0 if deciding == index else None
        return view.turn[1] if view.turn and view.turn[0] == index else None

    def dealer(self) -> tuple[list[Card], bool, Text | str]:
        """The dealer's cards, whether the hole card is down, and her total as shown."""
        view = self.view
        if view is None:
            return [], True, Text("")
        return view.dealer, view.hole_hidden, words.dealer_total(view)

    def counters(self) -> Text:
        trainer = self.caps.trainer
        return words.counters(self.tally, trainer.mistakes() if trainer is not None else None)

    def seconds_left(self) -> int | None:
        """Whole seconds on the clock running now at a shared table (None: no clock)."""
        clock = self.turn if self.turn is not None else self.running_clock
        deadline = clock.deadline if clock is not None else None
        return None if deadline is None else max(0, round(deadline - self.clock.monotonic()))

    def message(self, width: int = 0) -> Text:
        """The note, then the prompt; at ``width`` cells the note is shortened so
        that the prompt always shows whole in the message area (0: not shortened)."""
        if self.reveal.playing:
            return Text(_("…  (any key skips)"), style="dim")
        return words.fit_message(self.note, self.prompt(), width)

    def prompt(self) -> Text:
        if self.entry is not None:
            return self.entry.line()
        moves = self.moves()
        seconds = self.seconds_left()
        # A shared table's clock: on expiry the room stands (or declines insurance)
        # for the seat, and the betting window deals without the late.
        left = "" if seconds is None else " " + _("({seconds} s)").format(seconds=seconds)
        if moves and self.turn is not None:
            return words.move_prompt(self.seats[self.turn.seat].name, self.view,
                                     self.turn.seat, moves) + left
        house = self.caps.house
        if house is not None:
            prompt = words.between_rounds(house.table)
            if self.rebet_differs() and self._rebet_legal():
                bets = ", ".join(chips(bet) for bet in self._rebets().values())
                prompt.append("  " + _("(Enter: {bets} again, and deal)").format(bets=bets),
                              style="dim")
            return prompt
        if self.window is not None:
            closing = "" if seconds is None else " " + _("Bets close in {seconds} s.").format(
                seconds=seconds)
            return Text(_("Your bet: {amount} (+/-, type it, [ min, * double, ] max), "
                          "then d places it.").format(amount=chips(self.bet)) + closing)
        return self._someone_else(left)

    def _someone_else(self, left: str) -> Text:
        """A shared table: someone else decides (their hand, or insurance); say whose."""
        view = self.view
        seat = self.running_clock.seat if self.running_clock is not None else None
        if view is not None and view.turn is not None and view.settlement is None:
            seat = view.turn[0]
        named = next((s.name for s in self.seats if s.seat == seat), None)
        if named is None:
            return Text("")
        return Text(_("{name} to act.").format(name=named) + left, style="dim")

    # -- the trainer aids -------------------------------------------------------------------

    def hand_to_act(self) -> Sequence[Card]:
        return aids.hand_to_act(self.view, self.moves())

    def up_card(self) -> Card | None:
        return aids.up_card(self.view)

    def advice(self) -> Advice | None:
        """The hint: basic strategy, or with the count panel on the count's play."""
        return aids.advice(self.caps.advice, self.view, self.moves(), self.rules,
                           self.seen.cards, self.count_shown())


#: The keys whose legality is not a move, an aid or a bet step: what each asks.
KEY_RULES: dict[str, Callable[[TablePresenter], bool]] = {
    "chat": TablePresenter._chat_legal,
    "deal": TablePresenter._deal_legal,
    "rebet": TablePresenter._rebet_legal,
    "select_seat": TablePresenter._select_seat_legal,
    "rebuy": TablePresenter._rebuy_legal,
    "hint": TablePresenter._hint_legal,
    "setup": TablePresenter._setup_legal,
}
