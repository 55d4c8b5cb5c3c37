"""The strategy drill: a hand and an up-card flash; answer with the table's move keys.

A right answer moves straight on; a wrong one shows the chart's move and
its reason while the next hand is already up, so the verdict names the hand
it is about (``Hand 3 (A♠ 7♦ v 9♣): wrong, you stood. Hit: ...``). When the questions run out
(or the player leaves with Escape) the misses are listed, and the screen
dismisses with a :class:`~cardtui.blackjack.drill.DrillResult` for the
caller to store (nothing when no question was answered).

Open it with ``DrillScreen(rules, DrillKind.PAIRS, rng, length=20, ascii=...)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from cardtui.blackjack.drill import (
    DrillAnswer,
    DrillKind,
    DrillQuestion,
    DrillResult,
    StrategyDrill,
)
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.i18n import N_, _
from cardtui.i18n.said import say
from cardtui.ui.screens.strategy_chart import StrategyChartScreen, chart_cell, rules_summary
from cardtui.ui.widgets.cards import CardRow, cards_text
from cardtui.ui.widgets.footer import Footer

#: key action -> the move it answers (the same keys as at the table).
MOVES = {
    "hit": Action.HIT,
    "stand": Action.STAND,
    "double": Action.DOUBLE,
    "split": Action.SPLIT,
    "surrender": Action.SURRENDER,
}
_PAST = {Action.HIT: N_("you hit"), Action.STAND: N_("you stood"),
         Action.DOUBLE: N_("you doubled"), Action.SPLIT: N_("you split"),
         Action.SURRENDER: N_("you surrendered")}
#: The move keys as the prompt lists them.
_MOVE_WORDS = {"hit": N_("hit"), "stand": N_("stand"), "double": N_("double"),
               "split": N_("split"), "surrender": N_("surrender")}

#: The width of the "Dealer" and "You" labels (drill.tcss).
WHO_WIDTH = 8


def miss_line(miss: DrillAnswer, *, ascii: bool) -> Text:
    """``A♠ 7♦ against 9♣: you stood. Hit: a soft 18 ...``"""
    question = miss.question
    text = cards_text(list(question.cards), ascii=ascii)
    text.append(_(" against "))
    text.append_text(cards_text([question.up_card], ascii=ascii))
    text.append(f": {_(_PAST[miss.given])}. ")
    text.append(say(miss.explanation), style="bold")
    return text


class DrillScreen(Screen[DrillResult | None]):
    CSS_PATH = "drill.tcss"
    BINDINGS = [
        Binding("h", "answer('hit')", N_("Hit")),
        Binding("s", "answer('stand')", N_("Stand")),
        Binding("x", "answer('double')", N_("Double")),
        Binding("p", "answer('split')", N_("Split")),
        Binding("u", "answer('surrender')", N_("Surrender")),
        Binding("c", "chart", N_("Chart of the last hand")),
        Binding("enter", "done", N_("Done")),
        Binding("escape", "finish", N_("Leave")),
    ]

    #: Answers given so far: each answer moves it on, and the view follows.
    answered: reactive[int] = reactive(0, init=False)

    def __init__(self, rules: Rules, kind: DrillKind, rng: random.Random, *, length: int = 20,
                 ascii: bool = False, deal: Callable[[], DrillQuestion] | None = None,
                 name: str | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.ascii = ascii
        # ``deal``: who picks the hands (the leak finder, or the misses replayed);
        # ``name``: what the title calls the drill then ("my misses").
        self.drill = StrategyDrill(rules, kind, rng, length=length, deal=deal)
        self.drill_name = name or kind.value
        self.last: DrillAnswer | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="drill-title")
        with Vertical(id="question"):
            with Horizontal(classes="hand"):
                yield Static(_("Dealer"), classes="who")
                yield CardRow(ascii=self.ascii, id="up-card")
            with Horizontal(classes="hand"):
                yield Static(_("You"), classes="who")
                yield CardRow(ascii=self.ascii, id="your-cards")
            yield Static("", id="prompt")
        yield Static("", id="feedback")
        with VerticalScroll(id="summary"):
            yield Static("", id="score")
            yield Static("", id="misses")
        yield Footer()

    def on_mount(self) -> None:
        # "Dealer" and "You" in another language may need more than English's 8 cells
        # (ディーラー is 10): both take the wider one's width, so the cards stay in line.
        labels = list(self.query(".who").results(Static))
        widest = max((cell_len(str(label.content)) for label in labels), default=0) + 1
        if widest > WHO_WIDTH:
            for label in labels:
                label.styles.width = widest
        self._show()

    def watch_answered(self) -> None:
        # A key typed as the screen opens can answer before it is mounted (the key
        # fuzzer's seed 132: Enter on the practice list, then h): on_mount shows it.
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        drill = self.drill
        kind = self.drill_name
        separator = ", " if self.ascii else " · "
        title = _("Drill: {kind}").format(kind=_(kind)) + separator + rules_summary(
            self.rules, ascii=self.ascii)
        progress = _("{right} of {asked} right").format(right=drill.right, asked=drill.asked)
        self.query_one("#drill-title", Static).update(f"{title}  ({progress})")
        question = drill.question
        feedback = self.query_one("#feedback", Static)
        feedback.update(self._feedback())
        feedback.display = question is not None  # the summary lists every miss
        self.query_one("#question").display = question is not None
        self.query_one("#summary").display = question is None
        if question is not None:
            self.query_one("#up-card", CardRow).show([question.up_card])
            self.query_one("#your-cards", CardRow).show(list(question.cards))
            keys = " · ".join(f"{key} {_(_MOVE_WORDS[name])}" for key, name in (
                ("h", "hit"), ("s", "stand"), ("x", "double"), ("p", "split"),
                ("u", "surrender")) if MOVES[name] in question.moves)
            number = drill.asked + 1
            self.query_one("#prompt", Static).update(
                _("Hand {number} of {length}. Your move? {keys}").format(
                    number=number, length=drill.length, keys=keys))
        else:
            self._show_summary()
        self.refresh_bindings()

    def _feedback(self) -> Text:
        last = self.last
        if last is None:
            return Text(_("Answer with the move keys, as at the table."), style="dim")
        # The verdict is read under the next hand: it names the hand it judges.
        question = last.question
        text = Text(_("Hand {number}").format(number=self.drill.asked) + " (")
        text.append_text(cards_text(list(question.cards), ascii=self.ascii))
        text.append(" v ")
        text.append_text(cards_text([question.up_card], ascii=self.ascii))
        text.append("): ")
        if last.correct:
            text.append(_("right. "), style="bold green")
            text.append(say(last.explanation), style="green")
        else:
            text.append(_("wrong, {moved}. ").format(moved=_(_PAST[last.given])),
                        style="bold red")
            text.append(say(last.explanation), style="bold")
        return text

    def _show_summary(self) -> None:
        result = self.drill.result()
        score = Text(_("Done: {right} of {asked} right ({share}).").format(
            right=result.right, asked=result.asked, share=f"{result.score:.0%}"), style="bold")
        score.append(_("  Enter or Escape to leave."), style="dim")
        self.query_one("#score", Static).update(score)
        misses = Text(_("No misses.") if not result.misses else _("Misses:") + "\n")
        for i, miss in enumerate(result.misses):
            if i:
                misses.append("\n")
            misses.append("- ")
            misses.append_text(miss_line(miss, ascii=self.ascii))
        self.query_one("#misses", Static).update(misses)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            return self.drill.can_answer(MOVES[str(parameters[0])])
        if action == "chart":
            return self.last is not None
        if action == "done":
            return self.drill.finished
        return True

    def action_answer(self, move: str) -> None:
        if not self.drill.can_answer(MOVES[move]):
            return
        self.last = self.drill.answer(MOVES[move])
        self.answered += 1

    def action_chart(self) -> None:
        """The chart with the last answered hand lit up (never the one being asked)."""
        if self.last is None:
            return
        question = self.last.question
        cell = chart_cell(list(question.cards), question.up_card,
                          can_split=Action.SPLIT in question.moves)
        self.app.push_screen(StrategyChartScreen(self.rules, highlight=cell, ascii=self.ascii))

    def action_done(self) -> None:
        self.action_finish()

    def action_finish(self) -> None:
        result = self.drill.result()
        self.dismiss(result if result.asked else None)
