"""The cardtui application: owns the screens, the settings and the store.

The app is deliberately thin: each screen owns its own bindings and flow; the
app offers services (``settings``, ``store``, ``rng``, ``session_id``) and
navigation (``open``, ``back``).

It reads nothing from the environment and knows nothing of ``cardtui
serve``: whoever starts it (:func:`cardtui.cli.run_app`) says whether it is
served, which room it is in and how to choose its terminal driver.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from rich.text import Text
from textual import constants, events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.message import Message
from textual.screen import ModalScreen, Screen

from cardtui import locations
from cardtui.crashlog import record_crash
from cardtui.i18n import N_, _, choose, set_language
from cardtui.settings import (
    AnimationSpeed,
    CardStyle,
    SessionChoices,
    load_settings,
    save_settings,
)
from cardtui.store import PendingWrite, Store, unsaved_report
from cardtui.ui import textual_fixes  # noqa: F401  (the fixes every game needs)
from cardtui.ui.ascii_screen import ascii_key
from cardtui.ui.navigation import SCREENS_BY_DESTINATION, Navigation
from cardtui.ui.palette import Palette, destination_help
from cardtui.ui.screens.menu import DESTINATIONS, MenuScreen
from cardtui.ui.screens.too_small import TooSmallScreen, too_small
from cardtui.ui.sitting import Session
from cardtui.ui.textual_fixes.hooks import CrashReport, SameSizeResize
from cardtui.ui.widgets.cards import SIZE_CLASSES_ACROSS, SIZE_CLASSES_DOWN

if TYPE_CHECKING:
    from cardtui.guest.joining import RoomDoor

#: Textual's own palette commands (App.get_system_commands) as Textual words them, marked
#: for the catalogs: the palette says each in the player's language.
TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Keys"), N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)
#: Where a served player lands (cardtui.ui.screens.lobby's stylesheet).
LOBBY_CSS = Path(__file__).parent / "screens" / "lobby.tcss"


#: Any screen, given back as it came (:meth:`CardtuiApp.sized`).
ScreenT = TypeVar("ScreenT", bound="Screen[Any]")


def size_classes(extent: int, breakpoints: list[tuple[int, str]] | None) -> dict[str, bool]:
    """Each breakpoint's class, on for the largest that ``extent`` reaches (as Textual
    sets them on a resize), off for the others."""
    classes = {name: False for _, name in breakpoints or []}
    reached = [(at, name) for at, name in breakpoints or [] if extent >= at]
    if reached:
        classes[max(reached)[1]] = True
    return classes


class CardtuiApp(SameSizeResize, CrashReport, Navigation):
    TITLE = "cardtui"
    # The menu is the default screen, whose own CSS_PATH Textual does not load.
    CSS_PATH = ["app.tcss", "screens/menu.tcss"]
    # Every screen carries -wide/-wider and -tall/-taller from the sizes at which the
    # cards grow (Textual sets them on resize): big terminals get bigger tables.
    HORIZONTAL_BREAKPOINTS = SIZE_CLASSES_ACROSS
    VERTICAL_BREAKPOINTS = SIZE_CLASSES_DOWN
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True)]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        seed: int | None = None,
        ascii: bool | None = None,
        start: str | None = None,
        animation: str | None = None,
        *,
        lang: str | None = None,
        served: bool = False,
        room: RoomDoor | None = None,
        driver: Callable[[type[Driver]], type[Driver]] | None = None,
        store: str | None = None,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        #: A game ``cardtui serve`` started for a player (over SSH or the web).
        self.served = served
        #: The locale variables the language is chosen from (given by the entry point:
        #: the app itself reads no environment; none means English unless chosen).
        self.environment: Mapping[str, str] = dict(environment or {})
        #: Given the driver Textual chose, the one to run with (a served game's sleeps
        #: until a key comes: cardtui.ui.textual_fixes.served). Asked during __init__.
        self._choose_driver = driver
        super().__init__()
        self.data_dir = locations.data_dir(data_dir)
        self.notices: list[str] = []
        loaded = load_settings(locations.settings_path(self.data_dir))
        self.settings = loaded.settings
        if loaded.notice:
            self.notices.append(loaded.notice)
        # Command-line choices apply to this session only: kept beside the
        # saved settings, never in them, so no save writes them to the file.
        self.settings.session = SessionChoices(
            card_style=CardStyle.ASCII if ascii else None,
            animation=AnimationSpeed(animation) if animation is not None else None,
            language=lang,
        )
        self.apply_language()
        #: Where the crash report went, once an unexpected error stopped the app.
        self._crash_report: str | None = None
        self._store_closed = False
        #: The line printed on leaving (what was not saved, a crash), if any.
        self.exit_note: str | None = None
        #: The scoreboard at a PostgreSQL URL (a served game's, ``--store``); None: the file.
        self._store_url = store
        self.store = self._open_store()
        self.seed = seed
        self.rng = random.Random(seed)
        self.session_id = uuid.uuid4().hex
        #: What this run remembers between visits to a table (counters, bankrolls).
        self.session = Session()
        #: The shared room when ``cardtui serve`` started this game (None: playing alone).
        self.room = room
        if self.room is not None:
            # Read with the app's own: pushing the lobby then neither parses the
            # stylesheet again nor restyles every widget already mounted.
            self.css_path = [*self.css_path, LOBBY_CSS]
        self.start = start
        if start is not None and start.partition(":")[0] not in SCREENS_BY_DESTINATION:
            raise ValueError(f"unknown screen {start!r}")

    def _open_store(self) -> Store:
        # Never fails: trouble with the file is a notice, and the rounds wait
        # in memory until they can be saved.
        store = Store(self._store_url or locations.database_path(self.data_dir))
        if store.notice:
            self.notices.append(store.notice)
        store.on_notice = self._store_notice
        return store

    class StoreNotice(Message):
        """Something the store must tell the player (posted from its writer thread too)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def _store_notice(self, text: str) -> None:
        # post_message is safe from any thread; notify() is not.
        self.post_message(self.StoreNotice(text))

    def on_cardtui_app_store_notice(self, message: StoreNotice) -> None:
        self.notify(message.text, title=_("Scoreboard"), severity="warning", timeout=12)

    # -- lifecycle ---------------------------------------------------------

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        return driver if self._choose_driver is None else self._choose_driver(driver)

    def get_default_screen(self) -> Screen[None]:
        # The menu is the bottom of the stack: no blank screen painted first;
        # built once first shown when on_mount pushes another screen over it.
        return self.sized(MenuScreen(later=self.start is not None or self.room is not None))

    def push_screen(self, screen: Screen[Any] | str, *args: Any, **kwargs: Any) -> Any:
        # (Textual's own, with its overloads' types for callers: only the screen is looked at.)
        if isinstance(screen, Screen):
            self.sized(screen)
        return super().push_screen(screen, *args, **kwargs)

    def sized(self, screen: ScreenT) -> ScreenT:
        """``screen`` with the breakpoint classes of the terminal's size, before it is mounted.

        Textual gives a screen its classes at its first resize, once its widgets
        were mounted and styled: a change of classes, so every widget of the
        screen was styled again as it was first shown (~4 ms of a served game's
        lobby, tests/serve/test_serve_first_screen.py). With the classes it will
        be given from the start, that resize changes nothing. A screen already
        mounted is left to Textual (a resize brings its classes).
        """
        if screen.is_mounted:
            return screen
        width, height = self.size
        across = screen.HORIZONTAL_BREAKPOINTS
        down = screen.VERTICAL_BREAKPOINTS
        classes = size_classes(width, self.HORIZONTAL_BREAKPOINTS if across is None else across)
        classes.update(size_classes(height, self.VERTICAL_BREAKPOINTS if down is None else down))
        screen.update_classes(classes, update=False)  # (styled as it mounts)
        return screen

    def on_mount(self) -> None:
        self.theme = self.settings.theme
        self.apply_card_style()
        self.apply_animation()
        if self.start:
            self.push_screen(self.make_screen(self.start))
        elif self.room is not None:
            self.push_screen(self.make_screen("tables"))  # in a room, players land in the lobby
        for notice in self.notices:
            self.notify(notice, title=_("Notice"), severity="warning", timeout=12)
        self.call_after_refresh(lambda: self._check_size(*self.size))

    def on_resize(self, event: events.Resize) -> None:
        # (Before SameSizeResize's, which may tell Textual a resize to the same size is no news.)
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        top = self.screen
        if too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            elif not self._size_notice_kept():
                self.push_screen(TooSmallScreen(width, height))
            # else: a question (quit? leave?) is open over the notice; it goes
            # when the question does (TooSmallScreen.on_screen_resume).
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    def _size_notice_kept(self) -> bool:
        """A size notice is up, under nothing but questions.

        A screen pushed over it (a served game hears the player's size just
        before it opens the lobby) hides it for good: another goes on top, and
        the one below goes when it is shown again (TooSmallScreen.on_screen_resume).
        """
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TooSmallScreen):
                return True
            if not isinstance(screen, ModalScreen):
                return False
        return False

    def crashed(self) -> None:
        """An unexpected error: save the traceback to a file, tell the player in one line.

        Textual would print a full traceback on exit; a player gets the path of
        the report instead, and the exit line (:meth:`on_unmount`) says whether
        every settled round was saved. (Tests still see the exception:
        ``run_test`` re-raises it.)
        """
        self._crash_report = record_crash(self.data_dir)

    async def on_unmount(self) -> None:
        """Save what is still waiting (off the event loop), then say what was not saved."""
        if self._store_closed:
            return
        self._store_closed = True
        unsaved = await asyncio.to_thread(self.store.close)
        self.exit_note = self.exit_line(unsaved)
        if self.exit_note:
            self.print_on_exit(Text(self.exit_note))

    def exit_line(self, unsaved: list[PendingWrite]) -> str | None:
        """The one line printed on leaving: nothing when all went well."""
        parts = []
        if self._crash_report is not None:
            parts.append(_("cardtui stopped after an unexpected error ({report}).").format(
                report=self._crash_report))
        if unsaved:
            parts.append(unsaved_report(unsaved, self.store.problem))
        elif parts:
            parts.append(_("Every settled round was saved."))
        return " ".join(parts) or None

    def apply_card_style(self) -> None:
        """ASCII cards come with ASCII frames (see app.tcss)."""
        self.set_class(self.settings.ascii_cards, "-ascii")

    def apply_language(self) -> None:
        """Speak the language chosen (``--lang``, Settings, the locale; English with
        ``--ascii``). Screens built from now on are in it."""
        set_language(choose(chosen=self.settings.effective_language, environment=self.environment,
                            ascii=self.settings.session.card_style is CardStyle.ASCII))

    def apply_animation(self) -> None:
        """Animations off stops Textual's too (smooth scrolling, fades): the player asked
        for a screen that does not move; otherwise Textual's own level stands."""
        if self.settings.effective_animation is AnimationSpeed.OFF:
            self.animation_level = "none"
        elif self.animation_level == "none":
            self.animation_level = constants.TEXTUAL_ANIMATIONS

    def save_settings(self) -> None:
        try:
            save_settings(self.settings, locations.settings_path(self.data_dir))
        except OSError as error:
            self.notify(_("Settings could not be saved: {reason}").format(reason=error.strerror),
                        severity="error")

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        # --ascii: a key shown as a symbol with no ASCII form is named in words.
        return ascii_key(shown) if self.settings.session.card_style is CardStyle.ASCII else shown

    def action_command_palette(self) -> None:
        # Textual's palette, made deaf once dismissed: its commands switch screens.
        # No fixed id (Textual gives "--command-palette"): one dismissed a moment ago
        # may still be being removed, and a new one with its id raised DuplicateIds
        # (issue 24, found by the key fuzzer under load). Nothing looks it up by id.
        # (Textual types it for App[object]; an app's return type is invariant.)
        if self.use_command_palette and not Palette.is_open(cast("App[object]", self)):
            self.push_screen(Palette(placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for destination, key, label, _about in DESTINATIONS:
            if destination == "tables" and self.room is None:
                continue
            yield SystemCommand(
                _(label), destination_help(destination, key),
                lambda d=destination: self.action_open(d),
            )
        yield from (
            # Textual's words, in the player's language (a command a newer Textual adds,
            # not in the catalogs, stays as Textual words it).
            command._replace(title=_(command.title), help=_(command.help))
            for command in super().get_system_commands(screen)
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
            self.notify(_("Screenshot not saved: {reason}").format(reason=error.strerror),
                        severity="error")
            return None
        name = Path(filename).name if filename else ""
        return super().deliver_screenshot(
            name if name not in ("", ".", "..") else None, str(folder), time_format
        )

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Over SSH a blinking cursor (Input, TextArea) is a redraw twice a second
        # for as long as the field has focus: 65 kB a minute on idle Settings.
        if self.served and hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False
