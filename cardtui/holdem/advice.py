"""Advice for the player to act: equity, the price of a call, and what to do about it.

For the seat to act, :func:`advise` measures its share of the pot against the
opponents still in the hand twice, by Monte Carlo from the injected
generator:

- against random hands (what :func:`~cardtui.holdem.equity.equity_vs_random`
  measures for the bots), and
- against a simple range for each opponent: a bot plays the hands its
  personality enters the pot with (its Chen score reaches the style's
  ``play`` threshold, :mod:`cardtui.holdem.bots`); a person, whose range
  nobody knows, holds random hands.

Then the pot odds of the call (a call of C into a pot of P, the bet included,
pays when equity > C / (P + C); https://en.wikipedia.org/wiki/Pot_odds) and a
one-line suggestion with its reason, made from the range equity.

>>> import random
>>> from cardtui.cards import parse_cards
>>> from cardtui.holdem.bots import Personality
>>> spot = Spot(parse_cards("AsAh"), parse_cards("Kd7c2s"), pot=300, to_call=100,
...             opponents=(Personality.ROCK,))
>>> advice = advise(spot, random.Random(7), trials=2000)
>>> advice.suggestion, f"{advice.pot_odds:.0%}"
(<Suggestion.RAISE: 'raise'>, '25%')
>>> advice.equity_range > 0.8, advice.equity_random > advice.equity_range
(True, True)
>>> advice.line
'Raise: 85% equity against their range is well above the 25% the call needs.'
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations

from cardtui.cards import Card
from cardtui.holdem.bots import STYLES, Personality
from cardtui.holdem.equity import equity_vs_random
from cardtui.holdem.evaluator import rank7
from cardtui.holdem.hand_tables import CARD_KEYS, FLUSH_SUITS, RANK_TABLES, SUIT_BITS, SUIT_MASK
from cardtui.holdem.preflop import chen_score
from cardtui.i18n import N_, _

__all__ = ["Advice", "Spot", "Suggestion", "advise", "equity_against", "personality_range"]

#: Monte Carlo deals per estimate: the standard error of an equity near 50%
#: is sqrt(0.25 / 3,000), under a point, well within the table's 150 ms.
TRIALS = 3_000
#: Heads-up, bet or raise for value from this equity; with n opponents the
#: bar is this share of 2 / (n + 1) (a fair share, and a fifth more).
VALUE_HEADS_UP = 0.6
#: Raise rather than call when equity clears the price by this much too.
RAISE_MARGIN = 0.15

#: Two cards by index (0-51), lower first.
Combo = tuple[int, int]


class Suggestion(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


#: Each suggestion as the advice line starts with it.
SUGGESTION_WORDS = {Suggestion.FOLD: N_("Fold"), Suggestion.CHECK: N_("Check"),
                    Suggestion.CALL: N_("Call"), Suggestion.BET: N_("Bet"),
                    Suggestion.RAISE: N_("Raise")}

@dataclass(frozen=True, slots=True)
class Spot:
    """The decision at hand, as the player to act sees it."""

    hole: Sequence[Card]
    board: Sequence[Card]
    #: Every chip in the middle: pots and the bets in front of the players.
    pot: int
    #: Chips a call puts in (0: nothing to call, a check is free).
    to_call: int
    #: One entry per opponent still in the hand: a bot's personality, or
    #: None for a person (their range is unknown: random hands).
    opponents: tuple[Personality | None, ...]
    #: Cards known to be out of the deck (none at a real table).
    dead: Sequence[Card] = ()


@dataclass(frozen=True, slots=True)
class Advice:
    #: Share of the pot against random hands.
    equity_random: float
    #: Share of the pot against each opponent's range (random for a person).
    equity_range: float
    #: The call's price, C / (P + C); None when there is nothing to call.
    pot_odds: float | None
    suggestion: Suggestion
    #: Why, in a few words ("41% equity beats the 25% the call needs").
    reason: str
    #: Monte Carlo deals behind each equity figure.
    trials: int

    @property
    def line(self) -> str:
        """The suggestion and its reason, one line."""
        return _("{move}: {reason}.").format(move=_(SUGGESTION_WORDS[self.suggestion]),
                                            reason=self.reason)

    @property
    def margin(self) -> float:
        """About two standard errors of the equity figures (a 95% band)."""
        return 2 * math.sqrt(0.25 / self.trials)


def advise(spot: Spot, rng: random.Random, *, trials: int = TRIALS) -> Advice:
    """The advice for ``spot``; every random number comes from ``rng``."""
    if not spot.opponents:
        raise ValueError("advice needs at least one opponent still in the hand")
    if spot.dead:
        ranges: list[tuple[Combo, ...] | None] = [None] * len(spot.opponents)
        random_share = equity_against(spot.hole, spot.board, ranges, trials=trials, rng=rng,
                                      dead=spot.dead)
    else:
        random_share = equity_vs_random(spot.hole, spot.board, len(spot.opponents),
                                        trials=trials, rng=rng)
    ranges = [personality_range(p) if p is not None else None for p in spot.opponents]
    if all(r is None for r in ranges):
        range_share = random_share  # nobody's range is known: the same question
    else:
        range_share = equity_against(spot.hole, spot.board, ranges, trials=trials, rng=rng,
                                     dead=spot.dead)
    odds = spot.to_call / (spot.pot + spot.to_call) if spot.to_call else None
    suggestion, reason = _suggest(range_share, odds, len(spot.opponents),
                                  against=any(ranges))
    return Advice(random_share, range_share, odds, suggestion, reason, trials)


def _suggest(share: float, odds: float | None, opponents: int,
             against: bool) -> tuple[Suggestion, str]:
    value = VALUE_HEADS_UP * 2 / (opponents + 1)
    shown, needed = _percents(share, odds if odds is not None else share)
    equity = (_("{share} equity against their range") if against
              else _("{share} equity")).format(share=shown)
    if odds is None:
        if share >= value:
            return Suggestion.BET, _("{equity} is ahead; make them pay to draw").format(
                equity=equity)
        return Suggestion.CHECK, _(
            "{equity} is not enough to bet for value; checking is free").format(equity=equity)
    if share >= max(value, odds + RAISE_MARGIN):
        return Suggestion.RAISE, _("{equity} is well above the {needed} the call needs").format(
            equity=equity, needed=needed)
    if share >= odds:
        return Suggestion.CALL, _("{equity} beats the {needed} the call needs").format(
            equity=equity, needed=needed)
    return Suggestion.FOLD, _("{equity} is below the {needed} the call needs").format(
        equity=equity, needed=needed)


def _percents(share: float, odds: float) -> tuple[str, str]:
    """Both as whole percentages, or to a tenth when those would read the same
    ("29% equity beats the 29% the call needs" does not say why).

    >>> _percents(0.41, 0.25), _percents(0.294, 0.286)
    (('41%', '25%'), ('29.4%', '28.6%'))
    """
    whole = f"{share:.0%}", f"{odds:.0%}"
    return whole if whole[0] != whole[1] or share == odds else (f"{share:.1%}", f"{odds:.1%}")


@cache
def personality_range(personality: Personality) -> tuple[Combo, ...]:
    """Every two-card hand a bot of ``personality`` plays before the flop.

    The hands whose Chen score reaches the style's ``play`` threshold: a
    Rock's is tight, a Maniac's nearly everything.

    >>> len(personality_range(Personality.ROCK)) < len(personality_range(Personality.SHARK))
    True
    """
    threshold = STYLES[personality].play
    deck = [Card.from_index(i) for i in range(52)]
    return tuple(
        (a.index, b.index) for a, b in combinations(deck, 2) if chen_score((a, b)) >= threshold
    )


def equity_against(
    hole: Sequence[Card],
    board: Sequence[Card],
    ranges: Sequence[Sequence[Combo] | None],
    *,
    trials: int,
    rng: random.Random,
    dead: Sequence[Card] = (),
) -> float:
    """Share of the pot ``hole`` wins against one opponent per range (Monte Carlo).

    A range is the two-card hands (card indices) an opponent may hold, all
    equally likely; None is any two cards. Each deal draws each opponent a
    hand from their range that does not clash with the cards already out,
    then the rest of the board. A win counts 1, a k-way tie 1/k.

    >>> from cardtui.cards import parse_cards
    >>> queens = [tuple(c.index for c in parse_cards("QsQd"))]
    >>> share = equity_against(parse_cards("AhKh"), parse_cards("Jc3d5c"), [queens],
    ...                        trials=3000, rng=random.Random(2))
    >>> abs(share - 0.2636) < 0.03  # cardtui equity AhKh QsQd --board Jc3d5c: 26.36%
    True
    """
    hero, known = [c.index for c in hole], [c.index for c in board]
    if len(hero) != 2 or len(known) not in (0, 3, 4, 5):
        raise ValueError("advice needs two hole cards and a board of 0, 3, 4 or 5 cards")
    if not ranges:
        raise ValueError("equity needs at least one opponent")
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    out = set(hero) | set(known) | {c.index for c in dead}
    if len(out) != len(hero) + len(known) + len(dead):
        raise ValueError("a card appears twice")
    deck = [i for i in range(52) if i not in out]
    # Hands that clash with the cards we can see are never in anyone's hand.
    usable = [None if r is None else [c for c in r if c[0] not in out and c[1] not in out]
              for r in ranges]
    if any(r is not None and not r for r in usable):
        raise ValueError("an opponent's range holds no hand left in the deck")
    missing = 5 - len(known)
    keys, flush_suit, table = CARD_KEYS, FLUSH_SUITS[7], RANK_TABLES[7]
    base = sum(keys[i] for i in known)
    hero_key = keys[hero[0]] + keys[hero[1]]
    total = 0.0
    for _trial in range(trials):
        taken: set[int] = set()
        hands: list[Combo] = []
        for options in usable:
            hands.append(_draw(options, deck, taken, rng))
        runout = _runout(deck, taken, missing, rng)
        board_key = base + sum(keys[i] for i in runout)
        key = board_key + hero_key
        best = (table[key >> SUIT_BITS] if flush_suit[key & SUIT_MASK] < 0
                else rank7(*hero, *known, *runout))
        tied = 1
        for a, b in hands:
            key = board_key + keys[a] + keys[b]
            value = (table[key >> SUIT_BITS] if flush_suit[key & SUIT_MASK] < 0
                     else rank7(a, b, *known, *runout))
            if value > best:
                break
            if value == best:
                tied += 1
        else:
            total += 1 / tied
    return total / trials


def _draw(options: list[Combo] | None, deck: list[int], taken: set[int],
          rng: random.Random) -> Combo:
    """One hand from ``options`` (any two cards when None) clear of the cards ``taken``."""
    while True:
        if options is None:
            a, b = rng.sample(deck, 2)
        else:
            a, b = options[rng.randrange(len(options))]
        # Redrawing a clashing hand keeps the others' hands equally likely.
        if a not in taken and b not in taken:
            taken.update((a, b))
            return a, b


def _runout(deck: list[int], taken: set[int], missing: int, rng: random.Random) -> list[int]:
    out: list[int] = []
    while len(out) < missing:
        card = deck[rng.randrange(len(deck))]
        if card not in taken:
            taken.add(card)
            out.append(card)
    return out
