"""Blackjack table setup: the house rules, 1-7 seats (a named human or a
basic-strategy bot, each with a bankroll), the trainer switch and the bet spread it
holds the player's bets to.

Saved in ``app.settings.blackjack`` (see :class:`TableSetup`) when the player
presses Save; the screen is dismissed with ``True`` then, ``False`` on Cancel.
"""

from __future__ import annotations

from typing import Any

from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Header, Input, Label, Select, Static

from cardtui.blackjack.rules import BlackjackPayout, DoubleRule, Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import MAX_SEATS, SeatKind, SeatSetup
from cardtui.i18n import N_, _, ngettext
from cardtui.names import NAME_MAX, name_problem
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.setup_form import FORM_CSS, SetupForm, save_buttons
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.form_fields import FieldNote, ShapeCheckbox, mark

_DECKS = (1, 2, 4, 6, 8)
_PENETRATION = [(f"{p}%", p) for p in (50, 60, 65, 70, 75, 80, 85, 90)]
# Options' words are marked here and translated as the form is built (:func:`_words`).
_SOFT_17 = [(N_("Dealer stands on soft 17 (S17)"), False), (N_("Dealer hits soft 17 (H17)"), True)]
_PAYS = [("3:2", BlackjackPayout.THREE_TO_TWO), ("6:5", BlackjackPayout.SIX_TO_FIVE)]
_DOUBLE = [(N_("Any first two cards"), DoubleRule.ANY_TWO), (N_("Hard 9, 10 or 11 only"),
                                                              DoubleRule.NINE_TO_ELEVEN)]
_SPLIT = [(N_("No splitting"), 1), (N_("Up to 2 hands"), 2), (N_("Up to 3 hands"), 3),
          (N_("Up to 4 hands"), 4)]
_KINDS = [(N_("Human"), SeatKind.HUMAN), (N_("Bot (basic strategy)"), SeatKind.BOT)]
#: Bet spreads to practise, in table minimums (two a true count above +1, to the top).
_SPREADS = (4, 8, 12, 16)
_SWITCHES = (
    ("double_after_split", N_("Double after split")),
    ("resplit_aces", N_("Resplit aces")),
    ("late_surrender", N_("Late surrender")),
    ("insurance", N_("Insurance / even money")),
    ("dealer_wins_ties", N_("Dealer wins ties")),
)


