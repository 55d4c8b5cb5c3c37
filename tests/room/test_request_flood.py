"""Requests every other player hears are rate limited, as chat is (issue 24).

One game process sent 500 sit-out/come-back pairs: every other player at the
table got 1,000 notices and 1,001 seat lines in 1.5 s, each a redraw. The
room's clock is the test's: the limits are checked on virtual time.
"""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.room import room as room_module
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.wire.protocol import (
    ComeBack,
    CreateHoldem,
    Error,
    GetLobby,
    Leave,
    LobbySnapshot,
    Notice,
    Sit,
    SitOut,
    TableSeats,
)
from tests.room.support import FakeClient
from tests.room.test_holdem_room import member, sit


def quiet_holdem() -> HoldemOptions:
    """No hand starts (three humans are needed): only the requests make the room speak."""
    return HoldemOptions(seats=4, bots_fill=False, min_humans=3, between_hands=60,
                         action_clock=30)



async def all_answered(client: FakeClient) -> None:
    """Every request sent so far has been handled: the room answers in order."""
    start = len(client.messages)
    client.send(GetLobby())
    await client.wait_for(lambda m: isinstance(m, LobbySnapshot), after=start)


async def test_sitting_out_and_back_in_a_loop_reaches_the_others_a_few_times(
        make_room, clock: FakeClock) -> None:
    room = make_room(quiet_holdem(), clock=clock)
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    start = len(bob.messages)
    for _ in range(500):
        ann.send(SitOut("t1"))
        ann.send(ComeBack("t1"))
    await all_answered(ann)
    await all_answered(bob)
    heard = bob.messages[start:]
    allowed = room_module.REQUESTS - 1  # her sitting down was one; each coming back is free
    assert len([m for m in heard if isinstance(m, Notice)]) == 2 * allowed
    assert len([m for m in heard if isinstance(m, TableSeats)]) == 2 * allowed
    refused = {e.message for e in ann.of(Error)}
    assert refused == {"slow down: too many requests at the tables"}
    player = room.tables["t1"].player_at(0)
    assert player is not None and not player.sitting_out  # coming back is never refused
    # Once the window has passed she may sit out again, and everyone hears it.
    clock.advance(room_module.REQUEST_WINDOW)
    mark = len(bob.messages)
    ann.send(SitOut("t1"))
    await bob.wait_for(lambda m: isinstance(m, Notice) and m.text == "Ann sits out.", after=mark)


async def test_sitting_down_and_leaving_in_a_loop_is_limited_too(make_room) -> None:
    room = make_room(quiet_holdem(), BlackjackOptions(seats=3, between_rounds=60),
                     clock=FakeClock())
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await sit(bob, "t1", 1)
    start = len(bob.messages)
    for _ in range(200):
        ann.send(Sit("t1", 0, 1000))
        ann.send(Leave("t1"))
    await all_answered(ann)
    await all_answered(bob)
    sat = [m for m in bob.messages[start:] if isinstance(m, Notice) and "sits down" in m.text]
    assert len(sat) == room_module.REQUESTS
    # The limit is the player's, across the room's tables.
    ann.send(Sit("t2", 0, 500))
    error = await ann.wait_for(lambda m: isinstance(m, Error) and m.table == "t2")
    assert error.message == "slow down: too many requests at the tables"


async def test_opening_a_table_is_a_request_the_lobby_hears(make_room, clock: FakeClock) -> None:
    room = make_room(quiet_holdem(), clock=clock)
    ann = await FakeClient.join(room, member("Ann"))
    for _ in range(room_module.REQUESTS):
        ann.send(SitOut("t1"))  # refused (no seat here), and not counted: nobody heard it
    await sit(ann, "t1", 0)
    for _ in range(room_module.REQUESTS):
        ann.send(SitOut("t1"))
        ann.send(ComeBack("t1"))
    create = CreateHoldem(name="Ann's", seats=2, small_blind=5, big_blind=10,
                          starting_stack=1000)
    ann.send(create)
    await all_answered(ann)
    assert ann.of(Error)[-1].message == "slow down: too many requests at the tables"
    assert list(room.tables) == ["t1"]
    clock.advance(room_module.REQUEST_WINDOW)
    ann.send(create)
    await ann.wait_for(lambda m: isinstance(m, Notice) and m.text == "Table \"Ann's\" is open")
