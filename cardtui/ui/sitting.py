"""What one run of cardtui remembers between visits to a table.

Leaving the blackjack table and coming back is the same sitting: the same
bankrolls, the same shoe and the same session counters, just as the
scoreboard's "this session" keeps the earlier rounds (issue 9, item 13: the
table used to start over each time it was opened). A new table setup starts a
new table, but the session's counters go on. The hold'em hands of the run are
kept here too (:class:`HandsPlayed`), whichever table dealt them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

# The app holds a Session from its start, on the menu, which plays no game: the
# engines and tables are imported where a table or a hand is first used, so
# the menu's start-up loads neither game (issue 24; tests/ui/test_menu_imports.py).
if TYPE_CHECKING:
    from cardtui.blackjack.records import Outcome
    from cardtui.blackjack.setup import TableSetup
    from cardtui.holdem.actions import Record
    from cardtui.holdem.hand import Hand
    from cardtui.holdem.stats import FactsBook
    from cardtui.holdem.view import TableView
    from cardtui.tables.blackjack_local import BlackjackLocalSession
    from cardtui.tables.session import HandBegins, SeatState
    from cardtui.ui.blackjack_seen import ShoeTracker


@dataclass
class Tally:
    """Wins, losses, pushes and net chips of the human seats, as the results were shown.

    >>> from cardtui.blackjack.records import Outcome
    >>> tally = Tally()
    >>> tally.count(Outcome.WIN, 15); tally.count(Outcome.LOSS, -10)
    >>> tally.wins, tally.losses, tally.pushes, tally.net
    (1, 1, 0, 5)
    """

    wins: int = 0
    losses: int = 0
    pushes: int = 0
    net: int = 0

    def count(self, outcome: Outcome, net: int) -> None:
        from cardtui.blackjack.records import Outcome

        if outcome is Outcome.WIN:
            self.wins += 1
        elif outcome is Outcome.LOSS:
            self.losses += 1
        else:
            self.pushes += 1
        self.net += net


def hand_view(seats: Sequence[SeatState], begins: HandBegins | None = None) -> TableView:
    """A table before a hand's records: every seat, those dealt in with their starting stacks.

    Without ``begins``: the table between hands, nobody dealt in.

    >>> from cardtui.tables.session import HandBegins, SeatState
    >>> ann, bob = SeatState(0, "Ann", 990), SeatState(1, "Bot", 480, bot=True)
    >>> view = hand_view([ann, bob, SeatState(2, "", 0, status="empty")],
    ...                  HandBegins(1, (SeatState(1, "Bot", 500, bot=True),)))
    >>> [(s.name, s.stack, s.in_hand) for s in view.seats]
    [('Ann', 990, False), ('Bot', 500, True), ('', 0, False)]
    """
    from cardtui.holdem.view import SeatView, TableView

    dealt = {s.seat: s for s in begins.seats} if begins is not None else {}
    count = max(len(seats), max(dealt, default=-1) + 1)
    by_seat = {s.seat: s for s in seats}
    views = []
    for index in range(count):
        seat = dealt.get(index) or by_seat.get(index)
        if seat is None or seat.status == "empty":
            views.append(SeatView("", 0))
        else:
            views.append(SeatView(seat.name, seat.stack, seat.bot, in_hand=index in dealt))
    return TableView(views, positions=begins.positions if begins is not None else None)


@dataclass(frozen=True)
class SeenHand:
    """One hand of the run as this player saw it: its start, its records, and (local
    tables) the engine's hand, which PHH export needs."""

    #: The hand's number in the run (1, 2, ...): its key in the history.
    number: int
    seats: tuple[SeatState, ...]
    begins: HandBegins
    records: tuple[Record, ...]
    hand: Hand | None = None

    @cached_property
    def view(self) -> TableView:
        """The hand replayed as the table showed it (its log, its seats)."""
        from cardtui.holdem.view import steps

        view = hand_view(self.seats, self.begins)
        for step in steps(self.records):
            view.apply(step)
        return view


class HandsPlayed(Sequence[SeenHand]):
    """The run's hold'em hands in the order they were played, numbered 1, 2, ... as added.

    Hands are numbered for the whole run, not per table: a new table deals its
    hand 1 again, but each hand needs its own row and its own file name.
    """

    def __init__(self) -> None:
        self._hands: list[SeenHand] = []

    def add(self, seats: Sequence[SeatState], begins: HandBegins, records: Sequence[Record],
            hand: Hand | None = None) -> SeenHand:
        played = SeenHand(len(self._hands) + 1, tuple(seats), begins, tuple(records), hand)
        self._hands.append(played)
        return played

    # (Read one hand at a time: no slices, which Sequence's signature also offers.)
    def __getitem__(self, index: int) -> SeenHand:  # type: ignore[override]
        return self._hands[index]

    def __len__(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[SeenHand]:
        return iter(self._hands)


@dataclass
class Session:
    """Held by the app for as long as it runs."""

    blackjack_tally: Tally = field(default_factory=Tally)
    #: The blackjack table the player sits at (its setup, bankrolls and shoe).
    blackjack: BlackjackLocalSession | None = None
    #: Every hold'em hand of the run, local or shared, for the history screen.
    holdem_history: HandsPlayed = field(default_factory=HandsPlayed)
    #: The blackjack count panel is shown (``k``), and what its viewer has seen of the shoe.
    blackjack_count_panel: bool = False
    blackjack_seen: ShoeTracker | None = None
    #: The hold'em HUD line is shown at each seat (``h``), and the kept hands it reads
    #: (None until first read: reading them is paid only by a player who asks).
    holdem_hud: bool = False
    holdem_hud_book: FactsBook | None = None

    def blackjack_table(self, setup: TableSetup, rng: Callable[[], random.Random], *,
                        new_table: bool = False) -> BlackjackLocalSession:
        """The sitting's table when its setup is unchanged, else a new table from ``setup``.

        ``rng`` is asked only for a new table (the app's seed stays reproducible).
        """
        from cardtui.tables.blackjack_local import BlackjackLocalSession

        sitting = self.blackjack
        if new_table or sitting is None or sitting.setup != setup:
            sitting = self.blackjack = BlackjackLocalSession.sit_down(setup, rng())
        return sitting
