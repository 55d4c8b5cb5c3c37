"""The vocabulary of a hold'em hand: streets, player actions and event records.

Every operation on a :class:`~cardtui.holdem.hand.Hand` returns one of the
frozen records below; the hand's list of records is both the event stream the
UI animates and the hand history that :mod:`cardtui.holdem.phh` exports.

>>> Action.raise_to(40)
Action(kind=<ActionKind.RAISE_TO: 'raise_to'>, amount=40)
>>> Street.FLOP.board_size, Street.FLOP.next
(3, <Street.TURN: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from cardtui.cards import Card
from cardtui.holdem.pots import Pot


class Street(IntEnum):
    """Where the hand stands; betting happens on the first four."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5

    @property
    def board_size(self) -> int:
        """How many board cards are out once this street is dealt."""
        return (0, 3, 4, 5, 5, 5)[self]

    @property
    def next(self) -> Street:
        return Street(min(self + 1, Street.COMPLETE))

    @property
    def is_betting(self) -> bool:
        return self <= Street.RIVER

    @property
    def label(self) -> str:
        return self.name.capitalize()


class ActionKind(StrEnum):
    """What a player may do when it is their turn."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    #: Bet (nobody has bet this street) or raise; the amount is the total "to".
    RAISE_TO = "raise_to"
    ALL_IN = "all_in"


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: what the UI or a bot asks the hand to do for the actor."""

    kind: ActionKind
    #: For RAISE_TO, the player's total bet this street after the raise.
    amount: int = 0

    @classmethod
    def fold(cls) -> Action:
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(ActionKind.CALL)

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        return cls(ActionKind.RAISE_TO, amount)

    @classmethod
    def all_in(cls) -> Action:
        return cls(ActionKind.ALL_IN)


class BlindKind(StrEnum):
    SMALL = "small blind"
    #: Also a live big blind posted out of turn by a player who joins or
    #: comes back (Robert's Rules of Poker, section 4).
    BIG = "big blind"
    #: A live blind raise by a player left of the big blind, who then acts
    #: last before the flop (a "live straddle").
    STRADDLE = "straddle"


# --- records: one per thing that happened, in order -------------------------


@dataclass(frozen=True, slots=True)
class AntePosted:
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class DeadBlindPosted:
    """Chips posted dead: in the main pot, not part of the poster's bet.

    A player who missed the small blind posts it dead when they come back
    (Robert's Rules of Poker, section 4: "dead chips are not part of a
    player's bet").
    """

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BlindPosted:
    seat: int
    kind: BlindKind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    seat: int
    #: None for a card this record's reader may not see (another seat's
    #: hole card in the room) or that a replayed history does not give.
    cards: tuple[Card | None, Card | None]


@dataclass(frozen=True, slots=True)
class Folded:
    seat: int


@dataclass(frozen=True, slots=True)
class Checked:
    seat: int


@dataclass(frozen=True, slots=True)
class Called:
    seat: int
    #: Chips put in by this call (may be less than the bet when all-in).
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BetOrRaised:
    seat: int
    #: The player's total bet this street after the action.
    to: int
    #: Chips put in by this action.
    amount: int
    #: True for the first bet of a street (no bet to raise), False for a raise.
    is_bet: bool
    all_in: bool
    #: False for a short all-in that does not reopen the betting (TDA Rule 47-A).
    full: bool


@dataclass(frozen=True, slots=True)
class UncalledBetReturned:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BetsCollected:
    """End of a betting round: bets swept into the pots shown here."""

    street: Street
    pots: tuple[Pot, ...]


@dataclass(frozen=True, slots=True)
class BoardDealt:
    street: Street
    cards: tuple[Card, ...]
    #: Which run of the board (0: the first); 1 only when the players all-in
    #: agreed to run it twice and the second board is dealt.
    run: int = 0


@dataclass(frozen=True, slots=True)
class RunsChosen:
    """A player in an all-in pot answers the offer to run the rest of the board twice.

    Every player still in the pot answers; the board is run twice only when all
    of them chose 2 (a home-game custom; pokerkit settles a disagreement the
    same way: one run).
    """

    seat: int
    #: 1 (once) or 2 (twice).
    runs: int


@dataclass(frozen=True, slots=True)
class RabbitHunted:
    """The board cards that would have come, turned up after a hand that ended early.

    Not part of the hand: nobody wins or loses by them (a "rabbit hunt").
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandShown:
    seat: int
    #: None only in a replayed history, for a card shown face down (PHH ``sm ????``).
    cards: tuple[Card | None, Card | None]
    #: "Two pair, Aces and Sevens, Queen kicker" (empty before five cards are out).
    description: str


@dataclass(frozen=True, slots=True)
class HandMucked:
    seat: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    #: The first pot this award pushes, as the table last showed the pots
    #: (:class:`BetsCollected`): 0 is the main pot, 1.. the side pots.
    pot_index: int
    amount: int
    winners: tuple[int, ...]
    #: Chips each winner gets, in the order of :attr:`winners`.
    shares: tuple[int, ...]
    #: The winning hand in words; empty when everyone else folded.
    description: str
    #: The winners' best five cards, one tuple per winner (empty when uncontested).
    best_five: tuple[tuple[Card, ...], ...]
    #: How many of the table's pots, from :attr:`pot_index` on, this award pushes.
    #: The dealer kills the losing hands first, so a main pot and a side pot with
    #: the same winners are pushed (and split) as one (see ``Hand._kill_losing_hands``).
    pot_count: int = 1
    #: The run of the board this share was won on (0: the first), when the
    #: board was run twice and each run's half is awarded separately.
    run: int = 0


@dataclass(frozen=True, slots=True)
class HandEnded:
    #: Every seat's stack after the hand (None for an empty seat).
    stacks: tuple[int | None, ...]


Record = (
    AntePosted | DeadBlindPosted | BlindPosted | HoleCardsDealt | Folded | Checked | Called
    | BetOrRaised | UncalledBetReturned | BetsCollected | BoardDealt | HandShown | HandMucked
    | PotAwarded | HandEnded | RunsChosen | RabbitHunted
)
