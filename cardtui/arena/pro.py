"""The Pro: the arena's strongest bot, an equity player that reads its opponents.

The baselines and the personalities compare their equity against *random*
hands. The Pro keeps statistics on every opponent by name (how often they
put chips in before the flop, raise before it, bet or raise after it, and
fold to a bet) and turns each opponent's actions in this hand into a *range*:
a raise from a player who raises one hand in ten means the top tenth of
hands; a bet from one who rarely bets means a strong made hand; the calling
station's calls mean anything. Its equity is then a Monte Carlo run against
hands drawn from those ranges (David Sklansky, *The Theory of Poker*,
"putting a player on a hand"; the opponent-modelling bots of Billings et al.,
"The challenge of poker", Artificial Intelligence 134, 2002, work this way).

Then the decisions are the pot-odds ones: call when the equity beats the
price, bet or raise for value when the equity against the hands that would
*call* is well above half, bluff when the opponents have shown they fold
often enough to pay for it, and steal the blinds from tight players.

Everything is pure Python on the evaluator's additive-key tables, with one
precomputed table (the preflop order of the 169 starting hands) and, per
board, the strength order of every two-card hand, cached; a decision stays a
few milliseconds even at nine-handed.

>>> import random
>>> from cardtui.arena.protocol import bot_view
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([10_000] * 2, button=1, small_blind=50, big_blind=100,
...             deck=stacked_deck(["7h2d", "AsAh"]))
>>> Pro().decide(bot_view(hand, ("a", "b")), random.Random(1)).kind  # aces raise
<ActionKind.RAISE_TO: 'raise_to'>
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from math import sqrt

from cardtui.arena.protocol import BotView, HandSummary, SeatAction
from cardtui.cards import Card
from cardtui.holdem.actions import Action, Street
from cardtui.holdem.evaluator import rank5, rank6, rank7
from cardtui.holdem.hand_tables import CARD_KEYS, FLUSH_SUITS, RANK_TABLES, SUIT_MASK
from cardtui.holdem.legal import LegalActions

#: The 169 starting hands, best first, by equity against one random hand
#: (20,000 Monte Carlo deals each with cardtui.holdem.equity.equity_vs_random, seed 7).
_PREFLOP_TEXT = (
    "AA KK QQ JJ TT 99 88 AKs AQs 77 AJs AKo AQo ATs KQs AJo 66 KJs ATo A9s KQo A8s KTs A7s "
    "KJo A9o QJs K9s KTo A6s A5s 55 A8o QTs A7o A4s K8s A3s QJo K9o A5o K7s JTs Q9s A6o A2s "
    "QTo 44 Q8s K6s A4o K8o K5s J9s A3o JTo Q9o K7o A2o K4s K6o K3s Q6s Q8o J8s K5o Q7s T9s "
    "33 K2s J9o J7s K4o Q5s T8s Q7o J8o Q4s T9o T7s K3o Q6o Q3s 98s J6s 22 Q2s K2o Q5o T8o "
    "J5s J4s Q4o J7o 97s T6s 87s Q3o J6o J3s 98o Q2o T7o J5o J2s T5s 96s T4s 97o 86s J4o "
    "T6o T2s T3s 95s J3o 76s 87o 85s 96o J2o T5o T4o 94s 95o T3o 86o 93s 75s 65s 84s 92s "
    "76o 74s 54s T2o 64s 75o 85o 82s 94o 83s 53s 93o 73s 65o 84o 63s 92o 74o 72s 64o 43s "
    "52s 54o 62s 83o 82o 42s 73o 53o 63o 32s 43o 72o 52o 62o 42o 32o"
)
PREFLOP_ORDER = _PREFLOP_TEXT.split()
_RANKS = "23456789TJQKA"


def _hand_class(a: int, b: int) -> str:
    high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if high == low:
        return _RANKS[high] * 2
    return _RANKS[high] + _RANKS[low] + ("s" if a & 3 == b & 3 else "o")


def _preflop_percentiles() -> dict[tuple[int, int], float]:
    """Each two-card combo's place in the preflop order: 0.0 best, 1.0 worst (by combos)."""
    combos: dict[str, list[tuple[int, int]]] = {}
    for a, b in combinations(range(52), 2):
        combos.setdefault(_hand_class(a, b), []).append((a, b))
    place: dict[tuple[int, int], float] = {}
    seen = 0
    for name in PREFLOP_ORDER:
        group = combos[name]
        seen += len(group)
        for combo in group:
            place[combo] = seen / 1326
    return place


