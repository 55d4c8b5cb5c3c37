"""The blackjack table: the dealer at the top, the seats below, prompts and keys.

Data flows one way: a key -> an action on the :class:`Table` -> records -> the
records are applied to a :class:`RoundView` one at a time by a
:class:`~cardtui.ui.record_player.RecordPlayer` (with pauses when animations
are on) -> the panels redraw. A settled round is written to the store the
moment the engine settles it, before its reveal has been shown.

The table itself (bankrolls, shoe) and the session counters belong to the
app's :class:`~cardtui.ui.session.Session`: leaving and coming back is the
same sitting. Leaving mid-round asks first and records a forfeit
(:meth:`BlackjackScreen.request_leave`, called by the app's navigation).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from cardtui.blackjack.records import (
    Action,
    DealerCard,
    HoleCardRevealed,
    PlayerCard,
    Record,
    RoundSettled,
    Shuffled,
)
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import Table
from cardtui.blackjack.view import RoundView
from cardtui.store import Game, Outcome, SeatResult
from cardtui.ui.record_player import RecordPlayer, on_screen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.session import BlackjackSitting, Tally
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.blackjack_table import DealerPanel, SeatInfo, SeatPanel, signed

#: Seconds between steps at "normal" speed: cards land briskly, the dealer's
#: reveal and draws come about 0.8 s apart (a real dealer's pace is about one a second).
DEAL_PAUSE = 0.3
DEALER_PAUSE = 0.8
SEATS_PER_ROW = 4
#: Lines outside the seats: header, rules, dealer (5), message, counters, buttons, footer.
FIXED_LINES = 11
#: The house rules line wraps onto a second line rather than being cut at 80 columns.
RULES_LINES = 2

#: key action -> engine action, for the moves a player makes.
MOVES = {
    "hit": Action.HIT,
    "stand": Action.STAND,
    "double": Action.DOUBLE,
    "split": Action.SPLIT,
    "surrender": Action.SURRENDER,
    "insure": Action.INSURE,
    "no_insurance": Action.DECLINE_INSURANCE,
}

#: Buttons for the mouse: (id, label, action); each runs the same action as its key.
BUTTONS = (
    ("deal", "Deal d", "deal"),
    ("hit", "Hit h", "hit"),
    ("stand", "Stand s", "stand"),
    ("double", "Double x", "double"),
    ("split", "Split p", "split"),
    ("surrender", "Surrender u", "surrender"),
    ("insure", "Insure i", "insure"),
    ("no_insurance", "No insurance n", "no_insurance"),
    ("bet_up", "Bet + ", "bet_up"),
    ("bet_down", "Bet −", "bet_down"),
    ("rebuy", "Rebuy r", "rebuy"),
    ("hint", "Hint ?", "hint"),
    ("setup", "Setup t", "setup"),
)

#: Every action a key or button can ask for (the footer and the buttons show the legal ones).
ACTIONS = (*MOVES, *(action for _, _, action in BUTTONS if action not in MOVES), "select_seat")


class BlackjackScreen(Screen[None]):
    CSS_PATH = "blackjack.tcss"
    BINDINGS = [
        Binding("d", "deal", "Deal"),
        Binding("h", "hit", "Hit"),
        Binding("s", "stand", "Stand"),
        Binding("x", "double", "Double"),
        Binding("p", "split", "Split"),
        Binding("u", "surrender", "Surrender"),
        Binding("i", "insure", "Insurance"),
        Binding("n", "no_insurance", "No insurance"),
        Binding("plus,equals_sign", "bet_up", "Bet +", key_display="+"),
        Binding("minus,underscore", "bet_down", "Bet −", key_display="-"),
        Binding("left", "select_seat(-1)", "Seat", key_display="←→"),
        Binding("right", "select_seat(1)", "Seat", show=False),
        Binding("r", "rebuy", "Rebuy"),
        Binding("question_mark", "hint", "Hint", key_display="?"),
        Binding("t", "setup", "Setup"),
        # Through the app's navigation, which asks this screen first (request_leave).
        Binding("escape", "app.back", "Menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.view: RoundView | None = None
        self.note: Text | None = None  # a hint or trainer remark for the message line
        self.selected = 0
        self.player: RecordPlayer[Record] = RecordPlayer(
            self, apply=self._apply, pause_for=self._pause_for, redraw=self._sync,
            instant=lambda: self.app.settings.delay(1.0) == 0,  # type: ignore[attr-defined]
            group="blackjack-reveal",
        )
        #: The way out the player asked for while the leave question is open.
        self._leave: Callable[[], object] | None = None
        #: The actions legal when the keys were last shown (None: never shown).
        self._legal: frozenset[str] | None = None
        # Screens are made inside the running app (the menu, --start), so the
        # services are there already.
        self.setup_config = self._load_setup()
        self.table = self._sit_down()
        if self.table.round is not None:
            # Back at the session's table: its last round as it ended.
            self.view = RoundView.replay(self.table.round.records)

    def _load_setup(self) -> TableSetup:
        settings = self.app.settings  # type: ignore[attr-defined]
        return TableSetup.from_json(settings.blackjack, default_name=settings.player_name)

    @property
    def tally(self) -> Tally:
        """The session's counters: one set for the whole run of the app."""
        return self.app.session.blackjack_tally  # type: ignore[attr-defined, no-any-return]

    @property
    def animating(self) -> bool:
        return self.player.playing

    # -- composition -------------------------------------------------------

    def compose(self) -> ComposeResult:
        ascii = self.app.settings.ascii_cards  # type: ignore[attr-defined]
        yield Header()
        yield Static(self.table.rules.describe(), id="rules-line")
        with Horizontal(id="dealer-row"):
            yield DealerPanel(ascii=ascii, id="dealer")
        yield Vertical(id="seats")
        yield Static("", id="message")
        yield Static("", id="counters")
        yield ActionBar(BUTTONS, id="buttons")
        yield Footer()

    def _sit_down(self, *, new_table: bool = False) -> Table:
        """The session's table when its setup is unchanged, else a new table from the setup."""
        session = self.app.session  # type: ignore[attr-defined]
        sitting = session.blackjack
        if not new_table and sitting is not None and sitting.setup == self.setup_config:
            table: Table = sitting.table
        else:
            rng = random.Random(self.app.rng.getrandbits(64))  # type: ignore[attr-defined]
            table = Table(self.setup_config.rules, self.setup_config.seats, rng)
            session.blackjack = BlackjackSitting(self.setup_config, table)
        self.selected = next((i for i, s in enumerate(table.seats) if not s.is_bot), 0)
        return table

    async def on_mount(self) -> None:
        self.sub_title = "Blackjack"
        await self._build_seats()
        self._sync()

    def on_unmount(self) -> None:
        # Left mid-reveal: the results not shown yet still count.
        self.player.flush()

    def on_resize(self, event: events.Resize) -> None:
        self._set_budgets(event.size.width, event.size.height)
        self._sync()

    def _set_budgets(self, width: int, height: int) -> None:
        """Share the rows left after the fixed lines among the rows of seats."""
        rows = -(-len(self.table.seats) // SEATS_PER_ROW)
        fixed = FIXED_LINES - 1 + self._rules_lines(width)
        per_row = (height - fixed) // rows - 2  # less the panel's border
        for panel in self.query(SeatPanel):
            panel.budget = max(per_row, 1)

    def _rules_lines(self, width: int) -> int:
        """The house rules take a second line when they do not fit in one (never cut)."""
        lines = Text(self.table.rules.describe()).wrap(self.app.console, max(width, 1))
        return min(len(lines), RULES_LINES)

    async def _build_seats(self) -> None:
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        ascii = self.app.settings.ascii_cards  # type: ignore[attr-defined]
        count = len(self.table.seats)
        rows = [Horizontal(classes="seat-row") for _ in range(-(-count // SEATS_PER_ROW))]
        await seats.mount_all(rows)
        for index in range(count):
            panel = SeatPanel(self._seat_info(index), ascii=ascii, id=f"seat-{index}")
            await rows[index // SEATS_PER_ROW].mount(panel)
        self.set_class(count > 3, "many-seats")
        self._set_budgets(*(self.size if self.size.height else self.app.size))

    # -- what is shown -------------------------------------------------------

    def _seat_info(self, index: int) -> SeatInfo:
        seat = self.table.seats[index]
        bankroll = seat.bankroll
        settled = self.table.round.settlement if self.table.round is not None else None
        if settled is not None and self.view is not None and self.view.settlement is not settled:
            # Still revealing: the bankroll shows the result only with the rest.
            bankroll -= sum(s.net for s in settled.seats if s.seat == index)
        return SeatInfo(
            seat.name, seat.is_bot, bankroll, seat.bet,
            selected=index == self.selected and self._human_count() > 1,
            sitting_out=self.table.stake(index) == 0,
            can_rebuy=self.table.can_rebuy(index),
        )

    def _human_count(self) -> int:
        return sum(not s.is_bot for s in self.table.seats)

    def _sync(self) -> None:
        """Redraw everything from the view and the table, and refresh the keys."""
        if not on_screen(self):
            return  # on its way out: its widgets may be gone already
        view = self.view
        dealer = self.query_one("#dealer", DealerPanel)
        if view is None:
            dealer.show([], True, Text(""))
        else:
            dealer.show(view.dealer, view.hole_hidden, self._dealer_total(view))
        for index in range(len(self.table.seats)):
            panel = self.query_one(f"#seat-{index}", SeatPanel)
            seat_view = view.seats.get(index) if view is not None else None
            acting = None
            if view is not None and view.turn is not None and view.turn[0] == index:
                acting = view.turn[1]
            panel.show(self._seat_info(index), seat_view, acting)
        for row in self.query(".seat-row"):
            row.refresh(layout=True)
        self.query_one("#message", Static).update(self._message())
        self.query_one("#counters", Static).update(self._counters())
        legal = frozenset(action for action in ACTIONS if self.check_action(action, ()))
        if legal != self._legal:
            # Only when the keys changed: each refresh rebuilds the footer,
            # which costs more than the rest of the redraw (and bytes over SSH).
            self._legal = legal
            self.query_one(ActionBar).show_legal(legal.__contains__)
            self.refresh_bindings()

    def _dealer_total(self, view: RoundView) -> str:
        if not view.dealer:
            return ""
        value = view.dealer_value
        if view.hole_hidden:
            return f"{value.total} + ?"
        if view.settlement is not None and view.settlement.dealer_blackjack:
            return "BLACKJACK"
        if value.is_bust:
            return f"{value.total} BUST"
        return view.dealer_label

    def _message(self) -> Text:
        if self.animating:
            return Text("…  (any key skips)", style="dim")
        prompt = self._prompt()
        if self.note is not None:
            return Text.assemble(self.note, "  ", prompt)
        return prompt

    def _prompt(self) -> Text:
        """What the dealer asks: "Hit or stand?", "Deal again?", and "Insurance?"."""
        table = self.table
        rnd = table.round
        if rnd is not None and table.in_round:
            seat = table.seats[rnd.seat_to_act]  # type: ignore[index]
            if rnd.insurance_seat is not None:
                if rnd.hands[rnd.insurance_seat][0].natural:
                    return Text(f"{seat.name}: Even money?  i takes it, n declines.")
                return Text(f"{seat.name}: Insurance?  i insures, n declines.")
            turn = rnd.turn
            assert turn is not None
            hand = f", hand {turn[1] + 1}" if len(rnd.hands[turn[0]]) > 1 else ""
            return Text(f"{seat.name}{hand}: Hit or stand?")
        problem = table.deal_problem()
        if problem:
            return Text.assemble((problem[0].upper() + problem[1:] + ".", "red"),
                                 "  ", self._remedy())
        if table.last_settlement is not None:
            return Text("Deal again?")
        return Text("Place your bets (+/-), then d deals.")

    def _remedy(self) -> str:
        """The key that helps when nobody can bet: rebuy below the minimum, else a lower bet."""
        humans = [i for i, s in enumerate(self.table.seats) if not s.is_bot]
        if any(self.table.can_rebuy(i) for i in humans):
            return "r rebuys (← → picks the seat)." if len(humans) > 1 else "r rebuys."
        return "− lowers the bet (← → picks the seat)." if len(humans) > 1 else (
            "− lowers the bet.")

    def _counters(self) -> Text:
        tally = self.tally
        text = Text.assemble(
            ("Session ", "bold"),
            ("W ", "dim"), (str(tally.wins), "green"),
            ("  L ", "dim"), (str(tally.losses), "red"),
            ("  P ", "dim"), (str(tally.pushes), "yellow"),
            ("  Net ", "dim"), signed(tally.net),
        )
        if self.setup_config.trainer:
            humans = [s for s in self.table.seats if not s.is_bot]
            decisions = sum(s.decisions for s in humans)
            mistakes = sum(s.mistakes for s in humans)
            rate = f" ({mistakes / decisions:.0%})" if decisions else ""
            # "12/150", not "12 of 150": the line fits 80 columns with a long session.
            text.append(f"   Trainer: {mistakes}/{decisions} off basic strategy{rate}",
                        style="dim")
        return text

    # -- legality ------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        table = self.table
        if self.animating:
            return False
        if action in MOVES:
            return MOVES[action] in table.legal_actions()
        if action == "deal":
            return table.in_round or table.deal_problem() is None
        if action in ("bet_up", "bet_down"):
            return not table.in_round and not table.seats[self.selected].is_bot
        if action == "select_seat":
            return not table.in_round and self._human_count() > 1
        if action == "rebuy":
            return table.can_rebuy(self.selected)
        if action == "hint":
            return table.human_to_act
        if action == "setup":
            return not table.in_round
        return True

    # -- keys ----------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Any key skips the reveal to its end (and does nothing else); Escape
        # still leaves (asking first if the round is in play).
        if self.animating and event.key != "escape":
            self.player.skip()
            event.stop()
            event.prevent_default()

    # -- leaving and forfeiting ------------------------------------------------------

    def request_leave(self, leave: Callable[[], object]) -> None:
        """The app asks before any way out: a round in play is forfeited, with the player's yes."""
        if not self.table.in_round:
            leave()
            return
        asking = self._leave is not None
        self._leave = leave
        if not asking:
            self.app.push_screen(
                ConfirmScreen("Leave the table? The round in play is forfeited and counts "
                              "as a loss.", yes="Forfeit and leave", no="Keep playing"),
                self._leave_answered,
            )

    def _leave_answered(self, forfeit: bool | None) -> None:
        leave, self._leave = self._leave, None
        if not forfeit or leave is None:
            return
        if self.table.in_round:
            self._forfeit()
        leave()

    def action_deal(self) -> None:
        if self.table.in_round:
            self.app.push_screen(
                ConfirmScreen("Deal now? The round in play is forfeited and counts as a loss.",
                              yes="Forfeit", no="Keep playing"),
                self._forfeit_answered,
            )
            return
        self._deal()

    def _forfeit_answered(self, forfeit: bool | None) -> None:
        if not forfeit or not self.table.in_round:
            return
        self._forfeit()
        # A forfeit can leave nobody able to cover a bet: then the prompt says
        # what helps instead of dealing (issue 9, item 5).
        if self.table.can_deal:
            self._deal()

    def _forfeit(self) -> None:
        """The round in play is lost as it stands: recorded at once, then shown."""
        records = self.table.forfeit()
        self._settled(records)
        self.player.play(records)

    def _deal(self) -> None:
        self.note = None
        self.player.flush()  # the last round's view takes its last records first
        records = self.table.deal()
        self.view = RoundView()
        self._after_engine(records)

    def _move(self, action: Action) -> None:
        table = self.table
        seat = table.seats[table.seat_to_act]  # type: ignore[index]
        advice = table.advice()
        records = table.act(action)
        self.note = None
        if self.setup_config.trainer and advice is not None and action is not advice.action:
            self.note = Text.assemble(
                ("Trainer: ", "bold yellow"),
                f"{seat.name}, basic strategy would {advice.action.value} "
                f"({advice.situation}).",
            )
        self._after_engine(records)

    def action_hit(self) -> None:
        self._move(Action.HIT)

    def action_stand(self) -> None:
        self._move(Action.STAND)

    def action_double(self) -> None:
        self._move(Action.DOUBLE)

    def action_split(self) -> None:
        self._move(Action.SPLIT)

    def action_surrender(self) -> None:
        self._move(Action.SURRENDER)

    def action_insure(self) -> None:
        self._move(Action.INSURE)

    def action_no_insurance(self) -> None:
        self._move(Action.DECLINE_INSURANCE)

    def _betting(self) -> None:
        """Bets for the next round are being placed: the felt is cleared of the last
        round, so every seat shows the bet the next deal will use (issue 9, item 20)."""
        self.view = None
        self._sync()

    def action_bet_up(self) -> None:
        self.table.change_bet(self.selected, 1)
        self._betting()

    def action_bet_down(self) -> None:
        self.table.change_bet(self.selected, -1)
        self._betting()

    def action_select_seat(self, step: int) -> None:
        humans = [i for i, s in enumerate(self.table.seats) if not s.is_bot]
        position = humans.index(self.selected) if self.selected in humans else 0
        self.selected = humans[(position + step) % len(humans)]
        self._betting()

    def action_rebuy(self) -> None:
        self.table.rebuy(self.selected)
        self.note = Text(f"{self.table.seats[self.selected].name} buys back in.")
        self._betting()

    def action_hint(self) -> None:
        advice = self.table.advice()
        if advice is None:
            return
        self.note = Text.assemble(
            ("Hint: ", "bold cyan"), (advice.action.value.capitalize(), "bold"),
            f" ({advice.situation}): {advice.reason}",
        )
        self._sync()

    def action_setup(self) -> None:
        from cardtui.ui.screens.blackjack_setup import BlackjackSetupScreen

        self.app.push_screen(BlackjackSetupScreen(), self._setup_closed)

    async def _setup_closed(self, saved: bool | None) -> None:
        if not saved or self.table.in_round:
            return
        self.setup_config = self._load_setup()
        self.table = self._sit_down(new_table=True)  # a saved setup seats everyone afresh
        self.view = None
        self.note = Text("New table: " + self.table.rules.describe())
        self.query_one("#rules-line", Static).update(self.table.rules.describe())
        await self._build_seats()
        self._sync()

    # -- records -> store, counters and animation -----------------------------------

    def _after_engine(self, records: list[Record]) -> None:
        self._settled(records)
        self.player.play(records)

    def _settled(self, records: list[Record]) -> None:
        """Record a settled round in the store at once (before its reveal is shown)."""
        settlement = next((r for r in records if isinstance(r, RoundSettled)), None)
        if settlement is None:
            return
        results = []
        for seat_result in settlement.seats:
            seat = self.table.seats[seat_result.seat]
            counted = self.setup_config.trainer and not seat.is_bot
            results.append(SeatResult(
                player=seat.name, bet=seat_result.bet, net=seat_result.net,
                outcome=Outcome(seat_result.outcome.value), blackjack=seat_result.blackjack,
                bust=seat_result.bust, doubled=seat_result.doubled, split=seat_result.split,
                surrendered=seat_result.surrendered, insured=seat_result.insured,
                decisions=seat.round_decisions if counted else 0,
                mistakes=seat.round_mistakes if counted else 0,
            ))
        self.app.store.record_round(  # type: ignore[attr-defined]
            Game.BLACKJACK, results, session_id=self.app.session_id,  # type: ignore[attr-defined]
        )

    def _apply(self, record: Record) -> None:
        """Show one record; the session counters move only when the results are shown."""
        assert self.view is not None
        self.view.apply(record)
        if isinstance(record, RoundSettled):
            for seat_result in record.seats:
                if not self.table.seats[seat_result.seat].is_bot:
                    self.tally.count(seat_result.outcome, seat_result.net)

    def _pause_for(self, record: Record) -> float:
        """How long the reveal lingers after ``record``, at the chosen animation speed."""
        return self.app.settings.delay(self._step_pause(record))  # type: ignore[attr-defined, no-any-return]

    def _step_pause(self, record: Record) -> float:
        if isinstance(record, HoleCardRevealed | Shuffled):
            return DEALER_PAUSE
        if isinstance(record, DealerCard):
            return DEAL_PAUSE if self.view is not None and len(self.view.dealer) <= 2 else (
                DEALER_PAUSE
            )
        if isinstance(record, PlayerCard):
            return DEAL_PAUSE
        return 0.0
