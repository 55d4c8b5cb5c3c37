"""Practise: the blackjack trainer's front door (the menu's ``p``, ``cardtui drill``).

Strategy drills (hard totals, soft totals, pairs, or all of them), the count
drill at three speeds, and the strategy chart, each for the rules of the
player's blackjack table (Settings → Blackjack rules & seats). A finished
drill's score goes to the store (:meth:`cardtui.store.Store.record_drill`)
and shows on the scoreboard; the last result is repeated here.

``PracticeScreen(start="pairs")`` (``cardtui drill pairs``) opens that drill at
once; leaving it comes back to this list.

The serious trainer (issue 31): "my leaks" deals more of the hands missed
before and of the hard ones (:mod:`cardtui.blackjack.leaks`); "drill my
misses" replays the decisions got wrong (a miss answered right there is
forgotten); the index, true-count and count-down drills
(:mod:`cardtui.blackjack.count_drills`). Misses and best times are kept in
the trainer's book (:mod:`cardtui.store.trainer_store`).
"""

from __future__ import annotations

import random
from functools import partial

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from cardtui.blackjack.count_drills import CountDown, TrayShow
from cardtui.blackjack.drill import PACES, CountAnswer, DrillKind, DrillQuestion, DrillResult
from cardtui.blackjack.leaks import LeakFinder, Miss, MissSource, replay, replay_dealer
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.i18n import N_, _, ngettext
from cardtui.store.trainer_store import TrainerBook, trainer_path
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.countdown_drill import CountDownScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.index_drill import IndexDrillScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen, rules_summary
from cardtui.ui.screens.true_count_drill import TrueCountDrillScreen
from cardtui.ui.widgets.footer import Footer

#: The count drill's speeds offered here (seconds a card: PACES).
SPEEDS = ("slow", "normal", "fast")
#: The strategy drills' kinds, and what ``cardtui drill KIND`` may ask for: those, the count
#: drill (at its normal pace) and the trainer's other drills by their option ids.
KINDS = tuple(kind.value for kind in DrillKind)
STARTS = (*KINDS, "leaks", "misses", "count", "index", "true-tray", "true-left",
          "countdown-1", "countdown-2")

#: (option id, label) in the order shown.
CHOICES: tuple[tuple[str, str], ...] = (
    ("hard", N_("Strategy drill: hard totals")),
    ("soft", N_("Strategy drill: soft totals")),
    ("pairs", N_("Strategy drill: pairs")),
    ("all", N_("Strategy drill: all hands")),
    ("leaks", N_("Strategy drill: my leaks (missed and hard hands)")),
    ("misses", N_("Drill my misses")),
    *((f"count-{speed}", N_("Count drill: {speed} ({seconds} s a card)")) for speed in SPEEDS),
    ("index", N_("Index drill: Illustrious 18 and Fab 4")),
    ("true-tray", N_("True-count drill: the discard tray")),
    ("true-left", N_("True-count drill: decks left")),
    ("countdown-1", N_("Count-down: one deck")),
    ("countdown-2", N_("Count-down: two decks")),
    ("chart", N_("Strategy chart")),
)
#: The count drill's paces as its line says them.
SPEED_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast")}
#: The drills as the "Saved:" line names them (the kept drill's id stays English).
DRILL_WORDS = {"hard": N_("hard"), "soft": N_("soft"), "pairs": N_("pairs"), "all": N_("all"),
               "leaks": N_("leaks"), "misses": N_("misses"), "count": N_("count"),
               "index": N_("index"), "true count": N_("true count")}


def choice_label(key: str, label: str) -> str:
    """An option's words in the player's language (a count drill's with its pace)."""
    if key.startswith("count-"):
        speed = key.removeprefix("count-")
        return _(label).format(speed=_(SPEED_WORDS[speed]), seconds=f"{PACES[speed]:g}")
    return _(label)


def drill_line(kind: str, right: int, asked: int) -> Text:
    """``Saved: pairs drill, 17 of 20 right (85%).``"""
    return Text.assemble((_("Saved: "), "bold"),
                         _("{kind} drill, {right} of {asked} right ({share}).").format(
                             kind=_(DRILL_WORDS.get(kind, kind)), right=right, asked=asked,
                             share=f"{right / asked:.0%}"))


