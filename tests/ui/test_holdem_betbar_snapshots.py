"""SVG snapshots of the hold'em bet bar (update with --snapshot-update, then look at them).

The bar is open after a too-small amount (its message line shown), docked in the
buttons' row: your cards, the board and the pot stay in sight.
"""

from __future__ import annotations

import pytest

from tests.support import holdem_demo

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_bet_bar_with_an_error(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.raise_error, terminal_size=size)


def test_bet_bar_in_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(ascii=True), run_before=holdem_demo.raise_error)
