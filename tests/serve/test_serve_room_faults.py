"""Faults at a shared blackjack table, over real SSH: drops, the clock, crashes, chat, watchers.

Each test runs ``cardtui serve`` in this process (so the test can stack the
shoe and read the room) with real SSH clients whose screens are pyte
terminals; another player or a hostile one is sometimes a bare room client
(:class:`~tests.room.support.FakeClient`) on its own socket pair.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from cardtui.blackjack.records import Action
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.config import BlackjackOptions
from cardtui.room.connection import Connection, Member
from cardtui.serve.server import ServeConfig
from cardtui.testing.processes import is_running
from cardtui.testing.ssh import TerminalClient, serving
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    BlackjackAction,
    Chat,
    Error,
    ErrorCode,
    HandStarted,
    Message,
    SeatStatus,
    Sit,
    TableSeats,
    Watch,
    YourTurnBlackjack,
    encode,
)
from tests.room.support import FakeClient, until
from tests.serve.room_ssh import (
    BET_PROMPT,
    LAUNCH,
    game_pid,
    named_key,
    profile,
    rounds_stored,
    sit_down,
)

#: Ann (seat 1) 16, Bob (seat 2) 15; the dealer shows a king over a 7 (17).
SIXTEEN_FIFTEEN_SEVENTEEN = ["Th", "9c", "Ks", "6d", "6c", "7h"]
#: The same, with the dealer's ace up (soft 18, no blackjack): insurance first.
DEALER_ACE = ["Th", "9c", "As", "6d", "6c", "7h"]
#: A new profile's kept balance: the lobby offers it all (the Pit's largest is 5,000).
BUY_IN = 1000
MIN_BET = 10


def pit(**options: object) -> tuple[BlackjackOptions, ...]:
    return (BlackjackOptions(name="Pit", seats=3, **options),)  # type: ignore[arg-type]


def the_pit(server) -> BlackjackTable:  # noqa: ANN001 - a RunningServer
    table = server.room.shared.room.tables["t1"]
    assert isinstance(table, BlackjackTable)
    return table


async def test_a_dropped_player_is_stood_by_the_clock_and_sits_back_down_with_the_same_key(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    tables = pit(action_clock=4, betting_clock=30, between_rounds=60, grace=60)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = the_pit(server)
        ann = await sit_down(server.port, ann_key, "Ann")
        bob = await sit_down(server.port, bob_key, "Bob")
        for client in (ann, bob):
            await client.wait_for(BET_PROMPT)
        table.shoe.stack(SIXTEEN_FIFTEEN_SEVENTEEN)
        for client in (ann, bob):
            await client.settle(0.3)
            client.press("d")
        await until(lambda: table.round is not None)
        ann.abort()  # mid-round, on her turn: the cable is pulled
        await until(lambda: table.seats[0] is not None and table.seats[0].away)
        assert table.round is not None and table.round.seat_to_act == 0
        await bob.wait_for("Ann lost the connection")
        # Her clock runs out: the room stands on her 16, and Bob plays on.
        await bob.wait_for("Bob: Hit or stand?")
        await bob.settle(0.3)
        bob.press("s")
        await until(lambda: table.round is None)
        seat = table.seats[0]
        assert seat is not None and seat.away and seat.stack == BUY_IN - MIN_BET
        assert seat.expiries == 1

        back = await TerminalClient.connect(server.port, key=ann_key)
        await back.wait_for(f"{BUY_IN - MIN_BET:,} chips")  # her table, her stack
        assert "Ann" in back.text and "Bob" in back.text
        await until(lambda: table.seats[0] is not None and not table.seats[0].away)
        await bob.wait_for("Ann is back")
        for client in (back, bob):
            await client.settle(0.3)
            client.press("\x1b")
            await client.wait_for("Tables in the room")
    # The round she missed reached her store when she came back.
    assert rounds_stored(root, ann_key) == 1
    assert rounds_stored(root, bob_key) == 1


def plays_one_round(client: FakeClient, message: Message) -> None:
    """A quick player: bets in the first window only, declines insurance, stands."""
    if isinstance(message, BetsOpen) and message.deadline is None and not client.of(HandStarted):
        client.send(Bet("t1", MIN_BET))
    elif isinstance(message, YourTurnBlackjack):
        move = Action.STAND if Action.STAND in message.legal else Action.DECLINE_INSURANCE
        client.send(BlackjackAction("t1", move))


async def test_the_clock_acts_for_an_idle_player_twice_then_they_sit_out_until_they_bet(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    tables = pit(action_clock=1.5, betting_clock=30, between_rounds=0.5)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = the_pit(server)
        ann = await sit_down(server.port, ann_key, "Ann")
        await ann.wait_for(BET_PROMPT)
        bob = await FakeClient.join(server.room.shared.room, Member("p-bob", "Bob"))
        bob.send(Sit("t1", 1, 1000))
        bob.on_message = plays_one_round
        table.shoe.stack(DEALER_ACE)
        await ann.settle(0.3)
        ann.press("d")
        await ann.wait_for("nsurance")
        # Ann does nothing: the clock declines her insurance, then stands on her 16.
        await ann.wait_for("Ann is sitting out (the clock acted twice)")
        await until(lambda: table.round is None and table.betting)
        player = table.seats[0]
        assert player is not None and player.sitting_out and player.expiries == 2
        sitting = [s for m in bob.of(TableSeats) for s in m.seats if s.seat == 0]
        assert sitting[-1].status is SeatStatus.SITTING_OUT
        # The next window opens on her screen too; her bet is the key that brings her back.
        await ann.wait_for(BET_PROMPT)
        await ann.settle(0.3)
        ann.press("d")
        await until(lambda: not player.sitting_out)
        assert table.round is None  # Bob has not bet: the window waits for him now
        dealt = table.round_number
        bob.send(Bet("t1", MIN_BET))
        # The round may also settle at once (a blackjack dealt), so wait for the deal
        # itself as Bob is told of it, not for a round still in play.
        await until(lambda: any(m.number > dealt for m in bob.of(HandStarted)))
        (started,) = [m for m in bob.of(HandStarted) if m.number > dealt]
        assert [(s.seat, s.bet) for s in started.seats] == [(0, MIN_BET), (1, MIN_BET)]
        await bob.close()


async def test_a_killed_game_process_is_a_dropped_player_and_the_table_plays_on(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    tables = pit(action_clock=2, betting_clock=30, between_rounds=0.5)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = the_pit(server)
        ann = await sit_down(server.port, ann_key, "Ann")
        bob = await sit_down(server.port, bob_key, "Bob")
        for client in (ann, bob):
            await client.wait_for(BET_PROMPT)
        table.shoe.stack(SIXTEEN_FIFTEEN_SEVENTEEN)
        for client in (ann, bob):
            await client.settle(0.3)
            client.press("d")
        await ann.wait_for("Ann: Hit or stand?")
        pid = game_pid(profile(root, ann_key))
        os.kill(pid, signal.SIGKILL)
        await until(lambda: not is_running(pid))
        await ann.wait_closed()  # her session ends with its one line
        await bob.wait_for("Ann lost the connection")
        await bob.wait_for("Bob: Hit or stand?")
        await bob.settle(0.3)
        bob.press("s")
        await bob.wait_for("7♥")  # the dealer's reveal: the round settled without her
        await until(lambda: table.round is None)
        # And the next round is dealt to Bob alone: the table plays on.
        await bob.wait_for(BET_PROMPT)
        await bob.settle(0.3)
        bob.press("d")
        await until(lambda: table.round_number == 2)
        assert table.round is None or not table.round.bets[0]
        seat = table.seats[0]
        assert seat is not None and seat.away and seat.stack == BUY_IN - MIN_BET


async def test_a_spectator_sees_the_round_but_never_the_dealers_hole_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "room"
    tables = pit(action_clock=30, betting_clock=30, between_rounds=60)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = the_pit(server)
        room = server.room.shared.room
        sent = record_room_lines(monkeypatch)
        vic = await TerminalClient.connect(server.port, key=named_key(root, "Vic"))
        await vic.wait_for("you are Vic")
        await vic.settle(0.3)
        vic.press("w")
        await until(lambda: any(c.member.name == "Vic" for c in table.watchers))
        ann, bob = [await FakeClient.join(room, Member(f"p-{n}", n)) for n in ("Ann", "Bob")]
        for number, client in enumerate((ann, bob)):
            client.send(Sit("t1", number, 1000))
        await until(lambda: table.betting)
        table.shoe.stack(SIXTEEN_FIFTEEN_SEVENTEEN)
        for client in (ann, bob):
            client.send(Bet("t1", MIN_BET))
        await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
        await vic.wait_for("10 + ?")  # the dealer's king up, the hole card down
        for total in ("16", "15"):  # players' cards are dealt face up
            await vic.wait_for(total)
        assert "7♥" not in vic.raw.decode("utf-8", "replace")
        assert not any(b'"7h"' in line for line in sent["Vic"])
        for client in (ann, bob):
            client.on_message = plays_one_round
        ann.send(BlackjackAction("t1", Action.STAND))
        await vic.wait_for("7♥")  # turned up at the reveal, on the spectator's screen too
        for client in (ann, bob):
            await client.close()


async def test_chat_reaches_other_screens_without_escape_sequences_and_is_rate_limited(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    tables = pit(action_clock=30, betting_clock=30, between_rounds=60)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        ann = await sit_down(server.port, named_key(root, "Ann"), "Ann")
        await ann.wait_for(BET_PROMPT)
        mal = await FakeClient.join(server.room.shared.room, Member("p-mal", "Mal"))
        mal.send(Watch("t1"))
        # A title change, a screen wipe, colours, an 8-bit CSI and a bidi override.
        mal.send(Chat("t1", "hi \x1b]0;pwned\x07\x1b[2J\x1b[31mred\x1b[0m \x9b1mthere\u202e!"))
        await ann.wait_for("Mal: hi red there!")
        raw = bytes(ann.raw)
        assert b"pwned" not in raw and b"\x1b[31mred" not in raw and "\u202e".encode() not in raw
        for number in range(2, 8):  # five lines in ten seconds, then "slow down"
            mal.send(Chat("t1", f"line {number}"))
        refused = await mal.wait_for(
            lambda m: len([e for e in mal.of(Error) if e.code is ErrorCode.REFUSED]) >= 2)
        assert refused and all("slow down" in e.message for e in mal.of(Error))
        await ann.wait_for("Mal: line 5")
        # Someone speaks after the room refused Mal: a refused line, had it been sent, comes
        # before theirs on Ann's screen.
        sam = await FakeClient.join(server.room.shared.room, Member("p-sam", "Sam"))
        sam.send(Watch("t1"))
        sam.send(Chat("t1", "last word"))
        await ann.wait_for("Sam: last word")
        text = ann.raw.decode("utf-8", "replace")
        assert "line 6" not in text and "line 7" not in text
        await mal.close()
        await sam.close()


def record_room_lines(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[bytes]]:
    """Every line the room writes to each player's game process, by player name, from now on."""
    sent: dict[str, list[bytes]] = {}
    send = Connection.send

    def recording(conn: Connection, message: Message) -> None:
        sent.setdefault(conn.member.name, []).append(encode(message))
        send(conn, message)

    monkeypatch.setattr(Connection, "send", recording)
    return sent
