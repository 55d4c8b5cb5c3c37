"""Hold'em table setup: 2-10 seats (a named human or a bot with a personality),
starting stack, blinds, and cash game or tournament (blinds rising every N hands);
and whether `a` asks before a big all-in (``Settings.confirm_all_in``).

Saved in ``app.settings.holdem`` (see :class:`HoldemConfig`) when the player
presses Save; the screen is dismissed with ``True`` then, ``False`` on Cancel
(which asks first when something was edited: :class:`SetupForm`). A field
that is wrong is marked as it is typed, its reason right under it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, Input, Label, Select, Static

from cardtui.holdem.bots import Personality
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.setup import MAX_SEATS, MIN_SEATS, HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.i18n import N_, _
from cardtui.settings import NAME_MAX, Settings, validate_name
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.setup_form import FORM_CSS, SetupForm, save_buttons
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.form_fields import FieldNote, mark, shown

#: Seat kinds: a human, or a bot of one personality.
HUMAN = "human"
# Options' words are marked here and translated as the form is built (:func:`_words`).
_KINDS = [(N_("Human"), HUMAN), (N_("Bot: Rock (tight)"), Personality.ROCK.value),
          (N_("Bot: Shark (solid)"), Personality.SHARK.value),
          (N_("Bot: Maniac (wild)"), Personality.MANIAC.value)]  # fmt: skip
_MODES = [(N_("Cash game (rebuy when busted)"), Mode.CASH),
          (N_("Tournament (last player standing)"), Mode.TOURNAMENT)]  # fmt: skip
_ASK_ALL_IN = [(N_("Yes, over 10 big blinds"), True), (N_("No, one key shoves"), False)]
#: The bots' strength (cardtui.holdem.difficulty; measured in the README's arena table).
_DIFFICULTIES = [(N_("Easy: no bluffs, no reads"), Difficulty.EASY),
                 (N_("Normal: their personalities"), Difficulty.NORMAL),
                 (N_("Hard: the Pro reads every player"), Difficulty.HARD)]  # fmt: skip
_NUMBERS = (
    ("stack", N_("Starting stack")), ("small-blind", N_("Small blind")),
    ("big-blind", N_("Big blind")), ("hands-per-level", N_("Blinds rise every (hands)")),
)


def _words(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return [(_(label), value) for label, value in options]


class HoldemSetupScreen(SetupForm):
    CSS_PATH = ["setup.tcss", FORM_CSS]
    SUB_TITLE = N_("Hold'em table setup")  # translated as the screen is built
    app = getters.app(CardtuiApp)

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        config = saved_setup(settings)
        values = {"stack": config.stack, "small-blind": config.small_blind,
                  "big-blind": config.big_blind, "hands-per-level": config.hands_per_level}
        self.sub_title = _(self.SUB_TITLE)
        yield Header()
        with VerticalScroll(id="setup-form", classes="form"):
            yield Static(_("Game"), classes="section")
            with Horizontal(classes="row"):
                yield Label(_("Format"), classes="label")
                yield Select(_words(_MODES), value=config.mode, allow_blank=False, compact=True,
                             id="mode")
            for field_id, label in _NUMBERS:
                # The row and the reason under it come and go together (blinds rising: tournaments).
                with Vertical(classes="field", id=f"row-{field_id}"):
                    with Horizontal(classes="row"):
                        yield Label(_(label), classes="label")
                        yield Input(str(values[field_id]), type="integer", compact=True,
                                    id=field_id, classes="number")
                    yield FieldNote(id=f"note-{field_id}")
            yield Static(_("Seats"), classes="section")
            with Horizontal(classes="row"):
                yield Label(_("Players at the table"), classes="label")
                yield Select([(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                             value=len(config.seats), allow_blank=False, compact=True,
                             id="seat-count")
            yield FieldNote(id="note-seat-count")
            seats = list(config.seats) + [
                SeatConfig(f"Bot {n}", Personality.SHARK)
                for n in range(len(config.seats), MAX_SEATS)
            ]
            for index, seat in enumerate(seats):
                with Vertical(classes="field", id=f"seat-row-{index}"):
                    with Horizontal(classes="row seat-row"):
                        yield Label(_("Seat {number}").format(number=index + 1), classes="label")
                        yield Input(seat.name, max_length=NAME_MAX, placeholder=_("name"),
                                    compact=True, id=f"name-{index}", classes="name")
                        kind = seat.personality.value if seat.personality else HUMAN
                        yield Select(_words(_KINDS), value=kind, allow_blank=False, compact=True,
                                     id=f"kind-{index}", classes="kind")
                    yield FieldNote(id=f"note-name-{index}")
            yield Static(_("At the table"), classes="section")
            with Horizontal(classes="row"):
                yield Label(_("Ask before an all-in"), classes="label")
                yield Select(_words(_ASK_ALL_IN), value=settings.confirm_all_in, allow_blank=False,
                             compact=True, id="confirm-all-in")
            with Horizontal(classes="row"):
                yield Label(_("How the bots play"), classes="label")
                yield Select(_words(_DIFFICULTIES), value=config.difficulty, allow_blank=False,
                             compact=True, id="difficulty")
            yield Static("", id="setup-error", classes="warning")
            yield from save_buttons()
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("seat-count", "mode"):
            self._show_rows()
            self.collect()  # a seat shown again may clash with another's name

    def on_input_changed(self) -> None:
        # Checked as typed: the mark and its reason follow the field being fixed.
        self.collect()

    def _seat_count(self) -> int:
        return int(self.query_one("#seat-count", Select).value)  # type: ignore[arg-type]

    def _show_rows(self) -> None:
        count = self._seat_count()
        for index in range(MAX_SEATS):
            self.query_one(f"#seat-row-{index}").display = index < count
        tournament = self.query_one("#mode", Select).value == Mode.TOURNAMENT
        self.query_one("#row-hands-per-level").display = tournament

    def collect(self) -> HoldemConfig | None:
        """The setup on screen, or ``None`` after marking what must be fixed."""
        problems: dict[str, str] = {}
        numbers = {}
        for field_id, _label in _NUMBERS:
            text = self.query_one(f"#{field_id}", Input).value
            if text.isdigit():
                numbers[field_id.replace("-", "_")] = int(text)
            else:
                problems[field_id] = _("Enter a whole number of chips.") if field_id != (
                    "hands-per-level") else _("Enter a whole number of hands.")
        seats = []
        for index in range(self._seat_count()):
            name = self.query_one(f"#name-{index}", Input).value.strip()
            kind = self.query_one(f"#kind-{index}", Select).value
            personality = None if kind == HUMAN else Personality(str(kind))
            seats.append(SeatConfig(name, personality))
        config = None
        if not problems:
            mode = Mode(str(self.query_one("#mode", Select).value))
            difficulty = Difficulty.from_text(self.query_one("#difficulty", Select).value)
            config = HoldemConfig(seats=tuple(seats), mode=mode, difficulty=difficulty,
                                  **numbers)
            for problem in config.problems(validate_name):
                for field_id, reason in problem_fields(problem, [s.name for s in seats]):
                    problems.setdefault(field_id, reason)
        self._mark(problems)
        return None if problems else config

    def _mark(self, problems: dict[str, str]) -> None:
        """Each wrong field tinted with its reason under it; what no shown field explains, below."""
        elsewhere = []
        for note in self.query(FieldNote):
            field_id = (note.id or "").removeprefix("note-")
            problem = problems.get(field_id)
            field = self.query_one(f"#{field_id}")
            mark(field, problem)
            note.say(problem)
            if problem is not None and not shown(field):
                elsewhere.append(problem)  # a hidden row's field: said where it is seen
        elsewhere += [p for f, p in problems.items() if not self.query(f"#note-{f}")]
        error = self.query_one("#setup-error", Static)
        error.update(Text(f"⚠ {' '.join(elsewhere)}") if elsewhere else "")
        error.set_class(bool(elsewhere), "shown")

    def save(self) -> bool:
        config = self.collect()
        if config is None:
            return False
        settings = self.app.settings
        settings.holdem = config.to_json()
        settings.confirm_all_in = self.query_one("#confirm-all-in", Select).value is True
        self.app.save_settings()
        return True


def problem_fields(problem: str, names: list[str]) -> list[tuple[str, str]]:
    """Which fields one of :meth:`HoldemConfig.problems` is about, each with its reason.

    The engine says what is wrong; the form shows it at the field it is about.

    >>> problem_fields("Seat 2: Enter a name of 1 to 12 characters.", ["Ann", ""])
    [('name-1', 'Enter a name of 1 to 12 characters.')]
    >>> problem_fields("Every seat needs a different name.", ["Ann", "Bob", "Ann"])
    [('name-2', 'Another seat is called Ann: every seat needs a different name.')]
    >>> problem_fields("The big blind is at least 1 and not below the small blind.", [])
    [('big-blind', 'The big blind is at least 1 and not below the small blind.')]
    """
    seat, _colon, reason = problem.partition(": ")
    if seat.startswith("Seat ") and seat[5:].isdigit():
        return [(f"name-{int(seat[5:]) - 1}", reason)]
    if "different name" in problem:
        return [(f"name-{i}", _("Another seat is called {name}: every seat needs a different "
                                "name.").format(name=name))
                for i, name in enumerate(names) if name in names[:i]]
    for words, field_id in (("big blind is", "big-blind"), ("starting stack", "stack"),
                            ("Blinds rise", "hands-per-level"), ("table seats", "seat-count")):
        if words in problem:
            return [(field_id, problem)]
    return [("form", problem)]  # said under the form


def saved_setup(settings: Settings) -> HoldemConfig:
    """The hold'em setup saved in ``settings`` (the defaults where it cannot be played)."""
    return HoldemConfig.from_json(settings.holdem, default_name=settings.player_name,
                                  name_problem=validate_name)
