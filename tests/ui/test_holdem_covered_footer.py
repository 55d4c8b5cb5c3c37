"""A player covered by an all-in opponent at a shared table: no advance keys (nothing is
left to decide), so the run-it-twice keys and the palette's fit the footer at 80 columns,
and the prompt line asks the question with its keys."""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.binding import Binding

from cardtui.holdem.actions import BetOrRaised, Called, Folded
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.session import SeatsChanged, SeatState, Seen
from cardtui.ui.holdem.presenter import HoldemPresenter
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.widgets.table_footer import KeyShown, fits
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_holdem_advance import BLINDS
from tests.ui.test_holdem_plans_ahead import Plans
from tests.ui.test_holdem_presenter import fed
from tests.ui.test_holdem_seam import BEGINS

#: Ann (seat 0) covers Cy: 3,000 behind against Cy's 1,000.
SEATS = (SeatState(0, "Ann", 3000), SeatState(1, "Robo", 1000, bot=True),
         SeatState(2, "Cy", 1000))


@dataclass
class Home:
    """The room's side of the home-game keys: the question open, the answers sent."""

    question: str = ""
    question_seconds: int = 0
    offers_straddle: bool = False
    straddling: bool = False
    answers: list[int] = field(default_factory=list)

    def answer(self, value: int) -> None:
        self.answers.append(value)

    def straddle(self, on: bool) -> None:
        self.straddling = on

    def chat(self, text: str) -> None:
        """(The table chats too: its key is on the footer.)"""


def at_the_table() -> tuple[ScriptedSession, HoldemPresenter, Home]:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS.__class__(
        BEGINS.number, SEATS, BEGINS.positions), Seen(BLINDS)], viewer_seats=(0,))
    session.in_hand = True
    home = Home()
    presenter = HoldemPresenter(session, HoldemCapabilities(
        ahead=Plans(), home=home, chat=home))
    session.attach(fed(presenter))  # type: ignore[arg-type]
    return session, presenter, home


def footer(presenter: HoldemPresenter) -> list[KeyShown]:
    """The keys the table's footer shows now, as the screen asks the presenter, and the
    palette's key after them."""
    keys: dict[str, KeyShown] = {}
    for binding in HoldemScreen.BINDINGS:
        assert isinstance(binding, Binding)
        action = binding.action.split("(")[0]
        if not binding.show or binding.action in keys:
            continue
        if action.startswith("app.") or presenter.allows(action, animating=False):
            shown = binding.key.split(",")[0].replace("escape", "esc")
            keys[binding.action] = KeyShown(binding.key, shown, binding.description, action, "")
    return [*keys.values(), KeyShown("ctrl+p", "^p", "palette", "command_palette", "",
                                     palette=True)]


def test_covered_by_an_all_in_nothing_is_ticked_ahead_and_the_footer_fits_80_columns() -> None:
    session, presenter, home = at_the_table()
    assert "pre_call" in presenter.advance_offered()  # before: Cy may still raise
    # Cy moves all in, Robo folds, Ann calls with 2,000 behind: the board runs out.
    session.send(Seen((BetOrRaised(2, 1000, 990, False, True, True), Folded(1),
                       Called(0, 995, False))))
    assert presenter.advance_offered() == {}
    home.question, home.question_seconds = "runs", 8
    keys = footer(presenter)
    assert [k.description for k in keys[:2]] == ["Run twice", "Run once"]
    assert fits(keys, 80), " ".join(f"{k.key_display} {k.description}" for k in keys)
    prompt = presenter.prompt(animating=False).plain
    assert prompt == "All in: run it twice? 2 twice, 1 once (8 s; no answer: once)."
    home.question = "show"
    assert presenter.prompt(animating=False).plain.startswith(
        "You won uncontested: w shows your hand")
    assert fits(footer(presenter), 80)
    home.question = ""  # answered: the sit-out keys come back
    assert "Sit out BB" in [k.description for k in footer(presenter)]


def test_an_all_in_against_two_players_still_leaves_them_a_decision() -> None:
    session, presenter, _ = at_the_table()
    # Cy all in, Robo still to act: Ann owes 995 and may fold or call ahead.
    session.send(Seen((BetOrRaised(2, 1000, 990, False, True, True),)))
    assert "pre_call" in presenter.advance_offered()  # 995 owed: call or fold ahead


def test_the_advance_keys_are_on_their_buttons_and_the_footer_fits_80_columns() -> None:
    # Over SSH at 80x24 the four advance keys beside History, Chat and the sit-out keys
    # ran off the footer ("F Fold to any b", no palette key); their buttons name them.
    _, presenter, _ = at_the_table()
    assert len(presenter.advance_offered()) == 4
    keys = footer(presenter)
    assert {"Sit out", "Sit out BB", "History", "Chat"} <= {k.description for k in keys}
    assert fits(keys, 80), " ".join(f"{k.key_display} {k.description}" for k in keys)
