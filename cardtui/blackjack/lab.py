"""The counting lab: what a counter's game is worth, in the figures players compare.

The simulator (:mod:`sim`) plays a Hi-Lo counter at a table's rules, penetration
and bet ramp (:mod:`spread`, optionally sitting out low counts); this module
turns its totals into the figures Casino Verite's CVCX and Don Schlesinger's
*Blackjack Attack* (3rd ed., RGE Publishing, 2005, chapters 10 and 11) report:

- the win rate per 100 rounds and per hour (at a stated number of rounds an
  hour), in units of the smallest bet and, given a unit, in chips;
- the standard deviation per round and per 100 rounds;
- **N0**, the rounds after which the expected win equals one standard
  deviation: ``N0 = variance / ev**2``;
- **SCORE**, the win per 100 rounds of a player with a bankroll of 10,000
  betting this ramp scaled to the optimal (Kelly) size: ``SCORE = 10**6 / N0``;
- the **risk of ruin** of a bankroll playing this ramp for ever, the
  diffusion formula of *Blackjack Attack* chapter 10:
  ``RoR = exp(-2 * ev * bankroll / variance)``.

Rounds are those *seen*: a back-counter who sits out below a count watches
those rounds (they take time and count toward N0) but bets nothing on them.

>>> figures = Figures(rounds=1_000_000, played=1_000_000, ev=0.02, variance=1.0)
>>> round(figures.n0), round(figures.score, 1), round(figures.risk_of_ruin(100), 4)
(2500, 400.0, 0.0183)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from cardtui.blackjack.rules import Rules
from cardtui.blackjack.sim import CountPlan, SimResult, simulate
from cardtui.blackjack.spread import BetRamp

#: A SCORE is the win of a player with this bankroll betting optimally (Schlesinger).
SCORE_BANKROLL = 10_000


@dataclass(frozen=True, slots=True)
class Figures:
    """Per-round moments of a counter's results, in units, and what follows from them."""

    rounds: int  # rounds seen
    played: int  # rounds with a bet on them
    ev: float  # win per round seen
    variance: float  # per round seen

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def win_per_100(self) -> float:
        return 100 * self.ev

    @property
    def sd_per_100(self) -> float:
        return 10 * self.sd

    @property
    def n0(self) -> float:
        """Rounds for the expected win to reach one standard deviation (inf: no edge)."""
        return self.variance / (self.ev * self.ev) if self.ev > 0 else math.inf

    @property
    def score(self) -> float:
        """Win per 100 rounds at the optimal bet for a 10,000 bankroll (0: no edge)."""
        return SCORE_BANKROLL * 100 * self.ev * self.ev / self.variance if self.ev > 0 else 0.0

    def risk_of_ruin(self, bankroll: float) -> float:
        """The chance of losing ``bankroll`` units, playing for ever (1 without an edge)."""
        if bankroll <= 0:
            return 1.0
        if self.ev <= 0:
            return 1.0
        return math.exp(-2 * self.ev * bankroll / self.variance)

    def bankroll_for(self, risk: float) -> float:
        """The bankroll (units) whose risk of ruin is ``risk``."""
        if not 0 < risk < 1:
            raise ValueError(f"a risk of ruin lies between 0 and 1, not {risk}")
        if self.ev <= 0:
            return math.inf
        return -math.log(risk) * self.variance / (2 * self.ev)

    @classmethod
    def of(cls, result: SimResult) -> Figures:
        mean = result.net / result.hands if result.hands else 0.0
        variance = result.net_squared / result.hands - mean * mean if result.hands else 0.0
        return cls(result.hands, result.played, mean, max(variance, 0.0))


@dataclass(frozen=True, slots=True)
class LabSetup:
    """What the player sets: the table (rules, penetration), the ramp, the pace, the roll."""

    rules: Rules
    ramp: BetRamp
    deviations: bool = True  # the Illustrious 18, Fab 4 and insurance at +3
    rounds_per_hour: int = 100
    bankroll: float = 1_000  # units
    unit: int = 0  # chips a unit, to state the figures in chips too (0: units only)

    def __post_init__(self) -> None:
        if self.rounds_per_hour < 1:
            raise ValueError("the pace is at least one round an hour")
        if self.bankroll <= 0:
            raise ValueError("the bankroll must be more than nothing")

    def plan(self) -> CountPlan:
        return CountPlan(spread=self.ramp.spread, deviations=self.deviations, ramp=self.ramp)

    def describe(self) -> str:
        wong = "" if self.ramp.wong_out_below is None else " (wonging)"
        plays = "I18 + Fab 4" if self.deviations else "basic strategy"
        return (f"{self.rules.decks} decks, {self.rules.penetration:.0%} dealt, Hi-Lo {plays}, "
                f"ramp {self.ramp.describe()}{wong}")


