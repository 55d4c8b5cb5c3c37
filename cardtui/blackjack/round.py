"""One round of blackjack as an explicit state machine.

Phases: cards dealt (``deal``) -> insurance when the dealer shows an ace
(each seat in turn insures or declines) -> the dealer peeks with an ace or a
ten up -> each seat plays each of its hands -> the dealer reveals the hole
card and draws -> every hand is settled. Each step returns the records of what
happened; an illegal step raises ``ValueError`` with a plain message.

A stacked shoe plays a short round (player 10+6, dealer 9 up, 7 in the hole):

>>> import random
>>> from cardtui.cards import Shoe
>>> shoe = Shoe(decks=1, rng=random.Random(1))
>>> shoe.stack(["Th", "9d", "6c", "7s", "Ks"])
>>> rnd = Round(Rules(), shoe, bets=[10])
>>> _ = rnd.deal()
>>> rnd.phase, sorted(a.value for a in rnd.legal_actions())
(<Phase.PLAYING: 'playing'>, ['double', 'hit', 'stand'])
>>> rnd.split()
Traceback (most recent call last):
...
ValueError: only two cards of the same value can be split
>>> records = rnd.stand()
>>> [type(r).__name__ for r in records]
['ActionTaken', 'HoleCardRevealed', 'DealerCard', 'HandSettled', 'RoundSettled']
>>> rnd.settlement.seats[0].net, rnd.settlement.dealer_bust
(10, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from cardtui.blackjack.hand import HandValue, hand_value, is_natural
from cardtui.blackjack.records import (
    Action,
    ActionTaken,
    BetPlaced,
    DealerCard,
    DealerPeeked,
    HandSettled,
    HandSplit,
    HoleCardRevealed,
    InsuranceDecided,
    InsuranceOffered,
    InsuranceSettled,
    Outcome,
    PlayerCard,
    Record,
    RoundSettled,
    SeatSettlement,
    Shuffled,
    TurnStarted,
)
from cardtui.blackjack.rules import DoubleRule, Rules
from cardtui.cards import Card, Rank, Shoe
from cardtui.i18n import N_
from cardtui.i18n.said import Said


class Phase(StrEnum):
    DEALING = "dealing"  # bets are down, no card yet
    INSURANCE = "insurance"
    PLAYING = "playing"
    SETTLED = "settled"


@dataclass
class PlayerHand:
    """One hand of one seat (a split makes more)."""

    cards: list[Card]
    bet: int
    from_split: bool = False
    split_aces: bool = False
    doubled: bool = False
    surrendered: bool = False
    even_money: bool = False
    done: bool = False

    @property
    def value(self) -> HandValue:
        return hand_value(self.cards)

    @property
    def natural(self) -> bool:
        return is_natural(self.cards, from_split=self.from_split)

    @property
    def live(self) -> bool:
        """Still needs the dealer's total to be settled."""
        return not (self.value.is_bust or self.surrendered or self.natural or self.even_money)


def dealer_must_hit(value: HandValue, rules: Rules) -> bool:
    """The dealer draws to 17; under H17 also on a soft 17."""
    return value.total < 17 or (value.total == 17 and value.soft and rules.dealer_hits_soft_17)


