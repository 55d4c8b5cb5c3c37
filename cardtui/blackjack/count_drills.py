"""The counter's drills: index plays, the true count, and counting down a deck.

- **Index drill**: a hand, an up-card and a true count; the answer is the
  move the count calls for at this table (:func:`count.advice`: the
  Illustrious 18 and, with late surrender, the Fab 4; insurance at +3). Every
  verdict names the index, right or wrong.
- **True-count drill**: a running count and the discard tray (a picture to
  read to the nearest half deck, or the decks left said outright); the
  answer is the true count *as the table reads it*: the running count over
  the decks left, floored, as the bet ramp (:mod:`spread`) and the lab read it.
- **Count-down drill**: a deck (or two) less one card dealt face down, one
  card per key press, timed on the injected clock; then the running count,
  which is minus the hidden card's tag. The goal is 45 s a deck.

>>> import random
>>> drill = deal_index_question(Rules(), random.Random(4))
>>> drill.play.group in ("Illustrious 18", "Fab 4")
True
>>> tc = TrueCountQuestion(decks=6, running=9, seen=104, show=TrayShow.DECKS_LEFT)
>>> tc.decks_left, tc.answer
(Fraction(4, 1), 2)
>>> TrueCountQuestion(decks=6, running=-3, seen=130, show=TrayShow.DECKS_LEFT).answer
-1
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from cardtui.blackjack.count import (
    FAB_4,
    ILLUSTRIOUS_18,
    VERBS,
    CountAdvice,
    IndexPlay,
    _same_basic_as_the_indices,
    advice,
    hi_lo,
    insurance,
    uses_index_plays,
)
from cardtui.blackjack.drill import open_moves
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import signed
from cardtui.blackjack.strategy import code_for
from cardtui.cards import Card, Rank, Suit, new_deck_order
from cardtui.i18n import N_
from cardtui.i18n.said import Said


class Clock(Protocol):
    """What the count-down reads of a clock (:class:`cardtui.clock.Clock` is one; engines
    import nothing above them, so the protocol is stated here)."""

    def monotonic(self) -> float: ...

# -- the index drill -------------------------------------------------------------------

#: Two-card hands (no ace, no pair) that make each hard total an index is for.
_MAKES = {total: tuple((a, total - a) for a in range(2, 11) if a < total - a <= 10)
          for total in range(5, 21)}
INSURANCE_MOVES = (Action.INSURE, Action.DECLINE_INSURANCE)


def drilled_plays(rules: Rules) -> tuple[IndexPlay, ...]:
    """The index plays that apply at this table: insurance anywhere it is offered;
    in a shoe game the Illustrious 18 whose cell plays as the indices assume,
    and with late surrender the Fab 4 (an 18 play on a cell basic strategy
    surrenders is not drilled: surrendering is worth more there)."""
    plays: list[IndexPlay] = []
    if rules.insurance:
        plays.append(ILLUSTRIOUS_18[0])
    if not uses_index_plays(rules):
        return tuple(plays)
    for play in ILLUSTRIOUS_18[1:]:
        if not _same_basic_as_the_indices(play, rules):
            continue
        if play.table == "pair" and rules.max_hands < 2:
            continue
        if rules.late_surrender and code_for(play.table, play.row, play.up, rules).startswith(
                "R"):
            continue
        plays.append(play)
    if rules.late_surrender:
        plays += [play for play in FAB_4 if _same_basic_as_the_indices(play, rules)]
    return tuple(plays)


@dataclass(frozen=True, slots=True)
class IndexQuestion:
    play: IndexPlay  # the index this hand is about
    cards: tuple[Card, Card]
    up_card: Card
    true_count: int
    moves: tuple[Action, ...]
    advice: CountAdvice  # what the count calls for here

    @property
    def best(self) -> Action:
        return self.advice.action

    @property
    def explanation(self) -> Said:
        """``Illustrious 18 #2, 16 v T: stand at 0 or more; at -1: hit.``"""
        return Said(N_("{play}; at {count}: {verb}."), play=self.play.label,
                    count=signed(self.true_count), verb=Said(VERBS[self.best]))


@dataclass(frozen=True, slots=True)
class IndexAnswer:
    question: IndexQuestion
    given: Action

    @property
    def correct(self) -> bool:
        return self.given is self.question.best


def _card(value: int, rng: random.Random) -> Card:
    rank = Rank.ACE if value == 1 else (
        rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)) if value == 10 else Rank(value))
    return Card(rank, rng.choice(tuple(Suit)))


def index_question(play: IndexPlay, true_count: int, rules: Rules,
                   rng: random.Random) -> IndexQuestion:
    """``play``'s hand against its up-card at ``true_count``, in random suits."""
    if play.table == "insurance":
        while True:
            values = (rng.randint(1, 10), rng.randint(1, 10))
            if sorted(values) != [1, 10]:  # a natural is offered even money, not insurance
                break
    elif play.table == "pair":
        values = (play.row, play.row)
    else:
        values = rng.choice(_MAKES[play.row])
    cards = (_card(values[0], rng), _card(values[1], rng))
    up_card = _card(play.up, rng)
    if play.table == "insurance":
        return IndexQuestion(play, cards, up_card, true_count, INSURANCE_MOVES,
                             insurance(rules, true_count))
    moves = open_moves(values, rules)
    tip = advice(list(cards), up_card, rules, true_count, can_double=Action.DOUBLE in moves,
                 can_split=Action.SPLIT in moves, can_surrender=Action.SURRENDER in moves)
    return IndexQuestion(play, cards, up_card, true_count, moves, tip)


