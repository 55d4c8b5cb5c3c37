"""``h`` ``h`` on the menu: one hold'em seat, and the ledger agrees with it.

Seen in play: two quick ``h`` opened two hold'em screens on one ledger
place; the second sit-down cashed out the first buy-in, then the first
screen's unmount cashed out the new one: the seat held 1,000 while the
ledger said 0 at the table and the menu showed 1,000 off it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtui.games import Game
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.store import Outcome, SeatResult, Store
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.screens.menu import MenuScreen

HOLDEM = Game.HOLDEM


def test_a_sitting_whose_place_was_taken_cashes_out_nothing() -> None:
    store = Store(":memory:")
    first = TableBankroll(store, HOLDEM, "Ann")
    second = TableBankroll(store, HOLDEM, "Ann")
    first.sit_down(wanted=1_000, low=10)
    second.sit_down(wanted=1_000, low=10)  # the first one's chips came back, then went again
    assert not first.seated and second.seated
    left = first.leave()  # the first screen's unmount, after the second sat down
    assert (left.balance, left.at_table) == (0, 1_000)  # still at the table the second plays
    store.record_round(HOLDEM, [SeatResult("Ann", 50, 50, Outcome.WIN)],
                       bankroll_player="Ann")
    left = second.leave()
    assert (left.balance, left.at_table) == (1_050, 0)
    assert store.close() == []


def test_a_stale_screen_closing_leaves_the_newer_one_seated_and_listening() -> None:
    """As blackjack's detach: the leaving screen's listener is ignored once another attached."""
    store = Store(":memory:")
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK)))
    session = HoldemLocalSession(setup, random.Random(1), button=0)
    session.keep_chips(TableBankroll(store, HOLDEM, "Ann"))
    old: list[Event] = []
    new: list[Event] = []
    session.attach(old.append)
    session.attach(new.append)  # a second screen at the same table
    session.close(old.append)  # the first screen's unmount
    assert session.listens(new.append)
    assert session.chips is not None and session.chips.seated
    assert store.bankroll(HOLDEM).at_table == 1_000
    session.close(new.append)
    assert store.bankroll(HOLDEM).at_table == 0
    assert store.close() == []


async def test_h_h_on_the_menu_opens_one_table_and_the_ledger_holds_its_stack(
        make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        # Two h read before the first one's screen change has run (what the menu's
        # binding does for each).
        app.action_open("holdem")
        app.action_open("holdem")
        for _ in range(200):  # until the table is built (a bound, nothing is timed)
            await pilot.pause(0.02)
            if isinstance(app.screen, HoldemScreen) and app.screen.is_mounted:
                break
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, HoldemScreen)]
        assert len(tables) == 1
        screen = tables[0]
        seat = screen.table.seats[0]
        assert seat is not None
        kept = app.store.bankroll(HOLDEM)
        assert (kept.balance, kept.at_table) == (1_000 - seat.stack, seat.stack)
        await pilot.press("escape")
        await pilot.pause()
        kept = app.store.bankroll(HOLDEM)
        assert (kept.balance, kept.at_table) == (1_000, 0)
