"""A player leaving a hold'em table mid-hand still gets that hand, as their seat saw it.

The room acts for the seat (it folds it) and settles it; until the hand ends it
goes on sending the hand's records to the player's game, with their own cards
and nobody else's, then their result: the game keeps the hand with its history
(:mod:`cardtui.guest.link`), as a real card room's hand history keeps a hand the
player folded and left.
"""

from __future__ import annotations

from cardtui.holdem.actions import ActionKind
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.wire.protocol import HoldemAction, Leave, Message, Records, SeatSettled, YourTurnHoldem
from tests.room.support import FakeClient
from tests.room.test_holdem_room import assert_private, hand_ended, member, sit


def raises(client: FakeClient, message: Message) -> None:
    if isinstance(message, YourTurnHoldem):
        client.send(HoldemAction(message.table, ActionKind.RAISE_TO, 40))


def folds(client: FakeClient, message: Message) -> None:
    if isinstance(message, YourTurnHoldem):
        client.send(HoldemAction(message.table, ActionKind.FOLD))


async def test_the_leaving_seat_gets_the_whole_hand_then_its_result(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsKs", "QhJh", "9c8c"], board="2c7d3d 3s Td")
    bob, cy, ann = [await FakeClient.join(room, member(n)) for n in ("Bob", "Cy", "Ann")]
    bob.on_message = raises
    cy.on_message = folds
    # The room's first button (its seeded choice) is seat 0: Ann sits in the big blind.
    # Bob raises, Cy folds, and the room folds Ann's seat (a seat that leaves checks when it
    # can, and folds to a bet): Bob wins without a showdown, so nobody's cards are shown.
    for seat, client in enumerate((bob, cy, ann)):
        await sit(client, "t1", seat)
    await ann.wait_for(lambda m: isinstance(m, Records))
    assert table.positions is not None and table.positions.big_blind == 2
    left = len(ann.messages)
    ann.send(Leave("t1"))
    settled = await ann.wait_for(lambda m: isinstance(m, SeatSettled))
    hand = table.last_hand
    assert hand is not None and settled.hand == 1
    assert settled.result.player == "Ann" and settled.result.net == -10
    after = ann.messages[left:]
    # Every record of the hand after she left, through its end, before her result.
    ended = next(i for i, m in enumerate(after) if hand_ended(m))
    assert ended < after.index(settled)
    sent = [r for m in ann.of(Records) if m.hand == 1 for r in m.records]
    assert len(sent) == len(hand.records)
    assert sum(isinstance(m, Records) for m in after) > 1
    # Her own cards, nobody else's (Bob won uncontested: no card was shown).
    assert not hand.shown
    assert_private(ann.raw, hand.hole, 2)
    assert all(f'"{card.code}"'.encode() in ann.raw for card in hand.hole[2])