#: Combo (low index first) -> share of all combos at least as good before the flop.
PREFLOP_PLACE = _preflop_percentiles()
ALL_COMBOS = tuple(PREFLOP_PLACE)


@dataclass
class Reads:
    """What the Pro has seen of one opponent, with a prior worth a few hands."""

    hands: float = 6.0
    vpip: float = 3.0  # put chips in voluntarily before the flop
    pfr: float = 1.5  # raised before the flop
    aggressive: float = 3.0  # bets and raises after the flop
    passive: float = 7.0  # checks and calls after the flop
    faced: float = 5.0  # times facing a bet after the flop
    folded: float = 2.0  # ... and folded

    @property
    def raise_rate(self) -> float:
        return self.pfr / self.hands

    @property
    def play_rate(self) -> float:
        return self.vpip / self.hands

    @property
    def aggression(self) -> float:
        return self.aggressive / (self.aggressive + self.passive)

    @property
    def fold_to_bet(self) -> float:
        return self.folded / self.faced


def _clamp(value: float, low: float, high: float) -> float:
    return low if value < low else high if value > high else value


class _BoardOrder:
    """Per board: each combo's place among all combos by its made hand now (cached)."""

    def __init__(self, size: int = 64) -> None:
        self._cache: OrderedDict[tuple[int, ...], dict[tuple[int, int], float]] = OrderedDict()
        self._size = size

    def places(self, board: tuple[int, ...]) -> dict[tuple[int, int], float]:
        found = self._cache.get(board)
        if found is not None:
            self._cache.move_to_end(board)
            return found
        used = set(board)
        rankers: dict[int, Callable[..., int]] = {3: rank5, 4: rank6, 5: rank7}
        rank = rankers[len(board)]
        # The evaluator's own tables inline (rank5/6/7 only for a possible flush).
        keys = CARD_KEYS
        table, flush_suit = RANK_TABLES[len(board) + 2], FLUSH_SUITS[len(board) + 2]
        base = sum(keys[i] for i in board)
        values: dict[tuple[int, int], int] = {}
        for a, b in ALL_COMBOS:
            if a in used or b in used:
                continue
            key = base + keys[a] + keys[b]
            values[(a, b)] = (table[key >> 9] if flush_suit[key & SUIT_MASK] < 0
                              else rank(a, b, *board))
        ordered = sorted(values.values())
        count = len(ordered)
        # A combo's place: the share of combos at least as good (equal hands share
        # the worse place: a tie is no better than the last of them).
        share: dict[int, float] = {}
        start = 0
        while start < count:
            value = ordered[start]
            end = bisect_right(ordered, value, start)
            share[value] = (count - start) / count
            start = end
        places = {combo: share[value] for combo, value in values.items()}
        self._cache[board] = places
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return places


_BOARD_ORDER = _BoardOrder()


@dataclass(frozen=True)
class Range:
    """An opponent's likely hands: the top ``preflop`` share, then the top ``board`` share now."""

    preflop: float = 1.0
    board: float = 1.0


