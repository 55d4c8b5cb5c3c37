"""Hold'em table setup: 2-10 seats (a named human or a bot with a personality),
starting stack, blinds, and cash game or tournament (blinds rising every N hands);
and whether `a` asks before a big all-in (``Settings.confirm_all_in``).

Saved in ``app.settings.holdem`` (see :class:`HoldemConfig`) when the player
presses Save; the screen is dismissed with ``True`` then, ``False`` on Cancel.
"""

from __future__ import annotations

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import MAX_SEATS, MIN_SEATS, HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.settings import NAME_MAX, Settings, validate_name
from cardtui.ui.app import CardtuiApp

#: Seat kinds: a human, or a bot of one personality.
HUMAN = "human"
_KINDS = [("Human", HUMAN)] + [
    (f"Bot: {p.label} ({_words})", p.value)
    for p, _words in (
        (Personality.ROCK, "tight"), (Personality.SHARK, "solid"),
        (Personality.MANIAC, "wild"),
    )
]  # fmt: skip
_MODES = [("Cash game (rebuy when busted)", Mode.CASH),
          ("Tournament (last player standing)", Mode.TOURNAMENT)]  # fmt: skip
_ASK_ALL_IN = [("Yes, over 10 big blinds", True), ("No, one key shoves", False)]
_NUMBERS = (
    ("stack", "Starting stack"), ("small-blind", "Small blind"), ("big-blind", "Big blind"),
    ("hands-per-level", "Blinds rise every (hands)"),
)


class HoldemSetupScreen(Screen[bool]):
    CSS_PATH = "setup.tcss"
    SUB_TITLE = "Hold'em table setup"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]
    app = getters.app(CardtuiApp)

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        config = saved_setup(settings)
        values = {"stack": config.stack, "small-blind": config.small_blind,
                  "big-blind": config.big_blind, "hands-per-level": config.hands_per_level}
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Static("Game", classes="section")
            with Horizontal(classes="row"):
                yield Label("Format", classes="label")
                yield Select(_MODES, value=config.mode, allow_blank=False, compact=True,
                             id="mode")
            for field_id, label in _NUMBERS:
                with Horizontal(classes="row", id=f"row-{field_id}"):
                    yield Label(label, classes="label")
                    yield Input(str(values[field_id]), type="integer", compact=True,
                                id=field_id, classes="number")
            yield Static("Seats", classes="section")
            with Horizontal(classes="row"):
                yield Label("Players at the table", classes="label")
                yield Select([(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                             value=len(config.seats), allow_blank=False, compact=True,
                             id="seat-count")
            seats = list(config.seats) + [
                SeatConfig(f"Bot {n}", Personality.SHARK)
                for n in range(len(config.seats), MAX_SEATS)
            ]
            for index, seat in enumerate(seats):
                with Horizontal(classes="row seat-row", id=f"seat-row-{index}"):
                    yield Label(f"Seat {index + 1}", classes="label")
                    yield Input(seat.name, max_length=NAME_MAX, placeholder="name",
                                compact=True, id=f"name-{index}", classes="name")
                    kind = seat.personality.value if seat.personality else HUMAN
                    yield Select(_KINDS, value=kind, allow_blank=False, compact=True,
                                 id=f"kind-{index}", classes="kind")
            yield Static("At the table", classes="section")
            with Horizontal(classes="row"):
                yield Label("Ask before an all-in", classes="label")
                yield Select(_ASK_ALL_IN, value=settings.confirm_all_in, allow_blank=False,
                             compact=True, id="confirm-all-in")
            yield Static("", id="setup-error", classes="warning")
            with Horizontal(id="setup-buttons"):
                yield Button("Save (ctrl+s)", variant="primary", id="save")
                yield Button("Cancel (esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self.query(Input):
            # A blinking cursor would make headless snapshots depend on timing.
            widget.cursor_blink = not self.app.is_headless
        self._show_rows()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("seat-count", "mode"):
            self._show_rows()

    def _seat_count(self) -> int:
        return int(self.query_one("#seat-count", Select).value)  # type: ignore[arg-type]

    def _show_rows(self) -> None:
        count = self._seat_count()
        for index in range(MAX_SEATS):
            self.query_one(f"#seat-row-{index}").display = index < count
        tournament = self.query_one("#mode", Select).value == Mode.TOURNAMENT
        self.query_one("#row-hands-per-level").display = tournament

    def collect(self) -> HoldemConfig | None:
        """The setup on screen, or ``None`` after showing what must be fixed."""
        numbers = {}
        for field_id, label in _NUMBERS:
            text = self.query_one(f"#{field_id}", Input).value
            if not text.isdigit():
                self._problem(f"{label}: enter a whole number of chips.")
                return None
            numbers[field_id.replace("-", "_")] = int(text)
        seats = []
        for index in range(self._seat_count()):
            name = self.query_one(f"#name-{index}", Input).value.strip()
            kind = self.query_one(f"#kind-{index}", Select).value
            personality = None if kind == HUMAN else Personality(str(kind))
            seats.append(SeatConfig(name, personality))
        mode = Mode(str(self.query_one("#mode", Select).value))
        config = HoldemConfig(seats=tuple(seats), mode=mode, **numbers)
        problems = config.problems(validate_name)
        if problems:
            self._problem(" ".join(problems))
            return None
        self._problem("")
        return config

    def _problem(self, message: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(f"⚠ {message}" if message else "")
        error.set_class(bool(message), "shown")
        return None

    def action_save(self) -> None:
        config = self.collect()
        if config is None:
            self.notify("Fix the marked fields first.", severity="warning")
            return
        settings = self.app.settings
        settings.holdem = config.to_json()
        settings.confirm_all_in = self.query_one("#confirm-all-in", Select).value is True
        self.app.save_settings()
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "cancel":
            self.action_cancel()


def saved_setup(settings: Settings) -> HoldemConfig:
    """The hold'em setup saved in ``settings`` (the defaults where it cannot be played)."""
    return HoldemConfig.from_json(settings.holdem, default_name=settings.player_name,
                                  name_problem=validate_name)
