"""SVG snapshots of the blackjack table (update with --snapshot-update, then look at them).

Each scene stacks the shoe so the cards are the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardtui.ui.app import CardtuiApp

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


def table_app(make_app: Callable[..., CardtuiApp], setup: dict[str, Any] | None = None,
              **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = setup or {}
    return app


def play(cards: list[str], keys: list[str]):  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.screen.table.shoe.stack(cards)
        for key in keys:
            await pilot.press(key)
        await pilot.app.workers.wait_for_complete()  # the count panel's odds (a thread)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_betting(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(table_app(make_app), run_before=play([], ["plus"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_players_turn_hole_card_hidden(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    assert snap_compare(app, run_before=play(["Ah", "9c", "6d", "7s"], ["d"]),
                        terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_after_the_reveal_with_results(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    cards = ["Th", "9c", "6d", "7s", "Ks"]
    assert snap_compare(app, run_before=play(cards, ["d", "s"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_split_hand(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    cards = ["8h", "6c", "8d", "Ts", "3c", "Td", "7s"]
    assert snap_compare(app, run_before=play(cards, ["d", "p", "x"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_three_seats_settled(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    setup = {"seats": [{"name": "Ann", "kind": "human", "bankroll": 500},
                       {"name": "Robo", "kind": "bot", "bankroll": 1000},
                       {"name": "Cy", "kind": "human", "bankroll": 200}]}
    app = table_app(make_app, setup)
    cards = ["Ah", "8h", "Tc", "6c", "Kd", "8d", "6d", "Kc", "2c", "3c", "9s", "Qs"]
    assert snap_compare(app, run_before=play(cards, ["d", "h"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_seven_seats_compact(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    names = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]
    setup = {"seats": [{"name": n, "kind": "bot" if i % 2 else "human", "bankroll": 1000}
                       for i, n in enumerate(names)]}
    app = table_app(make_app, setup)
    assert snap_compare(app, run_before=play([], ["d"]), terminal_size=size)


def test_insurance_prompt_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app, ascii=True)
    assert snap_compare(app, run_before=play(["Th", "Ac", "9d", "Ks"], ["d"]),
                        terminal_size=(80, 24))


def test_setup_screen(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("t")
        await pilot.pause()
        pilot.app.screen.query_one("#name-0").value = ""
        await pilot.pause()

    assert snap_compare(table_app(make_app), run_before=run_before, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_count_panel_at_a_decision(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    assert snap_compare(app, run_before=play(["Th", "6c", "6d", "7s"], ["d", "k"]),
                        terminal_size=size)


def test_count_panel_ace_up_before_the_peek(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    # An ace up: insurance is asked first, the dealer may still hold a blackjack (BJ shown).
    app = table_app(make_app, ascii=True)
    assert snap_compare(app, run_before=play(["9h", "Ac", "7d", "5s"], ["k", "d"]),
                        terminal_size=(80, 24))
