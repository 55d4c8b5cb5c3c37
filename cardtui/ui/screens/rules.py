"""Rules & keys: the rules cardtui plays by, for both games."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header

from cardtui.i18n import N_, current_language
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.key_scroll import KeyMarkdown


def rules_markdown(language: str | None = None) -> str:
    """The rules page in ``language`` (the player's by default): ``rules.<code>.md``
    beside the English ``rules.md``, which a language without its own page reads.

    A page is translated whole rather than line by line: rules read as prose, and a
    translator reorders sentences (tests/i18n checks every page names the same keys).
    """
    folder = files("cardtui.ui")
    page = folder.joinpath(f"rules.{language or current_language()}.md")
    if not page.is_file():
        page = folder.joinpath("rules.md")
    return page.read_text(encoding="utf-8")


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape", "app.back", N_("Back"))]
    # Textual focuses it when the screen becomes active, so the arrows, PageDown
    # and Space scroll at once; an on_mount query crashed when the screen was
    # left before it mounted (key fuzzer, seed 2).
    AUTO_FOCUS = "#rules"

    def compose(self) -> ComposeResult:
        yield Header()
        yield KeyMarkdown(rules_markdown(), show_table_of_contents=False, id="rules")
        yield Footer()
