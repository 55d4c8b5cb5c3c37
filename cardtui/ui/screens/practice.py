"""Practise: the blackjack trainer's front door (the menu's ``p``, ``cardtui drill``).

Strategy drills (hard totals, soft totals, pairs, or all of them), the count
drill at three speeds, and the strategy chart, each for the rules of the
player's blackjack table (Settings → Blackjack rules & seats). A finished
drill's score goes to the store (:meth:`cardtui.store.Store.record_drill`)
and shows on the scoreboard; the last result is repeated here.

``PracticeScreen(start="pairs")`` (``cardtui drill pairs``) opens that drill at
once; leaving it comes back to this list.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from cardtui.blackjack.drill import PACES, CountAnswer, DrillKind, DrillResult
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen, rules_summary

#: The count drill's speeds offered here (seconds a card: PACES).
SPEEDS = ("slow", "normal", "fast")
#: The strategy drills' kinds, and what ``cardtui drill KIND`` may ask for (or the count drill).
KINDS = tuple(kind.value for kind in DrillKind)
STARTS = (*KINDS, "count")

#: (option id, label) in the order shown.
CHOICES: tuple[tuple[str, str], ...] = (
    ("hard", "Strategy drill: hard totals"),
    ("soft", "Strategy drill: soft totals"),
    ("pairs", "Strategy drill: pairs"),
    ("all", "Strategy drill: all hands"),
    *((f"count-{speed}", f"Count drill: {speed} ({PACES[speed]:g} s a card)")
      for speed in SPEEDS),
    ("chart", "Strategy chart"),
)


def drill_line(kind: str, right: int, asked: int) -> Text:
    """``Saved: pairs drill, 17 of 20 right (85%).``"""
    return Text.assemble(("Saved: ", "bold"),
                         f"{kind} drill, {right} of {asked} right ({right / asked:.0%}).")


class PracticeScreen(Screen[None]):
    """Pick a drill or the chart; Escape goes back to the menu."""

    app = getters.app(CardtuiApp)
    CSS_PATH = "practice.tcss"
    BINDINGS = [Binding("escape", "app.back", "Menu")]
    AUTO_FOCUS = "#practice"

    def __init__(self, start: str | None = None) -> None:
        super().__init__()
        if start is not None and start not in STARTS:
            raise ValueError(f"no drill {start!r}: one of {', '.join(STARTS)}")
        self.start = start

    def compose(self) -> ComposeResult:
        yield Header()
        with Center(), Vertical(id="practice-box"):
            yield Static("Practise", id="practice-title")
            yield Static(f"Your table: {rules_summary(self.rules, ascii=self.ascii)}",
                         id="practice-rules")
            yield OptionList(*(Option(label, id=key) for key, label in CHOICES), id="practice")
            yield Static("", id="practice-last")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Practise"
        if self.start is not None:
            self.open(self.start if self.start in KINDS else "count-normal")

    @property
    def rules(self) -> Rules:
        settings = self.app.settings
        return TableSetup.from_json(settings.blackjack, default_name=settings.player_name).rules

    @property
    def ascii(self) -> bool:
        return self.app.settings.ascii_cards

    def _rng(self) -> random.Random:
        # Each drill its own generator drawn from the app's: --seed replays a session.
        return random.Random(self.app.rng.getrandbits(64))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(event.option.id or "")

    def open(self, choice: str) -> None:
        """Open a choice by its option id (``pairs``, ``count-fast``, ``chart``)."""
        if choice == "chart":
            self.app.push_screen(StrategyChartScreen(self.rules, ascii=self.ascii))
        elif choice.startswith("count-"):
            pace = PACES[choice.removeprefix("count-")]
            self.app.push_screen(CountDrillScreen(self._rng(), seconds_per_card=pace,
                                                  ascii=self.ascii), self._counted)
        elif choice in KINDS:
            self.app.push_screen(DrillScreen(self.rules, DrillKind(choice), self._rng(),
                                             ascii=self.ascii), self._drilled)

    def _drilled(self, result: DrillResult | None) -> None:
        if result is not None:
            self._save(result.kind.value, result.right, result.asked)

    def _counted(self, answers: tuple[CountAnswer, ...] | None) -> None:
        if answers:
            self._save("count", sum(answer.correct for answer in answers), len(answers))

    def _save(self, kind: str, right: int, asked: int) -> None:
        self.app.store.record_drill(self.app.settings.player_name, kind, asked, right,
                                    session_id=self.app.session_id)
        self.query_one("#practice-last", Static).update(drill_line(kind, right, asked))
