"""A counter's bet spread: how many units to bet at each true count, and whether a bet matched.

A bet ramp is a short table read by the true count *floored* (as a counter
reads it off the tray: +2.7 bets as +2, -0.4 as -1): from each count on, the
units bet, up to the next step. A back-counter (Stanford Wong, *Professional
Blackjack*, 1994, "wonging") sits out below a count and bets nothing there.

The table's bet-spread practice asks :meth:`BetRamp.judge` after each bet;
the counting lab (:mod:`lab`) bets by the same ramp.

>>> ramp = BetRamp.linear((1, 8), units_per_count=2)
>>> [ramp.units(tc) for tc in (-3, 1.9, 2.0, 3.5, 4, 9)]
[1, 1, 2, 4, 6, 8]
>>> ramp.describe()
'1 unit to +1, 2 at +2, 4 at +3, 6 at +4, 8 at +5 and up'
>>> wong = BetRamp.linear((1, 8), units_per_count=2, wong_out_below=0)
>>> wong.units(-0.4), wong.units(0.0)
(0, 1)
>>> verdict = ramp.judge(bet=40, unit=10, true_count=3.2)
>>> verdict.matched, verdict.wanted, verdict.text
(True, 4, 'The spread says 4 units at +3 (40 chips); you bet 40: that matches.')
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def floored(true_count: float) -> int:
    """The true count as the ramp (and the index drill's table) reads it: floored."""
    return math.floor(true_count + 1e-9)  # 2.9999999 from a division is a 3


def signed(count: int) -> str:
    return f"{count:+d}" if count else "0"


@dataclass(frozen=True, slots=True)
class BetVerdict:
    """One bet, judged against the ramp."""

    true_count: int  # floored
    wanted: int  # units the ramp asks for (0: sit out)
    bet: int  # chips bet
    unit: int  # chips a unit

    @property
    def matched(self) -> bool:
        return self.bet == self.wanted * self.unit

    @property
    def text(self) -> str:
        at = f"at {signed(self.true_count)}"
        if self.wanted == 0:
            said = f"The spread says sit out {at}"
        else:
            units = "1 unit" if self.wanted == 1 else f"{self.wanted} units"
            said = f"The spread says {units} {at} ({self.wanted * self.unit} chips)"
        if self.matched:
            return f"{said}; you bet {self.bet}: that matches."
        return f"{said}; you bet {self.bet}: off the spread."


@dataclass(frozen=True, slots=True)
class BetRamp:
    """``steps``: (true count from, units) in ascending order; below the first step,
    the first step's units (or nothing, below ``wong_out_below``)."""

    steps: tuple[tuple[int, int], ...]
    wong_out_below: int | None = None

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError("a bet ramp needs at least one step")
        counts = [count for count, _ in self.steps]
        units = [unit for _, unit in self.steps]
        if counts != sorted(set(counts)):
            raise ValueError("the ramp's true counts must rise, each once")
        if any(u < 1 for u in units) or units != sorted(units):
            raise ValueError("the ramp's bets are at least one unit and never fall as the "
                             "count rises")

    @classmethod
    def linear(cls, spread: tuple[int, int], *, units_per_count: int = 2,
               wong_out_below: int | None = None) -> BetRamp:
        """``units_per_count`` units for each true count above +1, within ``spread``
        (the simulator's :class:`~cardtui.blackjack.sim.CountPlan` ramp)."""
        low, high = spread
        if not 1 <= low <= high:
            raise ValueError(f"a bet spread runs from 1 unit up, low to high, not {low}-{high}")
        steps = [(1, low)]
        for count in range(2, high + 2):  # each step adds a unit at least: high steps do
            units = min(high, max(low, units_per_count * (count - 1)))
            if units > steps[-1][1]:
                steps.append((count, units))
        return cls(tuple(steps), wong_out_below)

    @property
    def spread(self) -> tuple[int, int]:
        return self.steps[0][1], self.steps[-1][1]

    def units(self, true_count: float) -> int:
        """Units to bet at ``true_count`` (0: sit this round out)."""
        count = floored(true_count)
        if self.wong_out_below is not None and count < self.wong_out_below:
            return 0
        units = self.steps[0][1]
        for start, step_units in self.steps:
            if count >= start:
                units = step_units
        return units

    def judge(self, *, bet: int, unit: int, true_count: float) -> BetVerdict:
        return BetVerdict(floored(true_count), self.units(true_count), bet, unit)

    def describe(self) -> str:
        parts = []
        first, units = self.steps[0]
        if len(self.steps) == 1:
            parts.append(f"{units} unit{'s' if units > 1 else ''} flat")
        else:
            below = self.steps[1][0] - 1
            parts.append(f"{units} unit{'s' if units > 1 else ''} to {signed(below)}")
            for i, (count, step_units) in enumerate(self.steps[1:], 1):
                last = i == len(self.steps) - 1
                parts.append(f"{step_units} at {signed(count)}" + (" and up" if last else ""))
        if self.wong_out_below is not None:
            parts.append(f"sit out below {signed(self.wong_out_below)}")
        return ", ".join(parts)
