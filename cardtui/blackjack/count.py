"""Hi-Lo card counting: the running count, the true count and the index plays.

Hi-Lo (Harvey Dubner, 1963; https://wizardofodds.com/games/blackjack/card-counting/high-low/)
tags every card as it is seen: 2-6 count +1, 7-9 count 0, tens and aces
count -1. The *running count* is the sum since the shuffle; the *true
count* divides it by the decks not yet seen (the shoe less the discard tray
and the cards on the table), so that +6 with three decks left (+2 a deck)
means the same as +2 with one deck left. A high true count means the unseen
cards are rich in tens and aces, good for the player.

Index plays change basic strategy when the true count passes an index. The
best-known set is Don Schlesinger's "Illustrious 18" (the 18 deviations
worth most) and "Fab 4" (four late-surrender deviations), from *Blackjack
Attack: Playing the Pros' Way* (3rd ed., RGE Publishing, 2005), Hi-Lo
indices for a shoe game with the dealer standing on soft 17; the Wizard of
Odds' Hi-Lo page above lists the same indices. They are applied to shoe
games (3 to 8 decks); a 1- or 2-deck game has other indices and other
basic strategy, so there the count changes only the insurance decision.

A play "at +4 or more" is made when the true count is at least 4; a play
"below -1" when it is under -1. The true count here is exact (the cards
seen are known), not rounded to the half deck a player reads off the tray.

>>> from cardtui.cards import parse_cards
>>> count = Count(decks=6).after(parse_cards("2c 5d 6h Kd 3s 4s 9c"))
>>> count.running, count.seen, round(count.true_count, 2)
(4, 7, 0.68)
>>> tip = advice(parse_cards("Th 6s"), Card.parse("Kd"), Rules(), true_count=0.7)
>>> tip.action, tip.index_play.name
(<Action.STAND: 'stand'>, '16 v T')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.odds import (
    Composition,
    DealerOdds,
    dealer_odds,
    hit_bust_chance,
    remove,
    unseen_composition,
)
from cardtui.blackjack.records import (
    Action,
    DealerCard,
    DealerPeeked,
    HoleCardRevealed,
    PlayerCard,
    Record,
    RoundSettled,
    Shuffled,
)
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import (
    SHOE,
    Advice,
    advise,
    chart_for,
    code_for,
    decide,
    insurance_advice,
)
from cardtui.cards import Card
from cardtui.i18n import N_
from cardtui.i18n.said import Said

#: Hi-Lo tag by blackjack value (index 0 the ace ... index 9 the ten).
HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)


def hi_lo(card: Card) -> int:
    """+1 for 2-6, 0 for 7-9, -1 for tens and aces."""
    return HI_LO[card.rank.blackjack_value - 1]


@dataclass(frozen=True, slots=True)
class Count:
    """The Hi-Lo count of one shoe since its shuffle.

    ``seen`` counts every card seen (discard tray and table), which is how
    many decks are left: the true count divides by what has not been seen.
    """

    decks: int
    running: int = 0
    seen: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"a shoe holds 1 to 8 decks, not {self.decks}")
        if not 0 <= self.seen <= 52 * self.decks:
            raise ValueError(f"{self.seen} cards cannot have been seen from {self.decks} decks")

    @classmethod
    def fresh(cls, decks: int, on_table: Iterable[Card] = ()) -> Count:
        """A new shoe; ``on_table`` are cards kept out of a mid-round shuffle (already seen)."""
        return cls(decks).after(on_table)

    def after(self, cards: Iterable[Card]) -> Count:
        """The count once ``cards`` have been seen."""
        tags = [hi_lo(card) for card in cards]
        return Count(self.decks, self.running + sum(tags), self.seen + len(tags))

    @property
    def decks_remaining(self) -> float:
        return (52 * self.decks - self.seen) / 52

    @property
    def true_count(self) -> float:
        """The running count per deck still unseen (0 once the shoe is spent)."""
        left = self.decks_remaining
        return self.running / left if left else 0.0


class When(StrEnum):
    """Which side of its index an index play is made on."""

    AT_OR_ABOVE = "at or above"
    BELOW = "below"


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """One count-based deviation from basic strategy."""

    group: str  # "Illustrious 18" or "Fab 4"
    number: int  # its place in that list (the list runs from the most valuable)
    name: str  # "16 v T"
    table: str  # "hard", "pair" or "insurance"
    row: int  # the hard total, or the value of each card of the pair
    up: int  # the dealer's up-card, 1 = ace, 10 = ten
    index: int
    when: When
    play: Action

    def applies(self, true_count: float) -> bool:
        if self.when is When.AT_OR_ABOVE:
            return true_count >= self.index
        return true_count < self.index

    @property
    def rule(self) -> Said:
        """``stand at 0 or more``, ``hit below -1``."""
        index = f"{self.index:+d}" if self.index else "0"
        verb = Said(N_("insure")) if self.play is Action.INSURE else _verb(self.play)
        if self.when is When.AT_OR_ABOVE:
            return Said(N_("{verb} at {index} or more"), verb=verb, index=index)
        return Said(N_("{verb} below {index}"), verb=verb, index=index)

    @property
    def label(self) -> Said:
        """``Illustrious 18 #2, 16 v T: stand at 0 or more``."""
        # The lists' names are Schlesinger's, said as they are in every language.
        name = Said(N_("insurance")) if self.table == "insurance" else self.name
        return Said(N_("{group} #{number}, {name}: {rule}"), group=self.group,
                    number=self.number, name=name, rule=self.rule)


