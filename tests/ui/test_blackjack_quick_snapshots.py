"""Snapshots of issue 26's blackjack table items at 80x24 and 120x40: the bet entry with a
refused amount, a long note that leaves the prompt whole, the seat lit for insurance, and the
betting buttons after a round (presets, Deal d/⏎)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text

from tests.ui.test_blackjack_snapshots import SIZES, play, size_ids, table_app

#: A hint as long as the count panel's index plays with their reasons get.
LONG_NOTE = ("Hint: Stand (hard 16 against a 10): with the true count at 0 or more the "
             "dealer's ten busts often enough that standing loses less than hitting, "
             "which busts 16 with any card above a five; at a negative count hit; "
             "surrender if the table offers it.  c: chart")


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_bet_entry_refuses_an_amount(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(table_app(make_app), run_before=play([], ["7", "enter"]),
                        terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_betting_buttons_after_a_round(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    cards = ["Th", "9c", "6d", "7s", "Ks"]
    assert snap_compare(table_app(make_app), run_before=play(cards, ["d", "s", "asterisk"]),
                        terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_a_long_note_leaves_the_prompt_whole(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Any) -> None:
        await play(["Th", "Tc", "6d", "7s"], ["d"])(pilot)
        screen = pilot.app.screen
        screen.presenter.note = Text(LONG_NOTE)
        screen._sync()
        await pilot.pause()

    assert snap_compare(table_app(make_app), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_the_seat_deciding_even_money_is_lit(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    setup = {"seats": [{"name": "Ann", "kind": "human", "bankroll": 1000},
                       {"name": "Bob", "kind": "human", "bankroll": 1000}]}
    # Ann declines insurance; Bob, with a blackjack, is asked about even money.
    cards = ["Th", "Ah", "Ac", "8d", "Kh", "6s"]
    assert snap_compare(table_app(make_app, setup), run_before=play(cards, ["d", "n"]),
                        terminal_size=size)


def test_split_hands_in_a_light_theme(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    app.settings.theme = "textual-light"
    cards = ["8h", "6c", "8d", "Ts", "8s", "8c", "3c", "Td", "2h"]
    assert snap_compare(app, run_before=play(cards, ["d", "p", "p", "p", "x"]),
                        terminal_size=(80, 24))


def test_bet_entry_in_a_light_theme(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = table_app(make_app)
    app.settings.theme = "textual-light"
    assert snap_compare(app, run_before=play([], ["9", "9", "9", "enter"]),
                        terminal_size=(120, 40))
