"""A sit-and-go's rules as plain data: its options, its entries, its places and its prizes.

No table and no clock here: :mod:`cardtui.room.sit_and_go` plays the hands.
The split of the prize pool is the local tournament's
(:func:`cardtui.holdem.tournament.payout_shares`), and so is the rule for
players busted in the same hand: more chips at the start of that hand place
higher, and equal stacks share the place and the prizes of the places they
cover (the Poker TDA Rules' breaking of ties).

>>> rows = [Finisher("a", 0, 0), Finisher("b", 3, 500), Finisher("c", 3, 500)]
>>> [(f.profile, place, prize) for f, place, prize in payouts(rows, "w", 600, 4)]
[('w', 1, 390), ('b', 2, 105), ('c', 2, 105), ('a', 4, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtui.holdem.button import Positions
from cardtui.holdem.table import DEFAULT_SCHEDULE, BlindLevel
from cardtui.holdem.tournament import payout_shares
from cardtui.i18n import N_
from cardtui.room.config import (
    DEFAULT_ACTION_CLOCK,
    DEFAULT_GRACE,
    MAX_NAME,
    ConfigError,
)

#: The local tournament's levels, antes included (from level 4); each level roughly
#: doubles the last.
SHARED_SCHEDULE: tuple[BlindLevel, ...] = DEFAULT_SCHEDULE

#: Seconds a player out of chips has to rebuy before the next hand is dealt.
REBUY_SECONDS = 20.0


@dataclass(frozen=True, slots=True)
class SitAndGoOptions:
    """One sit-and-go: checked as untrusted values (a player's form) on creation."""

    name: str = "Sit & Go"
    #: Entrants, all at one table.
    seats: int = 6
    #: From each player's balance; the prize pool is every buy-in and rebuy.
    buy_in: int = 100
    #: Tournament chips each entry (and each rebuy) gives.
    starting_stack: int = 1500
    level_seconds: float = 300.0
    #: Late registration and rebuys stay open through this level (0: neither).
    late_levels: int = 0
    #: Rebuys each player may make while they are open (0: none).
    rebuys: int = 0
    #: When the host starts it before it is full, bots take the empty seats (the house
    #: pays their buy-ins into the pool, and takes back what they win).
    bots_fill: bool = True
    action_clock: float = DEFAULT_ACTION_CLOCK
    grace: float = DEFAULT_GRACE
    between_hands: float = 3.0
    schedule: tuple[BlindLevel, ...] = SHARED_SCHEDULE

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > MAX_NAME:
            raise ConfigError(N_("a sit-and-go's name is 1 to {most} characters"), most=MAX_NAME)
        _within("seats", self.seats, 2, 10)
        _within("buy_in", self.buy_in, 1, 10**9)
        _within("starting_stack", self.starting_stack, 100, 10**9)
        _within("late_levels", self.late_levels, 0, len(self.schedule))
        _within("rebuys", self.rebuys, 0, 10)
        for key in ("level_seconds", "action_clock", "grace", "between_hands"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not 0 < value <= 86_400:
                raise ConfigError(N_("{key} must be a number of seconds, not {value}"), key=key,
                                  value=repr(value))
        if self.level_seconds < 10:
            raise ConfigError(N_("{key} must be at least {least}"), key="level_seconds",
                              least=10)
        if self.rebuys and not self.late_levels:
            raise ConfigError(N_("rebuys need late_levels: they are open while late "
                                 "registration is"))
        if not self.schedule:
            raise ConfigError(N_("a sit-and-go needs at least one blind level"))

    def level(self, index: int) -> BlindLevel:
        return self.schedule[min(index, len(self.schedule) - 1)]


def _within(key: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        # (each game groups the limits' digits as its language does: "1 to 1,000,000,000")
        raise ConfigError(N_("{key} must be a whole number from {low} to {high}, not {value}"),
                          key=key, low=low, high=high, value=repr(value))


@dataclass(slots=True)
class Entry:
    """One entrant: a player's key (or a bot's name), what they paid in and their rebuys."""

    profile: str
    name: str
    #: A bot's personality ("" for a person).
    bot: str = ""
    guest: bool = False
    paid: int = 0
    rebuys: int = 0

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)


@dataclass(frozen=True, slots=True)
class Finisher:
    """An entrant out of the tournament: when (the hand) and with how many chips it began."""

    profile: str
    hand: int
    started_with: int


@dataclass(slots=True)
class Standings:
    """The order players went out in, worst first (a finished tournament adds the winner)."""

    out: list[Finisher] = field(default_factory=list)

    def place_now(self, finisher: Finisher, still_in: int) -> int:
        """The place ``finisher`` goes out in, with ``still_in`` players left in after
        the hand (ties with the others out in the same hand from the same stack)."""
        same_hand = [f for f in self.out if f.hand == finisher.hand]
        ahead = sum(f.started_with > finisher.started_with for f in same_hand)
        return still_in + 1 + ahead


def late_seats(free: Sequence[int], positions: Positions | None,
               seat_count: int) -> list[int]:
    """The free seats a late registrant may be given: any but those between the button
    and the small blind (Poker TDA: a player added to a table may be dealt in anywhere
    except between the small blind and the button, where the blinds would reach them
    last, after nearly a round played free). All of ``free`` when no hand was dealt yet
    or every free seat is there.

    >>> from cardtui.holdem.button import Positions
    >>> late_seats([1, 2, 4], Positions(button=0, small_blind=3, big_blind=5), 6)
    [4]
    >>> late_seats([1, 2], Positions(button=0, small_blind=3, big_blind=5), 6)
    [1, 2]
    >>> late_seats([0, 1], Positions(button=4, small_blind=4, big_blind=5), 6)
    [0, 1]
    >>> late_seats([5, 0, 2], Positions(button=4, small_blind=1, big_blind=2), 6)
    [2]
    """
    if positions is None:
        return list(free)
    button = positions.button
    behind = (positions.small_blind - button) % seat_count
    allowed = [s for s in free if not 0 < (s - button) % seat_count < behind]
    return allowed or list(free)


def payouts(out: Sequence[Finisher], winner: str, pool: int,
            entrants: int) -> list[tuple[Finisher, int, int]]:
    """Every finisher best first with their place and prize (the winner's hand is 0).

    Each paid place's share of ``pool`` is rounded down; the chips left over go to
    the winner (odd chips go to the first place paid, as TDA Rule 20-A gives a pot's
    odd chip to the first winner). Tied finishers share the places they cover.
    """
    shares = payout_shares(entrants)
    amounts = [pool * share // 100 for share in (int(s) for s in shares)]
    if amounts:
        amounts[0] += pool - sum(amounts)
    ordered = sorted(out, key=lambda f: (f.hand, f.started_with), reverse=True)
    rows: list[tuple[Finisher, int, int]] = [(Finisher(winner, 0, 0), 1, amounts[0])]
    place = 2
    index = 0
    while index < len(ordered):
        first = ordered[index]
        tied = [f for f in ordered[index:]
                if (f.hand, f.started_with) == (first.hand, first.started_with)]
        covered = sum(amounts[place - 1:place - 1 + len(tied)])
        share, odd = divmod(covered, len(tied))
        for n, finisher in enumerate(tied):
            rows.append((finisher, place, share + (odd if n == 0 else 0)))
        place += len(tied)
        index += len(tied)
    return rows
