"""Leaving a screen with something at stake: one question, asked by the screen.

Every way off a table — Escape, a destination picked in the command palette,
quitting the app — goes through the app's navigation
(:meth:`~cardtui.ui.app.CardtuiApp.leave_then`), which asks the screen that
guards a game whether leaving is free. A table in the middle of a round asks
the player and records what leaving costs (a forfeit, a fold) before it lets
the app go on; between rounds it lets the app go at once (issue 9, item 7: a
losing blackjack hand could be dodged for free with Escape).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable


@runtime_checkable
class LeaveGuard(Protocol):
    """A screen that must be asked before the player leaves it."""

    def request_leave(self, leave: Callable[[], object]) -> None:
        """Call ``leave`` once leaving is settled, or never if the player stays.

        At once when leaving costs nothing; after the player agreed and the
        cost is recorded when it does. A second request while the question is
        still open replaces the first one's ``leave`` (the latest way out wins).
        """
        ...
