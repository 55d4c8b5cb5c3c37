"""The cardtui application: owns the screens, the settings and the store.

The app is deliberately thin: each screen owns its own bindings and flow; the
app offers services (``settings``, ``store``, ``rng``, ``session_id``) and
navigation (``open``, ``back``).
"""

from __future__ import annotations

import random
import traceback
import uuid
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from cardtui import __version__, locations
from cardtui.settings import AnimationSpeed, CardStyle, load_settings, save_settings
from cardtui.store import Store, StoreError
from cardtui.ui.screens.menu import DESTINATIONS, MenuScreen
from cardtui.ui.screens.too_small import TooSmallScreen, too_small

#: Where each destination's screen lives: imported on first use, so starting
#: the app does not pay for the game tables.
SCREENS_BY_DESTINATION = {
    "blackjack": ("cardtui.ui.screens.blackjack", "BlackjackScreen"),
    "holdem": ("cardtui.ui.screens.holdem", "HoldemScreen"),
    "scoreboard": ("cardtui.ui.screens.scoreboard", "ScoreboardScreen"),
    "settings": ("cardtui.ui.screens.settings", "SettingsScreen"),
    "rules": ("cardtui.ui.screens.rules", "RulesScreen"),
}


class CardtuiApp(App[int]):
    TITLE = "cardtui"
    # The menu is the default screen, whose own CSS_PATH Textual does not load.
    CSS_PATH = ["app.tcss", "screens/menu.tcss"]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        seed: int | None = None,
        ascii: bool | None = None,
        start: str | None = None,
        animation: str | None = None,
    ) -> None:
        super().__init__()
        self.data_dir = locations.data_dir(data_dir)
        self.notices: list[str] = []
        loaded = load_settings(locations.settings_path(self.data_dir))
        self.settings = loaded.settings
        if loaded.notice:
            self.notices.append(loaded.notice)
        # Command-line choices apply to this session only; Settings saves.
        if ascii:
            self.settings.card_style = CardStyle.ASCII
        if animation is not None:
            self.settings.animation = AnimationSpeed(animation)
        self.store = self._open_store()
        self.seed = seed
        self.rng = random.Random(seed)
        self.session_id = uuid.uuid4().hex
        self.start = start
        if start is not None and start not in SCREENS_BY_DESTINATION:
            raise ValueError(f"unknown screen {start!r}")

    def _open_store(self) -> Store:
        path = locations.database_path(self.data_dir)
        try:
            store = Store(path)
        except (StoreError, OSError) as error:
            # The game stays playable; results of this session only are kept.
            self.notices.append(f"Scores cannot be saved ({error}); they last this session only.")
            return Store(":memory:")
        if store.notice:
            self.notices.append(store.notice)
        store.on_notice = self._store_notice
        return store

    def _store_notice(self, text: str) -> None:
        self.notify(text, title="Notice", severity="warning", timeout=12)

    # -- lifecycle ---------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        # The menu is the bottom of the stack: no blank screen painted first.
        return MenuScreen()

    def on_mount(self) -> None:
        self.theme = self.settings.theme
        self.apply_card_style()
        if self.start:
            self.push_screen(self.make_screen(self.start))
        for notice in self.notices:
            self.notify(notice, title="Notice", severity="warning", timeout=12)
        self.call_after_refresh(lambda: self._check_size(*self.size))

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small(width, height):
            if showing:
                self.screen.show_size(width, height)  # type: ignore[attr-defined]
            else:
                self.push_screen(TooSmallScreen(width, height))
        elif showing:
            self.pop_screen()

    def _fatal_error(self) -> None:
        """An unexpected error: save the traceback to a file, tell the player in one line.

        Textual would print a full traceback on exit; a player gets the path of
        the report instead. Settled rounds are already in the store. (Tests
        still see the exception: ``run_test`` re-raises it.)
        """
        report = self.data_dir / "crash.log"
        try:
            report.parent.mkdir(parents=True, exist_ok=True)
            with report.open("a", encoding="utf-8") as log:
                log.write(f"--- cardtui {__version__} ---\n{traceback.format_exc()}\n")
            where = f"details are in {report}"
        except OSError:
            where = "no report could be written"
        self._exit_renderables.append(
            f"cardtui stopped after an unexpected error ({where}). "
            "Every settled round was saved."
        )
        self._close_messages_no_wait()

    def apply_card_style(self) -> None:
        """ASCII cards come with ASCII frames (see app.tcss)."""
        self.set_class(self.settings.ascii_cards, "-ascii")

    def save_settings(self) -> None:
        try:
            save_settings(self.settings, locations.settings_path(self.data_dir))
        except OSError as error:
            self.notify(f"Settings could not be saved: {error.strerror}", severity="error")

    # -- navigation --------------------------------------------------------

    def make_screen(self, destination: str) -> Screen[None]:
        module, name = SCREENS_BY_DESTINATION[destination]
        return getattr(import_module(module), name)()

    def action_open(self, destination: str) -> None:
        """Go to a destination from anywhere: back to the menu, then there."""
        if destination == "quit":
            self.exit()
            return
        if destination not in SCREENS_BY_DESTINATION:
            return
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.push_screen(self.make_screen(destination))

    def action_back(self) -> None:
        if len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for destination, key, label, _ in DESTINATIONS:
            yield SystemCommand(
                label, f"Open {label} (key {key} on the menu)",
                lambda d=destination: self.action_open(d),  # type: ignore[misc]
            )
        yield from (
            command for command in super().get_system_commands(screen)
            if command.title not in {"Quit"}
        )

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Save a screenshot (the palette's "Screenshot") in the data directory's
        ``screenshots`` folder, whatever ``path`` says.

        Textual saves into the user's Downloads folder. A game served over SSH
        may write nowhere but its player's profile, so every screenshot goes
        here under a bare file name; a served game's data directory is ``.``,
        so the path Textual reports back names nothing on the host.
        """
        folder = self.data_dir / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notify(f"Screenshot not saved: {error.strerror}", severity="error")
            return None
        name = Path(filename).name if filename else ""
        return super().deliver_screenshot(
            name if name not in ("", ".", "..") else None, str(folder), time_format
        )
