"""Who is dealt the next hand at a shared hold'em table, and what each of them posts.

The house rules, from Robert's Rules of Poker (section 4, "Blinds") and the
Poker TDA (rule 1 leaves the choice between waiting and posting to the house):

- A **new player** waits for the big blind to reach them, or, when the table
  lets players *post to play*, posts a live big blind out of turn and is dealt
  in at once. Nobody is dealt in on the button or between the button and the
  small blind: they wait until the button has passed.
- A player **sitting out** is not dealt in. When the small blind would have
  fallen on their seat they *missed* it; when the big blind would have, they
  missed both (the blinds move on to the next player in, past them).
- Coming back, a player who missed blinds posts them (a missed big blind live,
  a missed small blind dead: in the pot, not part of their bet), or waits for
  the big blind when the table does not take posts. Taking the big blind in
  turn settles everything owed.

>>> from cardtui.holdem.button import Positions
>>> plan = plan_deal(ready=[0, 1, 2, 3], previous=Positions(0, 1, 2), seat_count=4,
...                  big_blind=10, small_blind=5, newcomers={3}, post_to_play=False)
>>> plan.positions, plan.dealt  # seat 3 is next for the big blind: it comes in now
(Positions(button=1, small_blind=2, big_blind=3), (0, 1, 2, 3))
>>> plan = plan_deal(ready=[0, 1, 2, 3], previous=Positions(3, 0, 1), seat_count=4,
...                  big_blind=10, small_blind=5, sitting_out={2})
>>> plan.dealt, plan.positions.big_blind, sorted(plan.missed_big), sorted(plan.missed_small)
((0, 1, 3), 3, [2], [2])
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from cardtui.holdem.button import Positions, first_positions, next_positions


@dataclass(frozen=True)
class DealPlan:
    positions: Positions
    #: Seats dealt in, in seat order.
    dealt: tuple[int, ...]
    #: Live big blinds posted out of turn: seat -> chips (``Hand(posted=...)``).
    posted: dict[int, int] = field(default_factory=dict)
    #: Missed small blinds posted dead: seat -> chips (``Hand(dead_blinds=...)``).
    dead: dict[int, int] = field(default_factory=dict)
    #: Seats sitting out that missed the big (small) blind this hand.
    missed_big: frozenset[int] = frozenset()
    missed_small: frozenset[int] = frozenset()


def plan_deal(*, ready: Sequence[int], previous: Positions | None, seat_count: int,
              big_blind: int, small_blind: int, first_button: int | None = None,
              sitting_out: Collection[int] = (), newcomers: Collection[int] = (),
              owes_big: Collection[int] = (), owes_small: Collection[int] = (),
              post_to_play: bool = False) -> DealPlan | None:
    """The next hand's positions, who is dealt in and who posts what; None if under two play.

    ``ready``: seats with chips; ``newcomers`` have not played a hand here
    yet; ``owes_big`` / ``owes_small`` missed those blinds while sitting out.
    ``first_button``: where the button starts when there is no ``previous``.
    """
    active = [s for s in ready if s not in sitting_out]
    if len(active) < 2:
        return None
    if previous is None:
        button = first_button if first_button in active else active[0]
        return DealPlan(first_positions(active, button, seat_count), tuple(active))
    # Where the blinds fall with every seat in: a seat sitting out there missed them.
    # The big blind going by a seat takes the small blind past it too (it moves on
    # to the next player in), so that seat owes both.
    out = set(sitting_out)
    natural = next_positions(previous, ready, seat_count)
    missed_big = frozenset({natural.big_blind} & out)
    missed_small = frozenset({natural.small_blind} & out) | missed_big
    candidate = next_positions(previous, active, seat_count)
    blocked = _button_to_small_blind(candidate, seat_count)
    dealt, posted, dead = _deal_in(
        active, big_blind_seat=candidate.big_blind, blocked=blocked, newcomers=newcomers,
        owes_big=owes_big, owes_small=owes_small, post_to_play=post_to_play,
        big_blind=big_blind, small_blind=small_blind)
    if len(dealt) < 2:
        # Too few players to wait for anything: everybody is dealt in, nobody posts.
        return DealPlan(candidate, tuple(active), missed_big=missed_big,
                        missed_small=missed_small)
    positions = next_positions(previous, dealt, seat_count)
    return DealPlan(positions, tuple(dealt), posted, dead, missed_big, missed_small)


def _deal_in(active: Sequence[int], *, big_blind_seat: int, blocked: Collection[int],
             newcomers: Collection[int], owes_big: Collection[int], owes_small: Collection[int],
             post_to_play: bool, big_blind: int, small_blind: int,
             ) -> tuple[list[int], dict[int, int], dict[int, int]]:
    """Which of the ``active`` seats are dealt in, and what those owing a blind post:
    (dealt, live big blinds posted, dead small blinds posted)."""
    dealt: list[int] = []
    posted: dict[int, int] = {}
    dead: dict[int, int] = {}
    # A seat owing a blind waits (for the button to pass, or for its big blind)
    # unless the table lets it post to play and the button is not in the way.
    waits = set(blocked) if post_to_play else set(active)
    owes_live = set(newcomers) | set(owes_big)
    owes_dead = set(owes_small) if small_blind else set()
    for seat in active:
        owing = seat in owes_live or seat in owes_small
        if owing and seat != big_blind_seat:
            if seat in waits:
                continue
            if seat in owes_live:
                posted[seat] = big_blind
            if seat in owes_dead:
                dead[seat] = small_blind
        dealt.append(seat)
    return dealt, posted, dead


def _button_to_small_blind(positions: Positions, seat_count: int) -> set[int]:
    """The button's seat and the seats after it up to (not including) the small blind."""
    seats = {positions.button}
    seat = (positions.button + 1) % seat_count
    while seat != positions.small_blind and seat != positions.button:
        seats.add(seat)
        seat = (seat + 1) % seat_count
    return seats
