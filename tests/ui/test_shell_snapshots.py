"""SVG snapshots of the shell screens at 80x24 and 120x40 (update: --snapshot-update)."""

from collections.abc import Callable

import pytest

from cardtui.games import Game
from cardtui.store import Outcome, SeatResult
from cardtui.ui.app import CardtuiApp

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu(snap_compare, make_app: Callable[..., CardtuiApp], size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), press=["o"], terminal_size=size)


def test_settings_with_a_bad_name(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), press=["o", *["backspace"] * 6], terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rules(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), press=["r"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoreboard(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    def record() -> None:
        for net, outcome in ((15, Outcome.WIN), (-10, Outcome.LOSS), (0, Outcome.PUSH)):
            app.store.record_round(
                Game.BLACKJACK,
                [SeatResult("Player", 10, net, outcome, blackjack=net == 15, decisions=3,
                            mistakes=1)],
                session_id=app.session_id,
            )
        app.store.record_round(Game.HOLDEM, [SeatResult("Player", 40, 120, Outcome.WIN,
                                                        pot=160, showdown=True,
                                                        showdown_won=True)],
                               session_id="an-earlier-session")
        app.store.record_tournament("Player", 2, 6, session_id="an-earlier-session")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        record()
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=size)


def test_too_small(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), terminal_size=(70, 20))


def test_menu_in_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    """--ascii: ASCII cards and + - | frames, for terminals without UTF-8."""
    assert snap_compare(make_app(ascii=True), terminal_size=(80, 24))