class Pro:
    """The strongest bot in the arena (see the module's docstring)."""

    #: Monte Carlo deals per equity estimate.
    trials = 300

    def __init__(self) -> None:
        self.reads: dict[str, Reads] = {}
        self._my_seat: dict[int, int] = {}

    # --- learning --------------------------------------------------------

    def hand_ended(self, summary: HandSummary) -> None:
        mine = self._my_seat.pop(summary.hand_number, None)
        self._my_seat.clear()
        seats = {a.seat for a in summary.history}
        for seat in seats:
            if seat == mine or not summary.names[seat]:
                continue
            reads = self.reads.setdefault(summary.names[seat], Reads())
            _tally(reads, seat, summary.history)

    # --- deciding --------------------------------------------------------

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self._my_seat[view.hand_number] = view.seat
        if view.street is Street.PREFLOP:
            return self._preflop(view, rng)
        return self._postflop(view, rng)

    def _read(self, view: BotView, seat: int) -> Reads:
        return self.reads.get(view.names[seat], Reads())

    def _ranges(self, view: BotView, *, calling: bool = False) -> list[Range]:
        """Each live opponent's range from their actions this hand (``calling``: if bet into)."""
        out = []
        for seat in view.opponents:
            reads = self._read(view, seat)
            pre, board = 1.0, 1.0
            for action in view.history:
                if action.seat != seat:
                    continue
                if action.street is Street.PREFLOP:
                    if action.kind == "raise":
                        pre *= _clamp(reads.raise_rate * 1.2, 0.04, 1.0)
                    elif action.kind == "call" and pre == 1.0:
                        pre = _clamp(reads.play_rate * 1.1, 0.1, 1.0)
                elif action.kind == "raise":
                    board *= _clamp(reads.aggression * 1.3 + 0.05, 0.1, 1.0)
                elif action.kind == "call":
                    board *= _clamp(1.0 - reads.fold_to_bet, 0.3, 1.0)
            if calling:
                board *= _clamp(1.0 - reads.fold_to_bet, 0.3, 1.0)
            out.append(Range(pre, board))
        return out

    def _equity(self, view: BotView, rng: random.Random, ranges: list[Range],
                lines: tuple[float, ...]) -> float:
        """Equity against ``ranges``, as precise as comparing it with ``lines`` needs."""
        return range_equity(tuple(c.index for c in view.hole),
                            tuple(c.index for c in view.board), ranges, self.trials, rng,
                            lines)

    def _preflop(self, view: BotView, rng: random.Random) -> Action:
        legal = view.legal
        big = view.big_blind
        hole = tuple(sorted(c.index for c in view.hole))
        place = PREFLOP_PLACE[(hole[0], hole[1])]
        raisers = [a for a in view.history if a.kind == "raise"]
        to_call = legal.call_amount
        if not raisers:
            behind = [s for s in view.live if s != view.seat]
            # Steal wider when the players still to act rarely play back.
            folds = 1.0
            for seat in behind:
                folds *= 1.0 - self._read(view, seat).play_rate
            width = {1: 0.55, 2: 0.38, 3: 0.28, 4: 0.22, 5: 0.18}.get(view.players_behind, 0.14)
            width = _clamp(width + 0.4 * folds, 0.1, 0.9)
            limpers = sum(1 for a in view.history if a.kind == "call")
            if limpers:
                width *= 0.6
            if place <= width:
                return _raise(legal, (2.5 + limpers) * big)
            if to_call and to_call <= big // 2 and place <= 0.8:
                return Action.call()  # the small blind completes cheaply
            return Action.check() if legal.can_check else Action.fold()
        ranges = self._ranges(view)
        pot_odds = to_call / (view.pot + to_call) if to_call else 0.0
        fair = 1 / (len(ranges) + 1)
        share = self._equity(view, rng, ranges, (max(0.55, fair + 0.2), pot_odds + 0.03))
        if share >= max(0.55, fair + 0.2) and legal.can_raise:
            return _raise(legal, 3 * view.current_bet)
        # Out of position after the flop, a call needs a little more than the price.
        if share >= pot_odds + 0.03:
            return Action.call() if to_call else Action.check()
        return Action.check() if legal.can_check else Action.fold()

    def _postflop(self, view: BotView, rng: random.Random) -> Action:
        legal = view.legal
        to_call = legal.call_amount
        ranges = self._ranges(view)
        pot = view.pot
        margin = 0.02 if view.street is Street.RIVER else 0.0
        # Facing a bet the equity meets the price; facing none, the bluff's 0.5.
        price = to_call / (pot + to_call) + margin if to_call else 0.5
        share = self._equity(view, rng, ranges, (price,))
        opponents = view.opponents
        fold_all = 1.0
        loose = True
        for seat in opponents:
            reads = self._read(view, seat)
            fold_all *= reads.fold_to_bet
            loose = loose and reads.fold_to_bet < 0.2
        size_share = 1.0 if loose else 0.75
        if legal.can_raise and view.raises < 3:
            fair = 1 / (len(opponents) + 1)
            # Betting into a check needs less than raising a bet: a raise faces re-raises.
            value_line = max(0.6 if to_call else 0.54, fair + 0.25)
            called = self._equity(view, rng, self._ranges(view, calling=True), (value_line,))
            if called >= value_line:
                return _raise(legal, view.current_bet + size_share * (pot + to_call))
            bet = 0.6 * (pot + to_call)
            bluff_price = bet / (pot + to_call + bet)
            if not to_call and fold_all > bluff_price + 0.08 and share < 0.5:
                return _raise(legal, view.current_bet + bet)
        if not to_call:
            return Action.check()
        return Action.call() if share >= price else Action.fold()


