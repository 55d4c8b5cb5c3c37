"""What the table shows, rebuilt from records one at a time.

The table screen animates a round by applying its records to a
:class:`RoundView` one by one, redrawing after each; once every record is
applied the view shows exactly what the engine holds. Nothing here looks at
the engine itself: the records are the whole story.

>>> import random
>>> from cardtui.blackjack.round import Round
>>> from cardtui.blackjack.rules import Rules
>>> from cardtui.cards import Shoe
>>> shoe = Shoe(decks=1, rng=random.Random(1))
>>> shoe.stack(["Th", "9d", "6c", "7s", "Ks"])
>>> rnd = Round(Rules(), shoe, bets=[10])
>>> view = RoundView.replay(rnd.deal())
>>> [c.code for c in view.dealer], view.hole_hidden, view.turn
(['9d', '7s'], True, (0, 0))
>>> view.seats[0].hands[0].value.total
16
>>> for record in rnd.stand():
...     view.apply(record)
>>> view.hole_hidden, view.dealer_value.total, view.seats[0].hands[0].result.net
(False, 26, 10)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

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
    PlayerCard,
    Record,
    RoundSettled,
    SeatSettlement,
    Shuffled,
    TurnStarted,
)
from cardtui.cards import Card


@dataclass
class HandView:
    bet: int
    cards: list[Card] = field(default_factory=list)
    from_split: bool = False
    doubled: bool = False
    surrendered: bool = False
    result: HandSettled | None = None
    #: Its player is done with it (stood, doubled, surrendered, or the turn moved on).
    done: bool = False

    @property
    def value(self) -> HandValue:
        return hand_value(self.cards)

    @property
    def finished(self) -> bool:
        """No card can change this hand any more."""
        return self.done or self.result is not None or self.value.is_bust

    @property
    def label(self) -> str:
        """Both totals of a soft hand while it plays (``7 / 17``), its final total once finished."""
        return str(self.value.total) if self.finished else self.value.label

    @property
    def natural(self) -> bool:
        return is_natural(self.cards, from_split=self.from_split)


@dataclass
class SeatView:
    hands: list[HandView] = field(default_factory=list)
    insurance: int = 0
    insurance_decided: bool = False
    even_money: bool = False
    insurance_net: int | None = None
    settlement: SeatSettlement | None = None

    @property
    def bet(self) -> int:
        return sum(h.bet for h in self.hands)


@dataclass
class RoundView:
    seats: dict[int, SeatView] = field(default_factory=dict)
    dealer: list[Card] = field(default_factory=list)
    hole_hidden: bool = True
    turn: tuple[int, int] | None = None
    insurance_offered: bool = False
    peeked: bool | None = None  # None: no peek; else whether she had a blackjack
    shuffled: bool = False
    settlement: RoundSettled | None = None

    @classmethod
    def replay(cls, records: Iterable[Record]) -> RoundView:
        view = cls()
        for record in records:
            view.apply(record)
        return view

    @property
    def dealer_value(self) -> HandValue:
        """The dealer's value as the players see it (the up-card alone while the hole is down)."""
        shown = self.dealer[:1] + self.dealer[2:] if self.hole_hidden else self.dealer
        return hand_value(shown)

    @property
    def dealer_label(self) -> str:
        """The dealer's total, like :attr:`HandView.label`: one number once settled."""
        value = self.dealer_value
        return str(value.total) if self.settlement is not None else value.label

    def apply(self, record: Record) -> None:
        match record:
            case Shuffled():
                self.shuffled = True
            case BetPlaced(seat, amount):
                self.seats[seat] = SeatView([HandView(amount)])
            case PlayerCard(seat, hand, card):
                self.seats[seat].hands[hand].cards.append(card)
            case DealerCard(card, face_down):
                self.dealer.append(card)
                if face_down:
                    self.hole_hidden = True
            case InsuranceOffered():
                self.insurance_offered = True
            case InsuranceDecided(seat, taken, amount, even_money):
                view = self.seats[seat]
                view.insurance_decided = True
                view.insurance = amount if taken else 0
                view.even_money = even_money
            case DealerPeeked(blackjack):
                self.peeked = blackjack
                self.insurance_offered = False
            case TurnStarted(seat, hand):
                if self.turn is not None and self.turn != (seat, hand):
                    self.seats[self.turn[0]].hands[self.turn[1]].done = True
                self.turn = (seat, hand)
                self.insurance_offered = False
            case ActionTaken(seat, hand, action):
                target = self.seats[seat].hands[hand]
                if action is Action.DOUBLE:
                    target.bet *= 2
                    target.doubled = True
                elif action is Action.SURRENDER:
                    target.surrendered = True
                if action in (Action.STAND, Action.DOUBLE, Action.SURRENDER):
                    target.done = True
            case HandSplit(seat, hand, new_hand, bet):
                hands = self.seats[seat].hands
                moved = hands[hand].cards.pop()
                hands[hand].from_split = True
                hands.insert(new_hand, HandView(bet, [moved], from_split=True))
            case HoleCardRevealed(card):
                # A viewer's hole card arrives face down as None (the session
                # filters it): the reveal is where it is learnt.
                if len(self.dealer) > 1:
                    self.dealer[1] = card
                self.hole_hidden = False
                self.turn = None
                for seat_view in self.seats.values():
                    for player_hand in seat_view.hands:
                        player_hand.done = True
            case HandSettled(seat, hand):
                self.seats[seat].hands[hand].result = record
            case InsuranceSettled(seat, _, net):
                self.seats[seat].insurance_net = net
            case RoundSettled(seats):
                self.settlement = record
                self.turn = None
                self.insurance_offered = False
                for result in seats:
                    self.seats[result.seat].settlement = result
            case _:
                raise TypeError(f"not a blackjack record: {record!r}")
