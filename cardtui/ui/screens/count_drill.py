"""The count drill: cards come up one at a time at a set pace, then "what is the count?".

It waits until the player is ready: Space or Enter deals the first card (the
clock starts then, not while the player is still reading the screen). Space
shows the next card at once (practising at one's own pace). After the
last card the player types the Hi-Lo running count and Enter; the verdict
comes with every card and its tag, to see where a count went astray. ``n``
deals a new run; Escape leaves, dismissing with the answers given
(a tuple of :class:`~cardtui.blackjack.drill.CountAnswer`) for the caller
to store.

Open it with ``CountDrillScreen(rng, cards=20, seconds_per_card=PACES["normal"],
ascii=...)``.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from cardtui.blackjack.count import hi_lo
from cardtui.blackjack.drill import CountAnswer, CountQuestion, deal_count_question, parse_count
from cardtui.i18n import N_, _
from cardtui.i18n.said import say, sentence
from cardtui.ui.widgets.cards import CardRow, card_text
from cardtui.ui.widgets.footer import Footer

#: Cards per line of the review (each entry is 12 cells wide).
REVIEW_COLUMNS = 6


def review(question: CountQuestion, *, ascii: bool) -> Text:
    """Every card with its tag and the count after it: ``5♠ +1 (+1)  K♦ -1 (0)``."""
    text = Text()
    running = 0
    for i, card in enumerate(question.cards):
        tag = hi_lo(card)
        running += tag
        if i:
            text.append("\n" if i % REVIEW_COLUMNS == 0 else " ")
        entry = card_text(card, ascii=ascii)
        entry.append(f" {tag:+d}" if tag else "  0", style="dim")
        entry.append(f" ({running:+d})" if running else " (0)", style="dim")
        entry.pad_right(12 - entry.cell_len)
        text.append_text(entry)
    return text


class CountDrillScreen(Screen[tuple[CountAnswer, ...]]):
    CSS_PATH = "count_drill.tcss"
    AUTO_FOCUS = None  # the answer box takes the keys only when the count is asked for
    BINDINGS = [
        # One key, two meanings: check_action leaves only the one that fits the phase.
        Binding("space", "begin", N_("Start")),
        Binding("enter", "begin", N_("Start"), show=False),
        Binding("space", "next_card", N_("Next card")),
        Binding("n", "new_run", N_("New run")),
        Binding("escape", "leave", N_("Leave")),
    ]

    #: "ready" (waiting for the player to start), "showing" cards, "asking" for
    #: the count, or "told" the verdict.
    phase: reactive[str] = reactive("ready", init=False)
    #: How many of the run's cards have come up.
    shown: reactive[int] = reactive(0, init=False)

    def __init__(self, rng: random.Random, *, cards: int = 20, seconds_per_card: float = 1.0,
                 ascii: bool = False) -> None:
        super().__init__()
        self.rng = rng
        self.cards = cards
        self.seconds_per_card = seconds_per_card
        self.ascii = ascii
        self.question = deal_count_question(rng, cards=cards, seconds_per_card=seconds_per_card)
        self.answers: list[CountAnswer] = []
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="count-title")
        with Horizontal(id="card-line"):
            yield CardRow(ascii=self.ascii, id="card")
            yield Static("", id="progress")
        yield Input(placeholder=_("the running count, like -3 or 4"), id="answer")
        yield Static("", id="verdict")
        yield Static("", id="review")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def action_begin(self) -> None:
        if self.phase == "ready":
            self._start()

    def _start(self) -> None:
        self.phase = "showing"
        self.shown = 1
        self._show()
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(self.seconds_per_card, self.action_next_card)

    def watch_phase(self) -> None:
        self._show()

    def watch_shown(self) -> None:
        self._show()

    def _show(self) -> None:
        total = len(self.question.cards)
        pace = _("{seconds} s a card").format(seconds=f"{self.seconds_per_card:g}")
        right = sum(answer.correct for answer in self.answers)
        tally = _(", {right} of {runs} runs right").format(
            right=right, runs=len(self.answers)) if self.answers else ""
        self.query_one("#count-title", Static).update(
            _("Count drill: Hi-Lo running count of {total} cards, {pace}").format(
                total=total, pace=pace) + tally)
        showing = self.phase == "showing"
        card_row = self.query_one("#card", CardRow)
        card_row.show([self.question.cards[self.shown - 1]] if showing and self.shown else [])
        self.query_one("#card-line").display = showing
        self.query_one("#progress", Static).update(
            _("card {shown} of {total}  (space: next now)").format(shown=self.shown, total=total))
        answer = self.query_one("#answer", Input)
        answer.display = self.phase == "asking"
        answer.disabled = self.phase != "asking"
        if self.phase == "asking":
            answer.value = ""
            answer.focus()
        verdict = self.query_one("#verdict", Static)
        told = self.phase == "told"
        self.query_one("#review", Static).update(
            review(self.question, ascii=self.ascii) if told else "")
        if self.phase == "ready":
            verdict.update(Text.assemble(
                _("{total} cards will come up one at a time, {pace}. Keep the running count "
                  "in your head (2-6: +1, 7-9: 0, 10-A: -1).").format(total=total, pace=pace)
                + "\n\n", (_("Press Space or Enter when you are ready."), "bold")))
        elif self.phase == "asking":
            verdict.update(_("What is the running count? Type it and press Enter."))
        elif told:
            verdict.update(self._verdict())
        else:
            verdict.update("")
        self.refresh_bindings()

    def _verdict(self) -> Text:
        last = self.answers[-1]
        count = last.question.running_count
        if last.correct:
            return Text(_("Right: the running count is {count}.").format(
                count=f"{count:+d}" if count else "0"), style="bold green")
        return Text(_("The running count was {count}; you said {given}.").format(
            count=f"{count:+d}".replace("+0", "0"), given=f"{last.given:+d}".replace("+0", "0")),
            style="bold red")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "begin":
            return self.phase == "ready"
        if action == "next_card":
            return self.phase == "showing"
        if action == "new_run":
            return self.phase == "told"
        return True

    def action_next_card(self) -> None:
        if self.phase != "showing":
            return
        if self.shown < len(self.question.cards):
            self.shown += 1
        else:
            if self._timer is not None:
                self._timer.stop()
            self.phase = "asking"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.phase != "asking":
            return
        try:
            given = parse_count(event.value)
        except ValueError as error:
            # The drill's reason, in the player's words: a sentence here.
            said = say(error.args[0]) if error.args else str(error)
            self.query_one("#verdict", Static).update(
                Text(sentence(said), style="bold yellow"))
            return
        self.answers.append(CountAnswer(self.question, given))
        self.phase = "told"

    def action_new_run(self) -> None:
        self.question = deal_count_question(self.rng, cards=self.cards,
                                            seconds_per_card=self.seconds_per_card)
        self._start()

    def action_leave(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.dismiss(tuple(self.answers))