def _raise(legal: LegalActions, amount: float) -> Action:
    """A legal raise near ``amount`` (a call or check when raising is closed)."""
    if not legal.can_raise:
        return Action.call() if legal.call_amount else Action.check()
    to = int(min(max(amount, legal.min_raise_to), legal.max_raise_to))
    # Committing most of the stack anyway: put it all in.
    if to >= 0.6 * legal.max_raise_to:
        to = legal.max_raise_to
    return Action.raise_to(to)


def _tally(reads: Reads, seat: int, history: tuple[SeatAction, ...]) -> None:
    """Add one hand's actions by ``seat`` to ``reads``."""
    reads.hands += 1
    played = raised = False
    street = Street.PREFLOP
    bet_open = False
    for action in history:
        if action.street is not street:
            street, bet_open = action.street, False
        if action.street is Street.PREFLOP:
            if action.seat == seat:
                played = played or action.kind in ("call", "raise")
                raised = raised or action.kind == "raise"
            continue
        if action.seat == seat:
            if bet_open:
                reads.faced += 1
                reads.folded += action.kind == "fold"
            if action.kind == "raise":
                reads.aggressive += 1
            elif action.kind in ("check", "call"):
                reads.passive += 1
        if action.kind == "raise":
            bet_open = True
    reads.vpip += played
    reads.pfr += raised


#: Trials between two looks at whether the estimate is clear of its lines, and how
#: many standard errors from every line make it clear (see :func:`range_equity`).
BATCH = 100
CLEAR = 3.0

#: Each combo's preflop place, in ALL_COMBOS's order (best first), for bisecting a range.
_PLACES = [PREFLOP_PLACE[c] for c in ALL_COMBOS]
_ALL_COMBOS_LIST = list(ALL_COMBOS)


def _pool(used: set[int], preflop: float) -> list[tuple[int, int]]:
    """The combos within the top ``preflop`` share that miss ``used`` (best first)."""
    end = bisect_right(_PLACES, preflop + 1e-9)
    return [c for c in _ALL_COMBOS_LIST[:end] if c[0] not in used and c[1] not in used]


def range_equity(hole: tuple[int, ...], board: tuple[int, ...], ranges: list[Range],
                 trials: int, rng: random.Random, lines: tuple[float, ...] = ()) -> float:
    """Share of the pot ``hole`` wins against opponents holding hands from ``ranges``.

    Each trial draws every opponent's hand from its range (a hand that would
    reuse a card is drawn again, eight tries) and the rest of the board from
    the unseen cards, with one ``rng.random()`` a card: the same Monte Carlo as
    ``rng.choice``/``rng.sample`` draws, at a third of the cost.

    ``lines``: the equities the caller compares the answer with. The trials
    then run in batches of :data:`BATCH` and stop once the estimate is
    :data:`CLEAR` standard errors from every line (the comparison would come
    out the same after the rest of the trials but about once in a few
    hundred): a clear decision costs a third of a close one.
    """
    used = set(hole) | set(board)
    narrow = board and any(limits.board < 1.0 for limits in ranges)
    places = _BOARD_ORDER.places(board) if narrow else None
    pools: list[list[tuple[int, int]]] = []
    # Opponents with the same range (or preflop range) share one pool (read-only).
    made: dict[float, list[tuple[int, int]]] = {}
    shared: dict[Range, list[tuple[int, int]]] = {}
    for limits in ranges:
        found = shared.get(limits)
        if found is not None:
            pools.append(found)
            continue
        pool = made.get(limits.preflop)
        if pool is None:
            pool = made[limits.preflop] = _pool(used, limits.preflop)
        if places is not None and limits.board < 1.0:
            narrowed = [c for c in pool if places[c] <= limits.board + 1e-9]
            # Too narrow a read is a wrong read more often than a right one.
            pool = narrowed if len(narrowed) >= 6 else pool
        if len(pool) < 3:
            pool = made.get(1.0) or _pool(used, 1.0)
        shared[limits] = pool
        pools.append(pool)
    deck = [i for i in range(52) if i not in used]
    rand = rng.random
    total, done, left = 0.0, 0, trials
    while left > 0:
        batch = min(left, BATCH) if lines else left
        left -= batch
        if len(pools) == 1:
            won, played = _heads_up(hole, board, pools[0], deck, batch, rand)
        else:
            won, played = _multiway(hole, board, pools, deck, batch, rand)
        total, done = total + won, done + played
        if lines and left and done:
            share = total / done
            error = sqrt(max(share * (1 - share), 0.01) / done)
            if all(abs(share - line) > CLEAR * error for line in lines):
                break
    return total / done if done else 0.5


