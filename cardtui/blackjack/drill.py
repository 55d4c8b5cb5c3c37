"""Drills: basic-strategy flash cards and counting practice, as pure logic.

A strategy drill deals a two-card hand and a dealer up-card of the chosen
kind (hard totals, soft totals, pairs, or all three), the player answers
with a move, and the answer is judged against the chart for the table's
rules (:mod:`strategy`), with the chart's reason when it is wrong. Every
cell of the chosen kind is equally likely, so a drill practises the rare
hands (a pair of 4s against a 5) as often as the common ones.

A count drill shows cards one at a time at a chosen pace; then the player
says the Hi-Lo running count (:mod:`count`).

>>> import random
>>> drill = StrategyDrill(Rules(), DrillKind.PAIRS, random.Random(2), length=3)
>>> question = drill.question
>>> question.kind, len(question.cards)
(<DrillKind.PAIRS: 'pairs'>, 2)
>>> verdict = drill.answer(question.best)
>>> verdict.correct, drill.asked, drill.right
(True, 1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from cardtui.blackjack.count import hi_lo
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import DoubleRule, Rules
from cardtui.blackjack.strategy import Advice, advise
from cardtui.cards import Card, Rank, Suit, new_deck_order
from cardtui.i18n import N_
from cardtui.i18n.said import Said

#: Moves a player may give as an answer.
MOVES = (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)


class DrillKind(StrEnum):
    HARD = "hard"
    SOFT = "soft"
    PAIRS = "pairs"
    ALL = "all"


#: The chart rows each kind drills, each row the two-card hands (card values,
#: 1 = ace) that make it: hard 5-17 without pairs (hard 18 and up always
#: stand), soft 13-20, every pair.
_ROWS: dict[DrillKind, tuple[tuple[tuple[int, int], ...], ...]] = {
    DrillKind.HARD: tuple(
        tuple((a, total - a) for a in range(2, 11) if a < total - a <= 10)
        for total in range(5, 18)),
    DrillKind.SOFT: tuple(((1, other),) for other in range(2, 10)),
    DrillKind.PAIRS: tuple(((value, value),) for value in range(1, 11)),
}
_UP_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


@dataclass(frozen=True, slots=True)
class DrillQuestion:
    """A hand and an up-card, with the chart's answer (not shown until judged)."""

    kind: DrillKind  # hard, soft or pairs (never "all")
    cards: tuple[Card, ...]  # two, or more for a miss replayed from the table
    up_card: Card
    advice: Advice  # the chart's move and why
    moves: tuple[Action, ...]  # what may be answered: the moves open on these cards

    @property
    def best(self) -> Action:
        return self.advice.action


@dataclass(frozen=True, slots=True)
class DrillAnswer:
    """One answer, judged."""

    question: DrillQuestion
    given: Action
    correct: bool

    @property
    def explanation(self) -> Said:
        """``Stand: a soft 18 is good enough against an 8.``"""
        return self.question.advice.text


@dataclass(frozen=True, slots=True)
class DrillResult:
    """A finished (or abandoned) drill: what a scoreboard keeps."""

    kind: DrillKind
    asked: int
    right: int
    misses: tuple[DrillAnswer, ...]

    @property
    def score(self) -> float:
        return self.right / self.asked if self.asked else 0.0


def _card(value: int, rng: random.Random) -> Card:
    """A card of this blackjack value in a random suit (a ten is a 10, J, Q or K)."""
    rank = Rank.ACE if value == 1 else (
        rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)) if value == 10 else Rank(value))
    return Card(rank, rng.choice(tuple(Suit)))


def open_moves(cards: tuple[int, int], rules: Rules) -> tuple[Action, ...]:
    """The moves open on a first decision with these card values at this table."""
    hard, ace = sum(cards), 1 in cards
    moves = [Action.HIT, Action.STAND]
    soft = ace and hard <= 11
    if rules.double is DoubleRule.ANY_TWO or (not soft and 9 <= hard <= 11):
        moves.append(Action.DOUBLE)
    if cards[0] == cards[1] and rules.max_hands > 1:
        moves.append(Action.SPLIT)
    if rules.late_surrender:
        moves.append(Action.SURRENDER)
    return tuple(moves)


#: A chart cell a drill can deal: (kind, the two card values, the up-card's value).
Cell = tuple[DrillKind, tuple[int, int], int]


def cells(kind: DrillKind) -> list[Cell]:
    """Every two-card hand of ``kind`` against every up-card (one hand per row's make-up)."""
    kinds = list(_ROWS) if kind is DrillKind.ALL else [kind]
    return [(k, values, up) for k in kinds for row in _ROWS[k] for values in row
            for up in _UP_VALUES]


