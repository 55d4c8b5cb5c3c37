"""Open a new shared table: hold'em (seats, blinds, stack, bots) or blackjack (rules, seats),
with the action clock, the grace a dropped player's seat is kept and the least buy-in.

The form is checked with the same rules the room applies to a tables file
(:mod:`cardtui.room.config`), so a mistake is shown at its field, the reason
right under the row, before anything is sent; the room checks again and may
still refuse (too many tables). Escape after an edit asks before dropping it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, Static

from cardtui.blackjack.rules import BlackjackPayout, Rules
from cardtui.games import Game
from cardtui.i18n import N_, _
from cardtui.room.config import ConfigError, table_error
from cardtui.ui.screens.setup_form import FORM_CSS, ask_to_discard
from cardtui.ui.widgets.form_fields import FieldNote, ShapeCheckbox, form_values, mark
from cardtui.wire.protocol import CreateBlackjack, CreateHoldem

#: The blackjack rule sets a player may open a table with: (label, rules).
RULE_SETS: dict[str, tuple[str, Rules]] = {
    "s17": (N_("6 decks, dealer stands on soft 17"), Rules()),
    "h17": (N_("6 decks, dealer hits soft 17"), Rules(dealer_hits_soft_17=True)),
    "double-deck": (N_("2 decks, H17, late surrender"),
                    Rules(decks=2, dealer_hits_soft_17=True, late_surrender=True)),
    "single-6-5": (N_("1 deck, blackjack pays 6:5"),
                   Rules(decks=1, blackjack_pays=BlackjackPayout.SIX_TO_FIVE)),
}

HOLDEM_FIELDS = ("small-blind", "big-blind", "stack")
#: The labels' width in cells, with their right padding (lobby_new_table.tcss).
LABEL_WIDTH = 8

_N = TypeVar("_N", int, float)


def whole_number(text: str, what: str) -> int:
    digits = text.replace(",", "").strip()
    if not digits.isdecimal() or len(digits) > 12:
        raise ConfigError(N_("{key} must be a whole number"), key=what)
    return int(digits)


def seconds(text: str, what: str) -> float:
    """A number of seconds as typed ("30", "7.5").

    >>> seconds("7.5", "the action clock")
    7.5
    >>> seconds("soon", "the grace")
    Traceback (most recent call last):
    ...
    cardtui.room.config.ConfigError: the grace must be a number of seconds
    """
    number = text.replace(",", "").strip()
    whole, _, tenths = number.partition(".")
    if not (whole + tenths).isdecimal() or len(number) > 9:
        raise ConfigError(N_("{key} must be a number of seconds"), key=what)
    return float(number)


#: The tables file's key names as the form says them (cardtui.room.config's messages).
FIELD_WORDS = {
    "action_clock": N_("the action clock"), "buy_in_min": N_("the minimum buy-in"),
    "grace": N_("the grace"), "starting_stack": N_("the stack"),
    "small_blind": N_("the small blind"), "big_blind": N_("the big blind"),
    "bomb_pot_every": N_("a bomb pot every"), "seats": N_("seats"),
}


#: Each field by the tables file's key its value goes to (the room's messages name the key).
FIELD_OF_KEY = {
    "name": "name", "seats": "seats", "small_blind": "small-blind", "big_blind": "big-blind",
    "starting_stack": "stack", "bots_fill": "bots", "rules": "rules",
    "action_clock": "action-clock", "grace": "grace", "buy_in_min": "buy-in-min",
    "bomb_pot_every": "bomb-every",
}

#: The row (and the reason line under it) each field is on.
ROW_OF_FIELD = {"game": "game", "name": "name", "seats": "seats", "small-blind": "blinds",
                "big-blind": "blinds", "stack": "stack", "bots": "stack", "rules": "rules",
                "action-clock": "clock", "grace": "clock", "buy-in-min": "buy-in",
                "straddle": "home", "run-twice": "home", "rabbit": "home",
                "bomb-every": "bomb", "show": "bomb"}


class FieldProblem(ConfigError):
    """A value of the form the table cannot have, and which field it is in."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field


def field_of(problem: str) -> str:
    """The form's field a room's problem is about: the first key it names.

    >>> field_of("big_blind must be at least small_blind (10), not 5")
    'big-blind'
    >>> field_of("at most 8 tables")  # about no field: said under the game
    'game'
    """
    found = [(problem.find(key), field) for key, field in FIELD_OF_KEY.items() if key in problem]
    return min(found)[1] if found else "game"


def in_words(problem: ConfigError) -> str:
    """A problem with a table's values, in the form's words and the player's language.

    >>> in_words(ConfigError(N_("{key} must be {low} to {high}, not {value}"),
    ...                      key="buy_in_min", low=100, high=10**12, value=5))
    'the minimum buy-in must be 100 to 1,000,000,000,000, not 5'
    """
    key = problem.words.get("key", "")
    return problem.worded(key=_(FIELD_WORDS.get(key, key)))


