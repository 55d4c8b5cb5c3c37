"""At the tournament table: leaving and coming back resumes it, the results come up when it
ends, and the info line says where it stands (none at a cash table)."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.results import TournamentResultsScreen
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.widgets.tournament_info import TournamentInfoBar
from tests.support.holdem_demo import open_table, settle

HEADS_UP = (SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK))
FOUR = (SeatConfig("Ann"), SeatConfig("Rocky", Personality.ROCK),
        SeatConfig("Max", Personality.MANIAC), SeatConfig("Dot", Personality.SHARK))


def _stacks(screen: HoldemScreen) -> list[int | None]:
    return [s.stack if s is not None else None for s in screen.table.seats]


async def test_leaving_the_tournament_table_and_coming_back_resumes_it(
        make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app()
    config = HoldemConfig(seats=FOUR, mode=Mode.TOURNAMENT, hands_per_level=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, config, button=0, moves=[])
        for _ in range(3):
            await pilot.press("d")
            await settle(pilot)
            while (turn := screen.turn) is not None:
                await pilot.press("c" if turn.legal.can_check else "f")  # type: ignore[attr-defined]
                await settle(pilot)
        assert screen.table.hand_number == 3 and not screen.in_hand
        stacks, positions = _stacks(screen), screen.table.positions
        await pilot.press("escape")  # between hands: straight back to the menu
        await pilot.pause()
        assert screen not in app.screen_stack

        again = HoldemScreen()
        await app.push_screen(again)
        await settle(pilot)
        assert again.table is not screen.table
        assert (_stacks(again), again.table.positions, again.table.hand_number) == (
            stacks, positions, 3)
        bar = again.query_one(TournamentInfoBar)
        assert bar.display and "Level 2 " in str(bar.render())
        prompt = str(again.query_one("#prompt", Static).render())
        assert "Tournament resumed: level 2" in prompt
    assert app.store.tournaments() == []  # not over: no place yet, and none twice


async def test_the_results_come_up_when_the_player_is_out(
        make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app()
    app.settings.confirm_all_in = False
    config = HoldemConfig(seats=HEADS_UP, stack=2_000, small_blind=10, big_blind=20,
                          mode=Mode.TOURNAMENT)
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann's 7-2 against the shark's aces, all in: out in second place.
        screen = await open_table(pilot, config, button=0, holes=["AsAh", "7c2d"],
                                  board="Ad 8h 3s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        for _ in range(50):  # until the results are up (a bound: nothing is timed)
            if isinstance(app.screen, TournamentResultsScreen):
                break
            await pilot.pause()
        results = app.screen
        assert isinstance(results, TournamentResultsScreen)
        title = str(results.query_one("#results-title", Static).render())
        assert title == "You finished 2nd of 2."
        assert [(r.place, r.name, r.share) for r in results.results.standings] == [
            (1, "Bot 1", 100.0), (2, "Ann", 0.0)]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert [(r.player, r.place) for r in app.store.tournaments()] == [("Ann", 2)]
        assert app.store.saved_table("holdem-tournament:" + app.settings.player_name) is None


async def test_a_cash_table_has_no_tournament_line(make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HoldemConfig(seats=FOUR), button=0, moves=[])
        await pilot.press("d")
        await settle(pilot)
        assert not screen.query_one(TournamentInfoBar).display
