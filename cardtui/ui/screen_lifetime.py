"""Work a screen starts (a reveal, a bot thinking) ends with the screen.

A table screen plays its records in an async worker that sleeps between
steps. When the screen leaves the app (Escape, or the command palette taking
the player elsewhere), Textual removes its widgets first and cancels its
workers only at unmount, later: a reveal that wakes up in between redraws a
screen whose ``#board`` is gone (``NoMatches``, issue 9).

:class:`ScreenLifetime` closes that gap for any screen that inherits it. The
moment the screen is off the app's screen stack (Textual then sends it
``ScreenSuspend``, before removing anything), its workers are cancelled and
:attr:`~ScreenLifetime.gone` turns true, so code still running (a worker's
``finally``, a callback) can tell there is nothing left to draw. A screen
that must finish business first (settle a hand still being played) does it
in :meth:`~ScreenLifetime.when_gone`.

Covered by another screen (a dialog, the hand history) is not gone: the
screen is still on the stack and its work goes on.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import Screen

ResultType = TypeVar("ResultType")


class ScreenLifetime(Screen[ResultType]):
    """A screen whose workers stop the moment it leaves the screen stack."""

    @property
    def gone(self) -> bool:
        """Off the screen stack (popped, being removed): nothing more to draw or play."""
        return not self.is_attached or self not in self.app.screen_stack

    def on_screen_suspend(self, event: events.ScreenSuspend) -> None:
        if self.gone:
            self.workers.cancel_node(self)
            self.when_gone()

    def when_gone(self) -> None:
        """Finish what must not be lost (the workers are already cancelled)."""
