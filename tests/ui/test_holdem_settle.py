"""Every finished hand is settled, whatever finished it: here the blinds alone."""

from __future__ import annotations

from textual.widgets import Static

from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from tests.support.holdem_demo import open_table, settle

HEADS_UP = (SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK))


async def test_a_hand_decided_by_the_blinds_alone_is_settled(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=HEADS_UP, stack=100, mode=Mode.TOURNAMENT)
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann is the button and posts the small blind of 5 with her last 5 chips;
        # the big blind covers her: nobody has a decision, the deal ends the hand.
        screen = await open_table(pilot, config, button=0, holes=["AsAh", "7c2d"],
                                  board="Kd 9s 4h 3c 8d", stacks={0: 5}, moves=[])
        await pilot.press("d")
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over
        # Stored, in the history, and the table knows Ann is out.
        # A tournament hand is kept (its history) but is not money: no cash totals.
        assert app.store.totals(Game.HOLDEM) == []
        assert len(app.store.hand_histories()) == 1
        assert app.store.hand_histories(tournaments=False) == []
        assert [played.hand for played in screen.history] == [hand]
        assert screen.table.is_finished and screen.table.seats[0] is None
        assert [(r.player, r.place) for r in app.store.tournaments()] == [("Ann", 2)]
        assert "Bot 1 wins the tournament!" in str(screen.query_one("#prompt", Static).render())
        # The next deal starts a new tournament instead of "the game is over".
        await pilot.press("d")
        await settle(pilot)
        assert screen.table.hand_number == 1 and screen.hand is not hand


async def test_a_bot_all_in_on_the_small_blind_is_settled_too(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=HEADS_UP, stack=100)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, config, button=1, holes=["AsAh", "7c2d"],
                                  board="Kd 9s 4h 3c 8d", stacks={1: 3}, moves=[Action.fold()])
        await pilot.press("d")
        await settle(pilot)
        assert screen.hand is not None and screen.hand.is_over
        assert len(screen.history) == 1
        totals = {t.player: t for t in app.store.totals(Game.HOLDEM)}["Ann"]
        assert (totals.rounds, totals.wins, totals.net) == (1, 1, 3)
        assert screen.table.seats[0] is not None and screen.table.seats[0].stack == 103
