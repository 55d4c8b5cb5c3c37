"""Duplicate matches: every deal played once per seat rotation, so the cards' luck cancels.

A deal is one shuffled deck. With the button fixed, the deck gives each seat
the same hole cards and the same board whatever sits there; the deal is then
played once per rotation of the bots round the seats (heads-up: twice, seats
swapped; six-handed: six times), so each bot holds every seat's cards once.
What remains of the result is how the bots played them (the method of the
Annual Computer Poker Competition's duplicate matches; Bard, Hawkin,
Rubin, Zinkevich, "The Annual Computer Poker Competition", AI Magazine 2013).

Stacks start at 100 big blinds every hand (a cash game's usual buy-in), so
every hand is the same game. A bot's result is in big blinds per 100 hands
(bb/100) with a 95 % interval, from the spread of its result per deal (the
deals are independent; the hands within a deal are not).

>>> result = play_match(["station", "raiser"], seats=2, deals=20, seed=1)
>>> result.hands, [row.name for row in result.rows()]
(40, ['station', 'raiser'])
>>> round(sum(row.bb_per_100 for row in result.rows()), 6)  # zero-sum, heads-up
0.0
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardtui.arena.baselines import load_bot
from cardtui.arena.kept import forget_all
from cardtui.arena.protocol import (
    DEFAULT_TIME_LIMIT,
    HoldemBot,
    ask,
    bot_view,
    hand_summary,
)
from cardtui.cards import Card, Deck
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.holdem.hand import Hand

#: The arena's blinds and starting stack: 100 big blinds deep.
SMALL_BLIND, BIG_BLIND = 50, 100
STACK = 100 * BIG_BLIND
#: A 95 % interval is the mean ± this many standard errors (normal approximation).
Z_95 = 1.959964


@dataclass(frozen=True)
class BotResult:
    name: str
    #: Big blinds won per 100 hands, and the half-width of its 95 % interval.
    bb_per_100: float
    interval: float
    hands: int
    refusals: int
    #: This bot's slowest 5 % of decisions start here (seconds).
    p95_seconds: float

    @property
    def above_zero(self) -> bool:
        return self.bb_per_100 - self.interval > 0


@dataclass
class MatchResult:
    names: list[str]
    seats: int
    deals: int = 0
    hands: int = 0
    #: Per bot name: its big blinds won per hand in each deal (averaged over rotations).
    per_deal: dict[str, list[float]] = field(default_factory=dict)
    refusals: dict[str, list[str]] = field(default_factory=dict)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    #: Per bot name: how many of its moves were each kind (fold, check, call, raise_to...).
    moves: dict[str, Counter[str]] = field(default_factory=dict)

    def share(self, name: str, *kinds: str) -> float:
        """The share of ``name``'s moves that were one of ``kinds``."""
        counts = self.moves.get(name, Counter())
        total = sum(counts.values())
        return sum(counts[k] for k in kinds) / total if total else 0.0

    def rows(self) -> list[BotResult]:
        out = []
        for name in self.names:
            values = self.per_deal[name]
            mean = statistics.fmean(values) if values else 0.0
            # One deal says nothing of the spread: no interval, never "above zero".
            spread = statistics.stdev(values) if len(values) > 1 else math.inf
            times = sorted(self.seconds[name])
            p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
            out.append(BotResult(name, 100 * mean, 100 * Z_95 * spread / math.sqrt(
                max(1, len(values))), self.hands, len(self.refusals[name]), p95))
        return out


def seating(slots: int, rotation: int) -> list[int]:
    """Which entrant slot sits in each seat in ``rotation`` (seat s: slot (s + r) mod n).

    >>> seating(2, 0), seating(2, 1)
    ([0, 1], [1, 0])
    >>> seating(3, 1)
    [1, 2, 0]
    """
    return [(seat + rotation) % slots for seat in range(slots)]


def deal_deck(seed: int, deal: int) -> list[Card]:
    """The shuffled deck of deal number ``deal`` of a match seeded ``seed``."""
    deck = Deck()
    deck.shuffle(random.Random(f"arena-{seed}-deal-{deal}"))
    return deck.cards


