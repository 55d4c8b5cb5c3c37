"""A scripted blackjack table that offers what a shared table does: chat, bets, standing up.

The blackjack screen's scripted tests stand for a table in the room (no
engine here: the room deals); :class:`ScriptedBlackjackSession` says so
through its capabilities, and records what the screen asked of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtui.blackjack.rules import Rules
from cardtui.tables.blackjack_capabilities import BlackjackCapabilities
from cardtui.tables.session import Event
from tests.support.scripted_table import ScriptedSession


class ScriptedBlackjackSession(ScriptedSession):
    """A :class:`ScriptedSession` at a shared blackjack table (``in_hand``: its round in play)."""

    def __init__(self, opening: Iterable[Event], viewer_seats: Iterable[int] = (0,),
                 rules: Rules | None = None) -> None:
        super().__init__(opening, viewer_seats)
        self.rules = rules or Rules()
        #: Every bet the screen placed: (seat, amount).
        self.bets: list[tuple[int, int]] = []
        #: Every line the screen said at the table.
        self.said: list[str] = []

    def capabilities(self) -> BlackjackCapabilities:  # type: ignore[override]
        return BlackjackCapabilities(chat=self, leave=self, rules=self.rules, place_bet=self,
                                     in_round=self)

    @property
    def in_round(self) -> bool:
        return self.in_hand

    def bet(self, seat: int, amount: int) -> None:
        self.bets.append((seat, amount))

    def chat(self, text: str) -> None:
        self.said.append(text)

    def leave(self) -> None:
        self.asked.append("leave")