@dataclass(frozen=True, slots=True)
class LabReport:
    setup: LabSetup
    result: SimResult
    figures: Figures

    @property
    def edge(self) -> float:
        """Win per unit wagered."""
        return self.result.player_edge

    @property
    def edge_95(self) -> tuple[float, float]:
        return self.result.player_edge_95

    @property
    def win_per_hour(self) -> float:
        return self.figures.ev * self.setup.rounds_per_hour

    @property
    def risk_of_ruin(self) -> float:
        return self.figures.risk_of_ruin(self.setup.bankroll)

    @property
    def average_bet(self) -> float:
        """Units bet per round played."""
        return self.result.wagered / self.result.played if self.result.played else 0.0

    def lines(self) -> list[tuple[str, str]]:
        """(name, value) rows for a report."""
        f, setup = self.figures, self.setup
        low, high = self.edge_95
        chips = setup.unit

        def money(units: float) -> str:
            return f"{units:+.2f} units" + (f" ({units * chips:+,.0f} chips)" if chips else "")

        rows = [
            ("game", setup.describe()),
            ("rounds seen / played", f"{f.rounds:,} / {f.played:,} "
                                     f"({f.played / f.rounds:.0%} played)" if f.rounds else "0"),
            ("edge (win / wagered)", f"{self.edge:+.3%}  (95 %: {low:+.3%} to {high:+.3%})"),
            ("average bet", f"{self.average_bet:.2f} units"),
            ("win per 100 rounds", money(f.win_per_100)),
            (f"win per hour ({setup.rounds_per_hour} rounds)", money(self.win_per_hour)),
            ("SD per round / per 100", f"{f.sd:.2f} / {f.sd_per_100:.1f} units"),
            ("N0", f"{f.n0:,.0f} rounds ({f.n0 / setup.rounds_per_hour:,.0f} hours)"
             if math.isfinite(f.n0) else "never (no edge)"),
            ("SCORE", f"{f.score:.1f}"),
            (f"risk of ruin, {setup.bankroll:,.0f} units", f"{self.risk_of_ruin:.2%}"),
            ("bankroll for 5 % / 1 % risk",
             f"{f.bankroll_for(0.05):,.0f} / {f.bankroll_for(0.01):,.0f} units"
             if f.ev > 0 else "none suffices"),
            ("speed", f"{self.result.hands_per_second:,.0f} rounds/s"),
        ]
        return rows


def run_lab(setup: LabSetup, rounds: int, rng: random.Random, *,
            progress: Callable[[int], None] | None = None) -> LabReport:
    """Play ``rounds`` rounds at the setup's table and report them."""
    result = simulate(setup.rules, rounds, rng, count=setup.plan(), progress=progress)
    return LabReport(setup, result, Figures.of(result))


#: Arnold Snyder, "The Hi-Lo Lite", Blackjack Forum Vol. XI #3 (September 1991),
#: http://blackjackforumonline.com/content/hilolite.htm: a 6-deck Atlantic City
#: game, 200 million hands a run on John Imming's Universal Blackjack Engine,
#: Hi-Lo with Stanford Wong's full *Professional Blackjack* indices, a 1 to 8
#: spread: +0.50 % playing every hand, +0.98 % not betting negative counts.
#:
#: Snyder gives neither the ramp nor the penetration, so these are assumptions:
#: 75 % dealt; Atlantic City's rules (S17, double any two and after a split, no
#: resplits, no surrender); the Illustrious 18 and insurance in place of Wong's
#: full set; the ramp 1 unit up to 0, then 2, 4, 6, 8 units at +1, +2, +3, +4
#: (the top bet at +4); and "negative" read as counters then read a true count,
#: truncated toward zero: -0.6 is 0, so the back-counter sits out below -1.
#: How much these choices move the figures (this lab, 95 % intervals): the ramp
#: that starts a count later (2 units at +2 ... 8 at +5) gives +0.42 % (+0.35 to
#: +0.49, 20 million rounds) playing every hand; sitting out every count below
#: 0 (floored) gives +1.25 % (+1.15 to +1.35) with that ramp and +1.21 % (+0.97
#: to +1.44, 3 million) with this one. ``benchmarks/bench_counting_lab.py`` runs both
#: reference cases and says whether each published figure lies in the interval.
REFERENCE_SOURCE = ("Arnold Snyder, 'The Hi-Lo Lite', Blackjack Forum XI #3 (Sept 1991): "
                    "6 decks, Hi-Lo, Wong's indices, 1-8 spread, 200M hands")
REFERENCE_RULES = Rules(decks=6, penetration=0.75, dealer_hits_soft_17=False,
                        double_after_split=True, max_hands=2, late_surrender=False)
_REFERENCE_RAMP = BetRamp(((0, 1), (1, 2), (2, 4), (3, 6), (4, 8)))
REFERENCE_PLAY_ALL = (_REFERENCE_RAMP, 0.0050)
REFERENCE_WONG = (replace(_REFERENCE_RAMP, wong_out_below=-1), 0.0098)