@dataclass
class Round:
    """A round at one table. ``bets[i]`` is seat ``i``'s bet (0: the seat sits out).

    ``stacks[i]``, when given, is everything seat ``i`` holds (the bet
    included): doubling, splitting and insurance must be covered by it.
    """

    rules: Rules
    shoe: Shoe
    bets: Sequence[int]
    stacks: Sequence[int] | None = None
    phase: Phase = Phase.DEALING
    dealer: list[Card] = field(default_factory=list)
    hole_revealed: bool = False
    records: list[Record] = field(default_factory=list)
    settlement: RoundSettled | None = None

    def __post_init__(self) -> None:
        self.bets = list(self.bets)
        if not self.bets or not any(self.bets):
            raise ValueError("nobody has a bet down")
        if len(self.bets) > 7:
            raise ValueError(f"a table has 1 to 7 seats, not {len(self.bets)}")
        for seat, bet in enumerate(self.bets):
            if bet and not self.rules.min_bet <= bet <= self.rules.max_bet:
                raise ValueError(
                    f"seat {seat + 1}: a bet of {bet} is outside the table limits "
                    f"{self.rules.min_bet}-{self.rules.max_bet}"
                )
            if self.stacks is not None and bet > self.stacks[seat]:
                raise ValueError(f"seat {seat + 1} cannot cover a bet of {bet}")
        self.hands: list[list[PlayerHand]] = [
            [PlayerHand([], bet)] if bet else [] for bet in self.bets
        ]
        self.insurance: list[int] = [0] * len(self.bets)
        self._insurance_seat: int | None = None
        self._turn: tuple[int, int] | None = None

    # -- what is going on ------------------------------------------------

    @property
    def seats_in_play(self) -> list[int]:
        return [seat for seat, bet in enumerate(self.bets) if bet]

    @property
    def up_card(self) -> Card:
        if not self.dealer:
            raise ValueError("no card has been dealt yet")
        return self.dealer[0]

    @property
    def turn(self) -> tuple[int, int] | None:
        """(seat, hand) to act while the phase is PLAYING."""
        return self._turn if self.phase is Phase.PLAYING else None

    @property
    def _acting(self) -> tuple[int, int]:
        """(seat, hand) to act, once the phase is PLAYING (set whenever it is)."""
        assert self._turn is not None
        return self._turn

    @property
    def insurance_seat(self) -> int | None:
        return self._insurance_seat if self.phase is Phase.INSURANCE else None

    @property
    def seat_to_act(self) -> int | None:
        if self.phase is Phase.INSURANCE:
            return self._insurance_seat
        if self.phase is Phase.PLAYING and self._turn is not None:
            return self._turn[0]
        return None

    @property
    def current_hand(self) -> PlayerHand | None:
        turn = self.turn
        return self.hands[turn[0]][turn[1]] if turn else None

    def committed(self, seat: int) -> int:
        return sum(h.bet for h in self.hands[seat]) + self.insurance[seat]

    def _affords(self, seat: int, amount: int) -> bool:
        return self.stacks is None or self.committed(seat) + amount <= self.stacks[seat]

    # -- legality ----------------------------------------------------------

    def problem(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""
        if action in (Action.INSURE, Action.DECLINE_INSURANCE):
            return self._insurance_problem(action)
        if self.phase is not Phase.PLAYING:
            return {
                Phase.DEALING: Said(N_("the cards have not been dealt")),
                Phase.INSURANCE: Said(N_("insurance comes first: take it or decline it")),
                Phase.SETTLED: Said(N_("the round is over: deal again")),
            }[self.phase]
        seat, _ = self._acting
        hand = self.current_hand
        assert hand is not None
        two_cards = len(hand.cards) == 2
        if action is Action.STAND:
            return None
        if action is Action.HIT:
            if hand.split_aces:
                return Said(N_("split aces get one card each"))
            return None
        if action is Action.DOUBLE:
            if not two_cards:
                return Said(N_("you can double only on your first two cards"))
            if hand.split_aces:
                return Said(N_("split aces get one card each"))
            if hand.from_split and not self.rules.double_after_split:
                return Said(N_("this table does not allow doubling after a split"))
            value = hand.value
            if self.rules.double is DoubleRule.NINE_TO_ELEVEN and (
                value.soft or not 9 <= value.hard <= 11
            ):
                return Said(N_("this table allows doubling only on a hard 9, 10 or 11"))
            if not self._affords(seat, hand.bet):
                return Said(N_("you need {amount} more chips to double"), amount=hand.bet)
            return None
        if action is Action.SPLIT:
            points = [c.rank.blackjack_value for c in hand.cards]
            if not two_cards or points[0] != points[1]:
                return Said(N_("only two cards of the same value can be split"))
            if len(self.hands[seat]) >= self.rules.max_hands:
                return Said(N_("this table allows at most {hands} hands"),
                            hands=self.rules.max_hands)
            if hand.split_aces and not self.rules.resplit_aces:
                return Said(N_("this table does not allow resplitting aces"))
            if not self._affords(seat, hand.bet):
                return Said(N_("you need {amount} more chips to split"), amount=hand.bet)
            return None
        if action is Action.SURRENDER:
            if not self.rules.late_surrender:
                return Said(N_("this table does not allow surrender"))
            if not two_cards or hand.from_split:
                return Said(N_("you can surrender only your first two cards, before any other "
                               "move"))
            return None
        raise AssertionError(action)

    def _insurance_problem(self, action: Action) -> str | None:
        if self.phase is not Phase.INSURANCE:
            return Said(N_("insurance is offered only when the dealer shows an ace"))
        if action is Action.DECLINE_INSURANCE:
            return None
        seat = self._insurance_seat
        assert seat is not None
        hand = self.hands[seat][0]
        if hand.natural:
            return None  # even money costs nothing more
        if hand.bet // 2 == 0:
            return Said(N_("the bet is too small to insure"))
        if not self._affords(seat, hand.bet // 2):
            return Said(N_("you need {amount} more chips for insurance"), amount=hand.bet // 2)
        return None

    def can(self, action: Action) -> bool:
        return self.problem(action) is None

    def legal_actions(self) -> frozenset[Action]:
        return frozenset(a for a in Action if self.problem(a) is None)

    def _check(self, action: Action) -> None:
        problem = self.problem(action)
        if problem is not None:
            raise ValueError(problem)

    # -- steps ---------------------------------------------------------------

    def deal(self) -> list[Record]:
        """Two cards to every seat with a bet and to the dealer, one at a time."""
        if self.phase is not Phase.DEALING:
            raise ValueError("the cards are already dealt")
        out: list[Record] = [BetPlaced(s, self.bets[s]) for s in self.seats_in_play]
        for face_down in (False, True):
            for seat in self.seats_in_play:
                out.append(self._give(seat, 0, out))
            card = self._draw(out)
            self.dealer.append(card)
            out.append(DealerCard(card, face_down=face_down))
        if self.up_card.rank is Rank.ACE and self.rules.insurance:
            self.phase = Phase.INSURANCE
            self._insurance_seat = self.seats_in_play[0]
            out.append(InsuranceOffered())
        else:
            self._after_insurance(out)
        return self._log(out)

    def act(self, action: Action) -> list[Record]:
        """Take ``action`` for whoever is to act now."""
        return {
            Action.HIT: self.hit,
            Action.STAND: self.stand,
            Action.DOUBLE: self.double,
            Action.SPLIT: self.split,
            Action.SURRENDER: self.surrender,
            Action.INSURE: self.insure,
            Action.DECLINE_INSURANCE: self.decline_insurance,
        }[action]()

    def insure(self) -> list[Record]:
        """Insure half the bet; on a natural this is even money (1:1 whatever the hole card)."""
        self._check(Action.INSURE)
        seat = self._insurance_seat
        assert seat is not None
        hand = self.hands[seat][0]
        if hand.natural:
            hand.even_money = True
            hand.done = True
            record = InsuranceDecided(seat, taken=True, amount=0, even_money=True)
        else:
            self.insurance[seat] = hand.bet // 2
            record = InsuranceDecided(seat, taken=True, amount=hand.bet // 2)
        return self._log(self._next_insurance([record]))

    def decline_insurance(self) -> list[Record]:
        self._check(Action.DECLINE_INSURANCE)
        seat = self._insurance_seat
        assert seat is not None
        return self._log(self._next_insurance([InsuranceDecided(seat, taken=False, amount=0)]))

    def hit(self) -> list[Record]:
        self._check(Action.HIT)
        seat, index = self._acting
        out: list[Record] = [ActionTaken(seat, index, Action.HIT)]
        out.append(self._give(seat, index, out))
        hand = self.hands[seat][index]
        if hand.value.is_bust or hand.value.total == 21:
            hand.done = True
        return self._log(self._advance(out))

    def stand(self) -> list[Record]:
        self._check(Action.STAND)
        seat, index = self._acting
        self.hands[seat][index].done = True
        return self._log(self._advance([ActionTaken(seat, index, Action.STAND)]))

    def double(self) -> list[Record]:
        """Double the bet and take exactly one more card."""
        self._check(Action.DOUBLE)
        seat, index = self._acting
        hand = self.hands[seat][index]
        hand.bet *= 2
        hand.doubled = True
        out: list[Record] = [ActionTaken(seat, index, Action.DOUBLE)]
        out.append(self._give(seat, index, out))
        hand.done = True
        return self._log(self._advance(out))

    def split(self) -> list[Record]:
        """Split a pair into two hands; the first takes its second card at once.

        The new hand gets its second card when its turn comes, as a dealer
        deals it. Split aces get one card each (and may be resplit only when
        the rules say so).
        """
        self._check(Action.SPLIT)
        seat, index = self._acting
        hands = self.hands[seat]
        hand = hands[index]
        aces = hand.cards[0].rank is Rank.ACE
        moved = hand.cards.pop()
        hand.from_split = True
        hand.split_aces = aces
        hands.insert(index + 1, PlayerHand([moved], hand.bet, from_split=True, split_aces=aces))
        out: list[Record] = [
            ActionTaken(seat, index, Action.SPLIT),
            HandSplit(seat, index, index + 1, hand.bet),
        ]
        return self._log(self._advance(out))

    def surrender(self) -> list[Record]:
        """Late surrender: give up the hand and half the bet (the odd chip goes to the house)."""
        self._check(Action.SURRENDER)
        seat, index = self._acting
        hand = self.hands[seat][index]
        hand.surrendered = True
        hand.done = True
        return self._log(self._advance([ActionTaken(seat, index, Action.SURRENDER)]))

    def forfeit(self) -> list[Record]:
        """Abandon the round: every hand in play loses its bet as it stands and
        insurance is lost.

        Leaving a losing round must cost what the round would have, or a
        player could dodge any bad hand for free (issue 9, item 7).
        """
        if self.phase not in (Phase.INSURANCE, Phase.PLAYING):
            raise ValueError("there is no round in progress to forfeit")
        out: list[Record] = []
        seats = []
        for seat in self.seats_in_play:
            hands = self.hands[seat]
            for index, hand in enumerate(hands):
                out.append(HandSettled(
                    seat, index, Outcome.LOSS, hand.bet, -hand.bet, hand.value.total,
                    doubled=hand.doubled, forfeited=True,
                ))
            if self.insurance[seat]:
                out.append(InsuranceSettled(seat, self.insurance[seat], -self.insurance[seat]))
            net = -self.committed(seat)
            seats.append(SeatSettlement(
                seat, bet=sum(h.bet for h in hands), net=net, outcome=Outcome.LOSS,
                blackjack=False, bust=False, doubled=any(h.doubled for h in hands),
                split=len(hands) > 1, surrendered=False, insured=self.insurance[seat] > 0,
            ))
        self.settlement = RoundSettled(
            tuple(seats), dealer_total=hand_value(self.dealer[:1]).total,
            dealer_blackjack=False, dealer_bust=False, forfeited=True,
        )
        out.append(self.settlement)
        self.phase = Phase.SETTLED
        self._turn = None
        return self._log(out)

    # -- the machinery ----------------------------------------------------------

    def _log(self, out: list[Record]) -> list[Record]:
        self.records.extend(out)
        return out

    def _draw(self, out: list[Record]) -> Card:
        """The next card; a shoe run dry mid-round is reshuffled without the cards in play."""
        if not self.shoe.cards:
            # Few decks, many seats, deep penetration: as a dealer would, shuffle
            # the discards and deal on. No card can then appear twice in a round.
            on_table = [c for s in self.seats_in_play for h in self.hands[s] for c in h.cards]
            self.shoe.shuffle(excluding=on_table + self.dealer)
            out.append(Shuffled(self.rules.decks, mid_round=True))
        return self.shoe.deal()

    def _give(self, seat: int, index: int, out: list[Record]) -> PlayerCard:
        card = self._draw(out)
        self.hands[seat][index].cards.append(card)
        return PlayerCard(seat, index, card)

    def _next_insurance(self, out: list[Record]) -> list[Record]:
        seats = self.seats_in_play
        assert self._insurance_seat is not None  # asked in turn while insurance is offered
        position = seats.index(self._insurance_seat)
        if position + 1 < len(seats):
            self._insurance_seat = seats[position + 1]
            return out
        self._insurance_seat = None
        self._after_insurance(out)
        return out

    def _after_insurance(self, out: list[Record]) -> None:
        up = self.up_card.rank.blackjack_value
        if up in (1, 10):
            # The dealer peeks: with a blackjack the round ends before anyone
            # plays, so players lose only their original bets.
            dealer_blackjack = is_natural(self.dealer)
            out.append(DealerPeeked(dealer_blackjack))
            if dealer_blackjack:
                self._finish(out, dealer_blackjack=True)
                return
        for seat in self.seats_in_play:
            hand = self.hands[seat][0]
            if hand.natural:
                hand.done = True
        self.phase = Phase.PLAYING
        self._advance(out)

    def _advance(self, out: list[Record]) -> list[Record]:
        """Move the turn to the next hand that needs a decision, else play the dealer."""
        start_seat, start_hand = self._turn if self._turn else (0, 0)
        for seat in self.seats_in_play:
            if seat < start_seat:
                continue
            hands = self.hands[seat]
            index = start_hand if seat == start_seat else 0
            while index < len(hands):
                hand = hands[index]
                if not hand.done:
                    if self._turn != (seat, index):
                        self._turn = (seat, index)
                        out.append(TurnStarted(seat, index))
                    if len(hand.cards) == 1:
                        out.append(self._give(seat, index, out))
                        self._auto_finish(seat, hand)
                    if not hand.done:
                        return out
                index += 1
        self._turn = None
        self._finish(out, dealer_blackjack=False)
        return out

    def _auto_finish(self, seat: int, hand: PlayerHand) -> None:
        """A split hand that has just got its second card may need no decision."""
        if hand.value.total == 21:
            hand.done = True
        elif hand.split_aces:
            # One card to each split ace; only another ace may be resplit.
            hand.done = not (
                hand.cards[1].rank is Rank.ACE
                and self.rules.resplit_aces
                and len(self.hands[seat]) < self.rules.max_hands
            )

    def _finish(self, out: list[Record], *, dealer_blackjack: bool) -> None:
        self.hole_revealed = True
        out.append(HoleCardRevealed(self.dealer[1]))
        live = any(h.live for s in self.seats_in_play for h in self.hands[s])
        # With no live hand left a casino dealer does not draw.
        if live and not dealer_blackjack:
            while dealer_must_hit(hand_value(self.dealer), self.rules):
                card = self._draw(out)
                self.dealer.append(card)
                out.append(DealerCard(card))
        self._settle(out, dealer_blackjack)

    def _settle(self, out: list[Record], dealer_blackjack: bool) -> None:
        dealer = hand_value(self.dealer)
        seats = []
        for seat in self.seats_in_play:
            hands = self.hands[seat]
            net = 0
            for index, hand in enumerate(hands):
                outcome, hand_net = self._hand_result(hand, dealer, dealer_blackjack)
                net += hand_net
                out.append(HandSettled(
                    seat, index, outcome, hand.bet, hand_net, hand.value.total,
                    blackjack=hand.natural, bust=hand.value.is_bust, doubled=hand.doubled,
                    surrendered=hand.surrendered, even_money=hand.even_money,
                ))
            if self.insurance[seat]:
                # Insurance pays 2:1 when the dealer has a blackjack.
                amount = self.insurance[seat]
                insurance_net = 2 * amount if dealer_blackjack else -amount
                net += insurance_net
                out.append(InsuranceSettled(seat, amount, insurance_net))
            seats.append(SeatSettlement(
                seat, bet=sum(h.bet for h in hands), net=net,
                outcome=Outcome.WIN if net > 0 else Outcome.LOSS if net < 0 else Outcome.PUSH,
                blackjack=any(h.natural for h in hands), bust=any(h.value.is_bust for h in hands),
                doubled=any(h.doubled for h in hands), split=len(hands) > 1,
                surrendered=any(h.surrendered for h in hands), insured=self.insurance[seat] > 0,
            ))
        self.settlement = RoundSettled(
            tuple(seats), dealer_total=dealer.total, dealer_blackjack=dealer_blackjack,
            dealer_bust=dealer.is_bust,
        )
        out.append(self.settlement)
        self.phase = Phase.SETTLED

    def _hand_result(
        self, hand: PlayerHand, dealer: HandValue, dealer_blackjack: bool
    ) -> tuple[Outcome, int]:
        bet = hand.bet
        tie = (Outcome.LOSS, -bet) if self.rules.dealer_wins_ties else (Outcome.PUSH, 0)
        if hand.even_money:
            return Outcome.WIN, bet
        if hand.surrendered:
            return Outcome.LOSS, -(bet - bet // 2)
        if hand.value.is_bust:
            return Outcome.LOSS, -bet
        if hand.natural:
            # A natural beats any other 21; two naturals tie
            # (https://wizardofodds.com/games/blackjack/basics/).
            if dealer_blackjack:
                return tie
            return Outcome.WIN, self.rules.blackjack_pays.pay(bet)
        if dealer_blackjack:
            return Outcome.LOSS, -bet
        if dealer.is_bust or hand.value.total > dealer.total:
            return Outcome.WIN, bet
        if hand.value.total == dealer.total:
            return tie
        return Outcome.LOSS, -bet
