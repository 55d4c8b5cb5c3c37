"""What a blackjack table's session can do beyond the seam, asked once by its screen.

:class:`BlackjackCapabilities` extends the common
:class:`~cardtui.tables.capabilities.Capabilities` (chat, sit out, leave,
deals here) with what only a blackjack table does. Each field is an object
that can do the thing (usually the session itself, named by a small
protocol), or None when this table cannot:

=================  ==========================  ==========================
field              a local table               a shared table (the room)
=================  ==========================  ==========================
``rules``          its setup's rules           the lobby entry's rules
``house``          the engine table: deals     None: the room deals
                   on ``d``, plays out
``change_bet``     ``+``/``-`` move the        None
                   table's bet at once
``place_bet``      None                        the bet kept on screen is
                                               placed with ``d``
``rebuy``          a broke seat buys in        None
``advice``         basic strategy (``?``)      None
``trainer``        its setup's switch          None
``in_round``       the engine's round          the room's hand in play
``leave``          None                        stand up (the room plays
                                               the round on)
=================  ==========================  ==========================

A session that offers only the common capabilities (a scripted test table,
a replay) is widened by :func:`for_blackjack` with the defaults: the
standard rules, no house, nothing more. Nothing here imports Textual.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Protocol

from cardtui.blackjack.leaks import Miss
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import BetRamp
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.table import Table
from cardtui.tables.capabilities import Capabilities


class HouseTable(Protocol):
    """A table played in this process: its engine table is read for what is shown.

    It deals when the player says so and plays a round in play out when the
    players leave (their hands stand, as an online casino completes them).
    """

    @property
    def table(self) -> Table:
        """The engine's table, to read (its seats, bets and whether it can deal)."""
        ...

    @property
    def rounds(self) -> int:
        """Rounds dealt since this table sat down (0: its shoe is known from the first card)."""
        ...

    def deal(self) -> None: ...

    def play_out(self) -> None:
        """The players leave mid-round: their hands stand and the round settles as played."""
        ...


class ChangesBets(Protocol):
    """``+``/``-`` move a seat's bet on the table itself, between rounds."""

    def can_change_bet(self, seat: int, steps: int) -> bool:
        """Whether ``steps`` would move the seat's bet (a human's, between rounds, in limits)."""
        ...

    def change_bet(self, seat: int, steps: int) -> None: ...

    def bet(self, seat: int, amount: int) -> None:
        """Set the seat's bet to ``amount`` (a typed amount or a preset, checked already)."""
        ...


class PlacesBets(Protocol):
    """A bet chosen on screen is placed while the betting window is open (``d``)."""

    def bet(self, seat: int, amount: int) -> None: ...


class Rebuys(Protocol):
    """A broke seat buys back in."""

    def can_rebuy(self, seat: int) -> bool: ...

    def rebuy(self, seat: int) -> None: ...


class Advises(Protocol):
    """Basic strategy for the decision awaited now (None: no human decides now)."""

    def advice(self) -> Advice | None: ...


class Trains(Protocol):
    """The trainer counts the human seats' moves that differ from basic strategy."""

    def mistakes(self) -> tuple[int, int]:
        """(moves off basic strategy, decisions) of the human seats so far."""
        ...

    def take_misses(self) -> list[Miss]:
        """The moves off basic strategy since last asked, for "drill my misses"."""
        ...


class RoundInPlay(Protocol):
    """Whether a round is being played at the table now."""

    @property
    def in_round(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class BlackjackCapabilities(Capabilities):
    """What a blackjack session can do beyond the seam; None (or False): this table cannot."""

    #: The house rules the table plays (the rules line, the chart, the count).
    rules: Rules = field(default_factory=Rules)
    house: HouseTable | None = None
    change_bet: ChangesBets | None = None
    place_bet: PlacesBets | None = None
    rebuy: Rebuys | None = None
    advice: Advises | None = None
    #: The trainer counts the human seats' moves off basic strategy (and remarks on them).
    trainer: Trains | None = None
    #: The bet spread the trainer holds the human seats' bets to (issue 31), in table minimums.
    spread: BetRamp | None = None
    in_round: RoundInPlay | None = None


def for_blackjack(capabilities: Capabilities) -> BlackjackCapabilities:
    """``capabilities`` as a blackjack table's: a game-neutral session's widened with the defaults.

    >>> for_blackjack(Capabilities()).house is None
    True
    >>> caps = BlackjackCapabilities(deals_here=True)
    >>> for_blackjack(caps) is caps
    True
    """
    if isinstance(capabilities, BlackjackCapabilities):
        return capabilities
    common = {f.name: getattr(capabilities, f.name) for f in dataclasses.fields(capabilities)}
    return BlackjackCapabilities(**common)