#: How far from its index a question's true count lies: mostly at the edge.
_OFFSETS = (-3, -2, -1, -1, 0, 0, 1, 2, 3)


def deal_index_question(rules: Rules, rng: random.Random) -> IndexQuestion:
    plays = drilled_plays(rules)
    if not plays:
        raise ValueError("this table offers no index plays and no insurance to drill")
    play = rng.choice(plays)
    return index_question(play, play.index + rng.choice(_OFFSETS), rules, rng)


# -- the true-count drill --------------------------------------------------------------


class TrayShow(StrEnum):
    TRAY = "tray"  # a picture of the discard tray, read to the nearest half deck
    DECKS_LEFT = "decks left"  # said outright


@dataclass(frozen=True, slots=True)
class TrueCountQuestion:
    decks: int
    running: int
    seen: int  # cards in the discard tray
    show: TrayShow

    @property
    def decks_left(self) -> Fraction:
        """The decks not yet seen, to the nearest half deck (how a counter reads a tray)."""
        exact = Fraction(52 * self.decks - self.seen, 52)
        return Fraction(round(exact * 2), 2)

    @property
    def answer(self) -> int:
        """The true count, floored: +2.7 is +2, -0.4 is -1."""
        return math.floor(Fraction(self.running) / self.decks_left)

    def tray(self, *, ascii: bool = False, cells_per_deck: int = 4) -> str:
        """The tray's fill as a bar (a cell a quarter deck) and its deck marks under it."""
        width = self.decks * cells_per_deck
        eighths = round(self.seen / (52 * self.decks) * width * 8)
        full, part = divmod(eighths, 8)
        if ascii:
            bar = "#" * full + ("+" if part >= 4 else "")
        else:
            bar = "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")
        bar = bar.ljust(width, "." if ascii else "·")
        marks = "".join(str(deck).rjust(cells_per_deck) for deck in range(1, self.decks + 1))
        return f"|{bar}|\n {marks}"

    def explanation(self) -> Said:
        """``+5 over 2.5 decks left is +2.00: a true count of +2.``"""
        left = self.decks_left
        exact = f"{float(Fraction(self.running) / left):+.2f}"
        return Said(N_("{running} over {left} decks left is {exact}: a true count of {answer}."),
                    running=signed(self.running), left=f"{float(left):g}",
                    exact="0" if exact == "+0.00" else exact, answer=signed(self.answer))


def deal_true_count_question(decks: int, penetration: float, rng: random.Random,
                             show: TrayShow) -> TrueCountQuestion:
    """A plausible running count some way into a shoe of ``decks``."""
    total = 52 * decks
    while True:
        seen = rng.randint(26, max(27, int(total * penetration)))
        left = Fraction(total - seen, 52)
        # Off the rounding's edge by a card at least, so the tray reads one way.
        quarter = (left * 4) % 2
        if total - seen >= 26 and abs(quarter - 1) * 13 >= 1:
            break
    # Hi-Lo's running count spreads about sqrt(seen) either way mid-shoe.
    running = round(rng.gauss(0, 0.6 * math.sqrt(seen)))
    return TrueCountQuestion(decks, running, seen, show)


def parse_true_count(text: str) -> int:
    cleaned = text.strip().replace("−", "-")
    try:
        return int(cleaned)
    except ValueError:
        raise ValueError(Said(N_("type the true count as a whole number, like -2 or 3, not "
                                 "{text}"), text=repr(text))) from None


# -- the count-down drill --------------------------------------------------------------

#: The goal: a deck counted down in under this many seconds.
COUNTDOWN_GOAL_PER_DECK = 45.0


@dataclass
class CountDown:
    """``decks`` decks less one card face down, dealt one per :meth:`next_card`, timed."""

    decks: int
    rng: random.Random
    clock: Clock
    cards: list[Card] = field(init=False)
    hidden: Card = field(init=False)
    shown: int = field(init=False, default=0)
    started: float | None = field(init=False, default=None)
    stopped: float | None = field(init=False, default=None)
    given: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 2:
            raise ValueError(f"the count-down drill deals one or two decks, not {self.decks}")
        shoe = new_deck_order() * self.decks
        self.rng.shuffle(shoe)
        self.hidden = shoe.pop()
        self.cards = shoe

    @property
    def goal(self) -> float:
        return COUNTDOWN_GOAL_PER_DECK * self.decks

    @property
    def finished_dealing(self) -> bool:
        return self.shown == len(self.cards)

    @property
    def card(self) -> Card | None:
        return self.cards[self.shown - 1] if self.shown else None

    def next_card(self) -> Card:
        if self.finished_dealing:
            raise ValueError("every card is dealt: say the count")
        if self.started is None:
            self.started = self.clock.monotonic()
        self.shown += 1
        if self.finished_dealing:
            self.stopped = self.clock.monotonic()
        return self.cards[self.shown - 1]

    @property
    def seconds(self) -> float:
        """Time from the first card to the last (so far)."""
        if self.started is None:
            return 0.0
        end = self.stopped if self.stopped is not None else self.clock.monotonic()
        return end - self.started

    @property
    def running_count(self) -> int:
        """The count of every card shown: minus the hidden card's tag at the end."""
        return sum(hi_lo(card) for card in self.cards[:self.shown])

    def answer(self, count: int) -> bool:
        if not self.finished_dealing:
            raise ValueError("the count is asked once every card is dealt")
        self.given = count
        return self.correct

    @property
    def correct(self) -> bool:
        return self.given is not None and self.given == self.running_count

    @property
    def beat_goal(self) -> bool:
        return self.correct and self.seconds < self.goal
