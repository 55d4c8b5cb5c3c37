"""Rules & keys: the rules cardtui plays by, for both games."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header

from cardtui.ui.widgets.key_scroll import KeyMarkdown


def rules_markdown() -> str:
    return files("cardtui.ui").joinpath("rules.md").read_text(encoding="utf-8")


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape", "app.back", "Back")]
    # Textual focuses it when the screen becomes active, so the arrows, PageDown
    # and Space scroll at once; an on_mount query crashed when the screen was
    # left before it mounted (key fuzzer, seed 2).
    AUTO_FOCUS = "#rules"

    def compose(self) -> ComposeResult:
        yield Header()
        yield KeyMarkdown(rules_markdown(), show_table_of_contents=False, id="rules")
        yield Footer()
