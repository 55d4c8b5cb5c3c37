"""The hand history (y) opens a hand played at the table in the replayer."""

from __future__ import annotations

from cardtui.holdem.actions import HoleCardsDealt
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.replay import ReplayScreen
from tests.support.holdem_demo import open_table, settle

LINE_UP = (SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK),
           SeatConfig("Bot 2", Personality.ROCK))


async def test_enter_on_a_played_hand_replays_it_as_it_was_shown(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # Ann is on the button and acts first; the bots check and call it down.
        screen = await open_table(pilot, HoldemConfig(seats=LINE_UP), button=0,
                                  holes=["7h7d", "9c8c", "AsKs"], board="Jc3d5c 4h Qs",
                                  moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("c")  # Ann calls, then checks every street
        await settle(pilot)
        while screen.turn is not None:
            await pilot.press("c")
            await settle(pilot)
        played = screen.history[-1]
        stacks = [s.stack for s in played.view.seats]
        await pilot.press("y")
        assert isinstance(app.screen, HoldemHistoryScreen)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.replay.title == f"Hand {played.number}"
        dealt = {r.seat: r.cards for r in replay.records if isinstance(r, HoleCardsDealt)}
        # Ann's own cards from the deal; the bots' stay face down until they were shown.
        assert None not in dealt[0] and dealt[1] == (None, None) == dealt[2]
        for _ in range(replay.replay.step_count):
            await pilot.press("right")
        await pilot.pause()
        assert [s.stack for s in replay.view.seats] == stacks
        # Nothing replayed reaches the store or the history again.
        assert len(screen.history) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HoldemHistoryScreen)