class SpaceCheckbox(ShapeCheckbox):
    """A box that Space ticks; Enter is left to the form (it opens the table, as the hint says)."""

    BINDINGS = [Binding("enter", "screen.open_table", N_("Open"), show=False)]


class NewTableDialog(ModalScreen[CreateHoldem | CreateBlackjack | None]):
    """Enter opens the table; Escape goes back to the lobby."""

    #: What the form said when it opened (None until mounted): Escape asks only after edits.
    _found: dict[str, object] | None = None

    CSS_PATH = ["lobby_new_table.tcss", FORM_CSS]
    BINDINGS = [Binding("escape", "cancel", N_("Cancel")),
                Binding("enter", "open_table", N_("Open"), show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box", classes="form"):
            yield Static("[b]" + _("Open a table") + "[/b]", id="new-title")
            with Horizontal(classes="row"):
                yield Label(_("Game"), classes="label")
                yield Select([(_("Texas Hold'em"), Game.HOLDEM), (_("Blackjack"), Game.BLACKJACK)],
                             value=Game.HOLDEM, allow_blank=False, id="game", compact=True)
            yield FieldNote(id="note-game")
            with Horizontal(classes="row"):
                yield Label(_("Name"), classes="label")
                yield Input(_("My table"), max_length=24, id="name", compact=True)
            yield FieldNote(id="note-name")
            with Horizontal(classes="row"):
                yield Label(_("Seats"), classes="label")
                yield Input("6", restrict=r"[0-9]*", max_length=2, id="seats", compact=True)
            yield FieldNote(id="note-seats")
            with Horizontal(classes="row holdem"):
                yield Label(_("Blinds"), classes="label")
                yield Input("5", restrict=r"[0-9,]*", max_length=12, id="small-blind", compact=True)
                yield Input("10", restrict=r"[0-9,]*", max_length=12, id="big-blind", compact=True)
            yield FieldNote(id="note-blinds", classes="holdem")
            with Horizontal(classes="row holdem"):
                yield Label(_("Stack"), classes="label")
                yield Input("1000", restrict=r"[0-9,]*", max_length=15, id="stack", compact=True)
                yield SpaceCheckbox(_("Bots fill seats"), True, id="bots", compact=True)
            yield FieldNote(id="note-stack", classes="holdem")
            with Horizontal(classes="row blackjack"):
                yield Label(_("Rules"), classes="label")
                yield Select([(_(label), key) for key, (label, _rules) in RULE_SETS.items()],
                             value="s17", allow_blank=False, id="rules", compact=True)
            yield FieldNote(id="note-rules", classes="blackjack")
            # Left empty, each is the room's default (as a tables file leaving it out); the
            # grace is how long a dropped player's seat is kept.
            with Horizontal(classes="row"):
                yield Label(_("Clock"), classes="label")
                yield Input("", placeholder=_("default (s)"), restrict=r"[0-9.]*", max_length=9,
                            id="action-clock", compact=True)
                yield Label(_("Grace"), classes="label")
                yield Input("", placeholder=_("default (s)"), restrict=r"[0-9.]*", max_length=9,
                            id="grace", compact=True)
            yield FieldNote(id="note-clock")
            with Horizontal(classes="row"):
                yield Label(_("Buy-in"), classes="label")
                yield Input("", placeholder=_("least: default"), restrict=r"[0-9,]*",
                            max_length=15, id="buy-in-min", compact=True)
                # Hidden from the lobby: the room gives an invite code to pass round.
                yield SpaceCheckbox(_("Private"), False, id="private", compact=True)
            yield FieldNote(id="note-buy-in")
            # Home-game options (cardtui.room.home_game): all off, as a table is by default.
            with Horizontal(classes="row holdem"):
                yield Label(_("Home"), classes="label")
                yield SpaceCheckbox(_("Straddle"), False, id="straddle", compact=True)
                yield SpaceCheckbox(_("Run twice"), False, id="run-twice", compact=True)
                yield SpaceCheckbox(_("Rabbit hunt"), False, id="rabbit", compact=True)
            yield FieldNote(id="note-home", classes="holdem")
            with Horizontal(classes="row holdem"):
                yield Label(_("Bomb"), classes="label")
                yield Input("", placeholder=_("pot every N hands"), restrict=r"[0-9]*",
                            max_length=4, id="bomb-every", compact=True)
                yield SpaceCheckbox(_("Winner may show"), False, id="show", compact=True)
            yield FieldNote(id="note-bomb", classes="holdem")
            yield Static(_("Enter opens the table · Escape cancels"), id="new-hint")

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = not self.app.is_headless
        # A label in another language may need more than English's 7 cells: every label
        # takes the widest one's width, so the fields still line up and no word is cut.
        labels = list(self.query(".label").results(Label))
        widest = max((cell_len(str(label.content)) for label in labels), default=0) + 1
        if widest > LABEL_WIDTH:
            for label in labels:
                label.styles.width = widest
        self._show_game(Game.HOLDEM)
        self.query_one("#name", Input).focus()
        self._found = form_values(self)

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK:
            self._show_game(Game(str(event.value)))

    def _show_game(self, game: Game) -> None:
        for row in self.query(".holdem"):
            row.display = game is Game.HOLDEM
        for row in self.query(".blackjack"):
            row.display = game is Game.BLACKJACK
        seats = self.query_one("#seats", Input)
        if game is Game.BLACKJACK and seats.value == "6":
            seats.value = "7"
        elif game is Game.HOLDEM and seats.value == "7":
            seats.value = "6"

    def request(self) -> CreateHoldem | CreateBlackjack:
        """The table the form describes; ConfigError says what is wrong with it."""
        def value(field: str) -> str:
            return self.query_one(f"#{field}", Input).value

        def number(field: str, what: str, read: Callable[[str, str], _N]) -> _N:
            try:
                return read(value(field), what)
            except ConfigError as error:
                raise FieldProblem(field, in_words(error)) from None

        def check(values: dict[str, object]) -> None:
            # The room's own check of a table's values (it checks again on arrival).
            problem = table_error(game.value, values)
            if problem is not None:
                raise FieldProblem(field_of(str(problem)), in_words(problem))

        game = Game(str(self.query_one("#game", Select).value))
        private = self.query_one("#private", Checkbox).value
        name = value("name").strip()
        # Each value named by its tables-file key; in_words says the key as the form does.
        seats = number("seats", "seats", whole_number)
        clock = number("action-clock", "action_clock", seconds) if value(
            "action-clock").strip() else None
        grace = number("grace", "grace", seconds) if value("grace").strip() else None
        least = number("buy-in-min", "buy_in_min", whole_number) if value(
            "buy-in-min").strip() else None
        chosen = {key: number for key, number in (
            ("action_clock", clock), ("grace", grace), ("buy_in_min", least)) if number is not None}
        if game is Game.HOLDEM:
            small = number("small-blind", "small_blind", whole_number)
            big = number("big-blind", "big_blind", whole_number)
            stack = number("stack", "starting_stack", whole_number)
            bots = self.query_one("#bots", Checkbox).value
            home: dict[str, object] = {
                key: True for key, box in (("straddle", "straddle"), ("run_it_twice", "run-twice"),
                                           ("rabbit_hunt", "rabbit"), ("winner_may_show", "show"))
                if self.query_one(f"#{box}", Checkbox).value}
            if value("bomb-every").strip():
                home["bomb_pot_every"] = number("bomb-every", "bomb_pot_every", whole_number)
            check({"name": name, "seats": seats, "small_blind": small, "big_blind": big,
                   "starting_stack": stack, "bots_fill": bots, **chosen, **home})
            return CreateHoldem(name, seats, small, big, stack, bots, action_clock=clock,
                                buy_in_min=least, grace=grace, private=private, home_game=home)
        _, rules = RULE_SETS[str(self.query_one("#rules", Select).value)]
        check({"name": name, "seats": seats, "rules": rules.to_json(), **chosen})
        return CreateBlackjack(name, seats, rules.to_json(), action_clock=clock,
                               buy_in_min=least, grace=grace, private=private)

    @on(Input.Changed)
    def _edited(self) -> None:
        self._show(None)

    def action_open_table(self) -> None:
        self._submit()

    @on(Input.Submitted)
    def _submit(self) -> None:
        try:
            request = self.request()
        except FieldProblem as problem:
            self._show(problem)
            return
        self.dismiss(request)

    def _show(self, problem: FieldProblem | None) -> None:
        """Mark the field ``problem`` is about, its reason under its row (None: clear them)."""
        for marked in self.query(".-problem"):
            mark(marked, None)
        for note in self.query(FieldNote):
            note.say(None)
        if problem is None:
            return
        field: Widget = self.query_one(f"#{problem.field}")
        mark(field, str(problem))
        self.query_one(f"#note-{ROW_OF_FIELD[problem.field]}", FieldNote).say(str(problem))
        field.focus()

    def action_cancel(self) -> None:
        if self._found is not None and form_values(self) != self._found:
            ask_to_discard(self, lambda: self.dismiss(None),
                           N_("Discard this table? It is not open yet."))
        else:
            self.dismiss(None)