def _verb(action: Action) -> Said:
    """The move as a verb (:attr:`Action.verb`), kept for the player's language."""
    return Said(VERBS[action])


#: The moves as verbs (:attr:`Action.verb`), marked for the catalogs.
VERBS = {Action.HIT: N_("hit"), Action.STAND: N_("stand"), Action.DOUBLE: N_("double"),
          Action.SPLIT: N_("split"), Action.SURRENDER: N_("surrender"),
          Action.INSURE: N_("take insurance"), Action.DECLINE_INSURANCE: N_("decline insurance")}


def _i18(number: int, name: str, table: str, row: int, up: int, index: int, when: When,
         play: Action) -> IndexPlay:
    return IndexPlay("Illustrious 18", number, name, table, row, up, index, when, play)


def _fab4(number: int, name: str, row: int, up: int, index: int) -> IndexPlay:
    return IndexPlay("Fab 4", number, name, "hard", row, up, index, When.AT_OR_ABOVE,
                     Action.SURRENDER)


_UP, _DOWN = When.AT_OR_ABOVE, When.BELOW
H, S, D, P = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT

#: Schlesinger's Illustrious 18, Hi-Lo, shoe game, S17 (Blackjack Attack, 3rd ed.).
ILLUSTRIOUS_18: tuple[IndexPlay, ...] = (
    _i18(1, "insurance", "insurance", 0, 1, 3, _UP, Action.INSURE),
    _i18(2, "16 v T", "hard", 16, 10, 0, _UP, S),
    _i18(3, "15 v T", "hard", 15, 10, 4, _UP, S),
    _i18(4, "T,T v 5", "pair", 10, 5, 5, _UP, P),
    _i18(5, "T,T v 6", "pair", 10, 6, 4, _UP, P),
    _i18(6, "10 v T", "hard", 10, 10, 4, _UP, D),
    _i18(7, "12 v 3", "hard", 12, 3, 2, _UP, S),
    _i18(8, "12 v 2", "hard", 12, 2, 3, _UP, S),
    _i18(9, "11 v A", "hard", 11, 1, 1, _UP, D),
    _i18(10, "9 v 2", "hard", 9, 2, 1, _UP, D),
    _i18(11, "10 v A", "hard", 10, 1, 4, _UP, D),
    _i18(12, "9 v 7", "hard", 9, 7, 3, _UP, D),
    _i18(13, "16 v 9", "hard", 16, 9, 5, _UP, S),
    _i18(14, "13 v 2", "hard", 13, 2, -1, _DOWN, H),
    _i18(15, "12 v 4", "hard", 12, 4, 0, _DOWN, H),
    _i18(16, "12 v 5", "hard", 12, 5, -2, _DOWN, H),
    _i18(17, "12 v 6", "hard", 12, 6, -1, _DOWN, H),
    _i18(18, "13 v 3", "hard", 13, 3, -2, _DOWN, H),
)

