"""A key holder's kept chips at the room's shared tables: sit, play, leave, drop, come back.

Each player here is a game process as ``cardtui serve`` runs it: a link to an
in-process room and the profile's own store, which records every settled
hand exactly as the table screen does (the session's ``SeatSettled`` event,
with the kept chips it moves) or through the link when no screen shows the
table. The room's stack for the seat is the truth the ledger is checked
against: the balance after standing up is what was left off the table plus
the stack the room stood the player up with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardtui.clock import FakeClock
from cardtui.games import Game
from cardtui.games import Game as RoomGame
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.guest.shared_table import RemoteSession
from cardtui.holdem.actions import Action
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.store import BankrollKind, Outcome, SeatResult, Store
from cardtui.tables.session import Event, ToAct
from cardtui.tables.session import Settled as SettledEvent
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.wire.protocol import Message, SeatSettled
from tests.room.support import until
from tests.room.virtual_time import until_now_due

HOLDEM = Game.HOLDEM


@dataclass
class KeyHolder:
    """One key holder's game process: the profile's store, a link, a screen's recording."""

    name: str
    store: Store
    link: RoomLink | None = None
    session: RemoteSession | None = None
    #: Act on each turn (check, or call): a player who keeps the table dealing.
    plays: bool = True
    settled: list[SettledEvent] = field(default_factory=list)

    def record(self, game: RoomGame, settled: SettledEvent) -> None:
        """What the table screen (or the lobby's sink) does with a settled hand."""
        self.settled.append(settled)
        self.store.record_round(Game(game.value), list(settled.rows), session_id="s",
                                bankroll_player=settled.bankroll_player,
                                bankroll_place=settled.bankroll_place,
                                shared_hand=settled.shared_hand)

    def on_event(self, event: Event) -> None:
        if isinstance(event, SettledEvent):
            assert self.session is not None
            self.record(self.session.game, event)
        elif isinstance(event, ToAct) and self.plays and self.session is not None:
            legal: Any = event.legal
            self.session.act(event.seat, Action.check() if legal.can_check else Action.call())

    def show(self, session: RemoteSession) -> RemoteSession:
        self.session = session
        session.attach(self.on_event)
        return session

    async def connect(self, room: Room, *, guest: bool = False) -> KeyHolder:
        """Start a game process for this key (again, after a kill: same store, new link)."""
        member = room.guest(self.name) if guest else Member(f"key-{self.name}", self.name)
        client = await RoomClient.open(await room_pair(room, member))
        self.link = RoomLink(client, on_settled=self.record,
                             chips=RoomChips(self.store, "s"))
        await self.link.start()
        await until(lambda: bool(self.link and self.link.tables))
        return self

    async def sit(self, table_id: str, buy_in: int, seat: int | None = None) -> RemoteSession:
        assert self.link is not None
        return self.show(await self.link.sit(table_id, buy_in, seat))

    async def killed(self) -> None:
        """The game process died: its line to the room closes, nothing stands up."""
        assert self.link is not None
        if self.session is not None:
            self.session.detach()
        await self.link.close()
        self.session = None

    def chips(self) -> tuple[int, dict[str, int]]:
        return self.store.balance(HOLDEM), self.store.chips_at(HOLDEM)

    def results(self) -> int:
        return sum(self.store.round_nets(HOLDEM, self.name))


@dataclass
class RoomWatch:
    """What the room did for one profile: settled hands it sent, the stack it stood them up with."""

    profile: str
    sent: int = 0
    stood_up_with: list[int] = field(default_factory=list)


def watch_room(room: Room, profile: str) -> RoomWatch:
    seen = RoomWatch(profile)
    deliver = room.deliver

    def counting(player: Any, message: Message) -> None:
        if isinstance(message, SeatSettled) and player.member.profile == profile:
            seen.sent += 1
        deliver(player, message)

    room.deliver = counting  # type: ignore[method-assign]
    for table in room.tables.values():
        stand_up = table.stand_up

        def standing(seat: int, stand_up: Callable[[int], None] = stand_up,
                     table: Any = table) -> None:
            occupant = table.seats[seat]
            if getattr(occupant, "member", None) is not None and (
                    occupant.member.profile == profile):
                seen.stood_up_with.append(occupant.stack)
            stand_up(seat)

        table.stand_up = standing  # type: ignore[method-assign]
    return seen


def store_of(tmp_path: Path, name: str) -> Store:
    return Store(tmp_path / f"{name}.sqlite3")


