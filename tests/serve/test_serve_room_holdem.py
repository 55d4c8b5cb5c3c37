"""Shared hold'em over real SSH: three players, two bots, a spectator, and what each may see.

Privacy is checked where a cheat would look: the raw bytes each player's
terminal receives over SSH, and every line the room writes to each game
process. A card a seat may not see must not be there before the room has
turned it up at the showdown (a mucked hand: never). The deck is stacked so
every card has one spelling on screen (no tens: "10" is in every stack).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest

from cardtui.cards import Card
from cardtui.holdem.actions import ActionKind
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Connection, Member
from cardtui.room.holdem_table import HoldemTable, RoomBot
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving
from cardtui.wire.protocol import (
    Chat,
    HandStarted,
    HoldemAction,
    Message,
    Records,
    Sit,
    Watch,
    YourTurnHoldem,
    encode,
)
from tests.room.support import FakeClient, until
from tests.serve.room_ssh import LAUNCH, named_key

HUMANS = ("Ann", "Bob", "Cy")
HOLES = ["AsKs", "QhJh", "9c8c", "7s6s", "5h4h"]
#: A straight flush on the board: everyone plays it, ties, and shows at the showdown.
BOARD = "5d6d7d 8d 9d"
#: The key that checks or calls at a hold'em table.
CHECK_OR_CALL = "c"


def face(card: Card) -> bytes:
    """How a card is drawn on a terminal (Unicode suits)."""
    return card.render(False).encode()


class Watched:
    """A terminal and the room's lines to its game, each stamped with the seats shown by then."""

    def __init__(self, client: TerminalClient, table: HoldemTable) -> None:
        self.client = client
        #: (offset in the raw bytes where a chunk ends, seats shown when it arrived)
        self.chunks: list[tuple[int, frozenset[int]]] = []
        received = client._received  # noqa: SLF001 - stamp each chunk as it lands

        def stamped(data: bytes) -> None:
            received(data)
            self.chunks.append((len(client.raw), shown(table)))

        client._received = stamped  # type: ignore[method-assign]  # noqa: SLF001

    def leaks(self, holes: dict[int, tuple[Card, Card]], mine: int | None) -> list[str]:
        """Other seats' cards in the raw bytes before those seats were shown."""
        raw = bytes(self.client.raw)
        found = []
        for seat, cards in holes.items():
            if seat == mine:
                continue
            for card in cards:
                at = raw.find(face(card))
                while at >= 0:
                    shown_then = next((s for end, s in self.chunks if end > at), frozenset())
                    if seat not in shown_then:
                        found.append(f"seat {seat}'s {card} at byte {at}")
                    at = raw.find(face(card), at + 1)
        return found


def shown(table: HoldemTable) -> frozenset[int]:
    hand = table.hand or table.last_hand
    return frozenset(hand.shown) if hand is not None else frozenset()


def record_room_lines(monkeypatch: pytest.MonkeyPatch, table: HoldemTable
                      ) -> dict[str, list[tuple[bytes, frozenset[int]]]]:
    """Every line the room writes to each game process, with the seats shown when it was sent."""
    sent: dict[str, list[tuple[bytes, frozenset[int]]]] = {}
    send = Connection.send

    def recording(conn: Connection, message: Message) -> None:
        sent.setdefault(conn.member.name, []).append((encode(message), shown(table)))
        send(conn, message)

    monkeypatch.setattr(Connection, "send", recording)
    return sent


def line_leaks(lines: list[tuple[bytes, frozenset[int]]], holes: dict[int, tuple[Card, Card]],
               mine: int | None) -> list[str]:
    return [f"seat {seat}'s {card}" for line, shown_then in lines
            for seat, cards in holes.items() if seat != mine and seat not in shown_then
            for card in cards if b'"%s"' % card.code.encode() in line]


async def play_out(table: HoldemTable, players: dict[int, TerminalClient]) -> Hand:
    """Check or call for each human on their turn (bots play themselves) until the hand ends."""
    number = table.hand_number
    pressed: dict[tuple[int, int], float] = {}
    deadline = time.monotonic() + 120
    while table.hand is not None and table.hand_number == number:
        assert time.monotonic() < deadline, "the hand did not end"
        hand = table.hand
        actor = hand.actor
        if actor in players:
            key = (actor, len(hand.records))
            if time.monotonic() - pressed.get(key, 0) > 1.0:  # again if the key came too soon
                pressed[key] = time.monotonic()
                players[actor].press(CHECK_OR_CALL)
        await asyncio.sleep(0.05)
    assert table.last_hand is not None
    return table.last_hand


