"""Bet-spread practice at the table (issue 31): with the count panel hidden, the trainer says
after each bet whether it matched the spread set for the true count, and counts the bets off it."""

from __future__ import annotations

import random

from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatSetup
from cardtui.clock import FakeClock
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.tables.session import Event
from cardtui.ui.blackjack.presenter import TablePresenter
from cardtui.ui.sitting import Tally
from tests.ui.test_blackjack_presenter import Instant


def _present(setup: TableSetup, *, count_shown: bool = False) -> tuple[
        BlackjackLocalSession, TablePresenter]:
    session = BlackjackLocalSession.sit_down(setup, random.Random(7))
    reveal = Instant()
    presenter = TablePresenter(session, tally=Tally(), reveal=reveal, record=lambda _: None,
                               clock=FakeClock(), count_shown=lambda: count_shown)
    reveal.presenter = presenter

    def listen(event: Event) -> None:
        presenter.on_event(event)

    presenter.join(listen)
    return session, presenter


def test_each_bet_is_held_to_the_spread_at_the_true_count() -> None:
    setup = TableSetup(Rules(decks=1), (SeatSetup("Ann"),), trainer=True, bet_spread=8)
    session, presenter = _present(setup)
    session.table.shoe.stack(["2c", "4d", "3h", "5s", "6c", "Kd"])
    presenter.deal()  # a fresh deck: true count 0, one unit (the table minimum, 10)
    assert presenter.note is not None
    assert presenter.note.plain == ("Trainer: The spread says 1 unit at 0 (10 chips); you bet "
                                    "10: that matches. (0/1 bets off)")
    presenter.move(Action.STAND)  # the dealer draws the 6 and busts on the king
    # Seen: 2 4 3 5 6 K, +4 with 46 cards left: a true count of +4.5, read as +4.
    presenter.deal()
    assert presenter.note is not None
    assert presenter.note.plain == ("Trainer: The spread says 6 units at +4 (60 chips); you bet "
                                    "10: off the spread. (1/2 bets off)")


def test_no_spread_is_judged_while_the_count_panel_shows_or_none_is_set() -> None:
    shown = TableSetup(Rules(decks=1), (SeatSetup("Ann"),), trainer=True, bet_spread=8)
    _, presenter = _present(shown, count_shown=True)
    presenter.deal()
    assert presenter.bets_judged == 0
    _, plain = _present(TableSetup(Rules(decks=1), (SeatSetup("Ann"),), trainer=True))
    plain.deal()
    assert plain.bets_judged == 0
    assert TableSetup.from_json(shown.to_json(), default_name="x").bet_spread == 8
