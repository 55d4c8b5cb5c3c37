"""A blackjack table: seats with bankrolls and bets, a shoe, and the round in play.

Hot-seat play: every human seat acts in turn from the same keyboard; bot
seats play basic strategy on their own the moment their turn comes. The
table also keeps the trainer's count of decisions that differ from basic
strategy, per human seat.

>>> import random
>>> table = Table(Rules(), [SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT)], random.Random(7))
>>> table.shoe.stack(["Th", "9c", "9d", "9h", "Ks", "8c"])
>>> records = table.deal()
>>> table.seat_to_act, table.round.turn
(0, (0, 0))
>>> records = table.act(Action.STAND)
>>> [s.net for s in table.last_settlement.seats], table.seats[0].bankroll
([10, 10], 1010)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from cardtui.blackjack.leaks import DRILL_MOVES, Miss, MissSource
from cardtui.blackjack.records import Action, Record, RoundSettled, Shuffled
from cardtui.blackjack.round import Phase, Round
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import Advice, advise, insurance_advice
from cardtui.cards import Shoe
from cardtui.i18n import N_
from cardtui.i18n.said import Said
from cardtui.names import name_problem  # the one rule for names (never cut)

MAX_SEATS = 7
BET_STEP = 10
DEFAULT_BANKROLL = 1000


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """How a seat is configured in Settings."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    bankroll: int = DEFAULT_BANKROLL

    def __post_init__(self) -> None:
        problem = name_problem(self.name)
        if problem:
            raise ValueError(problem)
        if self.bankroll <= 0:
            raise ValueError(f"{self.name}: a bankroll must be positive, not {self.bankroll}")
        object.__setattr__(self, "kind", SeatKind(self.kind))


@dataclass(frozen=True, slots=True)
class BetLowered:
    """A seat's bet came down to its stack after a round (``before`` -> ``after``)."""

    seat: int
    before: int
    after: int


@dataclass
class Seat:
    name: str
    kind: SeatKind
    buy_in: int
    bankroll: int
    bet: int
    bought: int = 0  # every chip bought, the first buy-in included
    round_decisions: int = 0
    round_mistakes: int = 0
    decisions: int = 0
    mistakes: int = 0

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT


