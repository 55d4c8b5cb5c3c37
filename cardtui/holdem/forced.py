"""The forced bets of a hand, in the order they go in: antes, blinds, straddles, posts.

Besides the two blinds a hand may have:

- antes from every player, or a mapping seat -> ante (a hand history's
  non-uniform antes). They go in first. Live antes count towards the poster's
  share of the pots, and any part of one that nobody else matched goes back
  (pokerkit's "ante trimming"); *dead* antes are dead money in the main pot,
  never trimmed (a PHH file with ``ante_trimming_status = false``);
- dead blinds: chips a returning player posts dead, in the middle and not
  part of their bet (Robert's Rules of Poker, section 4: "dead chips are not
  part of a player's bet"), after the antes;
- the small and big blind, then live straddles (a blind raise: the
  straddler acts last before the flop) and live blinds posted out of turn by
  a player who joins or comes back (they act in turn and have the option
  when it comes round, like the big blind; RRoP section 4);
- a big blind ante: the big blind posts one ante for the whole table, dead
  money, after the blind when the stack cannot cover both (Poker TDA Rules
  2024, Recommended Procedure 11: "big blind ante format with big-blind-first
  calculation").

Seat 3 straddles and seat 4, a new player, posts a big blind:

>>> for bet in posting_order([1, 2, 3, 4, 0], small_blind=(1, 1), big_blind=(2, 2),
...                          straddles={3: 4}, posted={4: 2}):
...     print(bet.seat, bet.kind.value, bet.amount)
1 small blind 1
2 big blind 2
3 straddle 4
4 posted blind 2

The first to act before the flop sits left of the largest live blind or
straddle (a tie goes to the later one); a posted blind never moves it. This is
pokerkit's rule too, so hand histories agree:

>>> opener_seat({1: 1, 2: 2, 3: 4, 4: 2}, [1, 2, 3, 4, 0],
...             {1: Forced.SMALL_BLIND, 2: Forced.BIG_BLIND, 3: Forced.STRADDLE, 4: Forced.POSTED})
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Forced(StrEnum):
    """What kind of chips a player is made to put in before the cards."""

    ANTE = "ante"
    DEAD_ANTE = "dead ante"
    DEAD_BLIND = "dead blind"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    POSTED = "posted blind"
    BIG_BLIND_ANTE = "big blind ante"

    @property
    def is_dead(self) -> bool:
        """Dead money: in the main pot, no part of anybody's bet or share."""
        return self in (Forced.DEAD_ANTE, Forced.DEAD_BLIND, Forced.BIG_BLIND_ANTE)

    @property
    def is_bet(self) -> bool:
        """A live blind: part of the poster's bet this round."""
        return self in (Forced.SMALL_BLIND, Forced.BIG_BLIND, Forced.STRADDLE, Forced.POSTED)

    @property
    def moves_the_opener(self) -> bool:
        """Whether the first to act before the flop sits left of this blind."""
        return self in (Forced.SMALL_BLIND, Forced.BIG_BLIND, Forced.STRADDLE)


@dataclass(frozen=True, slots=True)
class ForcedBet:
    seat: int
    kind: Forced
    #: What is asked; a short stack posts what it has and is all-in.
    amount: int


def posting_order(
    players: Sequence[int],
    *,
    small_blind: tuple[int, int] | None,
    big_blind: tuple[int, int],
    ante: int | Mapping[int, int] = 0,
    dead_antes: bool = False,
    big_blind_ante: int = 0,
    straddles: Mapping[int, int] | None = None,
    posted: Mapping[int, int] | None = None,
    dead_blinds: Mapping[int, int] | None = None,
) -> list[ForcedBet]:
    """Every forced bet of a hand, in posting order (ValueError when one makes no sense).

    ``players`` are the seats dealt in, clockwise from the button's left;
    ``small_blind`` and ``big_blind`` are (seat, amount), the small blind None
    when nobody posts it (a dead small blind under the dead button rule).
    """
    dealt = set(players)
    straddles, posted = dict(straddles or {}), dict(posted or {})
    dead_blinds = dict(dead_blinds or {})
    antes = dict(ante) if isinstance(ante, Mapping) else {seat: ante for seat in players}
    blind_seats = {big_blind[0]} | ({small_blind[0]} if small_blind else set())
    for what, chips in (("ante", antes), ("straddle", straddles), ("posted blind", posted),
                        ("dead blind", dead_blinds)):
        for seat, amount in chips.items():
            if seat not in dealt:
                raise ValueError(f"seat {seat} is not dealt in and cannot post a {what}")
            if amount < 0 or (amount == 0 and what != "ante"):
                raise ValueError(f"a {what} must be positive, not {amount}")
    for seat in (*straddles, *posted):
        if seat in blind_seats:
            raise ValueError(f"seat {seat} posts a blind already: it cannot straddle or post")
        if seat in straddles and seat in posted:
            raise ValueError(f"seat {seat} cannot both straddle and post a blind")
    if big_blind_ante < 0:
        raise ValueError("the big blind ante cannot be negative")
    ante_kind = Forced.DEAD_ANTE if dead_antes else Forced.ANTE
    order: list[ForcedBet] = [
        ForcedBet(seat, ante_kind, antes[seat]) for seat in players if antes.get(seat, 0) > 0
    ]
    order += [ForcedBet(s, Forced.DEAD_BLIND, dead_blinds[s]) for s in players if s in dead_blinds]
    if small_blind is not None and small_blind[1] > 0:
        order.append(ForcedBet(small_blind[0], Forced.SMALL_BLIND, small_blind[1]))
    order.append(ForcedBet(big_blind[0], Forced.BIG_BLIND, big_blind[1]))
    # Straddles and posts go in round the table from the big blind's left.
    start = players.index(big_blind[0]) + 1
    for seat in [*players[start:], *players[:start]]:
        if seat in straddles:
            order.append(ForcedBet(seat, Forced.STRADDLE, straddles[seat]))
        elif seat in posted:
            order.append(ForcedBet(seat, Forced.POSTED, posted[seat]))
    if big_blind_ante:
        order.append(ForcedBet(big_blind[0], Forced.BIG_BLIND_ANTE, big_blind_ante))
    return order


def opener_seat(bets: Mapping[int, int], players: Sequence[int],
                kinds: Mapping[int, Forced]) -> int:
    """The seat the first actor before the flop sits left of.

    The largest live blind or straddle actually posted (a short stack may
    post less), a tie going to the later seat in dealing order; a posted
    blind out of turn never counts. pokerkit decides it the same way
    (``State._begin_betting``), which hand histories written by either must
    agree on.
    """
    candidates = [s for s in players if s in kinds and kinds[s].moves_the_opener]
    return max(candidates, key=lambda s: (bets.get(s, 0), players.index(s)))
