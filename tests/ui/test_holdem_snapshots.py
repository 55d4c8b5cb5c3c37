"""SVG snapshots of the hold'em table (update with --snapshot-update, then look at them).

Every scene stacks the deck and scripts the bots (``holdem_demo``), so the
table is the same on every machine.
"""

from __future__ import annotations

import pytest

from tests.support import holdem_demo

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_preflop(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.preflop, terminal_size=size)


def test_flop_with_a_side_pot(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.flop_side_pot)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_showdown_with_the_winning_cards_highlighted(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.showdown, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_ten_seats(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.ten_seats, terminal_size=size)


def test_ten_seats_in_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(ascii=True), run_before=holdem_demo.ten_seats)


def test_pass_to_screen(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.pass_to)


def test_setup_screen(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_open_setup, terminal_size=(80, 40))


async def _open_setup(pilot) -> None:  # type: ignore[no-untyped-def]
    from cardtui.ui.holdem.setup import HoldemSetupScreen

    await pilot.app.push_screen(HoldemSetupScreen())
    await pilot.pause()
