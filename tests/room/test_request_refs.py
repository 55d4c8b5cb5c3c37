"""Requests with references: the room echoes each request's ``ref`` in the message
that answers it, and the game's link hands each answer to the request it names."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from cardtui.clock import SYSTEM_CLOCK, Clock, FakeClock
from cardtui.games import Game
from cardtui.guest.link import ANSWER_TIMEOUT, RoomLink, RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    CreateHoldem,
    Error,
    ErrorCode,
    GetLobby,
    Hello,
    Leave,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    Notice,
    Rename,
    Renamed,
    Request,
    Sit,
    TableInfo,
    TableSnapshot,
    Watch,
    Welcome,
    decode,
    encode,
)
from tests.room.support import FakeClient, until
from tests.tables.support import join


def table(table_id: str, name: str = "Friday") -> TableInfo:
    return TableInfo(table_id, Game.HOLDEM, name, "5/10", 6, (None,) * 6, False, 400, 1000, 30.0)


class FakeRoomClient:
    """The game's end of the line, with the room played by the test: what the link
    sent, and a queue of what the room says (None: the line closes)."""

    def __init__(self) -> None:
        self.sent: list[Message] = []
        self._said: asyncio.Queue[Message | None] = asyncio.Queue()

    async def hello(self, ref: int | None = None) -> Welcome:
        self.sent.append(Hello(PROTOCOL_VERSION, ref=ref))
        return Welcome(PROTOCOL_VERSION, "Ann", False, (), "room-1", ref=ref)

    def send(self, message: Message) -> None:
        self.sent.append(message)

    def say(self, message: Message | None) -> None:
        self._said.put_nowait(message)

    async def messages(self) -> AsyncIterator[Message]:
        while (message := await self._said.get()) is not None:
            yield message

    def close(self) -> None:
        self.say(None)

    def requests(self, kind: type[Request]) -> list[Request]:
        return [m for m in self.sent if isinstance(m, kind)]


async def linked(clock: Clock = SYSTEM_CLOCK) -> tuple[RoomLink, FakeRoomClient]:
    fake = FakeRoomClient()
    link = RoomLink(fake, clock=clock)  # type: ignore[arg-type]  # the room's line, played by the test
    await link.start()
    fake.say(LobbySnapshot((table("t1"), table("t2", "Saturday"))))
    await until(lambda: bool(link.tables))
    return link, fake


async def test_a_request_the_room_never_answers_is_given_up_after_the_answer_timeout() -> None:
    clock = FakeClock()
    link, fake = await linked(clock)
    creating = asyncio.create_task(link.create(CreateHoldem("Late game")))
    await until(lambda: bool(fake.requests(CreateHoldem)))
    await clock.run(ANSWER_TIMEOUT - 0.1)
    assert not creating.done()
    await clock.run(0.1)
    with pytest.raises(RoomRefused, match="the room did not answer"):
        await creating
    assert link._waiters == {}


async def test_answers_in_the_other_order_reach_the_requests_they_name() -> None:
    link, fake = await linked()
    first = asyncio.create_task(link.create(CreateHoldem("Late game")))
    second = asyncio.create_task(link.create(CreateHoldem("Early game")))
    await until(lambda: len(fake.requests(CreateHoldem)) == 2)
    ask_first, ask_second = fake.requests(CreateHoldem)
    assert ask_first.ref is not None and ask_second.ref is not None
    assert ask_first.ref != ask_second.ref
    # The second is refused before the first is answered: a table-less refusal
    # answers the request it names, not every create still waiting.
    fake.say(Error(ErrorCode.REFUSED, "you may have at most 2 tables open", ref=ask_second.ref))
    with pytest.raises(RoomRefused, match="at most 2 tables open"):
        await second
    assert not first.done()
    fake.say(LobbyUpdate(table("t3", "Late game")))
    fake.say(Notice("t3", "Table 'Late game' is open", ref=ask_first.ref))
    assert (await first).name == "Late game"
    assert link._waiters == {}


async def test_a_refusal_of_a_request_nobody_waits_on_is_told_not_taken_as_an_answer() -> None:
    link, fake = await linked()
    told: list[str | None] = []
    link.listen(told.append)
    creating = asyncio.create_task(link.create(CreateHoldem("Late game")))
    await until(lambda: bool(fake.requests(CreateHoldem)))
    link.rename("Zed")
    (rename,) = fake.requests(Rename)
    assert rename.ref is not None and rename.ref != fake.requests(CreateHoldem)[0].ref
    fake.say(Error(ErrorCode.REFUSED, "slow down: too many name changes", ref=rename.ref))
    await until(lambda: "slow down: too many name changes" in told)
    assert not creating.done()  # the create still waits for its own answer
    fake.say(LobbyUpdate(table("t3", "Late game")))
    fake.say(Notice("t3", "Table 'Late game' is open", ref=fake.requests(CreateHoldem)[0].ref))
    assert (await creating).id == "t3"
    assert "Table 'Late game' is open" not in told  # the asker tells it, in its words


async def test_a_sit_and_a_watch_answered_in_the_other_order() -> None:
    link, fake = await linked()
    sitting = asyncio.create_task(link.sit("t1", 500))
    watching = asyncio.create_task(link.watch("t2"))
    await until(lambda: bool(fake.requests(Sit)) and bool(fake.requests(Watch)))
    (sit,), (watch,) = fake.requests(Sit), fake.requests(Watch)
    fake.say(TableSnapshot(table("t2", "Saturday"), (), None, None, (), None, ref=watch.ref))
    fake.say(Error(ErrorCode.REFUSED, "the buy-in at this table is 400 to 1,000, not 500",
                   "t1", ref=sit.ref))
    assert (await watching).table_id == "t2"
    with pytest.raises(RoomRefused, match="not 500"):
        await sitting
    assert set(link.sessions) == {"t2"}


async def test_a_closed_line_fails_every_waiting_request_at_once() -> None:
    link, fake = await linked()
    asks = [asyncio.create_task(link.create(CreateHoldem("Late game"))),
            asyncio.create_task(link.sit("t1", 500)),
            asyncio.create_task(link.watch("t2"))]
    await until(lambda: len(link._waiters) == 3)
    fake.say(None)  # the room's end closed
    results = await asyncio.gather(*asks, return_exceptions=True)
    assert [str(r) for r in results] == ["the room has closed"] * 3
    assert all(isinstance(r, RoomRefused) for r in results)
    assert link.closed and link._waiters == {}
    with pytest.raises(RoomRefused, match="the room has closed"):
        await link.watch("t2")


async def test_every_request_the_link_sends_is_numbered_once() -> None:
    link, fake = await linked()
    link.rename("Zed")
    link.send(Leave("t1"))
    link.send(Leave("t2", ref=99))  # one the caller numbered keeps its number
    refs = [m.ref for m in fake.sent if isinstance(m, Request)]
    assert refs[:-1] == sorted(set(refs[:-1])) and None not in refs and refs[-1] == 99


# --- the room echoes ------------------------------------------------------------------------


async def test_the_room_echoes_each_request_s_reference_in_its_answer(make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=2, bots_fill=False))
    ann = await FakeClient.join(room, Member("p-ann", "Ann"), hello=False)
    ann.send(Hello(PROTOCOL_VERSION, ref=1))
    welcome = await ann.wait_for(lambda m: isinstance(m, Welcome))
    assert welcome.ref == 1
    # The lobby after the greeting is unprompted.
    assert (await ann.wait_for(lambda m: isinstance(m, LobbySnapshot))).ref is None
    ann.send(GetLobby(ref=2))
    assert (await ann.wait_for(lambda m: isinstance(m, LobbySnapshot) and m.ref)).ref == 2
    ann.send(Sit("t1", 0, 1000, ref=3))
    snapshot = await ann.wait_for(lambda m: isinstance(m, TableSnapshot))
    assert snapshot.ref == 3
    sat = await ann.wait_for(lambda m: isinstance(m, Notice) and "sits down" in m.text)
    assert sat.ref is None  # every viewer's notice, not an answer
    ann.send(Sit("t1", 1, 1000, ref=4))
    refused = await ann.wait_for(lambda m: isinstance(m, Error))
    assert (refused.ref, refused.table, refused.message) == (
        4, "t1", "you already have a seat at this table")
    ann.send(CreateHoldem("Late game", ref=5))
    opened = await ann.wait_for(lambda m: isinstance(m, Notice) and m.ref == 5)
    # Ann sits at a table, so the lobby lines skip her: the new table's line comes too.
    assert any(isinstance(m, LobbyUpdate) and m.table.id == opened.table for m in ann.messages)
    ann.send(Rename("Anna", ref=6))
    assert (await ann.wait_for(lambda m: isinstance(m, Renamed))).ref == 6
    ann.send(Leave("t1", ref=7))
    assert (await ann.wait_for(lambda m: isinstance(m, LobbySnapshot) and m.ref == 7)).ref == 7
    # Lines that are no valid message are refused under the reference they carried.
    ann.send_raw(b'{"type":"sit","table":"t1","seat":"two","buy_in":500,"ref":8}\n')
    ann.send_raw(b'{"type":"deal_me_aces","ref":9}\n')
    ann.send_raw(b'{"type":"watch","table":"t1","ref":true}\n')
    bad = [await ann.wait_for(lambda m, ref=ref: isinstance(m, Error) and m.ref == ref)
           for ref in (8, 9)]
    assert [e.code for e in bad] == [ErrorCode.MALFORMED, ErrorCode.UNKNOWN_TYPE]
    refusal = await ann.wait_for(lambda m: isinstance(m, Error) and "ref" in m.message)
    assert refusal.ref is None and refusal.code is ErrorCode.MALFORMED
    await ann.close()


async def test_a_creator_seated_at_a_table_gets_the_new_table_s_answer(make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=2, bots_fill=False))
    ann = await join(room, "Ann")
    await ann.link.sit("t1", 1000)
    info = await ann.link.create(CreateHoldem("Late game"))
    assert info.name == "Late game" and info.id in ann.link.tables
    await ann.link.close()


def test_a_reference_travels_last_and_a_missing_one_reads_as_none() -> None:
    assert encode(Sit("t1", None, 500)) == \
        b'{"type":"sit","table":"t1","seat":null,"buy_in":500}\n'
    assert encode(Sit("t1", None, 500, ref=3)) == \
        b'{"type":"sit","table":"t1","seat":null,"buy_in":500,"ref":3}\n'
    assert decode(b'{"type":"notice","table":null,"text":"Hi"}') == Notice(None, "Hi")
    assert decode(encode(Error(ErrorCode.REFUSED, "no", "t1", ref=12))).ref == 12


async def test_a_game_that_does_not_number_its_requests_is_refused_at_the_greeting(
        make_room) -> None:
    room = make_room(HoldemOptions(name="Friday"))
    old = await FakeClient.join(room, Member("p-old", "Old"), hello=False)
    old.send(Hello(2, ref=1))  # version 2: before references
    refused = await old.wait_for(lambda m: isinstance(m, Error))
    assert (refused.code, refused.ref) == (ErrorCode.VERSION, 1)
    assert refused.message == f"this room speaks protocol version {PROTOCOL_VERSION}, not 2"
    await old.wait_closed()