class PracticeScreen(Screen[None]):
    """Pick a drill or the chart; Escape goes back to the menu."""

    app = getters.app(CardtuiApp)
    CSS_PATH = "practice.tcss"
    BINDINGS = [Binding("escape", "app.back", N_("Menu"))]
    AUTO_FOCUS = "#practice"

    def __init__(self, start: str | None = None, *, clock: Clock = SYSTEM_CLOCK) -> None:
        super().__init__()
        if start is not None and start not in STARTS:
            raise ValueError(f"no drill {start!r}: one of {', '.join(STARTS)}")
        self.start = start
        self.clock = clock
        self._book: TrainerBook | None = None

    @property
    def book(self) -> TrainerBook:
        """The trainer's book of misses and best times (opened at first use)."""
        if self._book is None:
            self._book = TrainerBook(trainer_path(self.app.data_dir))
        return self._book

    def on_unmount(self) -> None:
        if self._book is not None:
            self._book.close()

    def compose(self) -> ComposeResult:
        yield Header()
        with Center(), Vertical(id="practice-box"):
            yield Static(_("Practise"), id="practice-title")
            yield Static(_("Your table: {rules}").format(
                rules=rules_summary(self.rules, ascii=self.ascii)), id="practice-rules")
            yield OptionList(*(Option(choice_label(key, label), id=key)
                               for key, label in CHOICES), id="practice")
            yield Static("", id="practice-last")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Practise")
        if self.start is not None:
            self.open("count-normal" if self.start == "count" else self.start)

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
        elif choice == "leaks":
            finder = LeakFinder(self.rules, DrillKind.ALL, self._rng(), self._misses())
            self.app.push_screen(DrillScreen(self.rules, DrillKind.ALL, finder.rng,
                                             ascii=self.ascii, deal=finder.deal,
                                             name="my leaks"), self._leaks_drilled)
        elif choice == "misses":
            self._drill_misses()
        elif choice == "index":
            self.app.push_screen(IndexDrillScreen(self.rules, self._rng(), ascii=self.ascii),
                                 partial(self._scored, "index"))
        elif choice in ("true-tray", "true-left"):
            show = TrayShow.TRAY if choice == "true-tray" else TrayShow.DECKS_LEFT
            rules = self.rules
            self.app.push_screen(
                TrueCountDrillScreen(rules.decks, rules.penetration, self._rng(), show,
                                     ascii=self.ascii), partial(self._scored, "true count"))
        elif choice.startswith("countdown-"):
            decks = int(choice.removeprefix("countdown-"))
            best = self.book.best_time(self.player, choice)
            self.app.push_screen(CountDownScreen(self._rng(), decks=decks, best=best,
                                                 clock=self.clock, ascii=self.ascii),
                                 partial(self._counted_down, choice))

    @property
    def player(self) -> str:
        return self.app.settings.player_name

    def _misses(self) -> list[Miss]:
        return self.book.misses(self.player)

    def _drill_misses(self) -> None:
        misses = self._misses()
        if not misses:
            # One line: the practice box fills 80x24, and a longer note scrolled out of it.
            self.query_one("#practice-last", Static).update(
                _("Nothing missed yet, in drills or with the trainer on."))
            return
        questions = replay(misses, self.rules)
        self.app.push_screen(
            DrillScreen(self.rules, DrillKind.ALL, self._rng(), ascii=self.ascii,
                        length=len(questions), deal=replay_dealer(questions),
                        name="my misses"),
            partial(self._misses_drilled, misses, questions))

    def _misses_drilled(self, misses: list[Miss], questions: list[DrillQuestion],
                        result: DrillResult | None) -> None:
        if result is None:
            return
        # The questions came in the misses' order: one answered right forgets its miss.
        wrong = {id(answer.question) for answer in result.misses}
        for miss, question in zip(misses[:result.asked], questions, strict=False):
            if id(question) not in wrong:
                self.book.drop_miss(self.player, miss)
        self._save("misses", result.right, result.asked)

    def _drilled(self, result: DrillResult | None) -> None:
        if result is not None:
            self._keep(result.kind.value, result)

    def _leaks_drilled(self, result: DrillResult | None) -> None:
        if result is not None:
            self._keep("leaks", result)

    def _keep(self, kind: str, result: DrillResult) -> None:
        """The drill's score, and its misses for the leak finder and "drill my misses"."""
        self.book.add_misses(self.player, [
            Miss.of(answer.question.cards, answer.question.up_card, answer.given,
                    answer.question.best, answer.question.moves, MissSource.DRILL)
            for answer in result.misses], at=self.clock.wall())
        self._save(kind, result.right, result.asked)

    def _scored(self, kind: str, score: tuple[int, int] | None) -> None:
        if score is not None:
            right, asked = score
            self._save(kind, right, asked)

    def _counted_down(self, drill_id: str, drill: CountDown | None) -> None:
        if drill is None:
            return
        if drill.correct:
            self.book.record_time(self.player, drill_id, drill.seconds, at=self.clock.wall())
        self._save(drill_id.replace("-", " "), int(drill.correct), 1)
        # A count-down is one run: its time and the best kept say more than "1 of 1 right"
        # (in one line: the practice box fills 80x24).
        best = self.book.best_time(self.player, drill_id)
        if not drill.correct:
            how = _(", miscounted")
        elif best is None or drill.seconds <= best:  # the best kept includes this run
            how = _(", a new best")
        else:
            how = _(" (best {seconds} s)").format(seconds=f"{best:.1f}")
        done = ngettext("{n} deck counted down in {seconds} s{how}.",
                        "{n} decks counted down in {seconds} s{how}.", drill.decks).format(
            n=drill.decks, seconds=f"{drill.seconds:.1f}", how=how)
        self.query_one("#practice-last", Static).update(Text.assemble((_("Saved: "), "bold"),
                                                                      done))

    def _counted(self, answers: tuple[CountAnswer, ...] | None) -> None:
        if answers:
            self._save("count", sum(answer.correct for answer in answers), len(answers))

    def _save(self, kind: str, right: int, asked: int) -> None:
        self.app.store.record_drill(self.app.settings.player_name, kind, asked, right,
                                    session_id=self.app.session_id)
        self.query_one("#practice-last", Static).update(drill_line(kind, right, asked))
