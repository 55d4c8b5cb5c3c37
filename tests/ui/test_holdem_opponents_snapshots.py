"""SVG snapshots of the opponents and the hand lists (issue 26): the hand history's
your-cards and net columns, the HUD line, the replay list; at 80x24 and 120x40."""

from __future__ import annotations

import pytest

from tests.support import holdem_demo

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


async def _history_after_a_showdown(pilot) -> None:  # type: ignore[no-untyped-def]
    await holdem_demo.showdown(pilot)
    await pilot.press("y")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_history_shows_your_cards_and_net(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_history_after_a_showdown, terminal_size=size)
