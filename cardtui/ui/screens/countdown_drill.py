"""The count-down drill: a deck (or two) less one face-down card, a card per Space, timed.

The clock starts at the first card and stops at the last (it is the clock
given, so tests run it on virtual time); then the running count is typed,
which is minus the hidden card's tag. The goal (45 s a deck) and the
player's best are shown. Dismisses with the finished :class:`CountDown`
(None when it was left before the count was given).
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtui.blackjack.count import hi_lo
from cardtui.blackjack.count_drills import CountDown
from cardtui.blackjack.drill import parse_count
from cardtui.blackjack.spread import signed
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.i18n import N_, _, ngettext
from cardtui.i18n.said import say, sentence
from cardtui.ui.widgets.cards import CardRow, card_text
from cardtui.ui.widgets.footer import Footer


class CountDownScreen(Screen[CountDown | None]):
    CSS_PATH = "trainer_drills.tcss"
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("space", "next_card", N_("Next card")),
        Binding("escape", "leave", N_("Leave")),
    ]

    shown: reactive[int] = reactive(0, init=False)

    def __init__(self, rng: random.Random, *, decks: int = 1, best: float | None = None,
                 clock: Clock = SYSTEM_CLOCK, ascii: bool = False) -> None:
        super().__init__()
        self.drill = CountDown(decks, rng, clock)
        self.best = best
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        yield Static("", id="trainer-title")
        with Horizontal(id="card-line"):
            yield CardRow(ascii=self.ascii, id="card")
            yield Static("", id="progress")
        yield Input(placeholder=_("the running count, like -1, 0 or 1"), id="answer")
        yield Static("", id="feedback")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def watch_shown(self) -> None:
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        drill = self.drill
        total = len(drill.cards)
        best = (_("; your best {seconds} s").format(seconds=f"{self.best:.1f}")
                if self.best is not None else "")
        decks = _("one deck") if drill.decks == 1 else ngettext(
            "{n} deck", "{n} decks", drill.decks).format(n=drill.decks)
        self.query_one("#trainer-title", Static).update(
            _("Count-down: {decks} less one card face down; goal under {goal} s").format(
                decks=decks, goal=f"{drill.goal:.0f}") + best)
        card = drill.card
        self.query_one("#card", CardRow).show([card] if card is not None else [])
        self.query_one("#progress", Static).update(
            _("card {shown} of {total} · {seconds} s").format(
                shown=drill.shown, total=total, seconds=f"{drill.seconds:.1f}") if drill.shown
            else _("Space deals the first card; the clock starts then."))
        answer = self.query_one("#answer", Input)
        asking = drill.finished_dealing and drill.given is None
        answer.display = asking
        answer.disabled = not asking  # else it holds the focus and eats the Space key
        if asking:
            answer.focus()
        self.query_one("#feedback", Static).update(self._feedback())
        self.refresh_bindings()

    def _feedback(self) -> Text:
        drill = self.drill
        if drill.given is None:
            if drill.finished_dealing:
                return Text(_("Every card is dealt in {seconds} s. What is the running count? "
                              "Type it and press Enter.").format(seconds=f"{drill.seconds:.1f}"))
            return Text(_("Keep the Hi-Lo count (2-6: +1, 7-9: 0, 10-A: -1) as fast as you can."),
                        style="dim")
        hidden = card_text(drill.hidden, ascii=self.ascii)
        tail = Text.assemble(_(" The hidden card: "), hidden,
                             _(" ({count}). Escape to leave.").format(
                                 count=signed(hi_lo(drill.hidden))))
        if not drill.correct:
            return Text.assemble((_("Wrong: the count was {count}, you said {given}.").format(
                count=signed(drill.running_count), given=signed(drill.given)), "bold red"), tail)
        goal = (_("under the goal") if drill.beat_goal else
                _("over the {goal} s goal").format(goal=f"{drill.goal:.0f}"))
        return Text.assemble((_("Right, in {seconds} s: {goal}.").format(
            seconds=f"{drill.seconds:.1f}", goal=goal), "bold green"), tail)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_card":
            return not self.drill.finished_dealing
        return True

    def action_next_card(self) -> None:
        if not self.drill.finished_dealing:
            self.drill.next_card()
            self.shown += 1

    def on_input_submitted(self, event: Input.Submitted) -> None:
        drill = self.drill
        if not drill.finished_dealing or drill.given is not None:
            return
        try:
            drill.answer(parse_count(event.value))
        except ValueError as error:
            said = say(error.args[0]) if error.args else str(error)
            self.query_one("#feedback", Static).update(
                Text(sentence(said), style="bold yellow"))
            return
        self._show()

    def action_leave(self) -> None:
        self.dismiss(self.drill if self.drill.given is not None else None)
