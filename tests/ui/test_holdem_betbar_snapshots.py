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


async def _ticked_ahead(pilot) -> None:  # type: ignore[no-untyped-def]
    """Bot 2 thinks (a minute, frozen for the picture); Ann has ticked "fold to any bet"."""
    from cardtui.holdem.actions import Action
    from cardtui.tables.holdem_local import HoldemLocalSession
    from cardtui.ui.holdem.advance import Advance
    from tests.ui.test_holdem_pilot import THREE

    screen = await holdem_demo.open_table(pilot, THREE, button=2,
                                          holes=["7h2d", "AsAh", "KcKd"], moves=[Action.call()])
    session = screen.session
    assert isinstance(session, HoldemLocalSession)
    session._think = lambda *_: 600.0  # noqa: SLF001
    await pilot.press("d")
    await pilot.pause()
    # Ticked without a key: a key while a bot thinks also hurries it (as any key does).
    screen.presenter.preselect(Advance.FOLD_ANY)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_advance_actions_while_a_bot_thinks(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_ticked_ahead, terminal_size=size)
