"""``cardtui sim blackjack``: basic strategy played headless, with the figures a
strategy lab wants (house edge with a 95 % interval, blackjack frequency,
dealer bust rate per up-card, hands per second) next to the exact figures of
shared/reference/blackjack.md where they apply.

``--count hilo`` plays the Hi-Lo count instead: a bet spread (``--spread
1-12``) and the index plays; it prints the player's edge with its interval,
overall and by true count, and the counting lab's figures
(:mod:`cardtui.blackjack.lab`): win per 100 rounds and per hour (at
``--rounds-per-hour``), the standard deviation, N0, SCORE and the risk of
ruin of ``--bankroll`` units. ``--wong-below N`` sits out true counts below N
(back-counting: those rounds are watched, not bet).

The hands are played in chunks of :data:`CHUNK` from one seeded generator,
so the figures depend only on the seed, and Ctrl+C can print the figures of
every chunk finished so far. In a terminal a progress bar shows how far the
simulation is and how long the rest will take.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from cardtui.blackjack.rules import BlackjackPayout, DoubleRule, Rules
from cardtui.commands.arguments import whole_number
from cardtui.i18n import _, ngettext, number

if TYPE_CHECKING:
    from rich.table import Table

    from cardtui.blackjack.sim import CountPlan, SimResult

DEFAULT_HANDS = 1_000_000
#: The most rounds one run plays: about five minutes on a laptop core (Ctrl+C
#: prints what was played so far); more adds nothing the interval shows.
MAX_HANDS = 100_000_000
#: Hands per call of the simulator: small enough that Ctrl+C loses little,
#: large enough that the calls cost nothing (about 0.1 s each).
CHUNK = 50_000

#: Dealer bust % by up-card (2-9, T, A), exact for the shoe, from blackjack.md.
REFERENCE_BUSTS: dict[tuple[int, bool], tuple[float, ...]] = {
    (6, False): (35.35, 37.42, 39.58, 41.84, 42.28, 26.19, 24.37, 22.92, 23.02, 16.70),
    (6, True): (35.67, 37.70, 39.85, 41.96, 43.93, 26.19, 24.37, 22.92, 23.02, 20.13),
    (1, False): (35.30, 37.56, 40.28, 42.89, 42.08, 25.99, 23.86, 23.34, 23.25, 16.98),
    (1, True): (35.63, 37.81, 40.58, 43.00, 43.78, 25.99, 23.86, 23.34, 23.25, 20.46),
}
REFERENCE_BLACKJACK = {6: 4.7489, 8: 4.7451, 1: 4.8265}
_UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=["blackjack"], help=_("the game to simulate"))
    parser.add_argument("--hands", type=whole_number("--hands", 1, MAX_HANDS),
                        default=DEFAULT_HANDS,
                        help=_("rounds to play, 1 to {most} (default {default})").format(
                            most=number(MAX_HANDS), default=number(DEFAULT_HANDS)))
    rules = parser.add_argument_group(_("rules (defaults: the base game)"))
    rules.add_argument("--decks", type=whole_number("--decks", 1, 8), default=6,
                       help=_("1-8 decks (default 6)"))
    rules.add_argument("--penetration", type=float, default=0.75,
                       help=_("where the cut card sits, 0.1-0.95 (default 0.75)"))
    rules.add_argument("--h17", action="store_true", help=_("the dealer hits soft 17"))
    rules.add_argument("--pays", choices=[p.value for p in BlackjackPayout], default="3:2",
                       help=_("what a blackjack pays (default 3:2)"))
    rules.add_argument("--double", choices=[d.value for d in DoubleRule], default="any",
                       help=_("which two cards may be doubled (default any)"))
    rules.add_argument("--no-das", action="store_true", help=_("no double after a split"))
    rules.add_argument("--max-hands", type=whole_number("--max-hands", 1, 4), default=4,
                       help=_("split up to N hands (1-4)"))
    rules.add_argument("--rsa", action="store_true", help=_("aces may be resplit"))
    rules.add_argument("--surrender", action="store_true", help=_("late surrender"))
    rules.add_argument("--dealer-wins-ties", action="store_true",
                       help=_("seed 001's variant: a tie loses"))
    counting = parser.add_argument_group(_("counting"))
    counting.add_argument("--count", choices=["hilo"], help=_("play the Hi-Lo count"))
    counting.add_argument("--spread", type=_spread, metavar="LOW-HIGH",
                          help=_("bet spread in units, with --count (default 1-12)"))
    counting.add_argument("--ramp", type=whole_number("--ramp", 0, 1000), default=2,
                          metavar="UNITS",
                          help=_("units added per true count above +1, 0-1000 (default 2)"))
    counting.add_argument("--no-deviations", action="store_true",
                          help=_("count for the bets only; play basic strategy"))
    counting.add_argument("--wong-below", type=int, metavar="TC",
                          help=_("sit out (bet nothing) below this true count, with --count"))
    counting.add_argument("--rounds-per-hour", type=whole_number("--rounds-per-hour", 1, 1000),
                          default=100, help=_("the pace for the win per hour (default 100)"))
    counting.add_argument("--bankroll", type=whole_number("--bankroll", 1, 10**9),
                          default=1000, metavar="UNITS",
                          help=_("the bankroll the risk of ruin is for, in units "
                                 "(default 1000)"))


def _spread(text: str) -> tuple[int, int]:
    low, dash, high = text.partition("-")
    try:
        spread = (int(low), int(high if dash else low))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a spread is two whole numbers like 1-12, not {text}").format(
                text=repr(text))) from None
    if not 1 <= spread[0] <= spread[1] <= 1000:
        raise argparse.ArgumentTypeError(
            _("a spread runs from 1 unit up, low to high, not {text}").format(text=repr(text)))
    return spread


def plan_from(args: argparse.Namespace) -> CountPlan | None:
    """The counting plan the flags ask for (``None``: basic strategy); ValueError if odd."""
    from cardtui.blackjack.sim import CountPlan

    if args.count is None:
        if args.spread is not None or args.no_deviations or args.wong_below is not None:
            raise ValueError(
                _("--spread and --no-deviations need --count hilo (so does --wong-below)"))
        return None
    spread = args.spread or (1, 12)
    ramp = None
    if args.wong_below is not None:
        from cardtui.blackjack.spread import BetRamp

        if not -20 <= args.wong_below <= 20:
            raise ValueError(_("--wong-below is a true count from -20 to 20, not {count}")
                             .format(count=args.wong_below))
        ramp = BetRamp.linear(spread, units_per_count=args.ramp, wong_out_below=args.wong_below)
    return CountPlan(spread=spread, units_per_count=args.ramp,
                     deviations=not args.no_deviations, ramp=ramp)


def plan_words(plan: CountPlan) -> str:
    """The counting plan as :meth:`CountPlan.describe` says it, in the player's language."""
    from cardtui.blackjack.spread import signed

    low, high = plan.spread if plan.ramp is None else plan.ramp.spread
    betting = _("flat bet") if low == high else _("spread {low}-{high}").format(low=low, high=high)
    if plan.ramp is not None and plan.ramp.wong_out_below is not None:
        betting = _("{betting}, sitting out below {count}").format(
            betting=betting, count=signed(plan.ramp.wong_out_below))
    return (_("Hi-Lo, {betting}, index plays") if plan.deviations
            else _("Hi-Lo, {betting}, basic strategy")).format(betting=betting)


