"""What is said at a shared table reaches a screen that opens a moment later."""

from __future__ import annotations

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.tables.session import Note, SeatClock, Voided
from cardtui.wire.protocol import Notice
from tests.room.support import until
from tests.tables.support import join


async def test_a_watcher_is_shown_the_chat_so_far(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    ann.session.chat("evening all")
    await ann.wait_for(lambda e: isinstance(e, Note) and e.kind == "chat")
    # The lobby opens the table's screen after the room has answered: the chat so
    # far came with the answer, before any screen listened.
    bob.listen(await bob.link.watch("t1"))
    assert [e.text for e in bob.of(Note) if e.kind == "chat"] == ["Ann: evening all"]


async def test_a_player_sitting_down_mid_hand_is_told_they_play_from_the_next(
        make_room) -> None:
    room = make_room(HoldemOptions(seats=2, min_humans=1, action_clock=30))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    await until(lambda: table.hand is not None)  # Ann against a bot in seat 2
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    assert "Bob takes seat 2 after this hand." in [e.text for e in bob.of(Note)]


async def test_what_is_said_reaches_a_screen_once(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    bob.listen(await bob.link.watch("t1"))
    ann.session.chat("one")
    await bob.wait_for(lambda e: isinstance(e, Note) and e.text == "Ann: one")
    bob.session.detach()
    bob.session.attach(bob._event)  # a screen coming back to the table
    assert [e.text for e in bob.of(Note) if e.kind == "chat"] == ["Ann: one"]


async def test_a_void_round_stops_the_clock_on_every_screen(make_room) -> None:
    # Seen as the host pressed Ctrl-C: Bob's screen still said "bob to act. (30 s)".
    room = make_room(BlackjackOptions(seats=2, betting_clock=30, action_clock=30))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.listen(await ann.link.sit("t1", 300, seat=0))
    bob.listen(await bob.link.sit("t1", 300, seat=1))
    await until(lambda: table.betting)
    table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "7h"])  # no ace up: no insurance
    ann.session.bet(0, 20)
    bob.session.bet(1, 20)
    await bob.wait_for(lambda e: isinstance(e, SeatClock) and e.deadline is not None)
    await room.stop("the host closed the room")
    await bob.wait_for(lambda e: isinstance(e, Voided))
    assert bob.session.clock is None
    last_clock = [e for e in bob.events if isinstance(e, SeatClock)][-1]
    assert last_clock.deadline is None


async def test_a_refusal_from_the_room_reads_as_a_sentence(make_room) -> None:
    # Seen over SSH: "slow down: too many chat lines" under "Guest 1: spam 5".
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30))
    ann = await join(room, "Ann")
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    for number in range(8):
        ann.session.chat(f"spam {number}")
    refused = await ann.wait_for(lambda e: isinstance(e, Note) and e.kind == "warning")
    assert refused.text == "Slow down: too many chat lines."


async def test_the_lobby_is_not_told_what_a_table_left_behind_says(make_room) -> None:
    # Seen over SSH: Ann and Bob left a table together; Ann's lobby went on
    # saying "bob leaves the table" (the room told her before it heard she had gone).
    room = make_room(HoldemOptions(seats=3, min_humans=2, action_clock=30))
    ann = await join(room, "Ann")
    session = await ann.link.sit("t1", 1000, seat=0)
    session.leave()
    told: list[str | None] = []
    ann.link.listen(told.append)
    ann.link.dispatch(Notice("t1", "Bob leaves the table."))
    ann.link.dispatch(Notice(None, "The room is closing."))
    assert told == ["The room is closing."]
