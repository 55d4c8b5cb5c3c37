"""What each viewer may see: hidden cards are taken out in the room, before encoding.

A seat sees its own hole cards; everybody else's only once a
:class:`~cardtui.holdem.actions.HandShown` record turns them up (that record
carries the cards itself). A mucked hand is never shown: its
:class:`~cardtui.holdem.actions.HandMucked` carries no cards. A spectator
(``viewer`` None) sees no hole card until it is shown. In blackjack every
player's cards are dealt face up; only the dealer's hole card is hidden until
:class:`~cardtui.blackjack.records.HoleCardRevealed`.

A hidden card is ``None`` (JSON ``null``): the card widgets draw ``None`` face
down.

>>> from cardtui.cards import Card
>>> from cardtui.holdem.actions import HoleCardsDealt
>>> dealt = HoleCardsDealt(1, (Card.parse("As"), Card.parse("Ad")))
>>> holdem_for_viewer(dealt, viewer=1) is dealt, holdem_for_viewer(dealt, viewer=0)
(True, HoleCardsDealt(seat=1, cards=(None, None)))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardtui.blackjack.records import DealerCard
from cardtui.blackjack.records import Record as BlackjackRecord
from cardtui.holdem.actions import HoleCardsDealt
from cardtui.holdem.actions import Record as HoldemRecord
from cardtui.wire.codec import encode_record

#: A card the viewer may not see.
HIDDEN: Any = None


def holdem_for_viewer(record: HoldemRecord, viewer: int | None) -> HoldemRecord:
    """``record`` as seat ``viewer`` (None: a spectator) may see it."""
    if isinstance(record, HoleCardsDealt) and record.seat != viewer:
        return HoleCardsDealt(record.seat, (HIDDEN, HIDDEN))
    return record


def blackjack_for_viewer(record: BlackjackRecord) -> BlackjackRecord:
    """``record`` as any player or spectator may see it: the hole card face down."""
    if isinstance(record, DealerCard) and record.face_down:
        return DealerCard(HIDDEN, face_down=True)
    return record


def encode_holdem(records: Iterable[HoldemRecord],
                  viewer: int | None) -> tuple[dict[str, Any], ...]:
    return tuple(encode_record(holdem_for_viewer(r, viewer)) for r in records)


def encode_blackjack(records: Iterable[BlackjackRecord]) -> tuple[dict[str, Any], ...]:
    return tuple(encode_record(blackjack_for_viewer(r)) for r in records)