#: Schlesinger's Fab 4 late-surrender indices, Hi-Lo, shoe game, S17 (Blackjack Attack).
FAB_4: tuple[IndexPlay, ...] = (
    _fab4(1, "14 v T", 14, 10, 3),
    _fab4(2, "15 v T", 15, 10, 0),
    _fab4(3, "15 v 9", 15, 9, 2),
    _fab4(4, "15 v A", 15, 1, 1),
)

INDEX_PLAYS = ILLUSTRIOUS_18 + FAB_4


@dataclass(frozen=True, slots=True)
class CountAdvice(Advice):
    """Basic strategy with the count: ``index_play`` is the deviation applied, if any."""

    true_count: float = 0.0
    index_play: IndexPlay | None = field(default=None)


@dataclass(frozen=True, slots=True)
class SeenCards:
    """What a player at the table has seen since the shuffle, read off the round's
    records: the Hi-Lo count and the unseen cards (the shoe and the hole card),
    which the exact odds (:mod:`odds`) take.

    Feed it every record, in order, with :meth:`after`; a face-down hole card
    is not seen until :class:`HoleCardRevealed`. A shuffle between rounds
    starts afresh; a shuffle mid-round keeps the cards on the table out of the
    new shoe, so they stay seen.
    """

    decks: int
    count: Count
    unseen: Composition
    on_table: tuple[Card, ...] = ()  # seen this round
    peeked: bool = False  # the dealer looked for a blackjack this round (and had none)

    @classmethod
    def fresh(cls, decks: int, on_table: Sequence[Card] = ()) -> SeenCards:
        return cls(decks, Count.fresh(decks, on_table), unseen_composition(decks, on_table),
                   tuple(on_table))

    def after(self, record: Record) -> SeenCards:
        if isinstance(record, Shuffled):
            kept = self.on_table if record.mid_round else ()
            return replace(SeenCards.fresh(self.decks, kept), peeked=self.peeked)
        if isinstance(record, PlayerCard | HoleCardRevealed) or (
                isinstance(record, DealerCard) and not record.face_down):
            card = record.card
            return replace(self, count=self.count.after([card]),
                           unseen=remove(self.unseen, [card.rank.blackjack_value]),
                           on_table=(*self.on_table, card))
        if isinstance(record, DealerPeeked):
            return replace(self, peeked=not record.blackjack)
        if isinstance(record, RoundSettled):
            return replace(self, on_table=(), peeked=False)
        return self

    def after_all(self, records: Iterable[Record]) -> SeenCards:
        seen = self
        for record in records:
            seen = seen.after(record)
        return seen

    @property
    def true_count(self) -> float:
        return self.count.true_count

    def dealer_odds(self, up_card: Card, rules: Rules) -> DealerOdds:
        """How the dealer will finish from here (after the peek, if there was one)."""
        return dealer_odds(up_card.rank.blackjack_value, self.unseen,
                           hits_soft_17=rules.dealer_hits_soft_17, peeked=self.peeked)

    def bust_chance(self, hand: Sequence[Card], up_card: Card) -> float:
        """The chance that one more card busts ``hand``."""
        return hit_bust_chance(hand_value(hand).hard, self.unseen,
                               up=up_card.rank.blackjack_value, peeked=self.peeked)


def uses_index_plays(rules: Rules) -> bool:
    """The indices are for shoe games: the 4-8 deck chart's rules."""
    return chart_for(rules) is SHOE


