"""Drills that find your leaks: misses kept, hard hands dealt more, misses replayed.

A :class:`Miss` is one decision got wrong, at the table or in a drill: the
exact cards, the up-card and the moves that were open. The store keeps them
per profile (:mod:`cardtui.store.trainer_store`). Two ways back to them:

- :class:`LeakFinder` deals a strategy drill where every chart cell still
  comes up, but a cell missed before weighs ``1 + miss_weight`` times per
  miss, and the *hard* spots (a soft double, a pair split against a 7 to an
  ace, a surrender) weigh ``hard_weight`` where others weigh 1;
- :func:`replay` deals exactly the decisions missed, in order, once each.

>>> import random
>>> from cardtui.cards import Card, parse_cards
>>> miss = Miss.of(parse_cards("Ah 7d"), Card.parse("9c"), Action.STAND, Action.HIT,
...                (Action.HIT, Action.STAND, Action.DOUBLE), MissSource.DRILL)
>>> miss.cell
(<DrillKind.SOFT: 'soft'>, (1, 7), 9)
>>> finder = LeakFinder(Rules(), DrillKind.SOFT, random.Random(1), [miss])
>>> round(finder.weight(miss.cell), 1) > finder.weight((DrillKind.SOFT, (1, 2), 10))
True
>>> question = replay([miss], Rules())[0]
>>> [str(c) for c in question.cards], question.best
(['Ah', '7d'], <Action.HIT: 'hit'>)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cardtui.blackjack.drill import (
    Cell,
    DrillKind,
    DrillQuestion,
    cells,
    open_moves,
    question_for,
)
from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import advise
from cardtui.cards import Card

#: How much more a cell weighs per miss of it, and a hard spot, than any other cell.
MISS_WEIGHT = 4.0
HARD_WEIGHT = 2.0
#: Up-cards a pair split is hard against.
_STRONG_UPS = (7, 8, 9, 10, 1)


class MissSource(StrEnum):
    DRILL = "drill"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Miss:
    """One decision got wrong; cards as text (``Ah``) so the store keeps them plainly."""

    cards: tuple[str, ...]
    up_card: str
    given: Action
    best: Action
    moves: tuple[Action, ...]
    source: MissSource

    @classmethod
    def of(cls, cards: Sequence[Card], up_card: Card, given: Action, best: Action,
           moves: Sequence[Action], source: MissSource) -> Miss:
        return cls(tuple(str(c) for c in cards), str(up_card), given, best,
                   tuple(m for m in moves if m in DRILL_MOVES), source)

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(Card.parse(text) for text in self.cards)

    @property
    def up(self) -> Card:
        return Card.parse(self.up_card)

    @property
    def cell(self) -> Cell | None:
        """The chart cell of a two-card miss (a longer hand has none)."""
        if len(self.cards) != 2:
            return None
        values = tuple(sorted(c.rank.blackjack_value for c in self.hand))
        first, second = values
        kind = (DrillKind.PAIRS if first == second else
                DrillKind.SOFT if first == 1 else DrillKind.HARD)
        return kind, (first, second), self.up.rank.blackjack_value


DRILL_MOVES = (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)


def is_hard_spot(question: DrillQuestion) -> bool:
    """A soft double, a pair split against a 7 to an ace, or a surrender."""
    up = question.up_card.rank.blackjack_value
    best = question.best
    return ((question.kind is DrillKind.SOFT and best is Action.DOUBLE)
            or (question.kind is DrillKind.PAIRS and best is Action.SPLIT and up in _STRONG_UPS)
            or best is Action.SURRENDER)


class LeakFinder:
    """Deals a drill's hands leaning toward the missed and the hard ones."""

    def __init__(self, rules: Rules, kind: DrillKind, rng: random.Random,
                 misses: Sequence[Miss] = (), *, miss_weight: float = MISS_WEIGHT,
                 hard_weight: float = HARD_WEIGHT) -> None:
        self.rules = rules
        self.rng = rng
        self.cells = cells(kind)
        missed = Counter(miss.cell for miss in misses if miss.cell is not None)
        self._weights = []
        for cell in self.cells:
            cell_kind, values, up = cell
            # The cell's chart move: the suits do not change it.
            hard = is_hard_spot(question_for(cell_kind, values, up, rules, random.Random(0)))
            self._weights.append((hard_weight if hard else 1.0) + miss_weight * missed[cell])

    def weight(self, cell: Cell) -> float:
        return self._weights[self.cells.index(cell)]

    def deal(self) -> DrillQuestion:
        kind, values, up = self.rng.choices(self.cells, weights=self._weights)[0]
        return question_for(kind, values, up, self.rules, self.rng)


def question_of(miss: Miss, rules: Rules) -> DrillQuestion:
    """The missed decision again: the same cards, the moves that were open then."""
    hand, up = miss.hand, miss.up
    cell = miss.cell
    if cell is not None:
        kind = cell[0]
    else:
        kind = DrillKind.SOFT if hand_value(hand).soft else DrillKind.HARD
    moves = miss.moves or (open_moves((hand[0].rank.blackjack_value,
                                       hand[1].rank.blackjack_value), rules)
                           if len(hand) == 2 else (Action.HIT, Action.STAND))
    advice = advise(list(hand), up, rules, can_double=Action.DOUBLE in moves,
                    can_split=Action.SPLIT in moves, can_surrender=Action.SURRENDER in moves)
    return DrillQuestion(kind, hand, up, advice, moves)


def replay(misses: Sequence[Miss], rules: Rules) -> list[DrillQuestion]:
    """Every miss as a question, oldest first (a cell missed twice comes twice)."""
    return [question_of(miss, rules) for miss in misses]


def replay_dealer(questions: Sequence[DrillQuestion]) -> Callable[[], DrillQuestion]:
    """A drill's ``deal`` that hands out ``questions`` in order (the drill's length stops it)."""
    queue = list(questions)
    if not queue:
        raise ValueError("there are no misses to drill")

    def deal() -> DrillQuestion:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    return deal
