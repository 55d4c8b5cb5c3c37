"""The table-session interface and the events a session delivers to its screen.

The data flows one way::

    key -> screen -> session.act(...) -> engine (here or in the room)
        -> events (records this viewer may see, turns, settlements) -> screen

A session delivers :data:`Event` objects, in order, to the one listener its
screen attached (:meth:`TableSession.attach`). Every event is plain data
(frozen dataclasses), so the same events can come from a local engine, be
decoded from the room's protocol, or be read from a saved hand.

What each session guarantees:

- :class:`Seen` carries engine records *as this viewer may see them*: another
  player's hole cards are ``None`` until they are shown (the session filters,
  never the widget).
- :class:`ToAct` is sent when a seat this screen plays must decide; its
  ``legal`` answer comes from the engine's one legality authority, and the
  session refuses an illegal :meth:`TableSession.act` with ``ValueError``
  whatever the screen believed.
- :class:`HandBegins` opens each hand (round): the seats dealt in and, in
  hold'em, the positions; the screen forgets the previous hand's records.
- :class:`Settled` carries the scoreboard rows of the viewer's own seats for a
  finished hand or round, made in one place (:mod:`cardtui.tables.results`);
  the screen hands them to the store unchanged and never computes a result.

Beyond :class:`TableSession`, the shared tables' sessions
(:mod:`cardtui.guest.holdem`, :mod:`cardtui.guest.blackjack`)
all offer ``chat(text)``, ``sit_out()``, ``come_back()`` and ``leave()``;
blackjack's adds ``bet(seat, amount)`` (its betting window arrives as a
:class:`ToAct` whose ``legal`` is a ``BetWindow``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from cardtui.holdem.button import Positions
from cardtui.store.records import SeatResult
from cardtui.tables.capabilities import Capabilities


@dataclass(frozen=True, slots=True)
class SeatState:
    """Who sits in a seat and what they have, as any viewer may see it."""

    seat: int
    name: str
    stack: int
    bot: bool = False
    #: "playing", "sitting out", "away" (disconnected, seat kept), "empty".
    status: str = "playing"
    #: A shared blackjack table's bet placed in the betting window (0: none yet).
    bet: int = 0


@dataclass(frozen=True, slots=True)
class SeatsChanged:
    """The seating changed (between hands, or someone sat down, left or rebought)."""

    seats: tuple[SeatState, ...]


@dataclass(frozen=True, slots=True)
class HandBegins:
    """A hand (a blackjack round) begins: ``seats`` as they were dealt in.

    ``positions`` is hold'em's button and blinds (None in blackjack). The
    records of the hand follow as :class:`Seen` events.
    """

    number: int
    seats: tuple[SeatState, ...]
    positions: Positions | None = None


@dataclass(frozen=True, slots=True)
class Seen:
    """Engine records, in order, filtered for this viewer."""

    records: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class ToAct:
    """A seat this screen plays must decide; ``legal`` is the engine's own answer.

    ``legal`` is the game's legality object (hold'em: ``LegalActions``;
    blackjack: a frozenset of moves). ``deadline`` is an instant on the
    session's clock (:meth:`cardtui.clock.Clock.monotonic`) when an action
    clock runs, else None.
    """

    seat: int
    legal: object
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class BetWindow:
    """The betting window is open: a bet from ``min_bet`` to ``max_bet``.

    (A blackjack :class:`ToAct`'s ``legal`` between rounds, local or shared:
    it lives here, not with the shared table, so a local table does not load
    the room's protocol.)
    """

    min_bet: int
    max_bet: int

    def problem(self, amount: int, bankroll: int) -> str | None:
        """Why ``amount`` cannot be bet, or None.

        >>> BetWindow(10, 500).problem(5, 1000)
        'bets at this table are 10 to 500'
        >>> BetWindow(10, 500).problem(200, 150)
        'you have 150 chips'
        """
        if not self.min_bet <= amount <= self.max_bet:
            return f"bets at this table are {self.min_bet:,} to {self.max_bet:,}"
        if amount > bankroll:
            return f"you have {bankroll:,} chips"
        return None


#: How often a screen looks at a running clock, in seconds. Clocks show whole
#: seconds; looked at once a second, a look a few milliseconds late skipped a
#: number (3, then 1). A screen redraws only when the number changes.
CLOCK_TICK = 0.25


@dataclass(frozen=True, slots=True)
class SeatClock:
    """Someone else's action clock is running (drawn on their seat on every screen).

    (Not :class:`cardtui.clock.Clock`, the time everything reads: this is a
    seat's countdown as an event.)
    """

    seat: int
    deadline: float | None


@dataclass(frozen=True, slots=True)
class Settled:
    """A hand or round is over: the rows the viewer's own store records, made once.

    ``bankroll_player``: the profile's own player when the profile's kept
    chips were at stake (:mod:`cardtui.tables.bankroll`); the screen passes
    it to ``record_round`` so the chips move in the round's transaction.
    ``bankroll_place``: where those chips are (a local table's ``""``, or a
    shared table's :func:`~cardtui.store.records.room_table`).
    ``hand_history``: a local hold'em hand's PHH text (each bot's personality
    in ``_personalities``), kept with the round for the statistics.
    ``shared_hand``: a shared table's hand, named for good; the store records
    it once however often the room sends it (pass it to ``record_round``).
    ``tournament``: a tournament's hand, played with tournament chips (pass it
    to ``record_round``: cash results leave it out).
    """

    rows: tuple[SeatResult, ...]
    bankroll_player: str | None = None
    hand_history: str | None = None
    bankroll_place: str = ""
    shared_hand: str | None = None
    tournament: bool = False


@dataclass(frozen=True, slots=True)
class Note:
    """A line for the table's log: a bust, a blind level, a chat line, a room notice."""

    text: str
    #: "info", "warning", "win", "chat" — the screen picks the style.
    kind: str = "info"


@dataclass(frozen=True, slots=True)
class Voided:
    """The hand in progress was voided (the room stopped): every bet went back."""

    reason: str


Event = SeatsChanged | HandBegins | Seen | ToAct | SeatClock | Settled | Note | Voided
Listener = Callable[[Event], None]

#: A game's move, as its sessions take it (blackjack: ``Action``; hold'em its own).
#: Contravariant: a session that takes any move can stand where one game's is needed.
ActionT = TypeVar("ActionT", contravariant=True)


class TableSession(Protocol[ActionT]):
    """What a table screen needs from wherever the table really is.

    Generic in the game's move: ``TableSession[Action]`` is a blackjack table,
    whose ``act`` takes only blackjack moves (the type checker says so; the
    session need not check the move's type at run time).

    Implementations: a local table (engines and bots in this process), a
    shared table in the room, a replay of a saved hand, and a scripted
    session for tests (no engine behind it).
    """

    #: The seats this screen plays (hot seat: several; a spectator: none).
    @property
    def viewer_seats(self) -> frozenset[int]: ...

    def attach(self, listener: Listener) -> None:
        """Deliver every event from now on to ``listener`` (after a snapshot of the present)."""
        ...

    def detach(self, listener: Listener | None = None) -> None:
        """Stop delivering events (the screen went away); the table itself goes on.

        Given the ``listener`` that is leaving, nothing happens unless it is
        still the one attached: a screen opened at the same table (the palette's
        Blackjack at the blackjack table) attaches before the old one unmounts.
        """
        ...

    def act(self, seat: int, action: ActionT) -> None:
        """Take ``seat``'s move; raises ``ValueError`` with a plain message if it is illegal."""
        ...

    def capabilities(self) -> Capabilities:
        """What this session can do beyond the seam (chat, sit out, rebuy...), asked once."""
        ...
