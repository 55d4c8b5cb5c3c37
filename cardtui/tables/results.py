"""The one place a settled hand or round becomes scoreboard rows, for both games.

Local tables and the room both use it, so a hand played alone and a hand
played at a shared table land in the store the same way; no screen computes
a result.

Hold'em: ``bet`` is what the seat put in the middle (net of an uncalled bet
returned), ``pot`` the chips it won from pots (read from the
:class:`~cardtui.holdem.actions.PotAwarded` records, never from log text), a
showdown is a hand shown or mucked at the end. Blackjack: the engine's
:class:`~cardtui.blackjack.records.SeatSettlement` plus the trainer's count
of decisions that differed from basic strategy.

>>> from cardtui.holdem.actions import Action
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([200, 200], button=0, small_blind=1, big_blind=2,
...             deck=stacked_deck(["AsKs", "7h2d"]))
>>> _ = hand.act(Action.raise_to(6)); _ = hand.act(Action.fold())
>>> row = holdem_row(hand, 0, "Ann")
>>> row.bet, row.net, row.outcome.value, row.pot, row.showdown
(2, 2, 'win', 4, False)
>>> holdem_row(hand, 1, "Bob").outcome.value
'loss'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from cardtui.blackjack.records import SeatSettlement
from cardtui.holdem.actions import HandMucked, HandShown, PotAwarded
from cardtui.holdem.hand import Hand
from cardtui.store.records import Outcome, SeatResult


def pot_winnings(records: Iterable[object]) -> dict[int, int]:
    """Chips each seat won from pots, from the award records.

    >>> pot_winnings([PotAwarded(0, 30, (1, 2), (15, 15), "", ()),
    ...               PotAwarded(1, 10, (2,), (10,), "", ())])
    {1: 15, 2: 25}
    """
    won: dict[int, int] = {}
    for record in records:
        if isinstance(record, PotAwarded):
            for seat, share in zip(record.winners, record.shares, strict=True):
                won[seat] = won.get(seat, 0) + share
    return won


def holdem_row(hand: Hand, seat: int, name: str) -> SeatResult:
    """Seat ``seat``'s row for a finished ``hand``."""
    start = hand.starting_stacks[seat] or 0
    won = pot_winnings(hand.records).get(seat, 0)
    showdown = any(isinstance(r, HandShown | HandMucked) and r.seat == seat
                   for r in hand.records)
    net = hand.stacks[seat] - start
    outcome = Outcome.WIN if won and net > 0 else Outcome.LOSS if net < 0 else Outcome.PUSH
    return SeatResult(
        player=name, bet=start - (hand.stacks[seat] - won), net=net, outcome=outcome, pot=won,
        showdown=showdown, showdown_won=showdown and won > 0,
    )


def holdem_rows(hand: Hand, seats: Iterable[int], names: Sequence[str]) -> tuple[SeatResult, ...]:
    """The rows of ``seats`` that were dealt into ``hand`` (a seat sitting out has none)."""
    return tuple(
        holdem_row(hand, seat, names[seat]) for seat in seats
        if seat < len(hand.starting_stacks) and hand.starting_stacks[seat] is not None
    )


def blackjack_row(result: SeatSettlement, name: str, decisions: int,
                  mistakes: int) -> SeatResult:
    """One blackjack seat's row from the engine's settlement."""
    return SeatResult(
        player=name, bet=result.bet, net=result.net, outcome=Outcome(result.outcome.value),
        blackjack=result.blackjack, bust=result.bust, doubled=result.doubled,
        split=result.split, surrendered=result.surrendered, insured=result.insured,
        decisions=decisions, mistakes=mistakes,
    )


def row_fields(row: SeatResult) -> dict[str, Any]:
    """``row`` as plain values (the outcome as its word), for the room's protocol message.

    >>> row_fields(SeatResult("Ann", 10, -10, Outcome.LOSS))["outcome"]
    'loss'
    """
    fields = dataclasses.asdict(row)
    fields["outcome"] = row.outcome.value
    return fields
