"""What a player's own store records for a settled hand or round (mirrors local play).

Hold'em: ``bet`` is what the seat put in the middle (net of an uncalled bet
returned), ``pot`` the chips it won from pots, a showdown is a hand shown or
mucked at the end, as the local table screen records them. Blackjack: the
engine's :class:`~cardtui.blackjack.records.SeatSettlement` plus the
trainer's count of decisions that differed from basic strategy.

>>> from cardtui.holdem.actions import Action
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([200, 200], button=0, small_blind=1, big_blind=2,
...             deck=stacked_deck(["AsKs", "7h2d"]))
>>> _ = hand.act(Action.raise_to(6)); _ = hand.act(Action.fold())
>>> holdem_result(hand, 0, "Ann")
SettledResult(player='Ann', bet=2, net=2, outcome='win', blackjack=False, bust=False, \
doubled=False, split=False, surrendered=False, insured=False, decisions=0, mistakes=0, pot=4, \
showdown=False, showdown_won=False)
"""

from __future__ import annotations

from cardtui.blackjack.records import SeatSettlement
from cardtui.holdem.actions import HandMucked, HandShown, PotAwarded
from cardtui.holdem.hand import Hand
from cardtui.room.protocol import SettledResult


def holdem_result(hand: Hand, seat: int, name: str) -> SettledResult:
    start = hand.starting_stacks[seat] or 0
    won = sum(share for r in hand.records if isinstance(r, PotAwarded)
              for s, share in zip(r.winners, r.shares, strict=True) if s == seat)
    showdown = any(isinstance(r, HandShown | HandMucked) and r.seat == seat for r in hand.records)
    net = hand.stacks[seat] - start
    outcome = "win" if won and net > 0 else "loss" if net < 0 else "push"
    return SettledResult(
        player=name, bet=start - (hand.stacks[seat] - won), net=net, outcome=outcome, pot=won,
        showdown=showdown, showdown_won=showdown and won > 0,
    )


def blackjack_result(result: SeatSettlement, name: str, decisions: int,
                     mistakes: int) -> SettledResult:
    return SettledResult(
        player=name, bet=result.bet, net=result.net, outcome=result.outcome.value,
        blackjack=result.blackjack, bust=result.bust, doubled=result.doubled,
        split=result.split, surrendered=result.surrendered, insured=result.insured,
        decisions=decisions, mistakes=mistakes,
    )
