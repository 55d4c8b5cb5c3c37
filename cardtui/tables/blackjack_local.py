"""A blackjack table in this process, behind the table seam: the engine table, its bots, hot seat.

The session owns the app's sitting (the engine's :class:`Table` and the setup
it was made from). The screen deals, bets and moves through it; everything
else happens here:

- **Bots play inside the engine table** (:meth:`Table._after`), so one call
  here returns a human's move and every bot turn after it.
- **The hole card is filtered here**: the dealer's face-down card reaches the
  viewer as ``None`` until :class:`HoleCardRevealed` turns it (the view takes
  the card from that record), exactly as the room sends it.
- **Results come from one place**: :func:`cardtui.tables.results.blackjack_row`
  makes the :class:`Settled` rows, the moment the engine settles the round
  (before its reveal has been shown). Every seat has a row, bots too, as the
  local scoreboard has always kept them; the trainer counts humans only.
- After every change the seat to decide gets a :class:`ToAct`: a move (the
  engine's legal moves) or, between rounds, a :class:`BetWindow`.
- **The profile's kept chips** (:meth:`keep_chips`, a
  :class:`~cardtui.tables.bankroll.TableBankroll`): the profile's own seat
  buys in from its balance when a screen sits down (:meth:`attach`), its
  rounds name it as the ``bankroll_player`` of :class:`Settled`, a broke stack
  is topped up from the balance (the house rebuys a broke balance, counted),
  and standing up between rounds (:meth:`detach`) returns the stack. Other
  seats keep table-only chips.

>>> import random
>>> from cardtui.blackjack.setup import TableSetup
>>> from cardtui.blackjack.table import SeatKind, SeatSetup
>>> setup = TableSetup(seats=(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT)))
>>> session = BlackjackLocalSession.sit_down(setup, random.Random(7))
>>> seen = []
>>> session.attach(seen.append)
>>> [type(e).__name__ for e in seen], type(seen[-1].legal).__name__
(['SeatsChanged', 'ToAct'], 'BetWindow')
>>> session.table.shoe.stack(["Th", "9c", "9d", "9h", "Ks", "8c"])
>>> session.deal()
>>> [type(e).__name__ for e in seen[2:]], sorted(a.value for a in seen[-1].legal)
(['HandBegins', 'Seen', 'ToAct'], ['double', 'hit', 'stand'])
>>> session.act(0, Action.STAND)
>>> [type(e).__name__ for e in seen[5:]], [r.net for r in seen[6].rows]
(['Seen', 'Settled', 'SeatsChanged', 'ToAct'], [10, 10])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from cardtui.blackjack.leaks import Miss
from cardtui.blackjack.records import Action, DealerCard, Record, RoundSettled
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.table import Table
from cardtui.games import Game
from cardtui.store.records import SeatResult
from cardtui.tables.bankroll import SeatChips, Seated, TableBankroll
from cardtui.tables.blackjack_capabilities import BlackjackCapabilities
from cardtui.tables.listening import EventLine
from cardtui.tables.results import blackjack_row
from cardtui.tables.session import (
    BetWindow,
    Event,
    HandBegins,
    Listener,
    Note,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
)


def for_viewer(record: Record) -> Record:
    """``record`` as any viewer may see it: the dealer's hole card face down (``None``).

    >>> from cardtui.cards import Card
    >>> for_viewer(DealerCard(Card.parse("As"), face_down=True)).card is None
    True
    """
    if isinstance(record, DealerCard) and record.face_down:
        return DealerCard(None, face_down=True)  # type: ignore[arg-type]  # the hidden card
    return record


@dataclass
class BlackjackLocalSession:
    """The app's blackjack table as a table session (one per sitting, kept by the app)."""

    setup: TableSetup
    table: Table

    def __post_init__(self) -> None:
        #: The screen attached now (one at a time), and what waits for the next one.
        self.line: EventLine[Event] = EventLine()
        self.rounds = 0
        #: The profile's seat and kept chips (None: every seat keeps table-only chips).
        self.chips: SeatChips | None = None

    @classmethod
    def sit_down(cls, setup: TableSetup, rng: random.Random) -> BlackjackLocalSession:
        """A new table from ``setup``: every seat buys in afresh."""
        return cls(setup, Table(setup.rules, setup.seats, rng))

    # -- the seam ---------------------------------------------------------------------

    @property
    def viewer_seats(self) -> frozenset[int]:
        """Every human seat: they share this keyboard (hot seat)."""
        return frozenset(i for i, s in enumerate(self.table.seats) if not s.is_bot)

    def keep_chips(self, bankroll: TableBankroll) -> None:
        """The profile's own seat plays ``bankroll`` from the next sit-down on.

        Kept once per sitting (a second call is ignored). No seat with the
        player's name, or two of them: nothing changes.
        """
        if self.chips is not None:
            return
        seats = self.table.seats
        self.chips = SeatChips.find(bankroll, [s.name for s in seats], [s.is_bot for s in seats])

    def attach(self, listener: Listener) -> None:
        self.line.attach(listener)
        self._sit_down_profile()
        self._send(SeatsChanged(self.seat_states()))
        rnd = self.table.round
        if rnd is not None:
            # Back at the table: its last round as it stands (or as it ended).
            self._send(HandBegins(self.rounds, self.seat_states()))
            self._send(Seen(tuple(for_viewer(r) for r in rnd.records)))
        self._prompt()

    def detach(self, listener: Listener | None = None) -> None:
        if self.line.detach(listener):  # else a newer screen listens (and sits) here now
            self._stand_up_profile()

    # -- the kept bankroll ------------------------------------------------------------

    def _sit_down_profile(self) -> None:
        """Buy the profile's seat in from its balance (a round still in play keeps its chips)."""
        chips = self.chips
        if chips is None or self.table.in_round:
            return
        seated = chips.sit_down(self.table.seats[chips.seat].buy_in, self.table.rules.min_bet)
        if seated is not None:
            self._seat_gets(chips.seat, seated)
            return
        if chips.unknown:  # no chips on a balance nobody could read: b tries again
            s = self.table.seats[chips.seat]
            s.bought, s.bankroll = s.bought - s.bankroll, 0
        if chips.refused is not None:
            self._send(Note(chips.refused, "warning"))

    def _stand_up_profile(self) -> None:
        """Between rounds the stack goes back to the balance; mid-round it stays at the table
        (the round's result moves it if the table is played on, else the next sit-down does)."""
        chips = self.chips
        if chips is None or not chips.seated or self.table.in_round:
            return
        s = self.table.seats[chips.seat]
        chips.stand_up(s.bankroll)
        # The chips leave the table (``bought`` counts what the table holds for the seat).
        s.bought, s.bankroll = s.bought - s.bankroll, 0

    def _seat_gets(self, seat: int, seated: Seated) -> None:
        """The seat's stack is the buy-in the ledger took (a top-up replaces what was left)."""
        s = self.table.seats[seat]
        # What was left goes back to the balance and the buy-in replaces it.
        s.bought += seated.chips - s.bankroll
        s.bankroll = seated.chips
        self.table.set_bet(seat, s.bet)  # clamped to the new stack
        note = seated.note(s.name, Game.BLACKJACK)
        if note is not None:
            self._send(Note(note, "warning"))

    def act(self, seat: int, action: Action) -> None:
        """The seat to act makes its move; bots that follow play theirs at once."""
        if seat != self.table.seat_to_act or action not in self.table.legal_actions():
            raise ValueError(f"you cannot {action.verb} now")
        self._after(self.table.act(action))

    def capabilities(self) -> BlackjackCapabilities:
        """A table played here: it deals, moves bets, rebuys and advises; it never chats."""
        return BlackjackCapabilities(
            deals_here=True, rules=self.table.rules, house=self, change_bet=self, rebuy=self,
            advice=self, trainer=self if self.setup.trainer else None, in_round=self,
            spread=self.setup.ramp() if self.setup.trainer else None)

    @property
    def in_round(self) -> bool:
        return self.table.in_round

    # -- between rounds ------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the next round (ValueError with the table's reason when nobody can bet)."""
        records = self.table.deal()
        self.rounds += 1
        self._send(HandBegins(self.rounds, self.seat_states()))
        self._after(records)

    def bet(self, seat: int, amount: int) -> None:
        """``seat``'s bet for the next round, clamped to the limits and its bankroll."""
        self.table.set_bet(seat, amount)
        self._changed()

    def can_change_bet(self, seat: int, steps: int) -> bool:
        """Whether ``steps`` would move a human seat's bet (a bot bets by itself)."""
        return not self.table.seats[seat].is_bot and self.table.can_change_bet(seat, steps)

    def change_bet(self, seat: int, steps: int) -> None:
        self.table.change_bet(seat, steps)
        self._changed()

    def can_rebuy(self, seat: int) -> bool:
        return self.table.can_rebuy(seat)

    def rebuy(self, seat: int) -> None:
        """A broke seat buys in again: from the kept balance for the profile's own seat."""
        if self.chips is not None and seat == self.chips.seat:
            if not self.table.can_rebuy(seat):
                raise ValueError(f"{self.table.seats[seat].name} still has chips to bet")
            seated = self.chips.top_up(self.table.seats[seat].buy_in, self.table.rules.min_bet)
            if seated is not None:
                self._seat_gets(seat, seated)
            else:
                if not self.chips.unknown:  # (unknown: no chips until it can be read)
                    self.table.rebuy(seat)  # the house's table chips, as at a hot-seat table
                self._send(Note(self.chips.refused or "", "warning"))
        else:
            self.table.rebuy(seat)
        self._changed()

    def forfeit(self) -> None:
        """The round in play is lost as it stands: settled (and recorded) at once."""
        self._after(self.table.forfeit())

    def play_out(self) -> None:
        """The players leave mid-round: their hands stand, the dealer finishes, the round
        settles and is recorded as any other (:meth:`Table.play_out`)."""
        self._after(self.table.play_out())

    def advice(self) -> Advice | None:
        """Basic strategy for the decision awaited now (the hint key and the trainer)."""
        return self.table.advice() if self.table.human_to_act else None

    def mistakes(self) -> tuple[int, int]:
        """The trainer's count: (moves off basic strategy, decisions) of the human seats."""
        humans = [s for s in self.table.seats if not s.is_bot]
        return sum(s.mistakes for s in humans), sum(s.decisions for s in humans)

    def take_misses(self) -> list[Miss]:
        """The human seats' moves off basic strategy since last asked (the trainer's book)."""
        misses, self.table.trainer_misses = self.table.trainer_misses, []
        return misses

    # -- events --------------------------------------------------------------------------

    def seat_states(self) -> tuple[SeatState, ...]:
        return tuple(
            SeatState(i, s.name, s.bankroll, s.is_bot,
                      "playing" if self.table.stake(i) else "sitting out")
            for i, s in enumerate(self.table.seats)
        )

    def _after(self, records: Iterable[Record]) -> None:
        records = list(records)
        self._send(Seen(tuple(for_viewer(r) for r in records)))
        settled = next((r for r in records if isinstance(r, RoundSettled)), None)
        if settled is not None:
            rows = tuple(self._rows(settled))
            chips = self.chips
            player = chips.bankroll_player(rows) if chips is not None else None
            self._send(Settled(rows, player,
                               bankroll_place=chips.bankroll_place if chips is not None else ""))
            for lowered in self.table.bets_lowered:
                name = self.table.seats[lowered.seat].name
                self._send(Note(f"{name}'s bet is lowered to {lowered.after:,} "
                                f"(the stack; it was {lowered.before:,}).", "warning"))
            self._send(SeatsChanged(self.seat_states()))
        self._prompt()

    def _rows(self, settled: RoundSettled) -> Iterator[SeatResult]:
        for result in settled.seats:
            seat = self.table.seats[result.seat]
            counted = self.setup.trainer and not seat.is_bot
            yield blackjack_row(result, seat.name,
                                seat.round_decisions if counted else 0,
                                seat.round_mistakes if counted else 0)

    def _changed(self) -> None:
        self._send(SeatsChanged(self.seat_states()))
        self._prompt()

    def _prompt(self) -> None:
        table = self.table
        if table.in_round:
            seat = table.seat_to_act
            if seat is not None and table.human_to_act:
                self._send(ToAct(seat, table.legal_actions()))
            return
        humans = sorted(self.viewer_seats)
        if humans:
            rules = table.rules
            self._send(ToAct(humans[0], BetWindow(rules.min_bet, rules.max_bet)))

    def _send(self, event: Event) -> None:
        self.line.emit(event)