def _words(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return [(_(label), value) for label, value in options]


def _spreads() -> list[tuple[str, int]]:
    return [(_("Off"), 0), *((_("1-{top} (count hidden)").format(top=top), top)
                             for top in _SPREADS)]


class BlackjackSetupScreen(SetupForm):
    app = getters.app(CardtuiApp)
    CSS_PATH = ["setup.tcss", FORM_CSS]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        setup = TableSetup.from_json(settings.blackjack, default_name=settings.player_name)
        rules = setup.rules
        yield Header()
        with VerticalScroll(id="setup-form", classes="form"):
            yield Static(_("House rules"), classes="section")
            decks = [(ngettext("{n} deck", "{n} decks", n).format(n=n), n) for n in _DECKS]
            yield from _row(_("Shoe"), Select(decks, value=rules.decks, allow_blank=False,
                                              compact=True, id="decks"))
            yield from _row(_("Cut card at"), Select(
                _PENETRATION, value=_nearest_penetration(rules.penetration),
                allow_blank=False, compact=True, id="penetration"))
            yield from _row(_("Soft 17"), Select(
                _words(_SOFT_17), value=rules.dealer_hits_soft_17, allow_blank=False,
                compact=True, id="soft17"))
            yield from _row(_("Blackjack pays"), Select(_PAYS, value=rules.blackjack_pays,
                                                        allow_blank=False, compact=True,
                                                        id="pays"))
            yield from _row(_("Double on"), Select(_words(_DOUBLE), value=rules.double,
                                                   allow_blank=False, compact=True, id="double"))
            yield from _row(_("Split"), Select(_words(_SPLIT), value=rules.max_hands,
                                               allow_blank=False, compact=True, id="max-hands"))
            for field_name, label in _SWITCHES:
                yield ShapeCheckbox(_(label), getattr(rules, field_name),
                                    id=field_name.replace("_", "-"))
            with Horizontal(classes="row"):
                yield Label(_("Table limits"), classes="label")
                yield Input(str(rules.min_bet), type="integer", compact=True, id="min-bet",
                            classes="number")
                yield Label(" " + _("to") + " ", classes="to")
                yield Input(str(rules.max_bet), type="integer", compact=True, id="max-bet",
                            classes="number")
            yield FieldNote(id="rules-error")
            yield Static(_("Seats"), classes="section")
            yield from _row(_("Seats at the table"), Select(
                [(str(n), n) for n in range(1, MAX_SEATS + 1)], value=len(setup.seats),
                allow_blank=False, compact=True, id="seat-count"))
            defaults = list(setup.seats) + [
                SeatSetup(f"Bot {n}", SeatKind.BOT) for n in range(len(setup.seats) + 1,
                                                                   MAX_SEATS + 1)
            ]
            for index, seat in enumerate(defaults):
                with Horizontal(classes="row seat-setup", id=f"seat-row-{index}"):
                    yield Label(_("Seat {number}").format(number=index + 1), classes="label")
                    yield Input(seat.name, max_length=NAME_MAX, placeholder=_("name"),
                                compact=True,
                                id=f"name-{index}", classes="name")
                    yield Select(_words(_KINDS), value=seat.kind, allow_blank=False, compact=True,
                                 id=f"kind-{index}", classes="kind")
                    yield Input(str(seat.bankroll), type="integer", compact=True,
                                id=f"bankroll-{index}", classes="number")
                yield Static("", id=f"seat-warning-{index}", classes="warning")
            yield Static(_("Trainer"), classes="section")
            yield ShapeCheckbox(_("Count my moves that differ from basic strategy"),
                                setup.trainer, id="trainer")
            # The bet-spread practice: with the count panel hidden, each bet is held to
            # this spread at the true count (cardtui.blackjack.spread).
            yield from _row(_("Bet spread practice"), Select(
                _spreads(), value=setup.bet_spread if setup.bet_spread in _SPREADS else 0,
                allow_blank=False, compact=True, id="bet-spread"))
            yield from save_buttons()
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Blackjack table setup")
        # Popped while it was still being built (a key fuzzer's Escape or Ctrl+Q
        # on a loaded machine): its widgets are already gone, nothing to show.
        if not self.query("#seat-count"):
            return
        self._show_seat_rows()

    # -- live feedback ---------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "seat-count":
            self._show_seat_rows()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith(("name-", "bankroll-")):
            self._check_seat(int(event.input.id.rsplit("-", 1)[1]))
        elif event.input.id in ("min-bet", "max-bet"):
            self._check_limits()

    def _seat_count(self) -> int:
        return int(self._choice("seat-count"))

    def _choice(self, widget_id: str) -> Any:
        """What a Select shows: one of its options' values (none may be blank here), as given."""
        return self.query_one(f"#{widget_id}", Select).value

    def _show_seat_rows(self) -> None:
        count = self._seat_count()
        for index in range(MAX_SEATS):
            visible = index < count
            self.query_one(f"#seat-row-{index}").display = visible
            if visible:
                self._check_seat(index)
            else:
                self.query_one(f"#seat-warning-{index}").remove_class("shown")

    def _check_seat(self, index: int) -> str | None:
        """Show (and return) what is wrong with a seat, in red under its row."""
        name = self.query_one(f"#name-{index}", Input)
        problem = name_problem(name.value)
        mark(name, problem)
        bankroll = self.query_one(f"#bankroll-{index}", Input)
        money = None
        if not bankroll.value.isdigit() or int(bankroll.value) <= 0:
            money = _("A bankroll is a whole number of chips above 0.")
        mark(bankroll, money)
        problem = problem or money
        warning = self.query_one(f"#seat-warning-{index}", Static)
        warning.update("⚠ " + _("Seat {number}: {problem}").format(number=index + 1,
                                                                   problem=problem)
                       if problem else "")
        warning.set_class(problem is not None, "shown")
        return problem

    # -- saving ------------------------------------------------------------------

    def _rules(self) -> Rules:
        def number(widget_id: str) -> int:
            text = self.query_one(f"#{widget_id}", Input).value
            if not text.lstrip("-").isdigit():
                raise ValueError(_("table limits are whole numbers of chips"))
            return int(text)

        switches = {
            name: self.query_one(f"#{name.replace('_', '-')}", Checkbox).value
            for name, _ in _SWITCHES
        }
        return Rules(
            decks=int(self._choice("decks")),
            penetration=int(self._choice("penetration")) / 100,
            dealer_hits_soft_17=bool(self._choice("soft17")),
            blackjack_pays=BlackjackPayout(self._choice("pays")),
            double=DoubleRule(self._choice("double")),
            max_hands=int(self._choice("max-hands")),
            min_bet=number("min-bet"), max_bet=number("max-bet"),
            **switches,
        )

    def _check_limits(self) -> Rules | None:
        """The rules on screen, or None with the table limits marked and the reason under them."""
        try:
            rules = self._rules()
        except ValueError as problem:
            said = str(problem)
            reason: str | None = f"{said[:1].upper()}{said[1:]}."
        else:
            reason = None
        # Every other rule is a choice from a list: only the limits can be wrong.
        for field_id in ("min-bet", "max-bet"):
            mark(self.query_one(f"#{field_id}"), reason)
        self.query_one("#rules-error", FieldNote).say(reason)
        return None if reason else rules

    def collect(self) -> TableSetup | None:
        """The setup on screen, or ``None`` after showing what must be fixed."""
        rules = self._check_limits()
        if rules is None:
            return None
        count = self._seat_count()
        if any([self._check_seat(i) for i in range(count)]):
            return None
        seats = tuple(
            SeatSetup(
                self.query_one(f"#name-{i}", Input).value,
                SeatKind(self._choice(f"kind-{i}")),
                int(self.query_one(f"#bankroll-{i}", Input).value),
            )
            for i in range(count)
        )
        return TableSetup(rules, seats, self.query_one("#trainer", Checkbox).value,
                          int(self._choice("bet-spread")))

    def save(self) -> bool:
        setup = self.collect()
        if setup is None:
            return False
        self.app.settings.blackjack = setup.to_json()
        self.app.save_settings()
        return True

def _row(label: str, widget: Select[Any] | Input) -> ComposeResult:
    with Horizontal(classes="row"):
        yield Label(label, classes="label")
        yield widget


def _nearest_penetration(penetration: float) -> int:
    return min((p for _, p in _PENETRATION), key=lambda p: abs(p - penetration * 100))