def _multiway(hole: tuple[int, ...], board: tuple[int, ...], pools: list[list[tuple[int, int]]],
              deck: list[int], trials: int, rand: Callable[[], float]) -> tuple[float, int]:
    """:func:`range_equity`'s trials against two or more ranges: (pots won, trials played)."""
    deck_size = len(deck)
    missing = 5 - len(board)
    keys, flush_suit, table = CARD_KEYS, FLUSH_SUITS[7], RANK_TABLES[7]
    base = sum(keys[i] for i in board)
    hero_key = keys[hole[0]] + keys[hole[1]]
    sized = [(pool, len(pool)) for pool in pools]
    total = 0.0
    done = 0
    best: int
    for _ in range(trials):
        taken: set[int] = set()
        holes = []
        for pool, size in sized:
            combo: tuple[int, int] | None = None
            for _attempt in range(8):
                pick = pool[int(rand() * size)]
                if pick[0] not in taken and pick[1] not in taken:
                    combo = pick
                    break
            if combo is None:
                break
            taken.add(combo[0])
            taken.add(combo[1])
            holes.append(combo)
        if len(holes) < len(pools):
            continue
        runout: list[int] = []
        board_key = base
        while len(runout) < missing:
            card = deck[int(rand() * deck_size)]
            if card not in taken:
                taken.add(card)
                runout.append(card)
                board_key += keys[card]
        key = board_key + hero_key
        if flush_suit[key & SUIT_MASK] < 0:
            best = table[key >> 9]
        else:
            best = rank7(hole[0], hole[1], *board, *runout)
        tied = 1
        for a, b in holes:
            key = board_key + keys[a] + keys[b]
            value = (table[key >> 9] if flush_suit[key & SUIT_MASK] < 0
                     else rank7(a, b, *board, *runout))
            if value > best:
                break
            if value == best:
                tied += 1
        else:
            total += 1 / tied
        done += 1
    return total, done


def _heads_up(hole: tuple[int, ...], board: tuple[int, ...], pool: list[tuple[int, int]],
              deck: list[int], trials: int, rand: Callable[[], float]) -> tuple[float, int]:
    """:func:`range_equity`'s trials against one range, without the bookkeeping (a combo
    from the pool never meets the hero's or the board's cards): (pots won, trials)."""
    keys, flush_suit, table = CARD_KEYS, FLUSH_SUITS[7], RANK_TABLES[7]
    base = sum(keys[i] for i in board)
    hero_key = keys[hole[0]] + keys[hole[1]]
    size, deck_size = len(pool), len(deck)
    missing = 5 - len(board)
    total = 0.0
    for _ in range(trials):
        a, b = pool[int(rand() * size)]
        runout: list[int] = []
        board_key = base
        drawn = 0
        while drawn < missing:
            card = deck[int(rand() * deck_size)]
            if card != a and card != b and card not in runout:
                runout.append(card)
                board_key += keys[card]
                drawn += 1
        key = board_key + hero_key
        best = (table[key >> 9] if flush_suit[key & SUIT_MASK] < 0
                else rank7(hole[0], hole[1], *board, *runout))
        key = board_key + keys[a] + keys[b]
        value = table[key >> 9] if flush_suit[key & SUIT_MASK] < 0 else rank7(a, b, *board, *runout)
        if value < best:
            total += 1.0
        elif value == best:
            total += 0.5
    return total, trials


def describe(cards: tuple[Card, Card]) -> str:
    """A starting hand's class name (``AKs``) and its place in the preflop order.

    >>> from cardtui.cards import parse_cards
    >>> a, b = parse_cards("AhKh")
    >>> describe((a, b))
    'AKs (top 3%)'
    """
    a, b = sorted(c.index for c in cards)
    return f"{_hand_class(a, b)} (top {PREFLOP_PLACE[(a, b)]:.0%})"
