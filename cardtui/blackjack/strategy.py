"""Basic strategy as data: the published charts for 1 deck, 2 decks and 4-8 decks.

Rows are player totals (or pairs), columns the dealer's up-card 2-9, T, A.
Each cell holds a code, as printed on the Wizard of Odds charts
(https://wizardofodds.com/games/blackjack/strategy/4-decks/,
https://wizardofodds.com/games/blackjack/strategy/2-decks/,
https://wizardofodds.com/games/blackjack/strategy/1-deck/):

- ``H`` hit, ``S`` stand, ``P`` split;
- ``D`` double, or hit when doubling is not allowed;
- ``Ds`` double, or stand when doubling is not allowed;
- ``Ph`` split when doubling after a split is allowed, otherwise play the total;
- ``Rh`` / ``Rs`` / ``Rp`` surrender, or else hit / stand / split;
- ``Pr`` split when doubling after a split is allowed, otherwise surrender
  (or split, where surrender is not offered): the 2-deck H17 chart's 8,8
  against an ace, printed there as ``Rp`` with that footnote;
- ``-`` in the pair table: do not split, play the total. Any other code in
  the pair table is what that pair plays instead of its total: in a single
  deck, 7,7 against a ten stands (or surrenders), where another hard 14 hits,
  because the two sevens are gone from a small pack.

Each chart is for a dealer who stands on soft 17 and carries the cells that
change when the dealer hits soft 17. A shoe of 3 decks uses the 4-8 deck
chart (the nearest published one). Bots play these charts and the hint key
explains them; ``tests/blackjack/test_bj_charts.py`` holds the published
charts cell by cell and checks a sample of cells by exact expected values.

A pair cell whose plays lie within :data:`NEAR_TIE` of each other is not
copied from memory: :func:`exact_pair_code` works it out from exact expected
values (:mod:`cardtui.blackjack.ev`), and each chart's ``exact_pairs`` holds
what it found (issue 24: 1 deck H17, 9,9 against an ace stood, where splitting
is worth -0.18597 against standing's -0.18613). A slow test recomputes every
pair cell of every chart and checks that table; a fast one, the 9,9 cell.

>>> from cardtui.cards import Card, parse_cards
>>> advice = advise(parse_cards("Th 6s"), Card.parse("Td"), Rules(late_surrender=True),
...                 can_double=True, can_split=False, can_surrender=True)
>>> advice.action, advice.situation
(<Action.SURRENDER: 'surrender'>, 'hard 16 against a 10')
>>> advise(parse_cards("8h 8s"), Card.parse("6d"), Rules(),
...        can_double=True, can_split=True, can_surrender=False).action
<Action.SPLIT: 'split'>
>>> chart_for(Rules(decks=1)).name, code_for("hard", 8, 5, Rules(decks=1))
('1 deck', 'D')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import DoubleRule, Rules
from cardtui.cards import Card
from cardtui.i18n import N_
from cardtui.i18n.said import Said

#: Column order of every row: the dealer's up-card 2-9, ten, ace.
UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
#: Plays worth within this much of each other (units of the bet) are a near tie:
#: the cell is decided by exact expected value, not by a printed chart.
NEAR_TIE = 0.001

Row = tuple[str, ...]


def _row(text: str) -> Row:
    cells = tuple(text.split())
    assert len(cells) == 10, text
    return cells


_HIT = _row("H H H H H H H H H H")
_STAND = _row("S S S S S S S S S S")
_NO_SPLIT = _row("- - - - - - - - - -")


@dataclass(frozen=True, slots=True)
class Chart:
    """One published basic-strategy chart (dealer stands on soft 17) and its H17 changes."""

    name: str  # "4-8 decks"
    source: str  # where it is published
    hard: Mapping[int, Row]  # hard 4-21
    soft: Mapping[int, Row]  # soft 12 (A,A unsplit) to soft 21
    pairs: Mapping[int, Row]  # by the value of one card: 1 aces ... 10 tens
    h17: Mapping[tuple[str, int, int], str]  # (table, row, up) -> code under H17
    #: The chart's deck count when :func:`exact_pair_code` values its cells.
    decks: int = 6
    #: (H17, pair, up) -> code: the near-tie pair cells, as :func:`exact_pair_code`
    #: decides them (tests/blackjack/test_bj_close_cells.py recomputes every pair cell).
    exact_pairs: Mapping[tuple[bool, int, int], str] = field(default_factory=dict)

    def code(self, table: str, row: int, up: int, *, hits_soft_17: bool) -> str:
        """The code in one cell (``up`` is 1 for an ace, 10 for a ten)."""
        if table == "pair":
            exact = self.exact_pairs.get((hits_soft_17, row, up))
            if exact is not None:
                return exact
        if hits_soft_17:
            changed = self.h17.get((table, row, up))
            if changed is not None:
                return changed
        rows = {"hard": self.hard, "soft": self.soft, "pair": self.pairs}[table]
        return rows[row][UP_CARDS.index(up)]


#: 4-8 decks (https://wizardofodds.com/games/blackjack/strategy/4-decks/).
SHOE = Chart(
    name=N_("4-8 decks"),
    source="https://wizardofodds.com/games/blackjack/strategy/4-decks/",
    hard={
        **{total: _HIT for total in range(4, 9)},
        9: _row("H D D D D H H H H H"),
        10: _row("D D D D D D D D H H"),
        11: _row("D D D D D D D D D H"),
        12: _row("H H S S S H H H H H"),
        13: _row("S S S S S H H H H H"),
        14: _row("S S S S S H H H H H"),
        15: _row("S S S S S H H H Rh H"),
        16: _row("S S S S S H H Rh Rh Rh"),
        **{total: _STAND for total in range(17, 22)},
    },
    soft={
        12: _HIT,
        13: _row("H H H D D H H H H H"),
        14: _row("H H H D D H H H H H"),
        15: _row("H H D D D H H H H H"),
        16: _row("H H D D D H H H H H"),
        17: _row("H D D D D H H H H H"),
        18: _row("S Ds Ds Ds Ds S S H H H"),
        19: _STAND,
        20: _STAND,
        21: _STAND,
    },
    pairs={
        1: _row("P P P P P P P P P P"),
        2: _row("Ph Ph P P P P - - - -"),
        3: _row("Ph Ph P P P P - - - -"),
        4: _row("- - - Ph Ph - - - - -"),
        5: _NO_SPLIT,
        6: _row("Ph P P P P - - - - -"),
        7: _row("P P P P P P - - - -"),
        8: _row("P P P P P P P P P P"),
        9: _row("P P P P P - P P - -"),
        10: _NO_SPLIT,
    },
    h17={
        ("hard", 11, 1): "D",
        ("soft", 18, 2): "Ds",
        ("soft", 19, 6): "Ds",
        ("hard", 15, 1): "Rh",
        ("hard", 17, 1): "Rs",
        ("pair", 8, 1): "Rp",
    },
)

#: 2 decks (https://wizardofodds.com/games/blackjack/strategy/2-decks/).
DOUBLE_DECK = Chart(
    name=N_("2 decks"),
    decks=2,
    source="https://wizardofodds.com/games/blackjack/strategy/2-decks/",
    hard={
        **{total: _HIT for total in range(4, 9)},
        9: _row("D D D D D H H H H H"),
        10: _row("D D D D D D D D H H"),
        11: _row("D D D D D D D D D D"),
        12: _row("H H S S S H H H H H"),
        13: _row("S S S S S H H H H H"),
        14: _row("S S S S S H H H H H"),
        15: _row("S S S S S H H H Rh H"),
        16: _row("S S S S S H H H Rh Rh"),
        **{total: _STAND for total in range(17, 22)},
    },
    soft={
        12: _HIT,
        13: _row("H H H D D H H H H H"),
        14: _row("H H H D D H H H H H"),
        15: _row("H H D D D H H H H H"),
        16: _row("H H D D D H H H H H"),
        17: _row("H D D D D H H H H H"),
        # Soft 18 against an ace: hitting a two-card A,7 is worth a hair more
        # (-0.100359 against -0.100502, figures on the chart's page), but over
        # every soft 18 standing is better, and the chart stands.
        18: _row("S Ds Ds Ds Ds S S H H S"),
        19: _STAND,
        20: _STAND,
        21: _STAND,
    },
    pairs={
        1: _row("P P P P P P P P P P"),
        2: _row("Ph Ph P P P P - - - -"),
        3: _row("Ph Ph P P P P - - - -"),
        4: _row("- - - Ph Ph - - - - -"),
        5: _NO_SPLIT,
        6: _row("P P P P P Ph - - - -"),
        7: _row("P P P P P P Ph - - -"),
        8: _row("P P P P P P P P P P"),
        9: _row("P P P P P - P P - -"),
        10: _NO_SPLIT,
    },
    h17={
        ("soft", 14, 4): "D",
        ("soft", 18, 2): "Ds",
        ("soft", 18, 1): "H",
        ("soft", 19, 6): "Ds",
        ("hard", 15, 1): "Rh",
        ("hard", 17, 1): "Rs",
        ("pair", 8, 1): "Pr",
    },
    exact_pairs={
        # Split values with DAS / without, against the best other play.
        (False, 6, 2): "P",  # -0.174934 / -0.252332, hit -0.253133
        (False, 7, 8): "Ph",  # -0.388898 / -0.423697, hit -0.389533
        (True, 7, 8): "Ph",  # the same: the dealer's 8 never makes a soft 17
        (True, 8, 1): "Pr",  # -0.499517 / -0.505294, surrender -0.5
    },
)

#: 1 deck (https://wizardofodds.com/games/blackjack/strategy/1-deck/).
SINGLE_DECK = Chart(
    name=N_("1 deck"),
    decks=1,
    source="https://wizardofodds.com/games/blackjack/strategy/1-deck/",
    hard={
        **{total: _HIT for total in range(4, 8)},
        8: _row("H H H D D H H H H H"),
        9: _row("D D D D D H H H H H"),
        10: _row("D D D D D D D D H H"),
        11: _row("D D D D D D D D D D"),
        12: _row("H H S S S H H H H H"),
        13: _row("S S S S S H H H H H"),
        14: _row("S S S S S H H H H H"),
        15: _row("S S S S S H H H H H"),
        16: _row("S S S S S H H H Rh Rh"),
        **{total: _STAND for total in range(17, 22)},
    },
    soft={
        12: _HIT,
        13: _row("H H D D D H H H H H"),
        14: _row("H H D D D H H H H H"),
        15: _row("H H D D D H H H H H"),
        16: _row("H H D D D H H H H H"),
        17: _row("D D D D D H H H H H"),
        18: _row("S Ds Ds Ds Ds S S H H S"),
        19: _row("S S S S Ds S S S S S"),
        20: _STAND,
        21: _STAND,
    },
    pairs={
        1: _row("P P P P P P P P P P"),
        2: _row("Ph P P P P P - - - -"),
        3: _row("Ph Ph P P P P Ph - - -"),
        4: _row("- - Ph Ph Ph - - - - -"),
        5: _NO_SPLIT,
        6: _row("P P P P P Ph - - - -"),
        7: _row("P P P P P P Ph - Rs -"),
        8: _row("P P P P P P P P P P"),
        9: _row("P P P P P - P P - -"),
        10: _NO_SPLIT,
    },
    h17={
        ("soft", 18, 1): "H",
        ("hard", 15, 1): "Rh",
        ("hard", 17, 1): "Rs",
        ("pair", 7, 1): "Rh",
    },
    exact_pairs={
        # H17, 9,9 against an ace: split -0.185971 (with DAS; -0.192828
        # without), stand -0.186130. Split with DAS, else stand on 18.
        (True, 9, 1): "Ph",
    },
)


def exact_pair_code(card: int, up: int, *, decks: int, hits_soft_17: bool) -> tuple[str, float]:
    """A pair cell's code from exact expected values, and how close its decision is.

    The values are those the charts assume (double after a split and late
    surrender offered; :mod:`cardtui.blackjack.ev` says what is exact), for
    the pair dealt from ``decks`` full decks against ``up``. The code is the
    chart's: ``P``, ``Ph`` (split only with DAS), ``Pr``, ``Rp``, or ``-``
    (play the total). The margin is the smaller gap, in units of the bet,
    between a split (with DAS, and without) and the best other play.
    """
    from cardtui.blackjack.ev import Evaluator
    from cardtui.blackjack.odds import remove, shoe_composition

    rules = Rules(decks=decks, dealer_hits_soft_17=hits_soft_17, late_surrender=True)
    unseen = remove(shoe_composition(decks), [up, card, card])
    values = Evaluator(up, rules).move_values((card, card), unseen).as_dict()
    split = values.pop("split")
    split_no_das = Evaluator(up, replace(rules, double_after_split=False)).split(card, unseen)
    other = max(values, key=values.__getitem__)
    best, total_play = values[other], max(values["hit"], values["stand"])
    if split > best:
        if split_no_das > best:
            code = "P"
        elif other == "surrender" and split_no_das > total_play:
            code = "Pr"
        else:
            code = "Ph"
    elif other == "surrender" and split > total_play:
        code = "Rp"
    else:
        code = "-"
    return code, min(abs(split - best), abs(split_no_das - best))


def chart_for(rules: Rules) -> Chart:
    """The published chart for this many decks (3 decks use the 4-8 deck chart)."""
    return {1: SINGLE_DECK, 2: DOUBLE_DECK}.get(rules.decks, SHOE)


def code_for(table: str, row: int, up: int, rules: Rules) -> str:
    """The code in one cell for these rules (``up`` is 1 for an ace, 10 for a ten)."""
    return chart_for(rules).code(table, row, up, hits_soft_17=rules.dealer_hits_soft_17)


_SPLIT_CODES = frozenset({"P", "Ph", "Pr", "Rp", "-"})
#: Each code's move and the code to follow when that move cannot be made now.
_MOVES = {
    "H": (Action.HIT, None),
    "S": (Action.STAND, None),
    "D": (Action.DOUBLE, "H"),
    "Ds": (Action.DOUBLE, "S"),
    "Rh": (Action.SURRENDER, "H"),
    "Rs": (Action.SURRENDER, "S"),
}


def playable_code(table: str, row: int, up: int, rules: Rules) -> str:
    """The cell as a player at this table reads it: codes for moves the rules never
    allow give way to their fallback (``Rh`` is ``H`` without surrender, ``Ph``
    is ``P`` with doubling after a split, else the total's code, a ``D`` on a
    soft total is ``H`` where only 9-11 may be doubled). What the strategy
    chart screen shows.

    >>> playable_code("pair", 4, 5, Rules(double_after_split=False))
    'H'
    >>> surrender = Rules(late_surrender=True)
    >>> playable_code("hard", 16, 10, Rules()), playable_code("hard", 16, 10, surrender)
    ('H', 'Rh')
    """
    code = code_for(table, row, up, rules)
    if table == "pair":
        if code == "Pr":
            code = "P" if rules.double_after_split else "Rp"
        if code == "Ph":
            code = "P" if rules.double_after_split else "-"
        if code == "Rp":
            code = "Rp" if rules.late_surrender else "P"
        if code == "P" and rules.max_hands < 2:
            code = "-"
        if code == "-":
            return "P" if row == 1 and rules.max_hands >= 2 else playable_code(
                *(("soft", 12) if row == 1 else ("hard", 2 * row)), up, rules)
        if code in ("P", "Rp"):
            return code
    while True:
        move, fallback = _MOVES[code]
        allowed = (move is not Action.SURRENDER or rules.late_surrender) and (
            move is not Action.DOUBLE or _may_double(rules, table, row))
        if allowed or fallback is None:
            return code
        code = fallback


def _may_double(rules: Rules, table: str, row: int) -> bool:
    """Whether a first two-card hand of this row may ever be doubled at this table."""
    if rules.double is DoubleRule.NINE_TO_ELEVEN:
        return table == "hard" and 9 <= row <= 11
    return True


@dataclass(frozen=True, slots=True)
class Advice:
    """The basic-strategy move and why (the hint key shows both)."""

    action: Action
    situation: str  # "hard 16 against a 10"
    reason: str

    @property
    def text(self) -> Said:
        """``Stand: a soft 18 is good enough against an 8.``"""
        return Said(N_("{move}: {reason}"), move=Said(MOVE_NAMES[self.action]),
                    reason=self.reason)


#: The moves by name, as a drill's answer starts (:attr:`Advice.text`).
MOVE_NAMES = {Action.HIT: N_("Hit"), Action.STAND: N_("Stand"), Action.DOUBLE: N_("Double"),
              Action.SPLIT: N_("Split"), Action.SURRENDER: N_("Surrender"),
              Action.INSURE: N_("Insure"), Action.DECLINE_INSURANCE: N_("No insurance")}


def decide(
    hard: int, has_ace: bool, pair: int | None, up: int, rules: Rules, *,
    can_double: bool, can_split: bool, can_surrender: bool,
) -> tuple[Action, str, str, int]:
    """The move for a hand given by numbers: ``(action, table, code, row)``.

    ``pair`` is the value of each card of a two-card pair (else ``None``);
    the simulator compiles its lookup tables from this same function.
    """
    if pair is not None:
        code = code_for("pair", pair, up, rules)
        if code == "Pr":
            code = "P" if rules.double_after_split else "Rp"
        if code == "Rp" and can_surrender:
            return Action.SURRENDER, "pair", code, pair
        if can_split and (code in ("P", "Rp") or (code == "Ph" and rules.double_after_split)):
            return Action.SPLIT, "pair", code, pair
        if code not in _SPLIT_CODES:
            # This pair plays differently from its total (see the module doc).
            return _act(code, can_double, can_surrender), "pair", code, pair
    soft = has_ace and hard <= 11
    table, row = ("soft", hard + 10) if soft else ("hard", max(hard, 4))
    if row > 21:
        return Action.STAND, table, "S", row
    code = code_for(table, row, up, rules)
    return _act(code, can_double, can_surrender), table, code, row


def _act(code: str, can_double: bool, can_surrender: bool) -> Action:
    move, fallback = _MOVES[code]
    open_now = {Action.DOUBLE: can_double, Action.SURRENDER: can_surrender}.get(move, True)
    if open_now or fallback is None:
        return move
    return _MOVES[fallback][0]


def advise(
    cards: Sequence[Card], up_card: Card, rules: Rules, *,
    can_double: bool, can_split: bool, can_surrender: bool,
) -> Advice:
    """Basic strategy for ``cards`` against ``up_card``, given what is legal now."""
    value = hand_value(cards)
    points = [c.rank.blackjack_value for c in cards]
    pair = points[0] if len(points) == 2 and points[0] == points[1] else None
    up = up_card.rank.blackjack_value
    action, table, code, row = decide(
        value.hard, value.has_ace, pair, up, rules,
        can_double=can_double, can_split=can_split, can_surrender=can_surrender,
    )
    situation = _situation(table, row, up, pair if table == "pair" else None)
    if action is Action.SPLIT and (rules.dealer_hits_soft_17, row, up) in chart_for(
            rules).exact_pairs:
        # "18 is not enough" would overstate a cell both plays lose almost equally.
        return Advice(action, situation, Said(N_(
            "a near tie, worked out exactly: two hands starting with {card} lose a hair less "
            "on average than playing the {total}."), card=_a(row), total=2 * row))
    return Advice(action, situation, _reason(action, table, code, row, up))


def insurance_advice(*, even_money: bool = False) -> Advice:
    """Basic strategy never insures: a ten is under a third of the unseen cards.

    Even money is insurance on a blackjack (``even_money``): the same bet, said
    as the player meets it. Declining it is worth 1.5 x (1 - 95/309) = 1.039 of
    the bet in a fresh 6-deck shoe, against the sure 1.
    """
    if even_money:
        return Advice(
            Action.DECLINE_INSURANCE,
            Said(N_("a blackjack against an ace")),
            Said(N_("even money is insurance on it. Fewer than one card in three is a ten, so "
                    "the sure 1:1 pays about 4 % of the bet less than playing on for 3:2.")),
        )
    return Advice(
        Action.DECLINE_INSURANCE,
        Said(N_("insurance against an ace")),
        Said(N_("insurance pays 2:1 but fewer than one card in three is a ten, so it loses "
                "about 7 % of what you put on it (even money is the same bet).")),
    )


def _up_name(up: int) -> Said:
    if up == 1:
        return Said(N_("an ace"))
    return Said(N_("an {card}"), card=up) if up == 8 else Said(N_("a {card}"), card=up)


def _situation(table: str, row: int, up: int, pair: int | None) -> Said:
    dealer = _up_name(up)
    if table == "pair" and pair is not None:
        name = Said(N_("aces")) if pair == 1 else (
            Said(N_("tens")) if pair == 10 else Said(N_("{card}s"), card=pair))
        return Said(N_("a pair of {cards} against {dealer}"), cards=name, dealer=dealer)
    if table == "soft":
        return Said(N_("soft {total} against {dealer}"), total=row, dealer=dealer)
    return Said(N_("hard {total} against {dealer}"), total=row, dealer=dealer)


def _reason(action: Action, table: str, code: str, row: int, up: int) -> Said:
    dealer = _up_name(up)
    weak_dealer = 2 <= up <= 6
    if action is Action.SPLIT:
        if row == 1:
            return Said(N_("one hand of 12 is weak; two hands that each start with an ace are "
                           "strong."))
        if row == 8:
            return Said(N_("16 is the worst total there is; two hands starting with an 8 lose "
                           "less."))
        if row == 9:
            return Said(N_("18 is not enough against {dealer}; two hands starting with a 9 win "
                           "more."), dealer=dealer)
        # The card's number as the English has always said it ("a 4" -> "4").
        return Said(N_("the dealer's {card} is weak: two fresh hands beat one poor total."),
                    card=dealer[2:])
    total = 2 * row if table == "pair" else row
    if action is Action.SURRENDER:
        return Said(N_("hard {total} against {dealer} loses more than half the bet on average; "
                       "surrendering loses exactly half."), total=total, dealer=dealer)
    if action is Action.DOUBLE:
        if table == "soft":
            return Said(N_("a soft {total} cannot bust on one card and {dealer} busts often: "
                           "put more money out while you are the favourite."),
                        total=row, dealer=dealer)
        return Said(N_("one card will often make {total} into a strong hand and {dealer} is "
                       "no threat."), total=row, dealer=dealer)
    # A double or surrender that is not allowed now falls back to hitting or
    # standing; say so after the reason for the fallback.
    reason = _fallback_reason(action, table, row, total, dealer, weak_dealer)
    if code in ("D", "Ds"):
        return Said(N_("{reason} Doubling would be better, but it is not allowed now."),
                    reason=reason)
    if code in ("Rh", "Rs"):
        return Said(N_("{reason} Surrendering would be better, but it is not offered now."),
                    reason=reason)
    return reason


def _a(number: int) -> Said:
    """``a 16``, ``an 8``, ``an 11``, ``an 18``: the article as the number is said.

    >>> _a(16), _a(8), _a(11), _a(18)
    ('a 16', 'an 8', 'an 11', 'an 18')
    """
    if number in (8, 11, 18):
        return Said(N_("an {number}"), number=number)
    return Said(N_("a {number}"), number=number)


def _fallback_reason(action: Action, table: str, row: int, total: int, dealer: Said,
                     weak_dealer: bool) -> Said:
    """Why to hit or stand (the plays every chart falls back to)."""
    if table == "pair":
        # A pair that plays differently from its total (a small-pack exception).
        if action is Action.STAND:
            return Said(N_("with both {card}s out of so small a pack, standing on this {total} "
                           "loses less than the usual play of a hard {total}."),
                        card=row, total=total)
        return Said(N_("with both {card}s out of so small a pack, hitting on this {total} "
                       "loses less than the usual play of a hard {total}."),
                    card=row, total=total)
    if action is Action.STAND:
        if row >= 17 and table == "hard":
            return Said(N_("{total} is strong enough; most cards would bust it."), total=row)
        if table == "soft":
            return Said(N_("a soft {total} is good enough against {dealer}."),
                        total=row, dealer=dealer)
        return Said(N_("{dealer} busts often; don't risk busting your {total}."),
                    dealer=dealer, total=row)
    # Hit.
    if table == "soft":
        return Said(N_("a soft {total} cannot bust on one card and is too weak to stand on."),
                    total=row)
    if row <= 11:
        return Said(N_("no card can bust {total}."), total=_a(row))
    if weak_dealer:
        return Said(N_("with {dealer} up the dealer busts less often; {total} busts only on a "
                       "ten."), dealer=dealer, total=row)
    return Said(N_("against {dealer} the dealer usually makes 17 or more, so {total} must "
                   "improve."), dealer=dealer, total=row)
