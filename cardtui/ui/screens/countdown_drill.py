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
from textual.widgets import Footer, Input, Static

from cardtui.blackjack.count import hi_lo
from cardtui.blackjack.count_drills import CountDown
from cardtui.blackjack.drill import parse_count
from cardtui.blackjack.spread import signed
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.ui.widgets.cards import CardRow, card_text


class CountDownScreen(Screen[CountDown | None]):
    CSS_PATH = "trainer_drills.tcss"
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("space", "next_card", "Next card"),
        Binding("escape", "leave", "Leave"),
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
        yield Input(placeholder="the running count, like -1, 0 or 1", id="answer")
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
        best = f"; your best {self.best:.1f} s" if self.best is not None else ""
        decks = "one deck" if drill.decks == 1 else f"{drill.decks} decks"
        self.query_one("#trainer-title", Static).update(
            f"Count-down: {decks} less one card face down; goal under {drill.goal:.0f} s{best}")
        card = drill.card
        self.query_one("#card", CardRow).show([card] if card is not None else [])
        self.query_one("#progress", Static).update(
            f"card {drill.shown} of {total} · {drill.seconds:.1f} s" if drill.shown else
            "Space deals the first card; the clock starts then.")
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
                return Text(f"Every card is dealt in {drill.seconds:.1f} s. "
                            "What is the running count? Type it and press Enter.")
            return Text("Keep the Hi-Lo count (2-6: +1, 7-9: 0, 10-A: -1) as fast as you can.",
                        style="dim")
        hidden = card_text(drill.hidden, ascii=self.ascii)
        tail = Text.assemble(" The hidden card: ", hidden,
                             f" ({signed(hi_lo(drill.hidden))}). Escape to leave.")
        if not drill.correct:
            return Text.assemble((f"Wrong: the count was {signed(drill.running_count)}, "
                                  f"you said {signed(drill.given)}.", "bold red"), tail)
        goal = ("under the goal" if drill.beat_goal else
                f"over the {drill.goal:.0f} s goal")
        return Text.assemble((f"Right, in {drill.seconds:.1f} s: {goal}.", "bold green"), tail)

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
            said = str(error)
            self.query_one("#feedback", Static).update(
                Text(f"{said[:1].upper()}{said[1:]}.", style="bold yellow"))
            return
        self._show()

    def action_leave(self) -> None:
        self.dismiss(self.drill if self.drill.given is not None else None)
