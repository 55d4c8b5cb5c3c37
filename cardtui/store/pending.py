"""Writes waiting for the scoreboard: what the store keeps in memory until it is saved.

Each knows how to write itself (:meth:`apply`) and how to tell a player what
it was (:meth:`describe`), for the notice and the exit line when it could
not be saved.

>>> from cardtui.store.records import Outcome
>>> write = RoundWrite(Game.BLACKJACK, (SeatResult("Ann", 10, 15, Outcome.WIN),
...     SeatResult("Bot 1", 10, -10, Outcome.LOSS)), "s", played_at=0.0)
>>> write.describe(utc=True)
'Blackjack round at 00:00:00 (Ann +15, Bot 1 −10)'
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

from cardtui.store.database import Database
from cardtui.store.records import BankrollChange, BankrollKind, Game, SeatResult


class PendingWrite(Protocol):
    def apply(self, db: Database) -> int | None: ...

    def describe(self, *, utc: bool = False) -> str: ...


def _clock(seconds: float, utc: bool) -> str:
    return time.strftime("%H:%M:%S", time.gmtime(seconds) if utc else time.localtime(seconds))


def _signed(chips: int) -> str:
    return f"+{chips:,}" if chips > 0 else f"−{-chips:,}" if chips < 0 else "0"


@dataclass(frozen=True)
class RoundWrite:
    """One settled round (or hold'em hand), every seat's result."""

    game: Game
    results: tuple[SeatResult, ...]
    session_id: str
    #: When it settled, not when it was finally written.
    played_at: float
    hand_history: str | None = None
    #: What the round did to the profile's bankroll (written with it).
    bankroll: BankrollChange | None = None
    #: A shared table's hand, named for good: recorded once however often it comes.
    shared_hand: str | None = None

    def apply(self, db: Database) -> int:
        return db.record_round(self.game, self.results, self.session_id, self.played_at,
                               self.hand_history, self.bankroll, self.shared_hand)

    def describe(self, *, utc: bool = False) -> str:
        seats = ", ".join(f"{r.player} {_signed(r.net)}" for r in self.results)
        noun = "hand" if self.game is Game.HOLDEM else "round"
        return f"{self.game.title} {noun} at {_clock(self.played_at, utc)} ({seats})"


@dataclass(frozen=True)
class BankrollWrite:
    """A buy-in, a cash-out or a rebuy (a result is written with its round)."""

    change: BankrollChange
    session_id: str
    #: A shared hand's result whose round a scoreboard reset dropped: still named.
    shared_hand: str | None = None

    def apply(self, db: Database) -> None:
        db.record_bankroll(self.change, self.session_id, self.shared_hand)

    def describe(self, *, utc: bool = False) -> str:
        change = self.change
        chips = abs(change.bank if change.kind is not BankrollKind.RESULT else change.stake)
        whose = f"{change.player}'s " if change.player else ""
        return (f"{whose}{change.game.title} {change.kind.value} of {chips:,} "
                f"at {_clock(change.at, utc)}")


@dataclass(frozen=True)
class TournamentWrite:
    player: str
    place: int
    entrants: int
    session_id: str
    played_at: float

    def apply(self, db: Database) -> None:
        db.record_tournament(self.player, self.place, self.entrants, self.session_id,
                             self.played_at)

    def describe(self, *, utc: bool = False) -> str:
        return (f"tournament place {self.place} of {self.entrants} for {self.player} "
                f"at {_clock(self.played_at, utc)}")


@dataclass(frozen=True)
class DrillWrite:
    player: str
    kind: str
    asked: int
    correct: int
    session_id: str
    played_at: float

    def apply(self, db: Database) -> None:
        db.record_drill(self.player, self.kind, self.asked, self.correct, self.session_id,
                        self.played_at)

    def describe(self, *, utc: bool = False) -> str:
        return (f"{self.kind} drill, {self.correct} of {self.asked} right, for {self.player} "
                f"at {_clock(self.played_at, utc)}")


@dataclass(frozen=True)
class ResetWrite:
    """The player's "reset every recorded result"."""

    asked_at: float

    def apply(self, db: Database) -> None:
        db.reset()

    def describe(self, *, utc: bool = False) -> str:
        return f"the scoreboard reset asked for at {_clock(self.asked_at, utc)}"
