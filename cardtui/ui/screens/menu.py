"""The menu: the card room's front door."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from cardtui import __version__
from cardtui.cards import Card
from cardtui.i18n import N_, _, current_language
from cardtui.ui.widgets.bankroll_table import BankrollLine
from cardtui.ui.widgets.cards import CardRow
from cardtui.ui.widgets.table_footer import TableFooter

if TYPE_CHECKING:
    from cardtui.ui.services import AppServices

#: (destination, shortcut key, label, short label for the footer).
DESTINATIONS: tuple[tuple[str, str, str, str], ...] = (
    # Labels are marked here and translated where shown (the keys stay these letters).
    ("tables", "t", N_("Tables"), N_("Tables")),  # only in a room (cardtui serve)
    ("blackjack", "b", N_("Blackjack"), N_("Blackjack")),
    ("holdem", "h", N_("Texas Hold'em"), N_("Hold'em")),
    ("practice", "p", N_("Practise"), N_("Practise")),  # blackjack drills and the chart
    ("scoreboard", "s", N_("Scoreboard"), N_("Scores")),
    ("settings", "o", N_("Settings"), N_("Settings")),
    ("rules", "r", N_("Rules & keys"), N_("Rules")),
    ("quit", "q", N_("Quit"), N_("Quit")),
)

LOGO = "♠ ♥  c a r d t u i  ♦ ♣"
LOGO_ASCII = "S H  c a r d t u i  D C"


def _label(key: str, label: str) -> Text:
    text = Text(f" {key.upper()}  ", style="bold")
    text.append(_(label))
    return text


#: The hand over the menu in a big terminal: one card of each suit, both colours.
MENU_HAND = [Card.parse(code) for code in ("As", "Kh", "Qc", "Jd")]


class MenuScreen(Screen[None]):
    """Arrow keys + Enter, a letter per entry, or the mouse."""

    # Practise is listed with its key but left out of the footer: with it, Quit
    # no longer fits in 80 columns.
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"app.open('{dest}')", short, show=dest != "practice")
          for dest, key, _label, short in DESTINATIONS
          if dest not in ("quit", "tables")),
        Binding("q", "app.quit", N_("Quit")),
        Binding("t", "tables", N_("Tables")),
    ]

    def __init__(self, *, later: bool = False) -> None:
        super().__init__()
        #: Built only once first shown: a served player lands in the room's lobby,
        #: pushed over the menu at once, and in a crowd of a hundred arriving
        #: together every game building a menu nobody sees costs the rest their
        #: first screen (benchmarks/bench_ssh_burst.py).
        self._later = later
        self._covered = False
        #: The language the menu was built in: Settings may change it meanwhile.
        self._language = current_language()

    @property
    def cardtui(self) -> AppServices:
        """The app's services, typed: app.py imports this module (the default screen),
        so naming ``CardtuiApp`` here would be an import circle (see services.py)."""
        return cast("AppServices", self.app)

    def compose(self) -> ComposeResult:
        if self._later:
            return
        ascii_only = self.cardtui.settings.ascii_cards
        yield Header()
        with Center(), Vertical(id="menu-box"):
            # A terminal with room for big cards shows a hand of them (menu.tcss).
            yield CardRow(MENU_HAND, ascii=ascii_only, id="menu-cards")
            yield Static(LOGO_ASCII if ascii_only else LOGO, id="logo")
            yield Static(_("the card room in your terminal · v{version}").format(
                version=__version__), id="tagline")
            yield OptionList(
                *(Option(_label(key, label), id=dest) for dest, key, label, _short in DESTINATIONS
                  if dest != "tables" or self.cardtui.room is not None),
                id="menu",
            )
            yield Static("", id="welcome")
            yield BankrollLine(id="chips")
        yield TableFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tables":
            return self.cardtui.room is not None
        return True

    def action_tables(self) -> None:
        self.cardtui.action_open("tables")

    def on_mount(self) -> None:
        if not self._later:
            self.query_one(OptionList).focus()
            self._show_settings()

    def on_screen_suspend(self) -> None:
        self._covered = True

    async def on_screen_resume(self) -> None:
        if self._later:
            if not self._covered:
                return  # the app's start: the lobby is being pushed over us
            if self._quitting():
                return  # never built: the app closes under us
            self._later = False
            await self.recompose()
            if self._quitting():
                return  # closed while being built: its widgets are gone (issue 24)
            self.query_one(OptionList).focus()
        elif self._language != current_language() and not self._quitting():
            # Settings changed the language: the menu is built again in the new one.
            self._language = current_language()
            await self.recompose()
            self.query_one(OptionList).focus()
        self._show_settings()

    def _quitting(self) -> bool:
        # Started at a table, the menu is first built when the table goes; leaving
        # and quitting read together closed the app mid-build (NoMatches here).
        return self.app.return_code is not None or not self.is_attached

    def _show_settings(self) -> None:
        # Settings apply at once: coming back from them shows the new name and style.
        settings = self.cardtui.settings
        self.query_one("#logo", Static).update(LOGO_ASCII if settings.ascii_cards else LOGO)
        # Text, not markup: a name is shown as typed ("[/b]x" stopped the game).
        self.query_one("#welcome", Static).update(
            Text(_("Welcome, {name}.").format(name=self._player_name())))

    def _player_name(self) -> str:
        """In a room, the name the room calls the player ("Guest 1" for a guest,
        whatever Settings says); alone, the name in Settings."""
        room = self.cardtui.room
        link = room.joined if room is not None else None
        return link.name if link is not None else self.cardtui.settings.player_name

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Quit too goes through the app's navigation (it waits for a screen
        # still being built, and asks a table with a round in play).
        self.cardtui.action_open(event.option.id or "")
