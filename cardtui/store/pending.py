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

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.games import Game
from cardtui.store.database import Database
from cardtui.store.records import BankrollChange, BankrollKind, SeatResult
from cardtui.store.sql import is_url


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
    #: A tournament's hand (tournament chips: left out of cash results).
    tournament: bool = False

    def apply(self, db: Database) -> int:
        return db.record_round(self.game, self.results, self.session_id, self.played_at,
                               self.hand_history, self.bankroll, self.shared_hand,
                               self.tournament)

    def describe(self, *, utc: bool = False) -> str:
        seats = ", ".join(f"{r.player} {_signed(r.net)}" for r in self.results)
        noun = "hand" if self.game is Game.HOLDEM else "round"
        return f"{self.game.shown} {noun} at {_clock(self.played_at, utc)} ({seats})"


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
        return (f"{whose}{change.game.shown} {change.kind.value} of {chips:,} "
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
class SavedTableWrite:
    """A table in play kept between hands (a tournament), or forgotten (``state`` None)."""

    key: str
    state: str | None
    saved_at: float

    def apply(self, db: Database) -> None:
        db.save_table(self.key, self.state, self.saved_at)

    def describe(self, *, utc: bool = False) -> str:
        done = "saved" if self.state is not None else "finished"
        return f"the tournament in play, {done} at {_clock(self.saved_at, utc)}"


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


def disk_room(path: Path | str) -> tuple[int, bool] | None:
    """What can change on the disk holding ``path`` while a write waits: the bytes free
    to this user, and whether the folder can be written (None: nothing to look at).

    Cheap (one ``statvfs`` and one ``access``): the writer looks every
    :data:`LOOK` seconds while a write waits for a full or read-only disk.
    """
    if str(path) == ":memory:" or is_url(path):
        return None  # a server's disk is not ours to look at
    folder = Path(path).parent
    try:
        disk = os.statvfs(folder)
    except OSError:
        return None
    writable = not disk.f_flag & os.ST_RDONLY and os.access(folder, os.W_OK)
    return disk.f_bavail * disk.f_frsize, writable


#: While a write waits for the disk, the writer looks at it this often (seconds).
LOOK = 0.25


class Retry:
    """When the writer tries again a write the disk refused (full, read-only, unavailable).

    At once when the disk changes (room freed, write permission back): a
    player who frees space sees the waiting rounds saved within :data:`LOOK`
    seconds, not after the longest pause. Otherwise after a pause that starts
    at ``first`` and doubles up to ``most`` (for a trouble nothing on the disk
    shows). Time is ``clock``'s (injected: tests run on virtual time).

    >>> from cardtui.clock import FakeClock
    >>> clock = FakeClock(monotonic=0.0)
    >>> disk = [(0, True)]
    >>> retry = Retry(1.0, 30.0, clock=clock, room=lambda: disk[0])
    >>> for _ in range(6):
    ...     retry.trying(); retry.failed()
    >>> clock.advance(31.0)
    >>> retry.due()  # the sixth pause is the longest, 30 s, from time 0
    True
    >>> retry.trying(); retry.failed(); clock.advance(1.0)
    >>> retry.due()
    False
    >>> disk[0] = (4096, True)  # room freed: no need to wait out the pause
    >>> retry.due()
    True
    """

    def __init__(self, first: float, most: float, *, clock: Clock = SYSTEM_CLOCK,
                 room: Callable[[], object] = lambda: None) -> None:
        self.first = first
        self.most = most
        self.clock = clock
        self.room = room
        self._pause = first
        self._at = clock.monotonic()
        self._seen: object = None

    def trying(self) -> None:
        """A write is about to be tried: the disk as it is before (space freed while the
        try fails is a change still to come back for)."""
        self._seen = self.room()

    def failed(self) -> None:
        """A write was refused now: the next try after the pause, or when the disk changes."""
        self._at = self.clock.monotonic() + self._pause
        self._pause = min(self._pause * 2, self.most)

    def saved(self) -> None:
        """A write went through: the next trouble starts again with the first pause."""
        self._pause = self.first

    def due(self) -> bool:
        """Whether to try again now."""
        return self.clock.monotonic() >= self._at or self.room() != self._seen
