"""Textual's command palette, hardened against keys that come too fast.

cardtui's palette commands switch screens (back to the menu, then the chosen
screen), so the palette is dismissed and torn down while the app is busy
building the next screen. A fast typist's keys can reach the palette's input
after Enter has dismissed it (Ctrl+P, ``s``, Enter, ``s``): Textual then
starts a new search on a palette whose widgets are already being removed,
and its ``query_one(CommandList)`` raises ``NoMatches`` (issue 9, item 6). A
palette that is no longer in the screen stack therefore ignores its input.

(Paging a list that has no size yet is guarded for every option list in
:mod:`cardtui.ui.textual_fixes`.)

Each menu destination is a command too, its help saying what is there
(:func:`destination_help`), not "Open" and its own title again ("Quit: Open
Quit", issue 26).
"""

from __future__ import annotations

from textual import on
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.widgets import Button, Input, OptionList

from cardtui.i18n import N_, _
from cardtui.ui.record_player import on_screen

#: What each menu destination offers, as the palette's help line under its title
#: (one line in the palette at 80 columns, with the key).
DESTINATION_HELP = {
    "tables": N_("The room's tables: sit down, watch, or open one"),
    "blackjack": N_("Sit down at the blackjack table"),
    "holdem": N_("Sit down at the Texas Hold'em table"),
    "practice": N_("Blackjack drills and the strategy chart"),
    "scoreboard": N_("Your chips, scores, hold'em statistics and charts"),
    "settings": N_("Your name, cards, animations, theme, table setups"),
    "rules": N_("The rules cardtui plays by, and every key"),
    "quit": N_("Leave cardtui"),
}


def destination_help(destination: str, key: str) -> str:
    """The palette's help for a menu destination, with its key on the menu.

    >>> destination_help("quit", "q")
    'Leave cardtui · key q on the menu'
    """
    return _("{help} · key {key} on the menu").format(help=_(DESTINATION_HELP[destination]),
                                                      key=key)


class Palette(CommandPalette):
    """The app's command palette (Ctrl+P)."""

    @on(Input.Changed)
    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    @on(OptionList.OptionHighlighted)
    def _ignore_once_dismissed(self, event: Message) -> None:
        # Handlers of this class run before CommandPalette's own, and
        # prevent_default() keeps those from running at all.
        if not on_screen(self):
            event.stop()
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not on_screen(self):
            return False  # and never dismiss twice: that would pop the screen below
        if action in ("command_list", "cursor_down") and not self.query(CommandList):
            return False  # being torn down
        return super().check_action(action, parameters)
