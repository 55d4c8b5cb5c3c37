"""The true-count drill: a running count and the discard tray (or the decks left); type the
true count as the table reads it (the decks left to the nearest half deck, the count floored).

Dismisses with ``(right, asked)`` (None when nothing was answered).
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtui.blackjack.count_drills import (
    TrayShow,
    TrueCountQuestion,
    deal_true_count_question,
    parse_true_count,
)
from cardtui.blackjack.spread import signed
from cardtui.i18n import N_, _
from cardtui.i18n.said import say, sentence
from cardtui.ui.widgets.footer import Footer


class TrueCountDrillScreen(Screen[tuple[int, int] | None]):
    CSS_PATH = "trainer_drills.tcss"
    BINDINGS = [Binding("escape", "leave", N_("Leave"))]

    def __init__(self, decks: int, penetration: float, rng: random.Random, show: TrayShow, *,
                 length: int = 10, ascii: bool = False) -> None:
        super().__init__()
        self.decks = decks
        self.penetration = penetration
        self.rng = rng
        self.show = show
        self.length = length
        self.ascii = ascii
        self.right = 0
        self.asked = 0
        self.question: TrueCountQuestion | None = self._deal()
        self.verdict = Text(_("Decks left are read to the nearest half deck; the true count is "
                              "floored (+2.7 is +2, -0.4 is -1), as the bet ramp reads it."),
                            style="dim")

    def _deal(self) -> TrueCountQuestion:
        return deal_true_count_question(self.decks, self.penetration, self.rng, self.show)

    def compose(self) -> ComposeResult:
        yield Static("", id="trainer-title")
        yield Static("", id="count-facts")
        yield Input(placeholder=_("the true count, like -2 or 3"), id="answer")
        yield Static("", id="feedback")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        how = _("the tray") if self.show is TrayShow.TRAY else _("decks left")
        self.query_one("#trainer-title", Static).update(
            _("True-count drill ({how}), {decks} decks  ({right} of {asked} right)").format(
                how=how, decks=self.decks, right=self.right, asked=self.asked))
        question = self.question
        answer = self.query_one("#answer", Input)
        answer.display = question is not None
        answer.disabled = question is None
        facts = self.query_one("#count-facts", Static)
        if question is None:
            facts.update(Text(_("Done: {right} of {asked} right. Escape to leave.").format(
                right=self.right, asked=self.asked), style="bold"))
        else:
            text = Text.assemble((_("Running count "), "bold"),
                                 (signed(question.running), "bold reverse"), "\n\n")
            if question.show is TrayShow.TRAY:
                text.append(_("Discard tray ({decks} decks; a mark each deck):").format(
                    decks=question.decks) + "\n")
                text.append(question.tray(ascii=self.ascii))
            else:
                left = f"{float(question.decks_left):g}"
                text.append(_("Decks left: {decks}").format(decks=left))
            text.append("\n\n" + _("Question {number} of {length}: the true count?").format(
                number=self.asked + 1, length=self.length))
            facts.update(text)
            answer.value = ""
            answer.focus()
        self.query_one("#feedback", Static).update(self.verdict)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        question = self.question
        if question is None:
            return
        try:
            given = parse_true_count(event.value)
        except ValueError as error:
            said = say(error.args[0]) if error.args else str(error)
            self.verdict = Text(sentence(said), style="bold yellow")
            self._show()
            return
        self.asked += 1
        # The verdict is read under the next question: it names the one it judges, and
        # its explanation names that question's running count and decks left.
        if given == question.answer:
            self.right += 1
            self.verdict = Text.assemble(_("Question {number}: ").format(number=self.asked),
                                         (_("right. "), "bold green"),
                                         (say(question.explanation()), "green"))
        else:
            self.verdict = Text.assemble(_("Question {number}: ").format(number=self.asked),
                                         (_("wrong, you said {given}. ").format(
                                             given=signed(given)), "bold red"),
                                         say(question.explanation()))
        self.question = self._deal() if self.asked < self.length else None
        self._show()

    def action_leave(self) -> None:
        self.dismiss((self.right, self.asked) if self.asked else None)
