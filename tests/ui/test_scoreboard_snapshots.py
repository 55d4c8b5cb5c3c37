"""SVG snapshots of the scoreboard's statistics and charts tabs (update: --snapshot-update)."""

from collections.abc import Callable

import pytest

from cardtui.ui.app import CardtuiApp
from tests.ui.scoreboard_data import record_play

SIZES = [(80, 24), (120, 40)]


def _at_tab(app: CardtuiApp, tab: str):  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        record_play(app.store, app.session_id)
        await pilot.press("s", tab)
        await app.workers.wait_for_complete()  # the hands are read off the event loop
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_holdem_stats_tab(snap_compare, make_app: Callable[..., CardtuiApp], size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    assert snap_compare(app, run_before=_at_tab(app, "2"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_charts_tab(snap_compare, make_app: Callable[..., CardtuiApp], size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    assert snap_compare(app, run_before=_at_tab(app, "3"), terminal_size=size)


def test_charts_tab_in_ascii(snap_compare, make_app: Callable[..., CardtuiApp]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(ascii=True)
    assert snap_compare(app, run_before=_at_tab(app, "3"), terminal_size=(80, 24))
