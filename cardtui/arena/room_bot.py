"""An outside bot at a shared hold'em table in the room, through the arena's bot protocol.

The room speaks the wire protocol (:mod:`cardtui.wire.protocol`); a bot
speaks :mod:`cardtui.arena.protocol`. :class:`RoomSeat` sits between them:
it sits at a named table with a buy-in, follows each hand from what the room
sends this seat (:class:`HandStarted`, the filtered :class:`Records`: the
room never sends another seat's hole cards before they are shown), turns each
:class:`YourTurnHoldem` into a :class:`~cardtui.arena.protocol.BotView`, asks
the bot through the arena's referee (:func:`~cardtui.arena.protocol.ask`:
an illegal move, an exception or an answer over the time limit is refused and
the seat checks or folds, so the hand goes on) and sends the move. The room
checks every move again, trusting nothing.

The line comes from ``cardtui serve``'s bot entry (a key listed in
``bot_keys``; see :mod:`cardtui.serve.bot_door`) or, in tests, straight from
:func:`cardtui.room.room.room_pair`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardtui.arena.protocol import DEFAULT_TIME_LIMIT, BotView, HoldemBot, ask, history
from cardtui.cards import Card
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.guest.client import RoomClient, RoomError
from cardtui.holdem.actions import (
    ActionKind,
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandEnded,
    HoleCardsDealt,
    Record,
    Street,
    UncalledBetReturned,
)
from cardtui.wire.codec import decode_record
from cardtui.wire.protocol import (
    Error,
    HandStarted,
    HoldemAction,
    LobbySnapshot,
    Message,
    Records,
    SeatSettled,
    SettledSeen,
    Sit,
    TableClosed,
    TableSnapshot,
    YourTurnHoldem,
)

__all__ = ["RoomSeat", "SeatError", "SeenHand", "connect", "play_at_table"]


class SeatError(Exception):
    """The room would not seat the bot (no such table, a bad buy-in, ...)."""


@dataclass
class SeenHand:
    """One hand as this seat saw it: stacks, bets and pot follow the records."""

    number: int
    seat: int
    names: tuple[str, ...]
    stacks: list[int | None]
    button: int
    small_blind: int
    big_blind: int
    big_blind_seat: int
    bets: list[int] = field(default_factory=list)
    live: list[int] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    hole: tuple[Card, Card] | None = None
    pot: int = 0
    street: Street = Street.PREFLOP
    records: list[Record] = field(default_factory=list)
    #: Seats that have acted on this street (as the engine counts them).
    acted: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, started: HandStarted, seat: int, seats: int) -> SeenHand:
        stacks: list[int | None] = [None] * seats
        names = [""] * seats
        for info in started.seats:
            if 0 <= info.seat < seats:
                stacks[info.seat] = info.stack
                names[info.seat] = info.name
        dealt = {s.seat for s in started.seats}
        # Clockwise from the seat after the button, as the engine lists them.
        order = [(started.button + step) % seats for step in range(1, seats + 1)]
        return cls(started.number, seat, tuple(names), stacks, started.button,
                   started.small_blind, started.big_blind, started.big_blind_seat,
                   bets=[0] * seats, live=[s for s in order if s in dealt])

    def apply(self, record: Record) -> None:
        self.records.append(record)
        match record:
            case AntePosted() | DeadBlindPosted():
                self._take(record.seat, record.amount)
                self.pot += record.amount
            case BlindPosted():
                self._take(record.seat, record.amount)
                self.bets[record.seat] += record.amount
            case Called():
                self._take(record.seat, record.amount)
                self.bets[record.seat] += record.amount
                self.acted.add(record.seat)
            case BetOrRaised():
                self._take(record.seat, record.amount)
                self.bets[record.seat] = record.to
                self.acted.add(record.seat)
            case Checked():
                self.acted.add(record.seat)
            case UncalledBetReturned():
                self._take(record.seat, -record.amount)
                self.bets[record.seat] -= record.amount
            case Folded():
                if record.seat in self.live:
                    self.live.remove(record.seat)
            case BetsCollected():
                self.pot = sum(pot.amount for pot in record.pots)
                self.bets = [0] * len(self.bets)
            case BoardDealt() if record.run == 0:
                self.board.extend(record.cards)
                self.street = record.street
                self._begin_round()
            case HoleCardsDealt():
                if record.seat == self.live[0]:
                    self._begin_round()  # the blinds are in: the first round begins
                first, second = record.cards
                if record.seat == self.seat and first is not None and second is not None:
                    self.hole = (first, second)

    def _begin_round(self) -> None:
        """A betting round begins: a seat whose bet covers every chip an opponent
        could still put in has nothing to decide (the engine's rule, pokerkit's too)."""
        self.acted.clear()
        reach = sorted((self.stacks[s] or 0) + self.bets[s] for s in self.live)[-2:][0]
        self.acted.update(s for s in self.live
                          if (self.stacks[s] or 0) > 0 and self.bets[s] >= reach)

    def _take(self, seat: int, amount: int) -> None:
        stack = self.stacks[seat]
        if stack is not None:
            self.stacks[seat] = stack - amount

    def view(self, turn: YourTurnHoldem) -> BotView:
        """What the bot sees now (ValueError before its hole cards came)."""
        if self.hole is None:
            raise ValueError("no hole cards yet")
        street_actions = [r for r in history(self.records) if r.street == self.street]
        return BotView(
            seat=self.seat, hole=self.hole, board=tuple(self.board), street=self.street,
            legal=turn.legal, pot=self.pot + sum(self.bets), current_bet=max(self.bets),
            bets=tuple(self.bets), stacks=tuple(self.stacks), live=tuple(self.live),
            button=self.button, small_blind=self.small_blind, big_blind=self.big_blind,
            names=self.names, history=history(self.records),
            raises=sum(a.kind == "raise" for a in street_actions),
            players_behind=self._behind(), hand_number=self.number,
        )

    def _behind(self) -> int:
        """Players still to act on this street, this seat included (the engine's count):
        not all-in, and not yet acted or facing a bet above their own."""
        top = max(self.bets)
        return sum(1 for s in self.live if (self.stacks[s] or 0) > 0
                   and (s not in self.acted or self.bets[s] < top))


class RoomSeat:
    """One bot at one shared hold'em table, over one room line (``buy_in`` None: the most).

    ``on_refused`` hears each refusal's reason (the referee's words); the
    seat also counts them in :attr:`refusals`.
    """

    def __init__(self, client: RoomClient, bot: HoldemBot, table: str, buy_in: int | None, *,
                 seat: int | None = None, rng: random.Random | None = None,
                 clock: Clock = SYSTEM_CLOCK, time_limit: float = DEFAULT_TIME_LIMIT,
                 on_refused: Callable[[str], None] | None = None,
                 on_hand: Callable[[int], None] | None = None) -> None:
        self.client, self.bot, self.table_name, self.buy_in = client, bot, table, buy_in
        self.wanted_seat = seat
        self.rng = rng or random.Random()
        self.clock, self.time_limit = clock, time_limit
        self.on_refused, self.on_hand = on_refused, on_hand
        #: The table's id and this bot's seat, once seated.
        self.table: str | None = None
        self.seat: int | None = None
        self.seats = 0
        self.hand: SeenHand | None = None
        self.hands = 0
        self.refusals: list[str] = []
        #: The room's own refusals of a move this seat sent (it should send none).
        self.room_errors: list[str] = []

    async def sit(self) -> None:
        """Greet the room, find the table by name (or id), sit with the buy-in."""
        welcome = await self.client.hello()
        while not isinstance(message := await self.client.receive(), LobbySnapshot):
            pass
        wanted = self.table_name.casefold()
        found = [t for t in message.tables
                 if t.name.casefold() == wanted or t.id == self.table_name]
        if not found:
            names = ", ".join(t.name for t in message.tables if t.game.value == "holdem")
            raise SeatError(f"no table {self.table_name!r} in the room (hold'em tables: "
                            f"{names or 'none'})")
        info = found[0]
        if info.game.value != "holdem":
            raise SeatError(f"{info.name} is not a hold'em table")
        self.table, self.seats = info.id, info.seats
        if info.id not in welcome.seated_at:
            # None: the table's largest buy-in (the room refuses one outside its range).
            buy_in = self.buy_in if self.buy_in is not None else info.buy_in_max
            self.client.send(Sit(info.id, self.wanted_seat, buy_in, ref=1))
        # else the bot's key still holds its seat (its line dropped): the room sends
        # the table as it is now, the hand in play included, and the bot plays on.
        while True:
            message = await self.client.receive()
            if isinstance(message, Error) and message.ref == 1:
                raise SeatError(message.message)
            if isinstance(message, TableSnapshot) and message.your_seat is not None:
                self.seat = message.your_seat
                self._resume(message)
                return

    def _resume(self, snapshot: TableSnapshot) -> None:
        """A hand already running when the bot sat (a reconnect): follow it from its start."""
        if snapshot.hand is not None and self.seat is not None and \
                any(s.seat == self.seat for s in snapshot.hand.seats):
            self.hand = SeenHand.start(snapshot.hand, self.seat, self.seats)
            for data in snapshot.records:
                self.hand.apply(decode_record(data))
        if snapshot.turn is not None and isinstance(snapshot.turn, YourTurnHoldem):
            self._act(snapshot.turn)

    async def play(self, hands: int | None = None) -> None:
        """Play until the room closes the line or the table, or after ``hands`` hands."""
        while hands is None or self.hands < hands:
            try:
                message = await self.client.receive()
            except RoomError:
                return
            if not self.handle(message):
                return

    def handle(self, message: Message) -> bool:
        """Follow one message from the room; False when the table is gone."""
        if isinstance(message, TableClosed) and message.table == self.table:
            return False
        if isinstance(message, HandStarted) and message.table == self.table:
            dealt = self.seat is not None and any(s.seat == self.seat for s in message.seats)
            self.hand = SeenHand.start(message, self.seat, self.seats) \
                if dealt and self.seat is not None else None
        elif isinstance(message, Records) and message.table == self.table:
            for data in message.records:
                record = decode_record(data)
                if self.hand is not None and message.hand == self.hand.number:
                    self.hand.apply(record)
                if isinstance(record, HandEnded):
                    self.hands += 1
                    self.hand = None
                    if self.on_hand is not None:
                        self.on_hand(self.hands)
        elif isinstance(message, YourTurnHoldem) and message.table == self.table:
            self._act(message)
        elif isinstance(message, SeatSettled):
            # A bot keeps no store: the room may stop keeping the hand for it at once
            # (unacknowledged, it would keep every hand for the bot's key all night).
            self.client.send(SettledSeen(message.table, message.hand))
        elif isinstance(message, Error) and message.table in (None, self.table) \
                and message.ref == 2:
            self.room_errors.append(message.message)
        return True

    def _act(self, turn: YourTurnHoldem) -> None:
        if self.hand is None or turn.seat != self.seat:
            return
        try:
            view = self.hand.view(turn)
        except ValueError:
            return  # nothing to decide on: the room's clock acts for the seat
        answer = ask(self.bot, view, self.rng, clock=self.clock, time_limit=self.time_limit)
        if answer.refused is not None:
            self.refusals.append(answer.refused)
            if self.on_refused is not None:
                self.on_refused(answer.refused)
        action = answer.action
        amount = action.amount if action.kind == ActionKind.RAISE_TO else 0
        assert self.table is not None
        self.client.send(HoldemAction(self.table, action.kind, amount, ref=2))


#: The SSH subsystem of the room's bot entry (cardtui.serve.bot_door.BOT_SUBSYSTEM).
BOT_SUBSYSTEM = "cardtui-bot"


async def connect(host: str, port: int, *, name: str, key: Path | None = None,
                  host_fingerprint: str | None = None) -> RoomClient:
    """A line to the room of ``cardtui serve`` at ``host:port``, through its bot entry.

    ``name`` is the SSH login: the room shows the bot by it. ``key``: the bot's
    private key file (None: the SSH agent's and ~/.ssh's keys, as ``ssh``).
    The room's host key is checked against ``~/.ssh/known_hosts``, or against
    ``host_fingerprint`` (the ``SHA256:...`` that ``cardtui serve`` prints at
    start); an unknown one is refused, as ``ssh`` does.
    Raises :class:`RoomError` saying why in one line.
    """
    import asyncssh

    from cardtui.serve.keys import fingerprint

    class Client(asyncssh.SSHClient):
        def validate_host_public_key(self, host: str, addr: str, port: int,
                                     key: asyncssh.SSHKey) -> bool:
            return host_fingerprint is not None and fingerprint(key) == host_fingerprint

    try:
        conn, _ = await asyncssh.create_connection(
            Client, host, port, username=name, known_hosts=(),
            client_keys=[str(key)] if key is not None else (), config=None)
    except (OSError, asyncssh.Error, ValueError) as error:
        raise RoomError(f"cannot reach the room at {host}:{port}: "
                        f"{getattr(error, 'reason', None) or error}") from None
    try:
        writer, reader, _ = await conn.open_session(subsystem=BOT_SUBSYSTEM, encoding=None)
    except (OSError, asyncssh.Error) as error:
        conn.close()
        # The door lets in players' keys too, but gives its bot line only to bot keys.
        raise RoomError(f"the room at {host}:{port} refused the bot entry "
                        f"({getattr(error, 'reason', None) or error}): the host lists "
                        f"bots' keys in bot_keys") from None
    return _SSHRoomClient(reader, writer, conn.close)


class _SSHRoomClient(RoomClient):
    """A room line over SSH: asyncssh's stream pair reads and writes as asyncio's."""

    def __init__(self, reader: object, writer: object, hang_up: Callable[[], None]) -> None:
        super().__init__(reader, writer)  # type: ignore[arg-type]
        self._hang_up = hang_up

    def close(self) -> None:
        super().close()
        self._hang_up()


async def play_at_table(client: RoomClient, bot: HoldemBot, table: str, buy_in: int | None,
                        **options: object) -> RoomSeat:
    """Sit ``bot`` at ``table`` and play until the room or the table closes."""
    seat = RoomSeat(client, bot, table, buy_in, **options)  # type: ignore[arg-type]
    await seat.sit()
    await seat.play()
    return seat