async def test_sit_play_and_leave_between_hands(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    seen = watch_room(room, "key-Ann")
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 600)
    table = room.tables["t1"]
    assert ann.chips() == (400, {"room:t1": 600})  # the buy-in left the balance
    assert table.player_at(table.seat_of("key-Ann")).stack == 600  # type: ignore[union-attr]
    await until(lambda: len(ann.settled) == 1 and table.hand is None)
    assert ann.settled[0].bankroll_place == "room:t1"
    assert ann.chips()[1] == {"room:t1": 600 + ann.results()}
    assert ann.session is not None
    ann.session.leave()
    await until(lambda: bool(seen.stood_up_with))
    assert ann.chips() == (400 + seen.stood_up_with[0], {})
    assert ann.chips()[0] == 1_000 + ann.results()
    kinds = [c.kind for c in ann.store.bankroll_changes(HOLDEM)]
    assert kinds == [BankrollKind.BUY_IN, BankrollKind.RESULT, BankrollKind.CASH_OUT]


async def test_leaving_mid_hand_the_hand_settles_into_the_balance(make_room,
                                                                  tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=0))
    seen = watch_room(room, "key-Ann")
    table = room.tables["t1"]
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 500)
    await until(lambda: len(ann.settled) >= 2 and table.hand is not None
                and table.dealt_in(table.seat_of("key-Ann")))  # type: ignore[arg-type]
    assert ann.session is not None
    ann.session.leave()  # the room folds (or checks) for her and the hand still counts
    await until(lambda: bool(seen.stood_up_with) and len(ann.settled) == seen.sent)
    assert ann.chips() == (500 + seen.stood_up_with[0], {})
    assert ann.chips()[0] == 1_000 + ann.results()
    last = ann.store.bankroll_changes(HOLDEM)[-1]
    assert (last.kind, last.stake) == (BankrollKind.RESULT, 0)  # after the cash-out: the balance


async def test_a_refused_seat_gives_the_buy_in_back(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    assert ann.link is not None
    with pytest.raises(RoomRefused, match="this table has seats 1 to 3"):
        await ann.link.sit("t1", 600, seat=7)
    assert ann.chips() == (1_000, {})
    kinds = [c.kind for c in ann.store.bankroll_changes(HOLDEM)]
    assert kinds == [BankrollKind.BUY_IN, BankrollKind.CASH_OUT]


async def test_a_broke_balance_is_rebought_by_the_house_counted(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    store = store_of(tmp_path, "Ann")
    store.buy_in(HOLDEM, 900, player="Ann")  # a local table took 900 of it ...
    store.record_round(HOLDEM, [_loss("Ann", 900)], bankroll_player="Ann")
    store.cash_out(HOLDEM)  # ... and kept them: 100 left, below this table's 400
    ann = await KeyHolder("Ann", store).connect(room)
    session = await ann.sit("t1", 1_000)
    assert session.bought is not None and session.bought.rebought == 900
    assert ann.chips() == (0, {"room:t1": 1_000}) and store.rebuys(HOLDEM) == 1
    table = room.tables["t1"]
    assert table.player_at(table.seat_of("key-Ann")).stack == 1_000  # type: ignore[union-attr]


async def test_a_short_balance_buys_in_what_it_has(make_room, tmp_path: Path) -> None:
    room = make_room(BlackjackOptions(seats=3))
    store = Store(tmp_path / "Ann.sqlite3")
    store.buy_in(Game.BLACKJACK, 700, player="Ann")  # 300 left; chips at a local table
    ann = await KeyHolder("Ann", store).connect(room)
    assert ann.link is not None
    session = await ann.link.sit("t1", 500)
    assert session.bought is not None and session.bought.chips == 300
    assert store.chips_at(Game.BLACKJACK) == {"": 700, "room:t1": 300}
    assert room.tables["t1"].seats[0].stack == 300  # type: ignore[union-attr]
    session.leave()
    assert store.chips_at(Game.BLACKJACK) == {"": 700}  # the local table's chips stay put
    assert store.balance(Game.BLACKJACK) == 300


async def test_back_within_the_grace_period_the_chips_stay_at_the_table(
        make_room, tmp_path: Path) -> None:
    # On virtual time: the hands follow each other at once, and the clock acts for
    # her only when the test passes her action clock's 30 s (the grace is ten minutes).
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=3, min_humans=2, bots_fill=False, between_hands=0,
                                   action_clock=30, grace=600), clock=clock)
    seen = watch_room(room, "key-Ann")
    table = room.tables["t1"]
    bob = await KeyHolder("Bob", store_of(tmp_path, "Bob")).connect(room)
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 500, seat=0)
    await bob.sit("t1", 1_000, seat=1)
    await until_now_due(clock, lambda: len(ann.settled) >= 1)
    ann.plays = False  # her turn waits: the game dies while the room waits on her

    def her_turn() -> bool:
        return table.hand is not None and table.hand.actor == 0

    await until_now_due(clock, her_turn)
    await ann.killed()
    await until(lambda: table.seats[0].away)  # type: ignore[union-attr]

    def settled_while_away() -> bool:
        return seen.sent >= len(ann.settled) + 1

    while not settled_while_away():  # a hand settles while she is away
        await clock.run(30)  # her clock acts for her (Bob plays his own turns at once)
        await until_now_due(clock, lambda: settled_while_away() or her_turn())
    assert clock.monotonic() - 1000.0 < 600  # within the grace period
    ann.plays = True
    await ann.connect(room)  # a new game process, the same profile and store
    assert ann.link is not None
    session = ann.link.take_reseated()
    assert session is not None and session.your_seat == 0
    ann.show(session)
    assert "room:t1" in ann.chips()[1]  # still at the table, not cashed out
    await until(lambda: len(ann.settled) == seen.sent)  # the hands played while away, recorded
    assert ann.chips()[1] == {"room:t1": 500 + ann.results()}
    assert ann.chips()[1]["room:t1"] == table.player_at(0).stack  # type: ignore[union-attr]
    session.leave()
    await until(lambda: bool(seen.stood_up_with) and len(ann.settled) == seen.sent)
    assert ann.chips() == (500 + seen.stood_up_with[0], {})
    assert ann.chips()[0] == 1_000 + ann.results()