def rules_from(args: argparse.Namespace) -> Rules:
    return Rules(
        decks=args.decks, penetration=args.penetration, dealer_hits_soft_17=args.h17,
        blackjack_pays=BlackjackPayout(args.pays), double=DoubleRule(args.double),
        double_after_split=not args.no_das, max_hands=args.max_hands,
        resplit_aces=args.rsa, late_surrender=args.surrender,
        dealer_wins_ties=args.dealer_wins_ties,
    )


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from(args)
        plan = plan_from(args)
    except ValueError as error:
        print(_("cardtui sim: error: {problem}").format(problem=error), file=sys.stderr)
        return 2
    if args.hands < 1:
        print(_("cardtui sim: error: {problem}").format(
            problem=_("--hands must be 1 or more, not {count}").format(count=args.hands)),
            file=sys.stderr)
        return 2
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    console = Console()
    strategy = plan_words(plan) if plan else _("Basic strategy")
    console.print(_("{strategy}, {rules}, seed {seed}").format(
        strategy=strategy, rules=rules.describe(), seed=seed), highlight=False)
    results: list[SimResult] = []
    try:
        with Progress(
            TextColumn("[bold]" + _("Simulating")), BarColumn(), MofNCompleteColumn(),
            TextColumn(_("hands")), TimeRemainingColumn(), console=console, transient=True,
            disable=not console.is_terminal,
        ) as progress:
            task = progress.add_task("sim", total=args.hands)
            for done, chunk in simulate_in_chunks(rules, args.hands, random.Random(seed), plan):
                results.append(chunk)
                progress.update(task, completed=done)
    except KeyboardInterrupt:
        if results:
            console.print(_report(merge(results), args, stopped=_("interrupted")))
        raise
    console.print(_report(merge(results), args))
    return 0


