"""The index drill: a hand, an up-card and a true count; answer with the move the count calls for.

The plays are the Illustrious 18 and (with late surrender) the Fab 4 that
apply at the player's table, insurance included (``i`` insure, ``n`` no
insurance); the other keys are the table's. Every verdict names the index.
Dismisses with ``(right, asked)`` (None when nothing was answered).
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from cardtui.blackjack.count_drills import IndexAnswer, IndexQuestion, deal_index_question
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import signed
from cardtui.i18n import N_, _
from cardtui.i18n.said import say
from cardtui.ui.widgets.cards import CardRow, cards_text
from cardtui.ui.widgets.footer import Footer

KEYS = (("h", Action.HIT), ("s", Action.STAND), ("x", Action.DOUBLE), ("p", Action.SPLIT),
        ("u", Action.SURRENDER), ("i", Action.INSURE), ("n", Action.DECLINE_INSURANCE))
MOVES = {action.name.lower(): action for _key, action in KEYS}
#: The moves as the keys line and a verdict name them.
MOVE_LABELS = {Action.HIT: N_("Hit"), Action.STAND: N_("Stand"), Action.DOUBLE: N_("Double"),
               Action.SPLIT: N_("Split"), Action.SURRENDER: N_("Surrender"),
               Action.INSURE: N_("Take insurance"),
               Action.DECLINE_INSURANCE: N_("Decline insurance")}
VERBS = {Action.HIT: N_("hit"), Action.STAND: N_("stand"), Action.DOUBLE: N_("double"),
         Action.SPLIT: N_("split"), Action.SURRENDER: N_("surrender"),
         Action.INSURE: N_("take insurance"), Action.DECLINE_INSURANCE: N_("decline insurance")}


def answered_hand(number: int, question: IndexQuestion, *, ascii: bool) -> Text:
    """``Hand 3 (10♥ 6♣ v A♠, true count +4): `` the answered hand a verdict is about."""
    text = Text(_("Hand {number}").format(number=number) + " (")
    text.append_text(cards_text(list(question.cards), ascii=ascii))
    text.append(" v ")
    text.append_text(cards_text([question.up_card], ascii=ascii))
    text.append(_(", true count {count}): ").format(count=signed(question.true_count)))
    return text


class IndexDrillScreen(Screen[tuple[int, int] | None]):
    CSS_PATH = "trainer_drills.tcss"
    BINDINGS = [
        *(Binding(key, f"answer('{action.name.lower()}')", MOVE_LABELS[action])
          for key, action in KEYS),
        Binding("enter", "done", N_("Done")),
        Binding("escape", "leave", N_("Leave")),
    ]

    answered: reactive[int] = reactive(0, init=False)

    def __init__(self, rules: Rules, rng: random.Random, *, length: int = 20,
                 ascii: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.rng = rng
        self.length = length
        self.ascii = ascii
        self.answers: list[IndexAnswer] = []
        self.question: IndexQuestion | None = deal_index_question(rules, rng)

    def compose(self) -> ComposeResult:
        yield Static("", id="trainer-title")
        with Vertical(id="question"):
            with Horizontal(classes="hand"):
                yield Static(_("Dealer"), classes="who")
                yield CardRow(ascii=self.ascii, id="up-card")
            with Horizontal(classes="hand"):
                yield Static(_("You"), classes="who")
                yield CardRow(ascii=self.ascii, id="your-cards")
            yield Static("", id="prompt")
        yield Static("", id="feedback")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def watch_answered(self) -> None:
        if self.is_mounted:
            self._show()

    @property
    def right(self) -> int:
        return sum(answer.correct for answer in self.answers)

    def _show(self) -> None:
        asked = len(self.answers)
        self.query_one("#trainer-title", Static).update(
            _("Index drill: Illustrious 18 and Fab 4 at your table  ({right} of {asked} right)"
              ).format(right=self.right, asked=asked))
        question = self.question
        self.query_one("#question").display = question is not None
        if question is not None:
            self.query_one("#up-card", CardRow).show([question.up_card])
            self.query_one("#your-cards", CardRow).show(list(question.cards))
            # The insurance question is offered before any move: it asks that, not a move.
            ask = _("Insurance?") if Action.INSURE in question.moves else _("Your move?")
            self.query_one("#prompt", Static).update(Text.assemble(
                _("Hand {number} of {length}. ").format(number=asked + 1, length=self.length),
                (_("True count "), "bold"), (signed(question.true_count), "bold reverse"),
                f". {ask}"))
        self.query_one("#feedback", Static).update(self._feedback())
        self.refresh_bindings()

    def _feedback(self) -> Text:
        if not self.answers:
            return Text(_("Answer with the table's keys; i insures, n declines."), style="dim")
        # The verdict is read under the next hand: it names the hand it judges.
        last = self.answers[-1]
        text = answered_hand(len(self.answers), last.question, ascii=self.ascii)
        if last.correct:
            text.append(_("right. "), style="bold green")
        else:
            text.append(_("wrong, you chose {move}. ").format(move=_(VERBS[last.given])),
                        style="bold red")
        text.append(say(last.question.explanation))
        if self.question is None:
            text.append("\n\n" + _("Done: {right} of {asked} right. Enter or Escape to leave."
                                     ).format(right=self.right, asked=len(self.answers)),
                        style="bold")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            return self.question is not None and MOVES[str(parameters[0])] in self.question.moves
        if action == "done":
            # Enter is "Done" once the hands run out (as in the strategy drill); before
            # that the footer offers Escape to leave, and an Enter typed ahead is ignored.
            return self.question is None
        return True

    def action_answer(self, move: str) -> None:
        question = self.question
        if question is None or MOVES[move] not in question.moves:
            return
        self.answers.append(IndexAnswer(question, MOVES[move]))
        self.question = (deal_index_question(self.rules, self.rng)
                         if len(self.answers) < self.length else None)
        self.answered += 1

    def action_done(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        self.dismiss((self.right, len(self.answers)) if self.answers else None)
