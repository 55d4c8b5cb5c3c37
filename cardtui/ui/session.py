"""What one run of cardtui remembers between visits to a table.

Leaving the blackjack table and coming back is the same sitting: the same
bankrolls, the same shoe and the same session counters, just as the
scoreboard's "this session" keeps the earlier rounds (issue 9, item 13: the
table used to start over each time it was opened). A new table setup starts a
new table, but the session's counters go on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtui.blackjack.records import Outcome
from cardtui.blackjack.setup import TableSetup
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.ui.blackjack_seen import ShoeTracker


@dataclass
class Tally:
    """Wins, losses, pushes and net chips of the human seats, as the results were shown.

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
        if outcome is Outcome.WIN:
            self.wins += 1
        elif outcome is Outcome.LOSS:
            self.losses += 1
        else:
            self.pushes += 1
        self.net += net


@dataclass
class Session:
    """Held by the app for as long as it runs."""

    blackjack_tally: Tally = field(default_factory=Tally)
    #: The blackjack table the player sits at (its setup, bankrolls and shoe).
    blackjack: BlackjackLocalSession | None = None
    #: The blackjack count panel is shown (``k``), and what its viewer has seen of the shoe.
    blackjack_count_panel: bool = False
    blackjack_seen: ShoeTracker | None = None

    def blackjack_table(self, setup: TableSetup, rng: Callable[[], random.Random], *,
                        new_table: bool = False) -> BlackjackLocalSession:
        """The sitting's table when its setup is unchanged, else a new table from ``setup``.

        ``rng`` is asked only for a new table (the app's seed stays reproducible).
        """
        sitting = self.blackjack
        if new_table or sitting is None or sitting.setup != setup:
            sitting = self.blackjack = BlackjackLocalSession.sit_down(setup, rng())
        return sitting
