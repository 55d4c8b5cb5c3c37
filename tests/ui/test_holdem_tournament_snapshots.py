"""SVG snapshots of a tournament table: its info line, and the results when it is over.

The table's deck and bots are scripted (``holdem_demo``); the results are
given rows, so every machine draws the same screens.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.holdem.tournament import Results, Standing, payout_shares
from cardtui.ui.holdem.results import TournamentResultsScreen
from tests.support.holdem_demo import open_table, settle

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]

_BOTS = ("Rocky", "Max", "Sharky", "Dot", "Vera")
TOURNAMENT = HoldemConfig(
    seats=(SeatConfig("Player"), *(SeatConfig(name, personality) for name, personality in zip(
        _BOTS, (Personality.SHARK, Personality.ROCK, Personality.MANIAC, Personality.SHARK,
                Personality.ROCK), strict=True))),
    mode=Mode.TOURNAMENT, hands_per_level=5)  # fmt: skip


async def tournament_preflop(pilot: Pilot[int]) -> None:
    """A six-seat tournament's first hand: two bots fold to the player."""
    await open_table(pilot, TOURNAMENT, button=5,
                     holes=["AhKh", "9c9d", "QsJs", "8d7d", "5c2h", "Tc3s"],
                     moves=[Action.fold(), Action.fold()])
    await pilot.press("d")
    await settle(pilot)


def _results() -> Results:
    names = ["Sharky", "Player", "Dot", "Rocky", "Vera", "Max"]
    shares = payout_shares(6)
    rows = tuple(Standing(place, name, shares[place - 1] if place <= len(shares) else 0.0,
                          name == "Player")
                 for place, name in enumerate(names, start=1))
    return Results(rows, entrants=6, hands=57, played_out=12)


async def results_over_the_table(pilot: Pilot[int]) -> None:
    await tournament_preflop(pilot)
    app = pilot.app
    await app.push_screen(TournamentResultsScreen(_results(),
                                                  ascii=app.settings.ascii_cards))  # type: ignore[attr-defined]
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_a_tournament_table_shows_its_level_and_players_left(snap_compare, make_app,  # type: ignore[no-untyped-def]
                                                             size) -> None:
    assert snap_compare(make_app(), run_before=tournament_preflop, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_the_results_of_a_tournament(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=results_over_the_table, terminal_size=size)


def test_the_results_in_ascii_on_a_light_theme(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def light(pilot: Pilot[int]) -> None:
        pilot.app.theme = "textual-light"
        await results_over_the_table(pilot)

    assert snap_compare(make_app(ascii=True), run_before=light, terminal_size=(80, 24))
