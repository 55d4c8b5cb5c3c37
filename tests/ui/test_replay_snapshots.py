"""SVG snapshot of the replayer at a showdown (update with --snapshot-update, then look at it)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from cardtui.holdem.phh_read import read_path
from cardtui.ui.holdem.replay_list import first_screen

PLURIBUS = Path(__file__).parents[1] / "fixtures" / "phh" / "pluribus_6max.phh"


async def at_the_showdown(pilot: Pilot[int]) -> None:
    """The Pluribus-layout hand stepped to its end: both hands shown, the pot pushed."""
    screen = first_screen(read_path(PLURIBUS), PLURIBUS.name)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    for _ in range(30):
        await pilot.press("right")
    await pilot.pause()


def test_the_replayer_at_a_showdown(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=at_the_showdown, terminal_size=(100, 30))
