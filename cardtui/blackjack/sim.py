"""The strategy lab: basic strategy (and the Hi-Lo count) played headless, fast.

The full engine allocates a record for every step, which is right for the
table screen and far too slow for millions of hands. This module plays the
same rules (the same :class:`Rules`, the same :mod:`strategy` tables, the
same shuffle and dealing order as :class:`~cardtui.blackjack.table.Table`
with one seat) as a tight loop over card values, in units of one bet.
``tests/blackjack/test_sim_agrees.py`` checks the two give identical results,
round by round, for the same seed.

With a :class:`CountPlan` the seat counts Hi-Lo: it bets by the true count
before the deal (a spread of 1 to 12 units by default) and plays the
Illustrious 18 and Fab 4 index plays (:mod:`count`), taking the true count
once its two cards and the up-card are seen (one count for the round's
decisions, as the tables are compiled per count band). Results are then in
units of the smallest bet, and :attr:`SimResult.player_edge` is the win per
unit wagered.

>>> import random
>>> result = simulate(Rules(), 2_000, random.Random(1))
>>> result.hands, round(result.blackjack_rate, 3) > 0
(2000, True)
>>> counted = simulate(Rules(), 2_000, random.Random(1), count=CountPlan(spread=(1, 12)))
>>> counted.wagered > counted.hands
True
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cardtui.blackjack.count import HI_LO, INDEX_PLAYS, index_play_for
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import DoubleRule, Rules
from cardtui.blackjack.spread import BetRamp, signed
from cardtui.blackjack.strategy import decide
from cardtui.cards import Card, new_deck_order

HIT, STAND, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
NO_SPLIT = -1
_CODES = {
    Action.HIT: HIT, Action.STAND: STAND, Action.DOUBLE: DOUBLE,
    Action.SPLIT: SPLIT, Action.SURRENDER: SURRENDER,
}
# Enough cards for the longest round one seat can play (four split hands of
# small cards and a long dealer hand); below this the careful drawer is used.
_SAFE_CARDS = 64
_CHUNK = 5_000


@dataclass(frozen=True, slots=True)
class Lookup:
    """Basic strategy compiled for one set of rules: ``table[hard][up]`` -> move code.

    ``up`` is 1 for an ace, 10 for a ten; "soft" tables are used when the hand
    holds an ace and its hard total is 11 or less.
    """

    first_hard: tuple[tuple[int, ...], ...]
    first_soft: tuple[tuple[int, ...], ...]
    split_hard: tuple[tuple[int, ...], ...]  # first decision of a hand made by a split
    split_soft: tuple[tuple[int, ...], ...]
    later_hard: tuple[tuple[int, ...], ...]  # after a hit: hit or stand only
    later_soft: tuple[tuple[int, ...], ...]
    # Two-card pairs: the move when the pair table decides (a split, a
    # surrender, or a pair that plays differently from its total), else NO_SPLIT.
    pair_first: tuple[tuple[int, ...], ...]
    pair_split: tuple[tuple[int, ...], ...]  # a split hand that may split again
    pair_split_full: tuple[tuple[int, ...], ...]  # ... that may not (hands at the limit)


def _double_allowed(rules: Rules, hard: int, soft: bool, *, after_split: bool) -> bool:
    if after_split and not rules.double_after_split:
        return False
    if rules.double is DoubleRule.NINE_TO_ELEVEN:
        return not soft and 9 <= hard <= 11
    return True


def compile_strategy(rules: Rules, true_count: float | None = None) -> Lookup:
    """Compile the strategy tables by asking :func:`strategy.decide` about every cell,
    and, at a ``true_count``, :func:`count.index_play_for` whether the count changes it."""

    def counted(action: Action, hard: int, ace: bool, pair: int | None, up: int, *,
                can_double: bool, can_split: bool, can_surrender: bool) -> Action:
        if true_count is None:
            return action
        play = index_play_for(hard, ace, pair, up, rules, true_count, action,
                              can_double=can_double, can_split=can_split,
                              can_surrender=can_surrender)
        return action if play is None else play.play

    def totals(soft: bool, *, after_split: bool | None) -> tuple[tuple[int, ...], ...]:
        rows = []
        for hard in range(22):
            row = [STAND] * 11
            if (soft and 2 <= hard <= 11) or (not soft and 4 <= hard <= 21):
                for up in range(1, 11):
                    can_double = after_split is not None and _double_allowed(
                        rules, hard, soft, after_split=after_split)
                    can_surrender = after_split is False and rules.late_surrender
                    action, *_ = decide(
                        hard, soft, None, up, rules, can_double=can_double, can_split=False,
                        can_surrender=can_surrender,
                    )
                    row[up] = _CODES[counted(action, hard, soft, None, up, can_double=can_double,
                                             can_split=False, can_surrender=can_surrender)]
            rows.append(tuple(row))
        return tuple(rows)

    def pairs(*, after_split: bool, can_split: bool) -> tuple[tuple[int, ...], ...]:
        rows = [tuple([NO_SPLIT] * 11)]
        for value in range(1, 11):
            row = [NO_SPLIT] * 11
            hard = 2 * value
            for up in range(1, 11):
                can_double = _double_allowed(rules, hard, value == 1, after_split=after_split)
                can_surrender = not after_split and rules.late_surrender
                action, table, *_ = decide(
                    hard, value == 1, value, up, rules, can_double=can_double,
                    can_split=can_split, can_surrender=can_surrender,
                )
                action = counted(action, hard, value == 1, value, up, can_double=can_double,
                                 can_split=can_split, can_surrender=can_surrender)
                if table == "pair" or action is Action.SPLIT:
                    row[up] = _CODES[action]
            rows.append(tuple(row))
        return tuple(rows)

    return Lookup(
        first_hard=totals(False, after_split=False),
        first_soft=totals(True, after_split=False),
        split_hard=totals(False, after_split=True),
        split_soft=totals(True, after_split=True),
        later_hard=totals(False, after_split=None),
        later_soft=totals(True, after_split=None),
        pair_first=pairs(after_split=False, can_split=rules.max_hands > 1),
        pair_split=pairs(after_split=True, can_split=True),
        pair_split_full=pairs(after_split=True, can_split=False),
    )


#: The true counts at which an index play turns; between two of them every
#: decision is the same, so the count tables are compiled once per band.
_INDEX_STEPS = tuple(sorted({play.index for play in INDEX_PLAYS}))
#: Rounds are grouped by the true count at the bet, floored, within these bounds.
LOWEST_COUNT, HIGHEST_COUNT = -6, 10


@dataclass(frozen=True, slots=True)
class CountPlan:
    """How a Hi-Lo counter bets and plays.

    The bet is ``units_per_count`` units for each true count above +1,
    within ``spread`` (so 1-12 with two units a count: 1 unit up to +1, 2 at
    +2, 4 at +3 ... 12 from +7 on, a common ramp), sized at the true count
    before the deal. ``deviations`` adds the index plays and insurance at +3.
    A ``ramp`` (:class:`~cardtui.blackjack.spread.BetRamp`) replaces that
    ramp; one that sits out below a count (wonging) still sees those rounds
    dealt, as a back-counter watching the table does, but bets nothing on them.
    """

    spread: tuple[int, int] = (1, 12)
    units_per_count: int = 2
    deviations: bool = True
    ramp: BetRamp | None = None

    def __post_init__(self) -> None:
        low, high = self.spread
        if not 1 <= low <= high <= 1000:
            raise ValueError(f"a bet spread runs from 1 unit up, low to high, not {low}-{high}")
        if self.units_per_count < 1:
            raise ValueError("the bet ramp must add at least one unit per true count")

    def bet(self, true_count: float) -> int:
        if self.ramp is not None:
            return self.ramp.units(true_count)
        low, high = self.spread
        return min(high, max(low, self.units_per_count * (math.floor(true_count) - 1)))

    def describe(self) -> str:
        low, high = self.spread if self.ramp is None else self.ramp.spread
        betting = "flat bet" if low == high else f"spread {low}-{high}"
        if self.ramp is not None and self.ramp.wong_out_below is not None:
            betting += f", sitting out below {signed(self.ramp.wong_out_below)}"
        return f"Hi-Lo, {betting}, " + ("index plays" if self.deviations else "basic strategy")


@dataclass(frozen=True, slots=True)
class CountBand:
    """The rounds that began at one true count (floored), per unit bet."""

    true_count: int
    hands: int
    edge: float  # the player's win per unit bet
    low: float  # 95 % interval
    high: float


@dataclass
class SimResult:
    """Totals of a simulation, in units of the initial bet (of one unit, when counting)."""

    rules: Rules
    hands: int = 0
    net: float = 0.0
    net_squared: float = 0.0
    blackjacks: int = 0
    dealer_up: list[int] = field(default_factory=lambda: [0] * 11)  # rounds by up-card
    dealer_busts: list[int] = field(default_factory=lambda: [0] * 11)
    seconds: float = 0.0
    nets: list[float] | None = None  # every round's net, when asked for (tests)
    count: CountPlan | None = None
    # What was bet: its sum, sum of squares, and the sum of net x bet (for the
    # interval of net / wagered). Without a count every bet is one unit.
    wagered: float = 0.0
    wagered_squared: float = 0.0
    net_times_bet: float = 0.0
    # Floored true count at the bet -> [rounds, net per unit bet, its square].
    by_count: dict[int, list[float]] = field(default_factory=dict)
    #: Rounds with a bet on them (fewer than :attr:`hands` when the ramp sits some out).
    played: int = 0

    @classmethod
    def combine(cls, parts: Iterable[SimResult]) -> SimResult:
        """One result from the results of chunks played one after another."""
        parts = list(parts)
        total = cls(parts[0].rules, count=parts[0].count)
        for part in parts:
            total.hands += part.hands
            total.net += part.net
            total.net_squared += part.net_squared
            total.blackjacks += part.blackjacks
            total.seconds += part.seconds
            total.wagered += part.wagered
            total.wagered_squared += part.wagered_squared
            total.net_times_bet += part.net_times_bet
            total.played += part.played
            for up in range(11):
                total.dealer_up[up] += part.dealer_up[up]
                total.dealer_busts[up] += part.dealer_busts[up]
            for key, (hands, net, squared) in part.by_count.items():
                band = total.by_count.setdefault(key, [0.0, 0.0, 0.0])
                band[0] += hands
                band[1] += net
                band[2] += squared
        return total

    @property
    def player_edge(self) -> float:
        """The player's win per unit wagered (negative: the house's edge)."""
        return self.net / self.wagered if self.wagered else 0.0

    @property
    def player_edge_95(self) -> tuple[float, float]:
        """95 % interval of :attr:`player_edge` (a ratio of sums: the delta method)."""
        n = self.hands
        if n < 2 or not self.wagered:
            return -math.inf, math.inf
        edge = self.player_edge
        spread = (self.net_squared - 2 * edge * self.net_times_bet
                  + edge * edge * self.wagered_squared) / n
        half = 1.96 * math.sqrt(max(spread, 0.0) * n) / self.wagered
        return edge - half, edge + half

    @property
    def standard_deviation(self) -> float:
        """The bankroll's standard deviation per round, in units."""
        if self.hands < 2:
            return 0.0
        mean = self.net / self.hands
        return math.sqrt(max(self.net_squared / self.hands - mean * mean, 0.0))

    def count_bands(self, minimum_hands: int = 1) -> list[CountBand]:
        """The player's edge at each true count (floored, at the bet), lowest first."""
        bands = []
        for key in sorted(self.by_count):
            hands, net, squared = self.by_count[key]
            if hands < max(minimum_hands, 2):
                continue
            mean = net / hands
            half = 1.96 * math.sqrt(max(squared / hands - mean * mean, 0.0) / hands)
            bands.append(CountBand(key, int(hands), mean, mean - half, mean + half))
        return bands

    @property
    def house_edge(self) -> float:
        """The house's expected win per unit bet (positive favours the house)."""
        return -self.net / self.hands if self.hands else 0.0

    @property
    def standard_error(self) -> float:
        if self.hands < 2:
            return math.inf
        mean = self.net / self.hands
        variance = max(self.net_squared / self.hands - mean * mean, 0.0)
        return math.sqrt(variance / self.hands)

    @property
    def confidence_95(self) -> tuple[float, float]:
        half = 1.96 * self.standard_error
        return self.house_edge - half, self.house_edge + half

    @property
    def blackjack_rate(self) -> float:
        return self.blackjacks / self.hands if self.hands else 0.0

    def bust_rate(self, up: int) -> float:
        """How often the dealer busts with ``up`` showing (1 = ace), given no dealer blackjack."""
        seen = self.dealer_up[up]
        return self.dealer_busts[up] / seen if seen else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def _dealer_total(hard: int, ace: bool, draw: Callable[[], int], hits_soft_17: bool) -> int:
    """Play the dealer's hand out: hit below 17, and on a soft 17 under H17."""
    while True:
        if ace and hard <= 11:
            total = hard + 10
            if total > 17 or (total == 17 and not hits_soft_17):
                return total
        elif hard >= 17:
            return hard
        card = draw()
        hard += card
        if card == 1:
            ace = True