def _report(result: SimResult, args: argparse.Namespace, stopped: str | None = None) -> Table:
    """The count's figures, or the basic-strategy figures."""
    if result.count:
        return count_report(result, stopped, rounds_per_hour=args.rounds_per_hour,
                            bankroll=args.bankroll)
    return report(result, stopped)


def simulate_in_chunks(
    rules: Rules, hands: int, rng: random.Random, plan: CountPlan | None = None
) -> Iterator[tuple[int, SimResult]]:
    """Play ``hands`` rounds chunk by chunk: (hands done, that chunk's result)."""
    from cardtui.blackjack.sim import simulate

    done = 0
    while done < hands:
        size = min(CHUNK, hands - done)
        chunk = simulate(rules, size, rng, count=plan)
        done += size
        yield done, chunk


def merge(results: Sequence[SimResult]) -> SimResult:
    """One result from several chunks' results (sums, and sums of squares, add up)."""
    from cardtui.blackjack.sim import SimResult

    return SimResult.combine(results)


#: Effect of a rule change on the player, percentage points (blackjack.md).
_RULE_EFFECTS = {"h17": -0.20, "no_das": -0.14, "surrender": 0.07, "rsa": 0.07,
                 "six_five": -1.36}
_DECK_EFFECTS = {6: 0.0, 8: -0.02, 1: 0.5}


def expected_edge(rules: Rules) -> str:
    """The reference house edge for these rules, when blackjack.md covers all of them."""
    base = replace(Rules(), decks=rules.decks, penetration=rules.penetration,
                   dealer_hits_soft_17=rules.dealer_hits_soft_17,
                   blackjack_pays=rules.blackjack_pays,
                   double_after_split=rules.double_after_split,
                   resplit_aces=rules.resplit_aces, late_surrender=rules.late_surrender,
                   min_bet=rules.min_bet, max_bet=rules.max_bet, insurance=rules.insurance)
    if base != rules or rules.decks not in _DECK_EFFECTS:
        return ""
    if rules == replace(Rules(), penetration=rules.penetration, insurance=rules.insurance,
                        min_bet=rules.min_bet, max_bet=rules.max_bet):
        return "0.40-0.45 %"
    player = _DECK_EFFECTS[rules.decks] + sum(
        effect for name, effect in _RULE_EFFECTS.items() if {
            "h17": rules.dealer_hits_soft_17, "no_das": not rules.double_after_split,
            "surrender": rules.late_surrender, "rsa": rules.resplit_aces,
            "six_five": rules.blackjack_pays is BlackjackPayout.SIX_TO_FIVE,
        }[name]
    )
    return _("about {percent} %").format(percent=f"{0.42 - player:.2f}")


