"""The bet bar: its arithmetic without Textual, and on the table that it covers nothing.

Issue 26: the raise box (a dialog in the middle of the screen) hid your own
cards, the board and the pot at 80x24. The bar takes the buttons' row.
"""

from __future__ import annotations

import pytest
from textual.geometry import Region

from cardtui.holdem.legal import LegalActions
from cardtui.ui.holdem.bet_bar import BetBar
from cardtui.ui.holdem.bet_sizing import BetSizer
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.holdem_table import HoldemBoard
from tests.support import holdem_demo

#: Facing the blinds 5/10 with 10 to call, 1,000 behind: raise to 20 up to 1,000.
FACING = LegalActions(0, True, False, 10, True, 20, 1000, False, True)
#: The street's first bet, 400 behind, big blind 100: a short range.
FIRST = LegalActions(0, False, True, 0, True, 100, 400, True, True)


def sizer(legal: LegalActions = FACING, **kwargs: int) -> BetSizer:
    options = {"pot": 15, "current_bet": 10, "big_blind": 10} | kwargs
    return BetSizer(legal, **options)


def test_it_starts_at_the_minimum_and_steps_by_a_big_blind_inside_the_range() -> None:
    bet = sizer()
    assert (bet.text, bet.verb) == ("20", "Raise to")
    assert bet.step(-1) == 20  # never below the minimum
    assert bet.step(3) == 50
    assert bet.jump(1) == 150  # ten big blinds
    assert bet.jump(-1) == 50
    assert bet.preset("all_in") == 1000 and bet.step(1) == 1000 and bet.share() == 1.0
    short = sizer(FIRST, pot=200, current_bet=0, big_blind=100)
    assert short.verb == "Bet" and short.big_step == 100  # a fifth of 300, in whole blinds


def test_the_presets_are_min_half_three_quarters_pot_and_all_in() -> None:
    bet = sizer()
    assert [(key, amount) for key, _name, _label, amount in bet.presets()] == [
        ("m", 20), ("h", 22), ("t", 29), ("p", 35), ("a", 1000)]
    assert bet.preset("pot") == 35 and bet.preset("min") == 20


def test_typed_amounts_and_the_messages_for_amounts_out_of_range() -> None:
    bet = sizer()
    for digit in "15":
        bet.type(digit)
    assert bet.confirm() is None and bet.error == "The minimum raise is to 20."
    bet.type("2")  # after a message the next digit starts a new amount
    for digit in "000":
        bet.type(digit)
    assert bet.confirm() is None
    assert bet.error == "The maximum raise is to 1,000: all your chips."
    bet.backspace()
    assert bet.text == "" and bet.error == ""
    assert bet.confirm() is None and bet.error == "Type an amount from 20 to 1,000."
    for digit in "450":
        bet.type(digit)
    assert bet.confirm() == 450
    first = sizer(FIRST, pot=200, current_bet=0, big_blind=100)
    first.type("5")
    assert first.confirm() is None and first.error == "The minimum bet is 100."


def inside(inner: Region, outer: Region) -> bool:
    return outer.contains_region(inner)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_bar_covers_none_of_your_cards_the_board_or_the_pot(
        make_app, size: tuple[int, int], ascii: bool) -> None:  # type: ignore[no-untyped-def]
    app = make_app(ascii=ascii)
    async with app.run_test(size=size) as pilot:
        await holdem_demo.raise_error(pilot)  # the bar open, with its message line
        screen = app.screen
        bar = screen.query_one(BetBar)
        assert bar.is_open and bar.sizer is not None and bar.sizer.error
        assert not screen.query_one(ActionBar).display  # the bar took the buttons' row
        whole = Region(0, 0, *size)
        mine = screen.query_one("#seat-0").region
        board = screen.query_one("#board", HoldemBoard).region
        covered = bar.region
        assert covered.height == 3 and inside(covered, whole)
        for region in (mine, board):  # your cards; the board, the pot and the bet to call
            assert inside(region, whole) and not region.overlaps(covered)
        # Nothing is drawn over the table: no dialog on top of it.
        assert app.screen_stack[-1] is screen


async def test_the_bar_closes_when_the_turn_ends_elsewhere(make_app) -> None:  # type: ignore[no-untyped-def]
    # A shared table: the clock ran out and the room folded for Ann while she sized a bet.
    from cardtui.holdem.actions import Action, Folded
    from cardtui.tables.session import SeatsChanged, Seen, ToAct
    from cardtui.ui.holdem.screen import HoldemScreen
    from tests.support.scripted_table import ScriptedSession
    from tests.ui.test_holdem_seam import BEGINS, DEAL, LEGAL, SEATS

    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    session.in_hand = True
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("r", "5", "0")
        bar = screen.query_one(BetBar)
        assert bar.is_open and bar.sizer is not None and bar.sizer.text == "50"
        session.send(Seen((Folded(0),)))
        await pilot.pause()
        assert not bar.is_open and screen.query_one(ActionBar).display
        assert not bar.has_focus
        await pilot.press("enter")  # the bar's Enter is gone with it: no raise is sent
        assert session.acted == []
        session.send(ToAct(0, LEGAL))  # (a later turn) the bar opens again and bets
        await pilot.pause()
        await pilot.press("r", "4", "0", "enter")
        assert session.acted == [(0, Action.raise_to(40))]
