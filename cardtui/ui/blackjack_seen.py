"""What the viewer of a blackjack table has seen since the shuffle: the count's memory.

The count panel and the count-based hint read the Hi-Lo count and the shoe's
composition from here, never from the engine's shoe: the cards counted are
the cards this viewer was shown (the records the table session delivered,
the hole card only once it is turned), so a shared table's viewer counts
exactly what a player at a real table could count.

The tracker lives as long as the sitting (``Session.blackjack_seen``), not
the screen, so leaving the table and coming back keeps the count. Coming
back replays the round in play; the records already counted are skipped.
A tracker that joins a shoe already in play (a shared table) does not know
what went before: it counts nothing until the next :class:`Shuffled`.

>>> from cardtui.blackjack.records import PlayerCard
>>> from cardtui.cards import Card
>>> seen = ShoeTracker(decks=6, fresh_shoe=True)
>>> seen.begin(1); seen.see(PlayerCard(0, 0, Card.parse("5h")))
>>> seen.begin(1); seen.see(PlayerCard(0, 0, Card.parse("5h")))  # the same round replayed
>>> seen.cards.count.running if seen.cards else None
1
"""

from __future__ import annotations

from cardtui.blackjack.count import SeenCards
from cardtui.blackjack.records import Record, Shuffled


class ShoeTracker:
    """The viewer's :class:`SeenCards` since the last shuffle (None: not known yet)."""

    def __init__(self, decks: int, *, fresh_shoe: bool, owner: object = None) -> None:
        self.decks = decks
        #: Who this tracker counts for (the sitting): a new table needs a new tracker.
        self.owner = owner
        self.cards: SeenCards | None = SeenCards.fresh(decks) if fresh_shoe else None
        self._round: int | None = None
        self._counted = 0  # records of this round counted so far
        self._replayed = 0  # records of this round delivered since it began (again)

    def begin(self, number: int) -> None:
        """A round begins, or the round in play is delivered again (coming back)."""
        if number != self._round:
            self._round, self._counted = number, 0
        self._replayed = 0

    def see(self, record: Record) -> None:
        self._replayed += 1
        if self._replayed <= self._counted:
            return  # counted before the viewer left the table
        self._counted += 1
        if isinstance(record, Shuffled) and not record.mid_round:
            self.cards = SeenCards.fresh(self.decks)
        elif self.cards is not None:
            self.cards = self.cards.after(record)
