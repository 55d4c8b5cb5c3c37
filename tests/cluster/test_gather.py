"""The relay's one answer to a host request every part of the room answers (virtual time)."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.cluster.gather import GATHER_SECONDS, NO_ANSWER, Gatherer, merged
from cardtui.wire.protocol import (
    Error,
    ErrorCode,
    HostDeskState,
    Message,
    Notice,
    SeatRequestInfo,
)


def refused(text: str, ref: int = 1) -> Error:
    return Error(ErrorCode.REFUSED, text, key=text, ref=ref)


def notice(text: str, ref: int = 1, **args: str) -> Notice:
    return Notice(None, text, key=text, args=args, ref=ref)


def test_the_desks_merge_their_seat_requests_and_bans() -> None:
    lobby = HostDeskState(requests=(SeatRequestInfo("t9", "Late", "Cy"),), bans=("bob",), ref=1)
    t1 = HostDeskState(requests=(SeatRequestInfo("t1", "Game", "Ann"),), bans=("Ann", "bob"),
                       ref=1)
    (state,) = merged({"t1": t1, "lobby": lobby}, 1)
    assert state == HostDeskState(requests=(*lobby.requests, *t1.requests),
                                  bans=("Ann", "bob"), ref=1)


def test_every_part_that_kicked_says_so_once_and_a_refusal_is_the_lobbys() -> None:
    removed_1 = notice("{name} is removed from {tables}.", name="Bob", tables="Game 1")
    removed_2 = notice("{name} is removed from {tables}.", name="Bob", tables="Game 2")
    banned = notice("{name} is banned from the room.", name="Bob")
    not_at = refused("Bob is not at a table")
    assert merged({"lobby": not_at, "t1": removed_1, "t2": removed_2}, 1) == [removed_1,
                                                                               removed_2]
    assert merged({"t1": banned, "lobby": banned, "t2": banned}, 1) == [banned]
    nobody = refused("nobody here is called Zed")
    assert merged({"t1": refused("other words"), "lobby": nobody}, 1) == [nobody]


def test_parts_that_do_not_answer_in_time_are_not_waited_for() -> None:
    clock = FakeClock()
    said: list[Message] = []
    gatherer = Gatherer(said.append, clock)
    gatherer.asked(7, ["lobby", "t1", "t2"])
    gatherer.answered("lobby", 7, refused("Bob is not at a table", 7))
    gatherer.answered("t1", 7, notice("removed", 7))
    clock.advance(GATHER_SECONDS - 0.1)
    assert said == [] and gatherer.waiting_for(7)  # t2 (moving) may still answer
    clock.advance(0.1)
    assert said == [notice("removed", 7)] and not gatherer.waiting_for(7)
    gatherer.answered("t2", 7, notice("late", 7))  # too late: already answered
    assert said == [notice("removed", 7)]

    gatherer.asked(8, ["lobby"])
    clock.advance(GATHER_SECONDS)
    assert said[-1] == Error(ErrorCode.REFUSED, NO_ANSWER, key=NO_ANSWER, ref=8)


def test_every_part_answering_answers_at_once() -> None:
    clock = FakeClock()
    said: list[Message] = []
    gatherer = Gatherer(said.append, clock)
    gatherer.asked(3, ["lobby", "t1"])
    gatherer.answered("t1", 3, notice("removed", 3))
    gatherer.answered("lobby", 3, refused("not at a table", 3))
    assert said == [notice("removed", 3)] and clock.pending == []
