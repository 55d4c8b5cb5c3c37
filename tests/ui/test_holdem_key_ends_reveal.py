"""A key pressed while the table is still showing something skips the rest and does what it says.

Issue 26: "f" pressed as the deal was being pitched only skipped the pitch; the
player had to press it again once their turn showed. Now the key lands once
what was being shown has landed: a move if the turn came, else the advance
action on that key (check/fold on "f").
"""

from __future__ import annotations

from cardtui.holdem.actions import Action, Folded
from cardtui.tables.holdem_local import HoldemLocalSession
from tests.support.holdem_demo import open_table, settle
from tests.ui.test_holdem_pilot import HEADS_UP, THREE


async def test_f_during_the_deal_skips_it_and_folds_when_the_turn_comes(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        # Heads-up the button (Ann) acts first preflop: her turn comes with the deal.
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"], moves=[])
        await pilot.press("d")
        assert screen.animating  # the cards are still being pitched
        await pilot.press("f")
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over and Folded(0) in hand.records


async def test_f_while_a_bot_thinks_hurries_it_and_ticks_check_fold(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Three-handed, Bot 2 (the button) acts first; Ann, the small blind, next.
        screen = await open_table(pilot, THREE, button=2, holes=["7h2d", "AsAh", "KcKd"],
                                  moves=[Action.call()])
        session = screen.session
        assert isinstance(session, HoldemLocalSession)
        pauses = iter([60.0])  # the first bot thinks a minute (cut short), the rest not at all
        session._think = lambda *_: next(pauses, 0.0)  # noqa: SLF001
        await pilot.press("d")
        await pilot.pause()
        assert screen.thinking == 2
        await pilot.press("f")  # not Ann's turn: it hurries the bot, then is hers to play
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and Folded(0) in hand.records