def _play_out(
    hard: int, ace: bool, up: int, draw: Callable[[], int], look: Lookup
) -> int:
    """Hit or stand by the 'later' tables; return the final total (over 21: bust)."""
    later_hard, later_soft = look.later_hard, look.later_soft
    while True:
        card = draw()
        hard += card
        if card == 1:
            ace = True
        if hard > 21:
            return hard
        if ace and hard <= 11:
            if hard == 11 or later_soft[hard][up] == STAND:
                return hard + 10
        elif hard == 21 or later_hard[hard][up] == STAND:
            return hard


def _split_hands(
    card: int, up: int, draw: Callable[[], int], look: Lookup, rules: Rules
) -> list[tuple[int, int]]:
    """Play a split pair as the engine does; return (final total, bet multiple) per hand."""
    firsts = [card, card]
    results: list[tuple[int, int]] = []
    max_hands = rules.max_hands
    i = 0
    while i < len(firsts):
        first = firsts[i]
        second = draw()
        hard = first + second
        ace = first == 1 or second == 1
        total = hard + 10 if ace and hard <= 11 else hard
        if first == 1:
            # One card to each split ace; only another ace may be resplit.
            if (second == 1 and rules.resplit_aces and len(firsts) < max_hands
                    and look.pair_split[1][up] == SPLIT):
                firsts.insert(i + 1, 1)
                continue
            results.append((total, 1))
            i += 1
            continue
        if total == 21:
            results.append((21, 1))
            i += 1
            continue
        move = NO_SPLIT
        if first == second:
            move = (look.pair_split if len(firsts) < max_hands else look.pair_split_full)[
                first][up]
            if move == SPLIT:
                firsts.insert(i + 1, first)
                continue
        if move == NO_SPLIT:
            move = (look.split_soft if ace and hard <= 11 else look.split_hard)[hard][up]
        if move == DOUBLE:
            card2 = draw()
            hard += card2
            ace = ace or card2 == 1
            results.append((hard + 10 if ace and hard <= 11 else hard, 2))
        elif move == HIT:
            results.append((_play_out(hard, ace, up, draw, look), 1))
        else:
            results.append((total, 1))
        i += 1
    return results