def deal_question(kind: DrillKind, rules: Rules, rng: random.Random) -> DrillQuestion:
    """A hand of ``kind`` against an up-card, every chart cell equally likely."""
    kinds = list(_ROWS) if kind is DrillKind.ALL else [kind]
    kind, row = rng.choice([(k, row) for k in kinds for row in _ROWS[k]])
    values = rng.choice(row)
    up_value = rng.choice(_UP_VALUES)
    return question_for(kind, values, up_value, rules, rng)


def question_for(kind: DrillKind, values: tuple[int, int], up_value: int, rules: Rules,
                 rng: random.Random) -> DrillQuestion:
    """This chart cell, in random suits (and either order)."""
    while True:  # three different cards, as one deck could deal them
        cards = (_card(values[0], rng), _card(values[1], rng))
        up_card = _card(up_value, rng)
        if len({*cards, up_card}) == 3:
            break
    if rng.random() < 0.5:
        cards = (cards[1], cards[0])
    moves = open_moves(values, rules)
    advice = advise(list(cards), up_card, rules, can_double=Action.DOUBLE in moves,
                    can_split=Action.SPLIT in moves, can_surrender=Action.SURRENDER in moves)
    return DrillQuestion(kind, cards, up_card, advice, moves)


class StrategyDrill:
    """A run of ``length`` questions; :attr:`misses` keeps the wrong answers."""

    def __init__(self, rules: Rules, kind: DrillKind, rng: random.Random, *,
                 length: int = 20,
                 deal: Callable[[], DrillQuestion] | None = None) -> None:
        if length < 1:
            raise ValueError(f"a drill asks at least one question, not {length}")
        self.rules = rules
        self.kind = kind
        self.rng = rng
        self.length = length
        # Who picks the hands: every cell alike by default; the leak finder
        # (:mod:`leaks`) leans toward missed and hard ones, or replays misses.
        self._deal = deal or (lambda: deal_question(kind, rules, rng))
        self.answers: list[DrillAnswer] = []
        self.question: DrillQuestion | None = self._deal()

    @property
    def asked(self) -> int:
        return len(self.answers)

    @property
    def right(self) -> int:
        return sum(answer.correct for answer in self.answers)

    @property
    def misses(self) -> tuple[DrillAnswer, ...]:
        return tuple(answer for answer in self.answers if not answer.correct)

    @property
    def finished(self) -> bool:
        return self.question is None

    def can_answer(self, move: Action) -> bool:
        return self.question is not None and move in self.question.moves

    def answer(self, move: Action) -> DrillAnswer:
        """Judge ``move``; the next question (if any) is then :attr:`question`."""
        question = self.question
        if question is None:
            raise ValueError("the drill is over")
        if move not in question.moves:
            raise ValueError(f"{move.value} is not a move on this hand")
        verdict = DrillAnswer(question, move, move is question.best)
        self.answers.append(verdict)
        self.question = self._deal() if self.asked < self.length else None
        return verdict

    def result(self) -> DrillResult:
        """The drill so far (a drill left early keeps the questions it answered)."""
        return DrillResult(self.kind, self.asked, self.right, self.misses)


# -- the count drill -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CountQuestion:
    """Cards to show one by one, every ``seconds_per_card``; the answer is their count."""

    cards: tuple[Card, ...]
    seconds_per_card: float

    @property
    def running_count(self) -> int:
        return sum(hi_lo(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class CountAnswer:
    question: CountQuestion
    given: int

    @property
    def correct(self) -> bool:
        return self.given == self.question.running_count


#: Paces a count drill offers, seconds per card (a dealer pitches about one a second).
PACES = {"slow": 1.5, "normal": 1.0, "fast": 0.6, "dealer": 0.35}


def deal_count_question(
    rng: random.Random, *, cards: int = 20, seconds_per_card: float = 1.0
) -> CountQuestion:
    """``cards`` cards off the top of a freshly shuffled deck (more decks if needed)."""
    if not 1 <= cards <= 416:
        raise ValueError(f"a count drill shows 1 to 416 cards, not {cards}")
    if seconds_per_card <= 0:
        raise ValueError("each card must stay up for some time")
    decks = -(-cards // 52)
    shoe = new_deck_order() * decks
    rng.shuffle(shoe)
    return CountQuestion(tuple(shoe[:cards]), seconds_per_card)


def parse_count(text: str) -> int:
    """A count as typed: ``-3``, ``+4``, ``0``; ValueError with a plain message otherwise."""
    cleaned = text.strip().replace("−", "-")
    try:
        return int(cleaned)
    except ValueError:
        raise ValueError(Said(N_("type the count as a whole number, like -3 or 4, not {text}"),
                              text=repr(text))) from None
