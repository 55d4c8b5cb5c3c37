"""Getting around the app: every way off a screen, and onto the next one.

Every way off a screen goes through :meth:`Navigation.leave_then`: Escape
(back), a destination from the menu or the palette (open), and quitting. A
table with a round in play asks first and records what leaving costs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from importlib import import_module

from textual import events
from textual.app import App
from textual.screen import Screen

from cardtui.ui.leaving import LeaveGuard
from cardtui.ui.screens.menu import MenuScreen

#: Where each destination's screen lives: imported on first use, so starting
#: the app does not pay for the game tables.
SCREENS_BY_DESTINATION = {
    "blackjack": ("cardtui.ui.screens.blackjack", "BlackjackScreen"),
    "holdem": ("cardtui.ui.screens.holdem", "HoldemScreen"),
    "practice": ("cardtui.ui.screens.practice", "PracticeScreen"),
    "scoreboard": ("cardtui.ui.screens.scoreboard", "ScoreboardScreen"),
    "settings": ("cardtui.ui.screens.settings", "SettingsScreen"),
    "rules": ("cardtui.ui.screens.rules", "RulesScreen"),
    "tables": ("cardtui.ui.screens.lobby", "LobbyScreen"),
}


#: How long a key or a screen change waits for the screen on top to finish
#: mounting (steps of MOUNT_WAIT_STEP seconds; mounting takes a few hundred ms).
MOUNT_WAIT_STEP = 0.005
MOUNT_WAIT_STEPS = 1000


class Navigation(App[int]):
    """The app's navigation; :class:`cardtui.ui.app.CardtuiApp` adds its services."""

    def make_screen(self, destination: str) -> Screen[None]:
        """``practice:pairs`` opens the practice screen with its pairs drill."""
        destination, _, option = destination.partition(":")
        module, name = SCREENS_BY_DESTINATION[destination]
        return getattr(import_module(module), name)(*([option] if option else []))

    def leave_then(self, go: Callable[[], object]) -> None:
        """Run ``go`` once the screen guarding a game (if any) lets the player leave."""
        guard = next((s for s in reversed(self.screen_stack) if isinstance(s, LeaveGuard)), None)
        if guard is None:
            go()
        else:
            guard.request_leave(go)

    def action_open(self, destination: str) -> None:
        """Go to a destination from anywhere: back to the menu, then there."""
        if destination == "quit":
            self.leave_then(lambda: self.call_later(self._quit))
            return
        if destination not in SCREENS_BY_DESTINATION:
            return
        self.leave_then(lambda: self.call_later(self._go_to, destination))

    async def _go_to(self, destination: str) -> None:
        await self._top_screen_ready()
        if self.return_code is not None:
            return  # quitting: a screen pushed now could not even be built
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.push_screen(self.make_screen(destination))

    async def action_back(self) -> None:
        screen = self.screen
        if len(self.screen_stack) > 1 and not isinstance(screen, MenuScreen):
            close = lambda: self.call_later(self._close, screen)  # noqa: E731
            if isinstance(screen, LeaveGuard):
                screen.request_leave(close)
            else:
                close()

    async def _close(self, screen: Screen[object]) -> None:
        """Pop ``screen`` and anything above it (a question left open over it)."""
        await self._top_screen_ready()
        while screen in self.screen_stack and len(self.screen_stack) > 1:
            self.pop_screen()

    # A screen torn down before it has finished mounting loses its widgets
    # under its own on_mount (NoMatches there, or in Textual's Header), and
    # one pushed after quitting cannot be built at all: the key fuzzer did
    # both, e.g. with Enter on the menu's Quit and "b" sent together. So a
    # key waits until the screen on top is built, navigation that would pop
    # it waits too (the last request still wins), and once the app is
    # quitting keys are no longer read.

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            # A key read just before quitting comes back from its screen (bubbling
            # to the app's bindings) once the screens are gone: Textual then
            # raises ScreenStackError. The key fuzzer met it.
            if self.return_code is not None or not self.screen_stack:
                return
            if not event.is_forwarded:
                await self._top_screen_ready()
        await super().on_event(event)

    async def _top_screen_ready(self) -> None:
        for _ in range(MOUNT_WAIT_STEPS):
            if self.screen.is_mounted:
                return
            await asyncio.sleep(MOUNT_WAIT_STEP)

    async def action_quit(self) -> None:
        self.leave_then(lambda: self.call_later(self._quit))

    async def _quit(self) -> None:
        await self._top_screen_ready()  # a screen torn down mid-build fails in its on_mount
        self.exit()