@dataclass
class Table:
    rules: Rules
    setups: Sequence[SeatSetup]
    rng: random.Random = field(repr=False)
    shoe: Shoe = field(init=False, repr=False)
    round: Round | None = field(init=False, default=None)
    house: int = field(init=False, default=0)  # the dealer's rack, from zero
    last_settlement: RoundSettled | None = field(init=False, default=None)
    #: The bets the last settlement lowered to their seats' stacks (the table says so).
    bets_lowered: tuple[BetLowered, ...] = field(init=False, default=())
    #: The human seats' moves off basic strategy, as the trainer's misses (taken by the UI).
    trainer_misses: list[Miss] = field(init=False, default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not 1 <= len(self.setups) <= MAX_SEATS:
            raise ValueError(f"a table has 1 to {MAX_SEATS} seats, not {len(self.setups)}")
        self.shoe = Shoe(self.rules.decks, self.rules.penetration, self.rng)
        self.seats = [
            Seat(s.name, s.kind, s.bankroll, s.bankroll, self.rules.min_bet, bought=s.bankroll)
            for s in self.setups
        ]

    # -- state ---------------------------------------------------------------

    @property
    def in_round(self) -> bool:
        return self.round is not None and self.round.phase is not Phase.SETTLED

    @property
    def seat_to_act(self) -> int | None:
        return self.round.seat_to_act if self.round is not None else None

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and not self.seats[seat].is_bot

    def stake(self, seat: int) -> int:
        """What the seat will actually bet next round (0: it sits out)."""
        s = self.seats[seat]
        return s.bet if s.bankroll >= s.bet else 0

    # -- betting ---------------------------------------------------------------

    def _clamped_bet(self, seat: int, amount: int) -> int:
        """``amount`` held to the table limits and the seat's bankroll."""
        top = min(self.rules.max_bet, max(self.rules.min_bet, self.seats[seat].bankroll))
        return max(self.rules.min_bet, min(amount, top))

    def set_bet(self, seat: int, amount: int) -> int:
        """Set a bet, clamped to the table limits and the seat's bankroll."""
        if self.in_round:
            raise ValueError("bets are changed between rounds")
        self.seats[seat].bet = self._clamped_bet(seat, amount)
        return self.seats[seat].bet

    def can_change_bet(self, seat: int, steps: int) -> bool:
        """Whether ``steps`` of :data:`BET_STEP` would move the bet that way: a bet
        at the table maximum (or the bankroll) cannot go up, one at the minimum down."""
        if self.in_round:
            return False
        bet = self.seats[seat].bet
        moved = self._clamped_bet(seat, bet + steps * BET_STEP)
        return moved > bet if steps > 0 else moved < bet

    def change_bet(self, seat: int, steps: int) -> int:
        return self.set_bet(seat, self.seats[seat].bet + steps * BET_STEP)

    def can_rebuy(self, seat: int) -> bool:
        return not self.in_round and self.seats[seat].bankroll < self.rules.min_bet

    def rebuy(self, seat: int) -> None:
        """A broke seat buys its starting bankroll again."""
        if not self.can_rebuy(seat):
            raise ValueError(f"{self.seats[seat].name} still has chips to bet")
        s = self.seats[seat]
        s.bankroll += s.buy_in
        s.bought += s.buy_in
        s.bet = self.rules.min_bet

    def deal_problem(self) -> str | None:
        """Why :meth:`deal` would refuse now, or None: the one answer to "can we deal?"."""
        if self.in_round:
            return Said(N_("a round is in progress"))
        if any(self._stake_at_deal(i) for i in range(len(self.seats))):
            return None
        short = [s for s in self.seats if not s.is_bot and self.rules.min_bet <= s.bankroll < s.bet]
        alone = len(self.seats) == 1
        if short:
            # Rebuying is only for a seat below the table minimum: a seat that
            # still has that much lowers its bet instead (issue 9, item 14).
            each = {f"seat{i}": Said(N_("{name} has {chips} chips for a bet of {bet}"),
                                     name=s.name, chips=f"{s.bankroll:,}", bet=f"{s.bet:,}")
                    for i, s in enumerate(short)}
            # A list of sentences said in turn: its "template" is only the commas.
            who = Said(", ".join(f"{{{name}}}" for name in each), **each)
            return who if alone else Said(N_("nobody can cover a bet ({who})"), who=who)
        if alone:
            return Said(N_("{name} is out of chips"), name=self.seats[0].name)
        return Said(N_("nobody has chips for a bet"))

    @property
    def can_deal(self) -> bool:
        return self.deal_problem() is None

    def _stake_at_deal(self, seat: int) -> int:
        """What the seat will bet if the next round is dealt now (a broke bot rebuys first)."""
        s = self.seats[seat]
        if s.is_bot and s.bankroll < self.rules.min_bet:
            bet = self.rules.min_bet
            return bet if s.bankroll + s.buy_in >= bet else 0
        return self.stake(seat)

    # -- play --------------------------------------------------------------------

    def deal(self) -> list[Record]:
        """Start a round: reshuffle if the cut card came out, deal, let bots play."""
        problem = self.deal_problem()  # counts the bots' rebuys below
        if problem:
            raise ValueError(problem)
        for i, s in enumerate(self.seats):
            if s.is_bot and s.bankroll < self.rules.min_bet:
                self.rebuy(i)
        out: list[Record] = []
        if self.shoe.needs_shuffle:
            self.shoe.shuffle()
            out.append(Shuffled(self.rules.decks))
        for s in self.seats:
            s.round_decisions = s.round_mistakes = 0
        bets = [self.stake(i) for i in range(len(self.seats))]
        self.round = Round(self.rules, self.shoe, bets, [s.bankroll for s in self.seats])
        out += self.round.deal()
        return self._after(out)

    def legal_actions(self) -> frozenset[Action]:
        if not self.in_round or not self.human_to_act:
            return frozenset()
        assert self.round is not None
        return self.round.legal_actions()

    def act(self, action: Action) -> list[Record]:
        """The seat to act takes ``action``; the trainer compares it with basic strategy."""
        if not self.in_round:
            raise ValueError("there is no round in progress: deal first")
        assert self.round is not None
        seat = self.round.seat_to_act
        assert seat is not None
        advice = self.advice()
        hand, up_card = self.round.current_hand, self.round.up_card
        cards, legal = (tuple(hand.cards) if hand is not None else ()), self.legal_actions()
        out = self.round.act(action)  # raises on an illegal move before we count it
        s = self.seats[seat]
        if advice is not None and not s.is_bot:
            s.round_decisions += 1
            s.decisions += 1
            if action is not advice.action:
                s.round_mistakes += 1
                s.mistakes += 1
                if cards and up_card is not None and advice.action in legal and (
                        advice.action in DRILL_MOVES):
                    # Kept for "drill my misses" (the trainer's book takes them).
                    self.trainer_misses.append(Miss.of(cards, up_card, action, advice.action,
                                                       [m for m in DRILL_MOVES if m in legal],
                                                       MissSource.TABLE))
        return self._after(out)

    def forfeit(self) -> list[Record]:
        """Abandon the round in play: it is lost as it stands (see :meth:`Round.forfeit`).

        It does not deal the next round: whoever forfeits deals again only
        while :attr:`can_deal` (a forfeit can leave nobody able to bet).
        """
        if not self.in_round:
            raise ValueError("there is no round in progress to forfeit")
        assert self.round is not None
        return self._after(self.round.forfeit())

    def play_out(self) -> list[Record]:
        """The human seats leave mid-round: their hands stand and the round plays to its end.

        What an online casino does with an abandoned hand: every decision still
        owed by a human seat is the one that risks nothing more (stand, or
        decline insurance and even money); bots play theirs; the dealer
        finishes and the round settles as any other, counted as played. The
        stands are not the players' decisions: the trainer does not count them.
        """
        if not self.in_round:
            raise ValueError("there is no round in progress to play out")
        assert self.round is not None
        out: list[Record] = []
        while self.in_round and self.human_to_act:
            insurance = self.round.phase is Phase.INSURANCE
            out = self._after(out + self.round.act(
                Action.DECLINE_INSURANCE if insurance else Action.STAND))
        return out

    def advice(self) -> Advice | None:
        """Basic strategy for the decision awaited now (the hint key, bots, the trainer)."""
        rnd = self.round
        if rnd is None:
            return None
        if rnd.phase is Phase.INSURANCE:
            seat = rnd.insurance_seat
            return insurance_advice(even_money=seat is not None and rnd.hands[seat][0].natural)
        hand = rnd.current_hand
        if hand is None:
            return None
        return advise(
            hand.cards, rnd.up_card, self.rules,
            can_double=rnd.can(Action.DOUBLE), can_split=rnd.can(Action.SPLIT),
            can_surrender=rnd.can(Action.SURRENDER),
        )

    def _after(self, out: list[Record]) -> list[Record]:
        """Let bots take their turns, then pay the settled round into the bankrolls."""
        assert self.round is not None
        while self.in_round and not self.human_to_act:
            advice = self.advice()
            assert advice is not None
            out += self.round.act(advice.action)
        if self.round.phase is Phase.SETTLED and self.round.settlement is not self.last_settlement:
            self.last_settlement = self.round.settlement
            assert self.last_settlement is not None
            for result in self.last_settlement.seats:
                self.seats[result.seat].bankroll += result.net
            self.house += self.last_settlement.house_net
            self.bets_lowered = self._lower_short_bets()
        return out

    def _lower_short_bets(self) -> tuple[BetLowered, ...]:
        """A human seat whose stack fell below its bet bets its stack next round.

        It still covers the table minimum (below it, it rebuys): the deal goes
        on instead of stopping on "Ann has 60 chips for a bet of 490".
        """
        lowered = []
        for index, seat in enumerate(self.seats):
            if not seat.is_bot and self.rules.min_bet <= seat.bankroll < seat.bet:
                before = seat.bet
                lowered.append(BetLowered(index, before, self.set_bet(index, seat.bankroll)))
        return tuple(lowered)
