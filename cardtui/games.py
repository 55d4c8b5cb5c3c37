"""The games cardtui deals and how a seat's hand ends: one name each, for the engines,
the store, the tables and the wire."""

from __future__ import annotations

from enum import StrEnum

from cardtui.i18n import _


class Game(StrEnum):
    """A game at cardtui's tables; its value is how the store and the room's wire spell it.

    >>> [game.shown for game in Game]
    ['Blackjack', "Texas Hold'em"]
    >>> Game("holdem").hand_word
    'hand'
    """

    BLACKJACK = "blackjack"
    HOLDEM = "holdem"

    @property
    def shown(self) -> str:
        """The game as a player reads it (not ``title``: that is ``str.title()``)."""
        return _("Blackjack") if self is Game.BLACKJACK else _("Texas Hold'em")

    @property
    def hand_word(self) -> str:
        """What one deal is called at this game's table: a hand, or a round."""
        return "hand" if self is Game.HOLDEM else "round"


class Outcome(StrEnum):
    """How one seat's hand (a blackjack hand, a hold'em hand) ended for its player."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"
