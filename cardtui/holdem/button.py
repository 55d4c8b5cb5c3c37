"""Where the button and the blinds go, hand after hand: the dead button rule.

Robert's Rules of Poker (section 4, "Button and Blind Use") allows a moving
or a *dead button*, and the Poker TDA Rules (Rule 32) use the dead button in
tournaments; we use it everywhere because under it nobody ever skips the big
blind or posts it twice in a row, whoever busts:

- the big blind moves to the next player still seated after last hand's big
  blind;
- the small blind is last hand's big blind seat: if that player busted, the
  small blind is dead (nobody posts it);
- the button is last hand's small blind seat, even when that seat is empty
  now (a dead button).

Heads-up (two players) the button posts the small blind and acts first before
the flop and last after it (TDA Rule 34-B); the big blind still moves to the
next player, so the two players alternate.

>>> p = first_positions([0, 1, 2, 3], button=0)
>>> p
Positions(button=0, small_blind=1, big_blind=2)
>>> next_positions(p, [0, 1, 3], seat_count=4)  # seat 2 busted in the big blind
Positions(button=1, small_blind=2, big_blind=3)
>>> next_positions(_, [0, 1, 3], seat_count=4)  # the button is dead on seat 2
Positions(button=2, small_blind=3, big_blind=0)
>>> next_positions(Positions(2, 3, 0), [0, 3], seat_count=4)  # heads-up now
Positions(button=0, small_blind=0, big_blind=3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Positions:
    #: The button's seat (may be empty under the dead button rule).
    button: int
    #: The small blind's seat; when nobody sits there the small blind is dead.
    small_blind: int
    big_blind: int


def _next_seated(seat: int, seated: Sequence[int], seat_count: int) -> int:
    for step in range(1, seat_count + 1):
        candidate = (seat + step) % seat_count
        if candidate in seated:
            return candidate
    raise ValueError("nobody is seated")


def first_positions(seated: Sequence[int], button: int, seat_count: int | None = None) -> Positions:
    """Positions for the first hand: blinds are the next players left of ``button``."""
    count = seat_count if seat_count is not None else max(seated) + 1
    if len(seated) < 2:
        raise ValueError("a hand needs at least two players")
    if button not in seated:
        raise ValueError(f"the button must start in front of a player, not on seat {button}")
    if len(seated) == 2:
        other = _next_seated(button, seated, count)
        return Positions(button, button, other)
    small = _next_seated(button, seated, count)
    return Positions(button, small, _next_seated(small, seated, count))


def next_positions(previous: Positions, seated: Sequence[int], seat_count: int) -> Positions:
    """Positions for the next hand under the dead button rule (see the module doc)."""
    if len(seated) < 2:
        raise ValueError("a hand needs at least two players")
    big = _next_seated(previous.big_blind, seated, seat_count)
    if len(seated) == 2:
        other = _next_seated(big, seated, seat_count)
        return Positions(other, other, big)
    return Positions(previous.small_blind, previous.big_blind, big)
