"""Playing a table's records one at a time, for as long as the table is on screen.

A table screen queues the records an action produced; the player applies them
to the screen's view one by one, redraws after each one worth watching, and
waits a moment there. Any key skips the rest of the wait (:meth:`skip`).

The playing lives and dies with the screen (issue 9, item 4: leaving a table
mid-reveal crashed the worker that went on drawing a screen already gone):

- it runs in a worker the screen owns, which Textual cancels when the screen
  is removed;
- it draws only while the screen is still in the app's screen stack: a
  popped screen loses its widgets before it is unmounted, so "mounted" is
  not enough;
- whatever had not been shown when the screen went away is applied at once,
  without drawing, so the view (and anything counted from it) still ends
  where the engine is. The screen calls :meth:`flush` when it unmounts.

Both tables can use it: :meth:`play` for a fire-and-forget reveal, or
:meth:`play_queued` and :meth:`wait` from inside a screen's own worker (a
hand that mixes reveals with bots thinking).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, Generic, TypeVar

from textual.screen import Screen
from textual.worker import Worker

ItemT = TypeVar("ItemT")


def on_screen(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is still part of the app: mounted and in its screen stack.

    A screen covered by a dialog is still on screen (and still redrawn, so the
    dimmed table behind the dialog stays true).
    """
    return screen.is_attached and screen.is_mounted and screen in screen.app.screen_stack


class RecordPlayer(Generic[ItemT]):
    """Applies queued records to a screen's view at watching speed.

    ``apply`` shows one record in the view (no drawing); ``pause_for`` says how
    long to linger after it, in seconds at the current animation speed (0: go
    straight on); ``redraw`` draws the screen from its view; ``instant`` says
    whether animations are off (every record lands at once, on the spot).
    """

    def __init__(
        self,
        screen: Screen[Any],
        *,
        apply: Callable[[ItemT], None],
        pause_for: Callable[[ItemT], float],
        redraw: Callable[[], None],
        instant: Callable[[], bool],
        group: str = "record-player",
    ) -> None:
        self._screen = screen
        self._apply = apply
        self._pause_for = pause_for
        self._redraw = redraw
        self._instant = instant
        self._group = group
        self._queue: deque[ItemT] = deque()
        self._skip = asyncio.Event()
        self._playing = False
        #: Set while nothing is being shown (what :meth:`idle` waits for).
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def playing(self) -> bool:
        """Records are being shown (keys skip rather than act)."""
        return self._playing

    def queue(self, items: Iterable[ItemT]) -> None:
        """Add records to be shown by the next :meth:`play` or :meth:`play_queued`."""
        self._queue.extend(items)

    def play(self, items: Iterable[ItemT] = ()) -> None:
        """Show ``items`` (and anything queued): at once with animations off, else in a worker.

        While a reveal is playing, new records join its queue. Records with
        nothing to watch (a bet, another player's stand: no pause) land at once
        and are drawn once; the reveal (keys hidden, "any key skips") starts
        at the first record worth a pause, drawn as it lands. At a shared table
        every message from the room comes here at every player's screen:
        starting and ending a reveal for a bet hid and showed the keys, two
        rebuilds of the keys line and two layouts of the screen each time.
        """
        self._queue.extend(items)
        if self._playing:
            return
        if self._instant() or not on_screen(self._screen):
            self.flush()
            self._draw()
            return
        while self._queue:
            item = self._queue.popleft()
            self._apply(item)
            pause = self._pause_for(item)
            if pause:
                self._playing = True
                self._idle.clear()
                self._draw()
                # (A callable, not a coroutine: one replaced before it ran is never
                # left un-awaited.)
                _: Worker[None] = self._screen.run_worker(
                    partial(self.play_queued, pause), group=self._group, exclusive=True,
                    name="reveal")
                return
        self._draw()

    async def play_queued(self, lingering: float = 0.0) -> None:
        """Show the queued records with their pauses; the rest land at once on a skip.

        ``lingering``: the pause still due after a record :meth:`play` already showed.
        """
        self._playing = True
        self._idle.clear()
        try:
            if lingering and not self._skip.is_set():
                await self.wait(lingering)
            while self._queue and on_screen(self._screen):
                item = self._queue.popleft()
                self._apply(item)
                pause = self._pause_for(item)
                if pause and not self._skip.is_set():
                    self._draw()
                    await self.wait(pause)
        finally:
            # Cancelled with its screen, or the screen went away: the view
            # still takes every record, it just is not drawn any more.
            self.flush()
            self._skip.clear()
            self._playing = False
            self._idle.set()
            self._draw()

    async def idle(self) -> None:
        """Wait until what was queued has been shown (a table that waits for its viewer)."""
        await self._idle.wait()

    async def wait(self, seconds: float) -> bool:
        """Wait ``seconds``, or less if a key skips; returns whether it was skipped."""
        if not self._skip.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._skip.wait(), seconds)
        return self._skip.is_set()

    def skip(self) -> None:
        """Any key: the rest of the queue lands without pauses."""
        self._skip.set()

    def flush(self) -> None:
        """Apply everything still queued, at once and without drawing."""
        while self._queue:
            self._apply(self._queue.popleft())

    def _draw(self) -> None:
        if on_screen(self._screen):
            self._redraw()
