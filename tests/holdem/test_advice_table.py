"""The advice panel at the hold'em table: o toggles it; only the player to act here is told."""

from __future__ import annotations

from cardtui.cards import parse_cards
from cardtui.holdem.bots import Personality
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.widgets.holdem_advice import AdvicePanel
from tests.support import holdem_demo
from tests.support.holdem_demo import settle


async def test_o_shows_advice_on_the_players_turn_and_hides_it_again(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        await holdem_demo.preflop(pilot)  # the player's turn in the small blind
        screen = app.screen
        assert isinstance(screen, HoldemScreen) and screen.turn is not None
        panel = screen.query_one(AdvicePanel)
        assert not panel.on and not panel.display  # off by default
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.display and panel.advice is not None and panel.spot is not None
        seat = screen.turn.seat
        assert panel.spot.hole == tuple(screen.view.seats[seat].hole)
        # The bots still in, each with its personality's range.
        assert all(isinstance(p, Personality) for p in panel.spot.opponents)
        assert "Equity" in str(panel.render()) and "Pot odds" in str(panel.render())
        await pilot.press("f")
        await settle(pilot)
        assert panel.spot is None and panel.advice is None
        await pilot.press("o")
        await pilot.pause()
        assert not panel.display


async def test_hot_seat_advice_waits_behind_the_pass_screen(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        await holdem_demo.pass_to(pilot)  # the table is covered for Ann
        table = next(s for s in app.screen_stack if isinstance(s, HoldemScreen))
        panel = table.query_one(AdvicePanel)
        panel.on = True  # left on by the player before
        await pilot.pause()
        assert table.turn is not None and panel.spot is None  # nobody has the keyboard
        await pilot.press("enter")  # Ann takes it
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.spot is not None and table.turn.seat == 0  # Ann on the button
        assert panel.spot.hole == tuple(parse_cards("8d7d"))
        assert panel.advice is not None
