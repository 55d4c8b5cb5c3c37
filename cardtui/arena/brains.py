"""The bots' decisions at a table for the difficulty the player chose.

Normal is each seat's personality (:func:`cardtui.holdem.bots.decide`);
Easy is the arena's equity player; Hard is the Pro, one per bot seat (by
name), so each keeps its reads on the players for as long as the table runs.

>>> import random
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([1000, 1000], button=1, small_blind=5, big_blind=10,
...             deck=stacked_deck(["7h2d", "AsAh"]), names=["Ann", "Max"])
>>> brains = Brains(Difficulty.HARD)
>>> brains.decide(hand, Personality.MANIAC, random.Random(1)).kind
<ActionKind.RAISE_TO: 'raise_to'>
"""

from __future__ import annotations

import random

from cardtui.arena.baselines import EquityPlayer
from cardtui.arena.pro import Pro
from cardtui.arena.protocol import HoldemBot, ask, bot_view
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality, decide
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.hand import Hand
from cardtui.holdem.table import Table


class Brains:
    """``decide(hand, personality, rng)``: the actor's move at this difficulty."""

    def __init__(self, difficulty: Difficulty) -> None:
        self.difficulty = difficulty
        # A fresh estimate every decision at a real table (the cache is for the arena's
        # duplicate deals, where the same cards come back).
        self._easy = EquityPlayer(cache=None)
        self._pros: dict[str, Pro] = {}

    def decide(self, hand: Hand, personality: Personality, rng: random.Random) -> Action:
        seat = hand.actor
        if seat is None:
            raise ValueError("nobody is to act")
        if self.difficulty is Difficulty.NORMAL:
            return decide(hand.view(seat), rng, personality)
        names = tuple(hand.names or ()) or tuple(f"seat {s}" for s in range(hand.seat_count))
        bot: HoldemBot = self._easy
        if self.difficulty is Difficulty.HARD:
            bot = self._pros.setdefault(names[seat], Pro())
        # The referee's answer is always legal (a check or fold if the bot slipped).
        return ask(bot, bot_view(hand, names), rng, time_limit=float("inf")).action

    def decide_at(self, table: Table) -> Action:
        """The move of the bot to act at ``table`` (its own :meth:`Table.bot_action` at Normal)."""
        if self.difficulty is Difficulty.NORMAL:
            return table.bot_action()
        hand = table.hand
        if hand is None or hand.actor is None:
            raise ValueError("nobody is to act")
        seat = table.seats[hand.actor]
        if seat is None or seat.personality is None:
            raise ValueError(f"seat {hand.actor} is not a bot")
        return self.decide(hand, seat.personality, table.rng)