def play_match(
    specs: Sequence[str],
    *,
    seats: int,
    deals: int,
    seed: int,
    make: Callable[[str], HoldemBot] = load_bot,
    progress: Callable[[int], None] | None = None,
    phh_dir: Path | None = None,
    clock: Clock = SYSTEM_CLOCK,
    time_limit: float = DEFAULT_TIME_LIMIT,
    result: MatchResult | None = None,
    duplicate: bool = True,
    stop: Callable[[], bool] | None = None,
) -> MatchResult:
    """Play ``deals`` duplicate deals with ``specs`` cycled round ``seats`` seats.

    ``duplicate=False`` plays each deal once, the bots moving one seat round
    each deal (luck then stays in the result: a wider interval for the hands).

    Each seat's bot is its own object (``make(spec)``), kept all match long,
    so a bot that learns learns; seats running the same spec are counted as
    one bot in the results. ``progress(hands)`` is told after every hand;
    ``result`` (if given) fills in as the match goes, so an interrupted match
    keeps what it played; ``stop()`` is asked after each deal (True: the
    match ends there, a time budget).
    """
    if not 2 <= seats <= 10:
        raise ValueError(f"seats must be 2 to 10, not {seats}")
    if not 1 <= len(specs) <= seats:
        raise ValueError(f"{len(specs)} bots for {seats} seats: give 1 to {seats} bots")
    slot_specs = [specs[i % len(specs)] for i in range(seats)]
    bots = [make(spec) for spec in slot_specs]
    names = list(dict.fromkeys(slot_specs))
    result = result if result is not None else MatchResult(names, seats)
    result.names, result.seats = names, seats
    for name in names:
        result.per_deal.setdefault(name, [])
        result.refusals.setdefault(name, [])
        result.seconds.setdefault(name, [])
        result.moves.setdefault(name, Counter())
    copies = {name: slot_specs.count(name) for name in names}
    # A match replays from its seed alone, whatever the process played before.
    forget_all()
    for deal in range(deals):
        if deal and stop is not None and stop():
            break
        cards = deal_deck(seed, deal)
        won = dict.fromkeys(names, 0.0)
        rotations = range(seats) if duplicate else [deal % seats]
        for rotation in rotations:
            order = seating(seats, rotation)
            seat_names = [slot_specs[slot] for slot in order]
            rng = random.Random(f"arena-{seed}-deal-{deal}-rotation-{rotation}")
            number = result.hands + 1
            hand = Hand([STACK] * seats, button=seats - 1, small_blind=SMALL_BLIND,
                        big_blind=BIG_BLIND, deck=Deck(cards), names=seat_names)
            while not hand.is_over:
                seat = hand.actor
                assert seat is not None
                view = bot_view(hand, seat_names, number)
                answer = ask(bots[order[seat]], view, rng, clock=clock, time_limit=time_limit)
                name = seat_names[seat]
                result.seconds[name].append(answer.seconds)
                result.moves[name][answer.action.kind.value] += 1
                if answer.refused:
                    result.refusals[name].append(f"hand {number}: {answer.refused}")
                hand.act(answer.action)
            summary = hand_summary(hand, seat_names, [STACK] * seats, number)
            for seat, slot in enumerate(order):
                won[slot_specs[slot]] += summary.net[seat] / BIG_BLIND
                told = getattr(bots[slot], "hand_ended", None)
                if callable(told):
                    told(summary)
            if phh_dir is not None:
                from cardtui.holdem.phh import to_phh

                path = phh_dir / f"hand-{number:06d}.phh"
                # Copies of one bot get their seat's number: a PHH player is one person.
                players = [n if seat_names.count(n) == 1 else f"{n} {seat + 1}"
                           for seat, n in enumerate(seat_names)]
                path.write_text(to_phh(hand, names=players, hand_number=number))
            result.hands = number
            if progress is not None:
                progress(number)
        for name in names:
            result.per_deal[name].append(won[name] / (len(rotations) * copies[name]))
        result.deals += 1
    return result
