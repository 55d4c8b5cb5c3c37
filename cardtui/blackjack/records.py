"""What happened in a round, one frozen record per step.

The list of records a round returns *is* its history: the table screen
animates them one by one and the store keeps their outcome. Nothing is
inferred later. Seats and hands are indices: seat 0 is first base (the
dealer's left, the first to act), hand 0 is a seat's first hand and a split
inserts the new hand right after the one that was split.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardtui.cards import Card

# One Outcome for the engine, the store and the screens (defined with the games).
from cardtui.games import Outcome as Outcome


class Action(StrEnum):
    """A player's decision."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURE = "insure"  # insurance, or even money on a natural
    DECLINE_INSURANCE = "no insurance"

    @property
    def verb(self) -> str:
        """The decision as a verb, for "basic strategy would …" and "you cannot … now".

        >>> Action.DECLINE_INSURANCE.verb, Action.INSURE.verb, Action.HIT.verb
        ('decline insurance', 'take insurance', 'hit')
        """
        return _VERBS.get(self, self.value)


_VERBS = {Action.INSURE: "take insurance", Action.DECLINE_INSURANCE: "decline insurance"}


@dataclass(frozen=True, slots=True)
class Shuffled:
    """The shoe was shuffled: between rounds once the cut card is out, or
    mid-round when a round ran it dry (then the cards on the table stay out)."""

    decks: int
    mid_round: bool = False


@dataclass(frozen=True, slots=True)
class BetPlaced:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """A card dealt face up to one hand."""

    seat: int
    hand: int
    card: Card


@dataclass(frozen=True, slots=True)
class DealerCard:
    """A card dealt to the dealer; the hole card is dealt face down."""

    card: Card
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class InsuranceOffered:
    """The dealer shows an ace: each seat may insure (or take even money on a natural)."""


@dataclass(frozen=True, slots=True)
class InsuranceDecided:
    seat: int
    taken: bool
    amount: int  # the insurance bet: half the main bet (0 when declined or even money)
    even_money: bool = False


@dataclass(frozen=True, slots=True)
class DealerPeeked:
    """With an ace or a ten up the dealer checks the hole card for a blackjack."""

    blackjack: bool


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """This hand is now to act (the screen highlights it)."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True)
class ActionTaken:
    seat: int
    hand: int
    action: Action


@dataclass(frozen=True, slots=True)
class HandSplit:
    """The second card of ``hand`` now starts ``new_hand`` with an equal bet."""

    seat: int
    hand: int
    new_hand: int
    bet: int


@dataclass(frozen=True, slots=True)
class HoleCardRevealed:
    card: Card


@dataclass(frozen=True, slots=True)
class HandSettled:
    """One hand paid or taken; ``net`` is the chips the seat won (negative: lost)."""

    seat: int
    hand: int
    outcome: Outcome
    bet: int
    net: int
    total: int
    blackjack: bool = False
    bust: bool = False
    doubled: bool = False
    surrendered: bool = False
    even_money: bool = False
    forfeited: bool = False


@dataclass(frozen=True, slots=True)
class InsuranceSettled:
    seat: int
    amount: int
    net: int


@dataclass(frozen=True, slots=True)
class SeatSettlement:
    """One seat's whole round: every hand plus insurance."""

    seat: int
    bet: int  # chips wagered on the hands, doubles and splits included (not insurance)
    net: int
    outcome: Outcome
    blackjack: bool
    bust: bool
    doubled: bool
    split: bool
    surrendered: bool
    insured: bool


@dataclass(frozen=True, slots=True)
class RoundSettled:
    """The last record of every round: the dealer's result and each seat's."""

    seats: tuple[SeatSettlement, ...]
    dealer_total: int
    dealer_blackjack: bool
    dealer_bust: bool
    forfeited: bool = False

    @property
    def house_net(self) -> int:
        """What the dealer's rack won: minus the players' total."""
        return -sum(s.net for s in self.seats)


Record = (
    Shuffled | BetPlaced | PlayerCard | DealerCard | InsuranceOffered | InsuranceDecided
    | DealerPeeked | TurnStarted | ActionTaken | HandSplit | HoleCardRevealed | HandSettled
    | InsuranceSettled | RoundSettled
)
