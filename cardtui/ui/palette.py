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
"""

from __future__ import annotations

from textual import on
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.widgets import Button, Input, OptionList

from cardtui.ui.record_player import on_screen


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
