"""What one run of cardtui remembers between visits to a table.

Leaving the blackjack table and coming back is the same sitting: the same
bankrolls, the same shoe and the same session counters, just as the
scoreboard's "this session" keeps the earlier rounds (issue 9, item 13: the
table used to start over each time it was opened). A new table setup starts a
new table, but the session's counters go on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtui.blackjack.records import Outcome
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import Table


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
class BlackjackSitting:
    """The blackjack table the player sits at, with the setup it was made from."""

    setup: TableSetup
    table: Table


@dataclass
class Session:
    """Held by the app for as long as it runs."""

    blackjack_tally: Tally = field(default_factory=Tally)
    blackjack: BlackjackSitting | None = None
