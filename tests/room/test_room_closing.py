"""The room closing: said once on every screen, and no screen promises a next hand.

Seen after the host's Ctrl-C (issue 24): the table's void line, then the room's
notice saying the same again, beside the prompt "The room deals the next hand."
"""

from __future__ import annotations

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.tables.session import BetWindow, Note, Seen, ToAct, Voided
from cardtui.ui.holdem.wording import shared_prompt
from tests.room.support import until
from tests.tables.support import join


async def test_the_void_is_said_once_and_the_session_knows_no_hand_comes(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=2, action_clock=30))
    ann, bob, cy = [await join(room, n) for n in ("Ann", "Bob", "Cy")]
    for seat, player in enumerate((ann, bob)):
        player.listen(await player.link.sit("t1", 500, seat=seat))
    cy.listen(await cy.link.watch("t1"))
    await until(lambda: bool(ann.of(Seen)))
    told: list[str | None] = []
    ann.link.listen(told.append)
    await room.stop("the host closed the room")
    for player in (ann, bob, cy):
        voided = await player.wait_for(lambda e: isinstance(e, Voided))
        assert voided.reason == ("The room is closing (the host closed the room): the hand in "
                                 "play is void and every bet went back to its stack.")
        notes = [e.text for e in player.of(Note)]
        assert not [text for text in notes if "void" in text]  # the void line only
        assert notes.count("The room is closing (the host closed the room).") == 1
        assert player.session.room_closing
    assert told.count("The room is closing (the host closed the room).") == 1
    prompt = shared_prompt(seated=True, sitting_out=False, closing=ann.session.room_closing)
    assert prompt.plain == "No more hands: the room is closing."


async def test_a_table_between_hands_and_the_lobby_hear_the_room_is_closing(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=2, action_clock=30))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 500, seat=0))  # alone: no hand is dealt
    told: list[str | None] = []
    bob.link.listen(told.append)
    await room.stop("the host closed the room")
    closing = await ann.wait_for(lambda e: isinstance(e, Note) and "closing" in e.text)
    assert closing.text == "The room is closing (the host closed the room)."
    assert not ann.of(Voided)
    assert ann.session.room_closing
    await until(lambda: "The room is closing (the host closed the room)." in told)


async def test_an_open_betting_window_closes_with_the_room(make_room) -> None:
    # Blackjack: "Your bet: 10 (+/-), then d places it." stayed beside the closing news.
    room = make_room(BlackjackOptions(seats=2, betting_clock=60, action_clock=30))
    ann = await join(room, "Ann")
    ann.listen(await ann.link.sit("t1", 300, seat=0))
    await ann.wait_for(lambda e: isinstance(e, ToAct) and isinstance(e.legal, BetWindow))
    await room.stop("the host closed the room")
    closed = await ann.wait_for(lambda e: isinstance(e, Voided))
    assert closed.reason == "The room is closing (the host closed the room)."
    assert ann.session.to_act is None and ann.session.clock is None
