"""What the scoreboard keeps: games, outcomes, one seat's result, and the totals read back."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from cardtui.games import Game
from cardtui.games import Outcome as Outcome  # the store records it as the engines say it


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in one settled round (or one hold'em hand).

    >>> SeatResult("Ann", 10, 10, "sideways")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'sideways' is not a valid Outcome
    """

    player: str
    bet: int
    net: int
    outcome: Outcome
    blackjack: bool = False
    bust: bool = False
    doubled: bool = False
    split: bool = False
    surrendered: bool = False
    insured: bool = False
    decisions: int = 0  # trainer: decisions taken this round
    mistakes: int = 0  # trainer: of those, how many differed from basic strategy
    pot: int = 0  # hold'em: chips won from pots this hand
    showdown: bool = False
    showdown_won: bool = False

    def __post_init__(self) -> None:
        # A bad value is refused here, by the caller, not later by the writer
        # thread, where it would wait in the queue forever.
        object.__setattr__(self, "outcome", Outcome(self.outcome))

    def row(self) -> tuple[object, ...]:
        """The values in :data:`RESULT_COLUMNS` order, as SQLite stores them."""
        values: list[object] = []
        for name in RESULT_COLUMNS:
            value = getattr(self, name)
            if isinstance(value, Outcome):
                value = value.value
            elif isinstance(value, bool):
                value = int(value)
            values.append(value)
        return tuple(values)


RESULT_COLUMNS = tuple(f.name for f in fields(SeatResult))


@dataclass(frozen=True)
class Totals:
    """Aggregates for one player in one game."""

    game: Game
    player: str
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    pushes: int = 0
    blackjacks: int = 0
    net: int = 0
    biggest_win: int = 0
    decisions: int = 0
    mistakes: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    biggest_pot: int = 0

    @property
    def mistake_rate(self) -> float | None:
        return self.mistakes / self.decisions if self.decisions else None


@dataclass(frozen=True)
class TournamentResult:
    player: str
    place: int
    entrants: int


@dataclass(frozen=True)
class DrillScore:
    """One practice drill: ``correct`` of ``asked`` (kind: hard, soft, pairs, all, count)."""

    player: str
    kind: str
    asked: int
    correct: int


@dataclass(frozen=True)
class HandHistory:
    """A round's hand history as it was kept (``format`` "phh": PHH text)."""

    round_id: int
    game: Game
    format: str
    text: str
    #: When the round was recorded (seconds since the epoch): a PokerStars export's date.
    played_at: float = 0.0


#: Every player's balance per game before the first change: what the house gives a newcomer.
START_BALANCE = 1_000


class BankrollKind(StrEnum):
    BUY_IN = "buy-in"  # chips from the balance to a table
    CASH_OUT = "cash-out"  # a table's stack back to the balance
    REBUY = "rebuy"  # chips from the house, counted
    RESULT = "result"  # a settled round or hand, won or lost at the table
    #: A second name's starting chips, carried into the profile's one balance
    #: when balances stopped being kept per player name (schema 6).
    START = "start"


#: Where the chips of a local table are (``BankrollChange.place``): the place of a
#: local table before each game process had its own (:func:`local_table`), and
#: where a process that cannot mark itself alive keeps them.
LOCAL_TABLE = ""
#: The start of a game process's own local-table place (:func:`local_table`).
LOCAL_PLACE = "local:"


def local_table(process: str) -> str:
    """The place of the chips at the local tables of one game process.

    Two game processes of one profile (two terminals, two SSH sessions of a
    key) each play their own chips: one sitting down never cashes out the
    other's.

    >>> local_table("4242-9f")
    'local:4242-9f'
    """
    return f"{LOCAL_PLACE}{process}"


def room_table(table_id: str) -> str:
    """The place of the chips at a shared table of the room.

    >>> room_table("t3")
    'room:t3'
    """
    return f"room:{table_id}"


@dataclass(frozen=True)
class BankrollChange:
    """One change to the profile's bankroll in one game: ``bank`` off the table, ``stake`` at it.

    ``player`` is the name the profile played under (kept for the record;
    the balance is the profile's whatever its name). ``place`` is the table
    the ``stake`` is at: :data:`LOCAL_TABLE`, or :func:`room_table`.
    """

    player: str
    game: Game
    kind: BankrollKind
    bank: int
    stake: int
    #: When it happened (seconds since the epoch).
    at: float = 0.0
    place: str = LOCAL_TABLE
    #: A round's result, decided when it is written: it moves the chips at ``place``
    #: while that table holds any, else the balance (the player stood up before the
    #: hand settled). Decided in the writing transaction, not before: a balance the
    #: store could not read yet must not decide where chips go.
    held_or_bank: bool = False

    def resolved(self, held: int) -> BankrollChange:
        """This change as written when ``held`` chips are at its place.

        >>> change = BankrollChange("Ann", Game.HOLDEM, BankrollKind.RESULT, 0, -40,
        ...                         held_or_bank=True)
        >>> change.resolved(100).stake, change.resolved(0).bank
        (-40, -40)
        """
        if not self.held_or_bank:
            return self
        amount = self.bank + self.stake
        bank, stake = (0, amount) if held > 0 else (amount, 0)
        return BankrollChange(self.player, self.game, self.kind, bank, stake, self.at,
                              self.place)


@dataclass(frozen=True)
class Bankroll:
    """The profile's chips in one game: the kept balance, what is at tables, the house's rebuys.

    The profile (the local player, or one SSH key) has one balance per game
    whatever name it plays under.

    >>> Bankroll(Game.BLACKJACK).balance
    1000
    """

    game: Game
    balance: int = START_BALANCE
    #: Chips bought in and not cashed out yet, with the results since.
    at_table: int = 0
    rebuys: int = 0
    #: Chips the house has given in rebuys.
    rebought: int = 0
    #: False when the store could not read the file and has never read it: the
    #: figures above are then the start balance, not the profile's, and nothing may
    #: be staked on them (:class:`BankrollUnknown`).
    known: bool = True

    def plus(self, change: BankrollChange) -> Bankroll:
        """This bankroll after ``change`` (one still waiting in memory to be saved)."""
        rebuy = change.kind is BankrollKind.REBUY
        return Bankroll(self.game, self.balance + change.bank,
                        self.at_table + change.stake, self.rebuys + rebuy,
                        self.rebought + (change.bank if rebuy else 0), self.known)


class BankrollUnknown(ValueError):
    """The kept balance could not be read (another program holds the file): nothing is
    bought in, cashed out or rebought on a guess."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"your {game.shown} balance cannot be read yet (another program is "
                         "holding the scoreboard)")
        self.game = game
