"""A late registrant's seat: drawn among the free seats but never between the button and
the small blind (Poker TDA), unless every free seat is there."""

from __future__ import annotations

from itertools import combinations

from cardtui.holdem.button import Positions
from cardtui.room.sit_and_go_rules import late_seats


def between(seat: int, positions: Positions, seats: int) -> bool:
    """Clockwise after the button and before the small blind."""
    step = (seat - positions.button) % seats
    return 0 < step < (positions.small_blind - positions.button) % seats


def test_never_between_the_button_and_the_small_blind_while_another_seat_is_free() -> None:
    seats = 6
    for button in range(seats):
        for gap in range(seats - 1):  # empty seats between them (a dead small blind too)
            small = (button + gap) % seats
            big = (small + 1) % seats
            positions = Positions(button=button, small_blind=small, big_blind=big)
            taken = {button, big} | ({small} if gap else set())
            open_ = [s for s in range(seats) if s not in taken]
            for size in range(1, len(open_) + 1):
                for free in combinations(open_, size):
                    allowed = late_seats(list(free), positions, seats)
                    assert allowed and set(allowed) <= set(free)
                    fine = [s for s in free if not between(s, positions, seats)]
                    assert allowed == (fine or list(free)), (positions, free)


def test_before_the_first_hand_every_free_seat() -> None:
    assert late_seats([0, 3, 5], None, 6) == [0, 3, 5]