def report(result: SimResult, stopped: str | None = None) -> Table:
    """The figures as a Rich table, with the reference figure beside each where known."""
    from rich.table import Table

    rules = result.rules
    low, high = result.confidence_95
    table = Table(title=_title(result.hands, stopped), show_header=True, header_style="bold")
    table.add_column(_("figure"))
    table.add_column(_("simulated"), justify="right")
    table.add_column("± 95 %", justify="right")
    table.add_column(_("reference"), justify="right")
    table.add_row(
        _("house edge"), f"{result.house_edge:.3%}", f"{low:.3%} … {high:.3%}",
        expected_edge(rules),
    )
    n = result.hands
    bj = result.blackjack_rate
    bj_half = 1.96 * (bj * (1 - bj) / n) ** 0.5
    reference_bj = REFERENCE_BLACKJACK.get(rules.decks)
    table.add_row(
        _("player blackjack"), f"{bj:.3%}", f"± {bj_half:.3%}",
        f"{reference_bj:.2f} %" if reference_bj else "",
    )
    busts = REFERENCE_BUSTS.get((rules.decks, rules.dealer_hits_soft_17))
    for column, up in enumerate(_UP_ORDER):
        rate = result.bust_rate(up)
        seen = max(result.dealer_up[up], 1)
        half = 1.96 * (rate * (1 - rate) / seen) ** 0.5
        name = "A" if up == 1 else ("T" if up == 10 else str(up))
        table.add_row(
            _("dealer busts, {card} up").format(card=name), f"{rate:.2%}", f"± {half:.2%}",
            f"{busts[column]:.2f} %" if busts else "",
        )
    table.add_row(_("speed"), _speed(result.hands_per_second), "",
                  "≥ " + _speed(100_000))
    return table


def _title(hands: int, stopped: str | None) -> str:
    """``1,000,000 hands`` (and why it stopped early)."""
    title = ngettext("{n} hand", "{n} hands", hands).format(n=number(hands))
    return title + (f" ({stopped})" if stopped else "")


def _speed(per_second: float) -> str:
    return _("{n} hands/s").format(n=number(round(per_second)))


def _units(amount: str) -> str:
    """An amount of betting units (a signed or decimal figure: no plural form to choose)."""
    return _("{amount} units").format(amount=amount)


def count_report(result: SimResult, stopped: str | None = None, *, rounds_per_hour: int = 100,
                 bankroll: float = 1000) -> Table:
    """The count's figures: edge overall and by true count, spread and swings, and what
    counters compare (win rate, SD, N0, SCORE, risk of ruin)."""
    import math

    from rich.table import Table

    from cardtui.blackjack.lab import Figures
    from cardtui.blackjack.sim import HIGHEST_COUNT, LOWEST_COUNT

    low, high = result.player_edge_95
    table = Table(title=_title(result.hands, stopped), show_header=True, header_style="bold")
    table.add_column(_("figure"))
    table.add_column(_("measured"), justify="right")
    table.add_column("± 95 %", justify="right")
    table.add_column(_("hands"), justify="right")
    table.add_row(_("player edge per unit bet"), f"{result.player_edge:+.3%}",
                  f"{low:+.3%} … {high:+.3%}", number(result.hands))
    table.add_row(_("standard deviation a hand"), _units(f"{result.standard_deviation:.2f}"),
                  "", "")
    table.add_row(_("average bet"), _units(f"{result.wagered / max(result.played, 1):.2f}"),
                  "", "")
    figures = Figures.of(result)
    if result.played < result.hands:
        table.add_row(_("rounds played (the rest watched)"),
                      f"{result.played / max(result.hands, 1):.0%}", "", number(result.played))
    table.add_row(_("win per 100 rounds"), _units(f"{figures.win_per_100:+.2f}"), "", "")
    table.add_row(_("win per hour ({n} rounds)").format(n=rounds_per_hour),
                  _units(f"{figures.ev * rounds_per_hour:+.2f}"), "", "")
    table.add_row(_("SD per 100 rounds"), _units(f"{figures.sd_per_100:.1f}"), "", "")
    n0 = math.isfinite(figures.n0)
    table.add_row("N0", ngettext("{n} round", "{n} rounds", round(figures.n0)).format(
        n=number(round(figures.n0))) if n0 else _("no edge"), "", "")
    table.add_row("SCORE", f"{figures.score:.1f}", "", "")
    table.add_row(_("risk of ruin, {amount}").format(amount=_units(number(round(bankroll)))),
                  f"{figures.risk_of_ruin(bankroll):.2%}", "", "")
    for band in result.count_bands(minimum_hands=100):
        count = f"{band.true_count:+d}"
        if band.true_count in (LOWEST_COUNT, HIGHEST_COUNT):
            count += "-" if band.true_count == LOWEST_COUNT else "+"
        table.add_row(_("edge at true count {count}").format(count=count), f"{band.edge:+.2%}",
                      f"{band.low:+.2%} … {band.high:+.2%}", number(band.hands))
    table.add_row(_("speed"), _speed(result.hands_per_second), "", "")
    return table