async def test_three_players_and_two_bots_play_to_showdown_and_nobody_sees_a_hidden_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "room"
    keys = {name: named_key(root, name) for name in (*HUMANS, "Vic")}
    tables = (HoldemOptions(name="Friday", seats=5, min_humans=3, bots_fill=True,
                            action_clock=60, between_hands=60, seed=5),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = server.room.shared.room.tables["t1"]
        assert isinstance(table, HoldemTable)
        table.next_deck = stacked_deck(HOLES, board=BOARD)
        lines = record_room_lines(monkeypatch, table)
        vic = await TerminalClient.connect(server.port, key=keys["Vic"], width=100)
        await vic.wait_for("you are Vic")
        await vic.settle(0.3)
        vic.press("w")
        watched = {"Vic": Watched(vic, table)}
        await until(lambda: len(table.watchers) == 1)
        clients: dict[str, TerminalClient] = {}
        for name in HUMANS:
            client = await TerminalClient.connect(server.port, key=keys[name], width=100)
            watched[name] = Watched(client, table)
            await client.wait_for(f"you are {name}")
            await client.settle(0.3)
            client.press("enter")
            await client.wait_for("Buy in for")
            client.press("enter")
            await until(lambda n=name: table.seat_of(
                next(c.member.profile for c in server.room.shared.room.connections
                     if c.member.name == n)) is not None)
            clients[name] = client
        await until(lambda: table.hand is not None)
        hand = table.hand
        assert hand is not None and len(hand.players) == 5
        seats = {p.name: s for s, p in table.players()}
        assert sorted(seats) == sorted(HUMANS)
        bots = [s for s, o in enumerate(table.seats) if isinstance(o, RoomBot)]
        assert len(bots) == 2
        holes = dict(hand.hole)
        # Each screen shows its own hole cards.
        for name, client in clients.items():
            for card in holes[seats[name]]:
                await client.wait_for(card.render(False))
        final = await play_out(table, {seats[n]: clients[n] for n in HUMANS})
        assert len(final.shown) >= 3, "the humans called down to a showdown and tied"
        # Shown hands reach every screen, the spectator's too (waited for: the showdown's
        # last frames arrive a moment after the room has moved on).
        for seat in final.shown:
            first = face(final.hole[seat][0])
            for name, view in watched.items():
                if seats.get(name) != seat:
                    await raw_shows(view.client, first, f"{name} never saw seat {seat} shown")
        for name, view in watched.items():
            mine = seats.get(name)
            assert view.leaks(holes, mine) == [], f"{name}'s terminal"
            assert line_leaks(lines[name], holes, mine) == [], f"the room's lines to {name}"


async def raw_shows(client: TerminalClient, data: bytes, failure: str,
                    timeout: float = 60.0) -> None:
    """Wait until ``data`` is among the bytes ``client`` has received."""
    deadline = time.monotonic() + timeout
    while data not in client.raw:
        assert time.monotonic() < deadline, failure
        await asyncio.sleep(0.05)


def checks_or_calls(client: FakeClient, message: Message) -> None:
    if isinstance(message, YourTurnHoldem):
        kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
        client.send(HoldemAction(message.table, kind))


async def sit_down_holdem(port: int, key: asyncssh.SSHKey, name: str) -> TerminalClient:
    client = await TerminalClient.connect(port, key=key, width=100)
    await client.wait_for(f"you are {name}")
    await client.settle(0.3)
    client.press("enter")
    await client.wait_for("Buy in for")
    client.press("enter")
    return client


async def test_the_clock_checks_or_folds_twice_then_a_key_brings_the_player_back(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    tables = (HoldemOptions(name="Duel", seats=2, min_humans=2, bots_fill=False,
                            action_clock=1.5, between_hands=0.5, seed=5,
                            time_bank=0),)  # (the clock alone: a bank would add 30 s a miss)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        room = server.room.shared.room
        table = room.tables["t1"]
        assert isinstance(table, HoldemTable)
        ann = await sit_down_holdem(server.port, named_key(root, "Ann"), "Ann")
        await until(lambda: table.seat_of(next(iter(room.connections)).member.profile) == 0)
        bob = await FakeClient.join(room, Member("p-bob", "Bob"))
        bob.on_message = checks_or_calls
        bob.send(Sit("t1", 1, 1000))
        # Ann never touches a key: the clock checks for her when she can, else folds.
        await ann.wait_for("Ann is sitting out (the clock acted twice)", timeout=60)
        player = table.player_at(0)
        assert player is not None and player.sitting_out and player.expiries == 2
        acted = [r["type"] for m in bob.of(Records) for r in m.records
                 if r.get("seat") == 0 and r["type"] in ("holdem.Folded", "holdem.Checked")]
        assert len(acted) >= 2
        await until(lambda: table.hand is None)
        dealt = table.hand_number
        await ann.settle(0.3)
        ann.press("x")  # any key
        await until(lambda: not player.sitting_out)
        await until(lambda: table.hand_number > dealt)
        number = table.hand_number
        # (The room writes what it sends at the end of its event: it may not be in yet.)
        await until(lambda: any(m.number == number for m in bob.of(HandStarted)))
        started = [m for m in bob.of(HandStarted) if m.number == number]
        assert [s.seat for s in started[0].seats] == [0, 1]  # dealt in again
        await bob.close()


async def test_chat_over_ssh_reaches_the_other_screen_clean_and_rate_limited(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    tables = (HoldemOptions(name="Talk", seats=3, min_humans=3, bots_fill=False,
                            action_clock=60),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        ann = await sit_down_holdem(server.port, named_key(root, "Ann"), "Ann")
        bob = await sit_down_holdem(server.port, named_key(root, "Bob"), "Bob")
        for client in (ann, bob):
            await client.wait_for("m chats")
        for number in range(1, 8):  # five lines in ten seconds, then "slow down"
            await ann.settle(0.2)
            ann.press("m")
            await ann.wait_for("Enter sends")
            ann.press(*f"hello {number}", "enter")
            await ann.wait_for("Slow down" if number > 5 else f"Ann: hello {number}")
        await bob.wait_for("Ann: hello 5")
        # A game process that sends escape sequences itself: they never reach a screen.
        mal = await FakeClient.join(server.room.shared.room, Member("p-mal", "Mal"))
        mal.send(Watch("t1"))
        mal.send(Chat("t1", "hi \x1b]0;pwned\x07\x1b[2J\x1b[31mred\x1b[0m \x9b1mthere\u202e!"))
        await bob.wait_for("Mal: hi red there!")
        raw = bytes(bob.raw)
        assert b"pwned" not in raw and "\u202e".encode() not in raw
        # Mal spoke after Ann's refused lines: one of them, had it been sent, was drawn before.
        assert "hello 6" not in bob.raw.decode("utf-8", "replace")
        await mal.close()


async def test_a_dropped_player_is_checked_for_and_reconnects_mid_hand_to_their_cards(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    # Seed 5: Bob has the button (the small blind, first to act); Ann is the big blind.
    tables = (HoldemOptions(name="Duel", seats=2, min_humans=2, bots_fill=False,
                            action_clock=2, between_hands=60, grace=60, seed=5),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        room = server.room.shared.room
        table = room.tables["t1"]
        assert isinstance(table, HoldemTable)
        table.next_deck = stacked_deck(["AsKs", "QhJh"], board="5d6d7d 8c 2s")
        ann = await sit_down_holdem(server.port, ann_key, "Ann")
        await until(lambda: table.player_at(0) is not None)
        bob = await FakeClient.join(room, Member("p-bob", "Bob"))
        bob.send(Sit("t1", 1, 1000))
        await until(lambda: table.hand is not None)
        assert table.positions is not None and table.positions.button == 1
        hole = table.hand.hole[0]
        for card in hole:
            await ann.wait_for(card.render(False))
        ann.abort()  # the cable is pulled
        player = table.player_at(0)
        await until(lambda: player.away)
        bob.send(HoldemAction("t1", ActionKind.CALL))
        # Ann's clock runs out twice: a check before the flop, a check on it.
        await until(lambda: table.hand is not None and table.hand.actor == 1
                    and len(table.hand.board) == 3, timeout=30)

        def ann_checks() -> int:
            return len([r for m in bob.of(Records) for r in m.records
                        if r["type"] == "holdem.Checked" and r["seat"] == 0])

        # The room writes what it sends at the end of its event: the records may lag its state.
        await until(lambda: ann_checks() == 2)
        assert player.sitting_out
        stack = table.hand.stacks[0]
        back = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await until(lambda: not player.away and not player.sitting_out)
        for card in hole:  # back in her seat, mid-hand, with her cards
            await back.wait_for(card.render(False))
        await back.wait_for(f"{stack:,}")
        bob.send(HoldemAction("t1", ActionKind.CHECK))
        await until(lambda: table.hand is not None and table.hand.actor == 0)
        await back.settle(0.5)
        back.press("c")  # and she plays the turn herself
        await until(lambda: table.hand is None or table.hand.actor != 0)
        # The room has moved on; its records reach Bob's line a moment later.
        await until(lambda: ann_checks() == 3)
        await bob.close()
