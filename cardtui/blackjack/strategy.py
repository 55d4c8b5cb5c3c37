"""Basic strategy as data, the tables strategy cards print for 4-8 decks
(https://wizardofodds.com/games/blackjack/strategy/4-decks/).

Rows are player totals (or pairs), columns the dealer's up-card 2-9, T, A.
Each cell holds a code, as printed in strategy cards:

- ``H`` hit, ``S`` stand, ``P`` split;
- ``D`` double, or hit when doubling is not allowed;
- ``Ds`` double, or stand when doubling is not allowed;
- ``Ph`` split when doubling after a split is allowed, otherwise play the total;
- ``Rh`` / ``Rs`` / ``Rp`` surrender, or else hit / stand / split;
- ``-`` in the pair table: do not split, play the total.

The tables are for 4-8 decks, dealer stands on soft 17, double after split;
:data:`H17_CHANGES` patches them for a dealer who hits soft 17, and the
``Ph`` cells carry the no-DAS differences. Bots play these tables and the
hint key explains them.

>>> from cardtui.cards import Card, parse_cards
>>> advice = advise(parse_cards("Th 6s"), Card.parse("Td"), Rules(late_surrender=True),
...                 can_double=True, can_split=False, can_surrender=True)
>>> advice.action, advice.situation
(<Action.SURRENDER: 'surrender'>, 'hard 16 against a 10')
>>> advise(parse_cards("8h 8s"), Card.parse("6d"), Rules(),
...        can_double=True, can_split=True, can_surrender=False).action
<Action.SPLIT: 'split'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.cards import Card

#: Column order of every row: the dealer's up-card 2-9, ten, ace.
UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def _row(text: str) -> tuple[str, ...]:
    cells = tuple(text.split())
    assert len(cells) == 10, text
    return cells


_STIFF_HIT = _row("H H H H H H H H H H")
_ALL_STAND = _row("S S S S S S S S S S")

#: Hard totals (no ace counted as 11), S17 DAS.
HARD: dict[int, tuple[str, ...]] = {
    **{total: _STIFF_HIT for total in range(4, 9)},
    9: _row("H D D D D H H H H H"),
    10: _row("D D D D D D D D H H"),
    11: _row("D D D D D D D D D H"),
    12: _row("H H S S S H H H H H"),
    13: _row("S S S S S H H H H H"),
    14: _row("S S S S S H H H H H"),
    15: _row("S S S S S H H H Rh H"),
    16: _row("S S S S S H H Rh Rh Rh"),
    **{total: _ALL_STAND for total in range(17, 22)},
}

#: Soft totals (an ace counted as 11), S17 DAS. Soft 12 is A,A left unsplit.
SOFT: dict[int, tuple[str, ...]] = {
    12: _STIFF_HIT,
    13: _row("H H H D D H H H H H"),
    14: _row("H H H D D H H H H H"),
    15: _row("H H D D D H H H H H"),
    16: _row("H H D D D H H H H H"),
    17: _row("H D D D D H H H H H"),
    18: _row("S Ds Ds Ds Ds S S H H H"),
    19: _ALL_STAND,
    20: _ALL_STAND,
    21: _ALL_STAND,
}

#: Pairs by the value of one card (1 = aces, 10 = any two ten-value cards).
PAIRS: dict[int, tuple[str, ...]] = {
    1: _row("P P P P P P P P P P"),
    2: _row("Ph Ph P P P P - - - -"),
    3: _row("Ph Ph P P P P - - - -"),
    4: _row("- - - Ph Ph - - - - -"),
    5: _row("- - - - - - - - - -"),
    6: _row("Ph P P P P - - - - -"),
    7: _row("P P P P P P - - - -"),
    8: _row("P P P P P P P P P P"),
    9: _row("P P P P P - P P - -"),
    10: _row("- - - - - - - - - -"),
}

#: (table, row, up-card) -> code: what changes when the dealer hits soft 17.
H17_CHANGES: dict[tuple[str, int, int], str] = {
    ("hard", 11, 1): "D",
    ("soft", 18, 2): "Ds",
    ("soft", 19, 6): "Ds",
    ("hard", 15, 1): "Rh",
    ("hard", 17, 1): "Rs",
    ("pair", 8, 1): "Rp",
}

_TABLES = {"hard": HARD, "soft": SOFT, "pair": PAIRS}


def code_for(table: str, row: int, up: int, rules: Rules) -> str:
    """The code in one cell for these rules (``up`` is 1 for an ace, 10 for a ten)."""
    if rules.dealer_hits_soft_17:
        changed = H17_CHANGES.get((table, row, up))
        if changed is not None:
            return changed
    return _TABLES[table][row][UP_CARDS.index(up)]


@dataclass(frozen=True, slots=True)
class Advice:
    """The basic-strategy move and why (the hint key shows both)."""

    action: Action
    situation: str  # "hard 16 against a 10"
    reason: str

    @property
    def text(self) -> str:
        return f"{self.action.value.capitalize()}: {self.reason}"


def decide(
    hard: int, has_ace: bool, pair: int | None, up: int, rules: Rules, *,
    can_double: bool, can_split: bool, can_surrender: bool,
) -> tuple[Action, str, str, int]:
    """The move for a hand given by numbers: ``(action, table, code, row)``.

    ``pair`` is the value of each card of a two-card pair (else ``None``);
    the simulator compiles its lookup tables from this same function.
    """
    if pair is not None and can_split:
        code = code_for("pair", pair, up, rules)
        if code == "P" or (code == "Ph" and rules.double_after_split):
            return Action.SPLIT, "pair", code, pair
        if code == "Rp":
            return (Action.SURRENDER if can_surrender else Action.SPLIT), "pair", code, pair
    soft = has_ace and hard <= 11
    table, row = ("soft", hard + 10) if soft else ("hard", max(hard, 4))
    if row > 21:
        return Action.STAND, table, "S", row
    code = code_for(table, row, up, rules)
    action = {
        "H": Action.HIT,
        "S": Action.STAND,
        "D": Action.DOUBLE if can_double else Action.HIT,
        "Ds": Action.DOUBLE if can_double else Action.STAND,
        "Rh": Action.SURRENDER if can_surrender else Action.HIT,
        "Rs": Action.SURRENDER if can_surrender else Action.STAND,
    }[code]
    return action, table, code, row


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
    return Advice(action, situation, _reason(action, table, code, row, up))


def insurance_advice() -> Advice:
    """Basic strategy never insures: a ten is under a third of the unseen cards."""
    return Advice(
        Action.DECLINE_INSURANCE,
        "insurance against an ace",
        "insurance pays 2:1 but fewer than one card in three is a ten, so it loses "
        "about 7 % of what you put on it (even money is the same bet).",
    )


def _up_name(up: int) -> str:
    return "an ace" if up == 1 else ("an 8" if up == 8 else f"a {up}")


def _situation(table: str, row: int, up: int, pair: int | None) -> str:
    if table == "pair" and pair is not None:
        name = "aces" if pair == 1 else ("tens" if pair == 10 else f"{pair}s")
        return f"a pair of {name} against {_up_name(up)}"
    return f"{table} {row} against {_up_name(up)}"


def _reason(action: Action, table: str, code: str, row: int, up: int) -> str:
    dealer = _up_name(up)
    weak_dealer = 2 <= up <= 6
    if action is Action.SPLIT:
        if row == 1:
            return "one hand of 12 is weak; two hands that each start with an ace are strong."
        if row == 8:
            return "16 is the worst total there is; two hands starting with an 8 lose less."
        if row == 9:
            return f"18 is not enough against {dealer}; two hands starting with a 9 win more."
        return f"the dealer's {dealer[2:]} is weak: two fresh hands beat one poor total."
    if action is Action.SURRENDER:
        return (
            f"hard {row} against {dealer} loses more than half the bet on average; "
            "surrendering loses exactly half."
        )
    if action is Action.DOUBLE:
        if table == "soft":
            return (
                f"a soft {row} cannot bust on one card and {dealer} busts often: "
                "put more money out while you are the favourite."
            )
        return f"one card will often make {row} into a strong hand and {dealer} is no threat."
    # A double that is not allowed now falls back to hitting or standing; say so.
    prefix = "doubling is not allowed now, so: " if code in ("D", "Ds") else ""
    if action is Action.STAND:
        if row >= 17 and table == "hard":
            return prefix + f"{row} is strong enough; most cards would bust it."
        if table == "soft":
            return prefix + f"a soft {row} is good enough against {dealer}."
        return prefix + f"{dealer} busts often; don't risk busting your {row}."
    # Hit.
    if table == "soft":
        return prefix + f"a soft {row} cannot bust on one card and is too weak to stand on."
    if row <= 11:
        return prefix + f"no card can bust a {row}."
    if weak_dealer:
        return prefix + f"with {dealer} up the dealer busts less often; {row} busts only on a ten."
    return prefix + f"against {dealer} the dealer usually makes 17 or more, so {row} must improve."
