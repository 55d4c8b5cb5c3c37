"""Getting around the app: every way off a screen, and onto the next one.

Every way off a screen goes through :meth:`Navigation.leave_then`: Escape
(back), a destination from the menu or the palette (open), and quitting. A
table with a round in play asks first and records what leaving costs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from importlib import import_module
from typing import Protocol, runtime_checkable

from textual import events, on
from textual.app import App
from textual.message import Message
from textual.screen import Screen

from cardtui.ui.leaving import LeaveGuard
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.textual_fixes import was_stopped

#: Where each destination's screen lives: imported on first use, so starting
#: the app does not pay for the game tables.
SCREENS_BY_DESTINATION = {
    "blackjack": ("cardtui.ui.blackjack.screen", "BlackjackScreen"),
    "holdem": ("cardtui.ui.holdem.screen", "HoldemScreen"),
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


@runtime_checkable
class WaitsForKeys(Protocol):
    """A screen that is not ready for keys as soon as it is mounted (the lobby
    until the room has listed its tables): keys typed meanwhile wait for it."""

    @property
    def ready_for_keys(self) -> bool: ...


class Navigation(App[int]):
    """The app's navigation; :class:`cardtui.ui.app.CardtuiApp` adds its services."""

    def __init__(self) -> None:
        super().__init__()
        #: Screen changes asked for and not yet done (see on_event).
        self._changes_pending = 0
        #: Keys typed during a screen change, for the screen it brings.
        self._held_keys: list[events.Key] = []
        #: The held key last read, until it is done (see _release_held).
        self._in_flight: events.Key | None = None
        self._release_checks = 0
        self._release_scheduled = False

    def make_screen(self, destination: str) -> Screen[None]:
        """``practice:pairs`` opens the practice screen with its pairs drill."""
        destination, _, option = destination.partition(":")
        module, name = SCREENS_BY_DESTINATION[destination]
        screen_class: type[Screen[None]] = getattr(import_module(module), name)
        return screen_class(*([option] if option else []))

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
        self.leave_then(lambda: self._change_screens(self._go_to, destination))

    def _change_screens(self, change: Callable[..., Awaitable[object]], *args: object) -> None:
        """Run ``change`` next; keys typed until its screen is ready wait for that screen."""
        self._changes_pending += 1

        async def changing() -> None:
            try:
                await change(*args)
            finally:
                self._changes_pending -= 1

        self.call_later(changing)

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
            def close() -> None:
                self._change_screens(self._close, screen)

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
    #
    # Keys typed after a key that changes screens are for the new screen
    # (issue 24: "t, Down, Down, Enter" on a room's menu sat the player at the
    # lobby's first table, not the third). Textual hands a key to the focused
    # widget and looks up its bindings only when it comes back, on whatever
    # screen is on top by then: the arrows moved the menu, not yet replaced.
    # So from the moment a change is asked for until its screen is ready,
    # keys (new ones, and those coming back unused from the old screen) are
    # held, then read again, in order, as if typed on the new screen.

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            # A key read just before quitting comes back from its screen (bubbling
            # to the app's bindings) once the screens are gone: Textual then
            # raises ScreenStackError. The key fuzzer met it.
            if self.return_code is not None or not self.screen_stack:
                return
            if event is self._in_flight:  # a held key back from the new screen
                await super().on_event(event)
                self._in_flight = None
                self._schedule_release()
                return
            if self._held_keys or self._in_flight is not None or not self._ready_for_keys():
                self._hold(event)
                return
            if not event.is_forwarded:
                await self._top_screen_ready()
        await super().on_event(event)

    def _ready_for_keys(self) -> bool:
        if self._changes_pending:
            return False
        screen = self.screen
        return not isinstance(screen, WaitsForKeys) or screen.ready_for_keys

    def _hold(self, key: events.Key) -> None:
        key.stop()
        key.prevent_default()
        if not self._held_keys and self._in_flight is None:
            self._release_checks = 0
            self._schedule_release()
        self._held_keys.append(events.Key(key.key, key.character))

    class _ReleaseHeld(Message):
        """Look at the held keys again (read in the app's own queue, in turn with keys)."""

    def _schedule_release(self) -> None:
        # One look at a time, and in the app's queue: a timer's callback runs in
        # a task of its own, beside the keys coming back from the screen.
        if not self._release_scheduled:
            self._release_scheduled = True
            self.set_timer(MOUNT_WAIT_STEP, lambda: self.post_message(self._ReleaseHeld()))

    @on(_ReleaseHeld)
    async def _release_held(self) -> None:
        """Read the held keys one at a time, each only once the last one is done.

        Done means back at the app (its bindings looked up) or taken by a widget:
        Textual looks up a priority binding (the lobby's Enter) as soon as a key
        is read, ahead of the arrows still on their way, so keys read together
        are not read in order.
        """
        self._release_scheduled = False
        if self.return_code is not None or not self.screen_stack:
            # Quitting, or the screens are already gone: no screen will read them.
            self._held_keys.clear()
            self._in_flight = None
            return
        self._release_checks += 1
        # A screen that never gets ready does not keep the keys for ever.
        waited_enough = self._release_checks >= MOUNT_WAIT_STEPS
        in_flight = self._in_flight
        if in_flight is not None and not waited_enough and not was_stopped(in_flight):
            self._schedule_release()  # still on its way through the screen
            return
        self._in_flight = None
        if not waited_enough and (not self._ready_for_keys() or not self.screen.is_mounted):
            self._schedule_release()
            return
        while self._held_keys and self.return_code is None and self.screen_stack:
            key = self._held_keys.pop(0)
            await super().on_event(key)  # as a key just read
            if key.is_forwarded:  # handed to a widget: the next waits for it
                self._in_flight = key
                self._schedule_release()
                return
            if not self._ready_for_keys():  # it changed screens: the rest wait again
                self._schedule_release()
                return

    async def _top_screen_ready(self) -> None:
        for _ in range(MOUNT_WAIT_STEPS):
            if not self.screen_stack or self.screen.is_mounted:  # (no screen: quitting)
                return
            await asyncio.sleep(MOUNT_WAIT_STEP)

    async def action_quit(self) -> None:
        self.leave_then(lambda: self.call_later(self._quit))

    async def _quit(self) -> None:
        await self._top_screen_ready()  # a screen torn down mid-build fails in its on_mount
        self.exit()