def advice(
    hand: Sequence[Card], up_card: Card, rules: Rules, true_count: float, *,
    can_double: bool = True, can_split: bool = True, can_surrender: bool | None = None,
) -> CountAdvice:
    """Basic strategy for ``hand`` against ``up_card``, changed by an index play
    when the true count calls for one. ``can_*`` say what is legal now (by
    default a first decision: surrender where the rules offer it)."""
    if can_surrender is None:
        can_surrender = rules.late_surrender
    basic = advise(hand, up_card, rules, can_double=can_double, can_split=can_split,
                   can_surrender=can_surrender)
    play = _index_play(hand, up_card, rules, true_count, basic.action, can_double=can_double,
                       can_split=can_split, can_surrender=can_surrender)
    if play is None:
        return CountAdvice(basic.action, basic.situation, basic.reason, true_count)
    reason = Said(N_("{play} (true count now {count}); basic strategy would {verb}."),
                  play=play.label, count=f"{true_count:+.1f}", verb=_verb(basic.action))
    return CountAdvice(play.play, basic.situation, reason, true_count, play)


def insurance(rules: Rules, true_count: float) -> CountAdvice:
    """Insure at a true count of +3 or more (Illustrious 18 #1), in any game.

    In a 1- or 2-deck game the same index is a fair guide: insurance is a
    bet that the hole card is a ten, and the true count measures exactly
    how rich the unseen cards are in tens.
    """
    basic = insurance_advice()
    play = ILLUSTRIOUS_18[0]
    if not play.applies(true_count):
        return CountAdvice(basic.action, basic.situation, basic.reason, true_count)
    reason = Said(N_("{play} (true count now {count}): enough tens are left that the 2:1 "
                     "insurance bet wins more than it loses."),
                  play=play.label, count=f"{true_count:+.1f}")
    return CountAdvice(Action.INSURE, basic.situation, reason, true_count, play)


def _index_play(
    hand: Sequence[Card], up_card: Card, rules: Rules, true_count: float, basic: Action, *,
    can_double: bool, can_split: bool, can_surrender: bool,
) -> IndexPlay | None:
    value = hand_value(hand)
    points = [card.rank.blackjack_value for card in hand]
    pair = points[0] if len(points) == 2 and points[0] == points[1] else None
    return index_play_for(
        value.hard, value.has_ace, pair, up_card.rank.blackjack_value, rules, true_count, basic,
        can_double=can_double, can_split=can_split, can_surrender=can_surrender,
    )


def index_play_for(
    hard: int, has_ace: bool, pair: int | None, up: int, rules: Rules, true_count: float,
    basic: Action, *, can_double: bool, can_split: bool, can_surrender: bool,
) -> IndexPlay | None:
    """The index play that changes ``basic`` for a hand given by numbers, if any
    (the simulator compiles its count tables from this)."""
    if not uses_index_plays(rules):
        return None
    soft = has_ace and hard <= 11
    if basic is Action.SURRENDER:
        # Surrendering is worth more than any of the 18 plays on these hands;
        # the Fab 4 say when to stop surrendering as the count falls.
        for play in FAB_4:
            if ((play.row, play.up) == (hard, up) and not play.applies(true_count)
                    and _same_basic_as_the_indices(play, rules)):
                fallback, *_ = decide(hard, has_ace, None, up, rules, can_double=can_double,
                                      can_split=False, can_surrender=False)
                return replace(play, when=When.BELOW, play=fallback)
        return None
    for play in INDEX_PLAYS:
        if play.up != up or play.table == "insurance" or not play.applies(true_count):
            continue
        if play.table == "pair":
            matches = pair == play.row and can_split
        else:
            # A pair that basic strategy splits is not played as its total.
            matches = not soft and hard == play.row and basic is not Action.SPLIT
        if not matches or not _same_basic_as_the_indices(play, rules):
            continue
        if play.play is Action.SURRENDER and not can_surrender:
            continue
        if play.play is Action.DOUBLE and not can_double:
            continue
        if play.play is basic:
            return None  # basic strategy already makes this play
        return play
    return None


def _same_basic_as_the_indices(play: IndexPlay, rules: Rules) -> bool:
    """The indices were worked out around the S17 shoe chart; where these rules'
    chart plays the cell otherwise (H17: 11 v A doubles, 15 v A surrenders),
    the index does not apply and basic strategy stands."""
    here = code_for(play.table, play.row, play.up, rules)
    return here == SHOE.code(play.table, play.row, play.up, hits_soft_17=False)
