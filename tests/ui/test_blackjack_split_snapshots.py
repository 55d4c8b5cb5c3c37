"""Snapshots of a split into three and four hands (issue 26): each hand drawn as a hand with
its label (Hand 1, Hand 2, ...; the one to act marked), at 80x24 and 120x40, and in ascii."""

from __future__ import annotations

import pytest

from tests.ui.test_blackjack_snapshots import SIZES, play, size_ids, table_app

#: 8 8 against a 6: resplit to three hands; the first doubles to 21, the second (15) acts.
THREE_HANDS = (["8h", "6c", "8d", "Ts", "8s", "3c", "Td", "7s"], ["d", "p", "p", "x"])
#: Resplit to four hands; the first doubles to 21, the second (10) acts.
FOUR_HANDS = (["8h", "6c", "8d", "Ts", "8s", "8c", "3c", "Td", "2h"], ["d", "p", "p", "p", "x"])


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_three_split_hands(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(table_app(make_app), run_before=play(*THREE_HANDS), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_four_split_hands(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(table_app(make_app), run_before=play(*FOUR_HANDS), terminal_size=size)


def test_four_split_hands_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(table_app(make_app, ascii=True), run_before=play(*FOUR_HANDS),
                        terminal_size=(80, 24))


def test_four_split_hands_beside_two_more_seats(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    setup = {"seats": [{"name": "Ann", "kind": "human", "bankroll": 1000},
                       {"name": "Robo", "kind": "bot", "bankroll": 1000},
                       {"name": "Cy", "kind": "human", "bankroll": 1000}]}
    # Ann's 8 8 resplit to four; Robo and Cy hold 19 and 20.
    cards = ["8h", "Tc", "Kc", "6c", "8d", "9c", "Qd", "Ts", "8s", "8c", "3c", "Td", "2h"]
    assert snap_compare(table_app(make_app, setup), run_before=play(cards, FOUR_HANDS[1]),
                        terminal_size=(80, 24))
