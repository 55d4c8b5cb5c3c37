"""The strategy lab: basic strategy played headless, fast.

The full engine allocates a record for every step, which is right for the
table screen and far too slow for millions of hands. This module plays the
same rules (the same :class:`Rules`, the same :mod:`strategy` tables, the
same shuffle and dealing order as :class:`~cardtui.blackjack.table.Table`
with one seat) as a tight loop over card values, in units of one bet.
``tests/blackjack/test_sim_agrees.py`` checks the two give identical results,
round by round, for the same seed.

>>> import random
>>> result = simulate(Rules(), 2_000, random.Random(1))
>>> result.hands, round(result.blackjack_rate, 3) > 0
(2000, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import DoubleRule, Rules
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


def compile_strategy(rules: Rules) -> Lookup:
    """Compile the strategy tables by asking :func:`strategy.decide` about every cell."""

    def totals(soft: bool, *, after_split: bool | None) -> tuple[tuple[int, ...], ...]:
        rows = []
        for hard in range(22):
            row = [STAND] * 11
            if (soft and 2 <= hard <= 11) or (not soft and 4 <= hard <= 21):
                for up in range(1, 11):
                    action, *_ = decide(
                        hard, soft, None, up, rules,
                        can_double=after_split is not None
                        and _double_allowed(rules, hard, soft, after_split=after_split),
                        can_split=False,
                        can_surrender=after_split is False and rules.late_surrender,
                    )
                    row[up] = _CODES[action]
            rows.append(tuple(row))
        return tuple(rows)

    def pairs(*, after_split: bool, can_split: bool) -> tuple[tuple[int, ...], ...]:
        rows = [tuple([NO_SPLIT] * 11)]
        for value in range(1, 11):
            row = [NO_SPLIT] * 11
            hard = 2 * value
            for up in range(1, 11):
                action, table, *_ = decide(
                    hard, value == 1, value, up, rules,
                    can_double=_double_allowed(rules, hard, value == 1, after_split=after_split),
                    can_split=can_split,
                    can_surrender=not after_split and rules.late_surrender,
                )
                if table == "pair":
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


@dataclass
class SimResult:
    """Totals of a simulation, in units of the initial bet."""

    rules: Rules
    hands: int = 0
    net: float = 0.0
    net_squared: float = 0.0
    blackjacks: int = 0
    dealer_up: list[int] = field(default_factory=lambda: [0] * 11)  # rounds by up-card
    dealer_busts: list[int] = field(default_factory=lambda: [0] * 11)
    seconds: float = 0.0
    nets: list[float] | None = None  # every round's net, when asked for (tests)

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
) -> SimResult:
    """Play ``hands`` rounds of basic strategy at one seat; ``progress(done)`` now and then."""
    look = compile_strategy(rules)
    result = SimResult(rules, nets=[] if keep_nets else None)
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
            return
        positions = list(range(size))
        if excluding:
            cards = list(full_shoe)
            for card in excluding:
                at = cards.index(card)  # the first copy, as Shoe.shuffle removes
                cards[at] = None  # type: ignore[call-overload]
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
    pop = vals.pop
    bj_pay = rules.blackjack_pays.units
    tie_net = -1.0 if rules.dealer_wins_ties else 0.0
    h17 = rules.dealer_hits_soft_17
    first_hard, first_soft, pair_first = look.first_hard, look.first_soft, look.pair_first
    dealer_up, dealer_busts = result.dealer_up, result.dealer_busts
    nets = result.nets
    total_net = 0.0
    total_sq = 0.0
    blackjacks = 0
    started = time.perf_counter()
    done = 0
    while done < hands:
        chunk_end = min(hands, done + _CHUNK)
        for _ in range(chunk_end - done):
            if len(vals) <= reshuffle_at:
                shuffle()
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
            if up + hole == 11 and (up == 1 or up == 10):
                # The dealer peeked and has a blackjack: nobody plays.
                net = tie_net if player_bj else -1.0
            else:
                hard = p1 + p2
                ace = p1 == 1 or p2 == 1
                finals: list[tuple[int, int]] | None = None
                net = 0.0
                if player_bj:
                    net = bj_pay
                else:
                    move = pair_first[p1][up] if p1 == p2 else NO_SPLIT
                    if move == NO_SPLIT:
                        move = (first_soft if ace and hard <= 11 else first_hard)[hard][up]
                    if move == SURRENDER:
                        net = -0.5
                    elif move == SPLIT:
                        finals = _split_hands(p1, up, draw, look, rules)
                    elif move == DOUBLE:
                        card = draw()
                        hard += card
                        ace = ace or card == 1
                        finals = [(hard + 10 if ace and hard <= 11 else hard, 2)]
                    elif move == HIT:
                        finals = [(_play_out(hard, ace, up, draw, look), 1)]
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
    result.blackjacks = blackjacks
    return result