async def test_the_grace_period_runs_out_the_next_game_gets_the_chips_back(
        make_room, tmp_path: Path) -> None:
    # On virtual time: the hands follow each other at once, and only the grace
    # period passes (shorter than her action clock, which never runs out here).
    clock = FakeClock()
    room = make_room(HoldemOptions(seats=3, min_humans=2, bots_fill=False, between_hands=0,
                                   action_clock=30, grace=5), clock=clock)
    seen = watch_room(room, "key-Ann")
    table = room.tables["t1"]
    bob = await KeyHolder("Bob", store_of(tmp_path, "Bob")).connect(room)
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 500, seat=0)
    await bob.sit("t1", 1_000, seat=1)
    await until_now_due(clock, lambda: len(ann.settled) >= 1)
    ann.plays = False  # her turn waits: the game dies while the room waits on her
    await until_now_due(clock, lambda: table.hand is not None and table.hand.actor == 0)
    await ann.killed()
    await until(lambda: table.seats[0] is not None and table.seats[0].away)
    await clock.run(5)
    await until_now_due(clock, lambda: bool(seen.stood_up_with))  # the grace ran out: seat freed
    assert seen.sent == len(ann.settled) + 1  # the hand she was in settled, kept for her
    assert ann.chips()[1] == {"room:t1": 500 + ann.results()}  # until a game of hers asks
    ann.store.close()
    ann.store = store_of(tmp_path, "Ann")  # the game process starts again
    await ann.connect(room)
    assert len(ann.settled) == seen.sent  # the kept result was recorded first ...
    assert ann.chips() == (500 + seen.stood_up_with[0], {})  # ... then the chips came back
    assert ann.chips()[0] == 1_000 + ann.results()
    await ann.connect(room)  # and once only
    assert ann.chips() == (500 + seen.stood_up_with[0], {})


async def test_the_room_stops_mid_hand_the_stack_before_it_comes_back(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=0.05))
    table = room.tables["t1"]
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    await ann.sit("t1", 500)
    await until(lambda: len(ann.settled) >= 2 and table.hand is not None)
    seat = table.seat_of("key-Ann")
    await room.stop()  # the hand is void: every bet back to its stack
    assert table.voided
    at_table = ann.chips()[1]
    assert at_table == {"room:t1": 500 + ann.results()}
    assert at_table["room:t1"] == table.player_at(seat).stack  # type: ignore[arg-type,union-attr]
    again = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    await ann.connect(again)  # the server started again: no room holds her seat now
    assert ann.chips() == (500 + at_table["room:t1"], {})
    assert ann.chips()[0] == 1_000 + ann.results()


async def test_a_guest_keeps_table_only_chips(make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    guest = await KeyHolder("Gus", store_of(tmp_path, "Gus")).connect(room, guest=True)
    session = await guest.sit("t1", 800)
    await until(lambda: len(guest.settled) == 1)
    assert guest.settled[0].bankroll_player is None and session.bought is None
    session.leave()
    assert guest.store.bankroll_changes(HOLDEM) == [] and guest.chips() == (1_000, {})


def _loss(player: str, chips: int) -> SeatResult:
    return SeatResult(player, chips, -chips, Outcome.LOSS)


async def test_leaving_after_the_room_closed_brings_the_chips_back_at_once(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann = await KeyHolder("Ann", store_of(tmp_path, "Ann")).connect(room)
    session = await ann.sit("t1", 500)
    await until(lambda: len(ann.settled) == 1)
    await room.stop()
    assert ann.link is not None
    await until(lambda: ann.link is not None and ann.link.closed)
    session.leave()  # Escape at the table after the room has gone: nothing to tell it
    assert ann.chips() == (1_000 + ann.results(), {}) and session.left