def simulate(
    rules: Rules,
    hands: int,
    rng: random.Random,
    *,
    progress: Callable[[int], None] | None = None,
    keep_nets: bool = False,
    count: CountPlan | None = None,
) -> SimResult:
    """Play ``hands`` rounds at one seat, by basic strategy or by ``count``;
    ``progress(done)`` now and then."""
    look = compile_strategy(rules)
    result = SimResult(rules, nets=[] if keep_nets else None, count=count)
    # One table per band between index steps, compiled at the band's lowest count.
    looks = [look] * (len(_INDEX_STEPS) + 1)
    if count is not None and count.deviations:
        looks = [compile_strategy(rules, true_count=_INDEX_STEPS[0] - 1)] + [
            compile_strategy(rules, true_count=step) for step in _INDEX_STEPS]
    # The running count is read off the shoe: prefix[i] is the Hi-Lo sum of
    # vals[:i], the cards still to come when i are left; seen[0] the sum of
    # cards kept out of a shuffle, seen[1] prefix[len(vals)] at the shuffle.
    prefix: list[int] = [0]
    seen = [0, 0]
    full_shoe = new_deck_order() * rules.decks
    full_values = [card.rank.blackjack_value for card in full_shoe]
    size = len(full_shoe)
    reshuffle_at = size - int(size * rules.penetration)  # cards left when the cut card is out
    vals: list[int] = []
    # Positions in full_shoe behind vals, place for place (never popped): only
    # the rare round that runs the shoe dry needs to know which cards are out.
    behind: list[int] = []
    round_start = 0  # len(vals) when a careful round began
    carried: list[Card] = []  # on the table from before a mid-round reshuffle

    # Only a shoe whose cut card leaves fewer than _SAFE_CARDS can run dry in
    # a round; the others skip the bookkeeping (it costs ~8 % of the speed).
    track = reshuffle_at < _SAFE_CARDS

    def shuffle(excluding: list[Card] | None = None) -> None:
        # The same calls as Shoe.shuffle(excluding) make on a list of the same
        # length, so a seed deals the same cards.
        if not track:
            vals[:] = full_values
            rng.shuffle(vals)
            vals.reverse()
        else:
            shuffle_tracked(excluding)
        if count is not None:
            prefix[:] = [0] * (len(vals) + 1)
            for i, value in enumerate(vals):
                prefix[i + 1] = prefix[i] + HI_LO[value - 1]
            seen[0] = sum(HI_LO[card.rank.blackjack_value - 1] for card in excluding or ())
            seen[1] = prefix[len(vals)]

    def shuffle_tracked(excluding: list[Card] | None) -> None:
        positions = list(range(size))
        if excluding:
            cards: list[Card | None] = list(full_shoe)
            for card in excluding:
                at = cards.index(card)  # the first copy, as Shoe.shuffle removes
                cards[at] = None
                positions.remove(at)
        rng.shuffle(positions)
        positions.reverse()
        behind[:] = positions
        vals[:] = [full_values[p] for p in positions]

    def careful_draw() -> int:
        nonlocal round_start, carried
        if not vals:
            # As the engine does: shuffle the discards, the table's cards stay out.
            carried = carried + [full_shoe[p] for p in behind[:round_start]]
            shuffle(carried)
            round_start = len(vals)
        return vals.pop()

    shuffle()
    # Drawn from the end: list.pop's index argument is never given.
    pop: Callable[[], int] = vals.pop
    bj_pay = rules.blackjack_pays.units
    tie_net = -1.0 if rules.dealer_wins_ties else 0.0
    h17 = rules.dealer_hits_soft_17
    first_hard, first_soft, pair_first = look.first_hard, look.first_soft, look.pair_first
    dealer_up, dealer_busts = result.dealer_up, result.dealer_busts
    nets = result.nets
    total_net = 0.0
    total_sq = 0.0
    blackjacks = 0
    round_look, bet, bet_count, insured = look, 1, 0.0, False
    insure_at = 3 if count is not None and count.deviations and rules.insurance else None
    by_count = result.by_count
    wagered = wagered_sq = net_bet = 0.0
    played = 0
    started = time.perf_counter()
    done = 0
    while done < hands:
        chunk_end = min(hands, done + _CHUNK)
        for _ in range(chunk_end - done):
            if len(vals) <= reshuffle_at:
                shuffle()
            if count is not None:
                left = len(vals)
                bet_count = (seen[0] + seen[1] - prefix[left]) * 52 / left
                bet = count.bet(bet_count)
            if len(vals) >= _SAFE_CARDS:
                draw = pop
            else:
                draw = careful_draw
                round_start, carried = len(vals), []
            p1 = draw()
            up = draw()
            p2 = draw()
            hole = draw()
            player_bj = p1 + p2 == 11 and (p1 == 1 or p2 == 1)
            if player_bj:
                blackjacks += 1
            if count is not None:
                # Decide at the count once the own cards and the up-card are seen.
                running = seen[0] + seen[1] - prefix[len(vals)] - HI_LO[hole - 1]
                play_count = running * 52 / (len(vals) + 1)
                round_look = looks[bisect_right(_INDEX_STEPS, play_count)]
                first_hard, first_soft = round_look.first_hard, round_look.first_soft
                pair_first = round_look.pair_first
                insured = up == 1 and insure_at is not None and play_count >= insure_at
            if up + hole == 11 and (up == 1 or up == 10):
                # The dealer peeked and has a blackjack: nobody plays.
                net = tie_net if player_bj else -1.0
                if insured:
                    net += 1.0  # half a bet at 2:1
            else:
                hard = p1 + p2
                ace = p1 == 1 or p2 == 1
                finals: list[tuple[int, int]] | None = None
                net = -0.5 if insured else 0.0
                if player_bj:
                    net += bj_pay
                else:
                    move = pair_first[p1][up] if p1 == p2 else NO_SPLIT
                    if move == NO_SPLIT:
                        move = (first_soft if ace and hard <= 11 else first_hard)[hard][up]
                    if move == SURRENDER:
                        net += -0.5
                    elif move == SPLIT:
                        finals = _split_hands(p1, up, draw, round_look, rules)
                    elif move == DOUBLE:
                        card = draw()
                        hard += card
                        ace = ace or card == 1
                        finals = [(hard + 10 if ace and hard <= 11 else hard, 2)]
                    elif move == HIT:
                        finals = [(_play_out(hard, ace, up, draw, round_look), 1)]
                    else:
                        finals = [(hard + 10 if ace and hard <= 11 else hard, 1)]
                dealer_ace = up == 1 or hole == 1
                if finals is not None and any(t <= 21 for t, _ in finals):
                    dealer = _dealer_total(up + hole, dealer_ace, draw, h17)
                    for total, mult in finals:
                        if total > 21:
                            net -= mult
                        elif dealer > 21 or total > dealer:
                            net += mult
                        elif total == dealer:
                            net += tie_net * mult
                        else:
                            net -= mult
                else:
                    # Nothing left to play for, so the dealer does not draw; for
                    # the bust statistics, look at the cards she would have drawn.
                    if finals is not None:
                        net -= sum(mult for _, mult in finals)
                    try:
                        dealer = _dealer_total(
                            up + hole, dealer_ace, reversed(vals).__next__, h17
                        )
                    except StopIteration:
                        dealer = 0
                if dealer:
                    dealer_up[up] += 1
                    if dealer > 21:
                        dealer_busts[up] += 1
            if count is not None:
                band = by_count.setdefault(
                    min(HIGHEST_COUNT, max(LOWEST_COUNT, math.floor(bet_count))), [0, 0.0, 0.0])
                band[0] += 1
                band[1] += net
                band[2] += net * net
                net *= bet
                played += bet > 0
                wagered += bet
                wagered_sq += bet * bet
                net_bet += net * bet
            total_net += net
            total_sq += net * net
            if nets is not None:
                nets.append(net)
        done = chunk_end
        if progress is not None:
            progress(done)
    result.seconds = time.perf_counter() - started
    result.hands = hands
    result.net = total_net
    result.net_squared = total_sq
    if count is None:
        wagered = wagered_sq = float(hands)
        net_bet = total_net
        played = hands
    result.played = played
    result.wagered, result.wagered_squared, result.net_times_bet = wagered, wagered_sq, net_bet
    result.blackjacks = blackjacks
    return result
