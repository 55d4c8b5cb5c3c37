"""A room that outlives its host: what it keeps so that another host resumes it.

In a room across hosts (:mod:`cardtui.cluster`) one host runs the tables; when it
dies another opens the room from the shared store. For the players to find their
seats there, the owner keeps, beside the tables players opened:

- the room's id (it names every shared hand for good, so the new owner goes on
  naming them as the old one did) and each table's hand number (the next hand
  is a new name, never one the players' stores have recorded already);
- each table's seats: who sits where and their stack after the table's last
  settled hand (a hand in play is voided: its bets are still in the stacks,
  which change only when a hand settles);
- each key holder's settled hands until their game acknowledges them (the room
  resends them on the next greeting: a hand whose result is in a kept stack
  always reaches the player's store, which records it once, by its name);
- tonight's ledger (:class:`KeptLedger`).

A hand's seats, its results waiting for acknowledgement and tonight's lines are
written in one transaction, before any of the hand's messages leave the owner
(the write is synchronous, in the event loop's turn that settled the hand; the
lines' bytes go to NATS in a later turn). So a stack kept and the results its
player's store will have recorded always agree: no chip is counted twice or lost.

Each write is fenced (:meth:`~cardtui.store.room_store.RoomStore.keep_play`): it
counts only while this room is the store's owner, so a host that stalled past its
lease writes nothing over the new owner's seats.

The new owner seats each kept player again, away and sitting out, for the table's
grace period: the player's game (its line reopened by its host's relay) greets the
new room and is back in its seat (:meth:`~cardtui.room.shared.SharedTable.reconnected`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from cardtui.room.blackjack_table import BlackjackPlayer, BlackjackTable
from cardtui.room.connection import Member
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.ledger import Ledger, Standing
from cardtui.room.shared import SeatedPlayer, SharedTable
from cardtui.room.sit_and_go_table import SitAndGoTable
from cardtui.store.room_store import KeptPlay, KeptSeat, KeptTonight, RoomStore
from cardtui.wire.protocol import SeatSettled, decode, encode


class Room(Protocol):
    """What resuming reads and sets of the room (:class:`cardtui.room.room.Room`, which
    imports this module: a Protocol keeps the two from naming each other)."""

    id: str
    tables: dict[str, HoldemTable | BlackjackTable]
    ledger: Ledger
    unseen: dict[str, OrderedDict[tuple[str, int], SeatSettled]]
    #: The numbers new tables take (resumed rooms go on after the last one kept).
    _table_ids: Iterator[int]
    first_table: int

log = logging.getLogger("cardtui.room.resume")

_NUMBERED = re.compile(r"t(\d+)\Z")


def resuming(store: RoomStore) -> bool:
    """Whether the store holds a room that was running (its owner died): resume it."""
    return store.room_meta("id") is not None


def reserve_table_ids(room: Room, store: RoomStore) -> None:
    """New tables are numbered past every table the resumed room had (a table id with
    the room's id names hands: a new table must not take a closed one's)."""
    ids = [t.id for t in store.tables()] + list(store.kept_hands())
    numbers = [int(m.group(1)) for i in ids if (m := _NUMBERED.match(i))]
    room._table_ids = itertools.count(max([*numbers, room.first_table - 1]) + 1)


class KeptLedger(Ledger):
    """Tonight's ledger whose changed lines are written with the room's play."""

    def __init__(self, all_time: Iterable[Standing], keeper: RoomStore | None,
                 changed: Callable[[str], None]) -> None:
        super().__init__(all_time, keeper=keeper)
        self.changed = changed

    def _tonight(self, profile: str, name: str, guest: bool) -> Standing:
        standing = super()._tonight(profile, name, guest)
        self.changed(profile)  # (the figures change right after: written at the flush)
        return standing


class PlayKeeper:
    """Writes a resumable room's seats, hands, unacknowledged results and tonight's
    ledger (see the module's docstring); ``owner``: this room's token in the store."""

    def __init__(self, room: Room, store: RoomStore, owner: str) -> None:
        self.room = room
        self.store = store
        self.owner = owner
        #: False once another room owns the store (or this one ended): nothing more written.
        self.writing = True
        self._seats: dict[str, list[KeptSeat]] = {}
        self._hands: dict[str, tuple[int, bool]] = {}
        self._unseen: list[tuple[str, str, int, str]] = []
        self._seen: list[tuple[str, str, int]] = []
        self._tonight: set[str] = set()
        self._due: asyncio.Handle | None = None

    # --- what the room tells it ------------------------------------------------------

    def table_changed(self, table: SharedTable) -> None:
        """A table's seats may have changed (the room's lobby hears it): written now if
        they did, with everything waiting (a settled hand's results)."""
        if isinstance(table, SitAndGoTable):
            return  # tournament chips: the sit-and-go desk keeps its own
        seats, hand = self._seats_of(table), self._hand_of(table)
        if self._seats.get(table.id) != seats or self._hands.get(table.id) != hand:
            self.flush({table.id: seats}, {table.id: hand})
        elif self._unseen or self._tonight:
            self.flush()

    def table_gone(self, table: SharedTable) -> None:
        if not isinstance(table, SitAndGoTable):
            self.flush({table.id: []}, {table.id: self._hand_of(table)})

    def settled(self, profile: str, message: SeatSettled) -> None:
        """A key holder's hand settled: kept until acknowledged (written before it is sent)."""
        self._unseen.append((profile, message.table, message.hand,
                             encode(message).decode()))
        self._soon()

    def seen(self, profile: str, table: str, hand: int) -> None:
        self._seen.append((profile, table, hand))
        self._soon()

    def tonight_changed(self, profile: str) -> None:
        self._tonight.add(profile)
        self._soon()

    # --- writing ------------------------------------------------------------------------

    def _soon(self) -> None:
        """Whatever no table change writes at once is written in the loop's next turn,
        before any line's bytes of this turn are read out to NATS."""
        if self._due is None:
            # No loop (a room made outside one): written at the next change.
            with contextlib.suppress(RuntimeError):
                self._due = asyncio.get_running_loop().call_soon(self._flush_due)

    def _flush_due(self) -> None:
        self._due = None
        if self._unseen or self._seen or self._tonight:
            self.flush()

    def flush(self, seats: dict[str, list[KeptSeat]] | None = None,
              hands: dict[str, tuple[int, bool]] | None = None) -> None:
        if not self.writing:
            return
        tonight = [self._line(self.room.ledger.tonight[p]) for p in sorted(self._tonight)
                   if p in self.room.ledger.tonight]
        play = KeptPlay(seats or {}, hands or {}, self._unseen, self._seen, tonight)
        self._unseen, self._seen, self._tonight = [], [], set()
        if not self.store.keep_play(self.owner, play):
            log.warning("another host runs the room now: this one keeps nothing more")
            self.writing = False
            return
        self._seats.update(play.seats)
        self._hands.update(play.hands)

    def end(self) -> None:
        """The room closes for good (its host stopped): the next start is a new room."""
        if self.writing:
            self.writing = False
            self.store.end_room(self.owner)

    @staticmethod
    def _line(standing: Standing) -> KeptTonight:
        return KeptTonight(standing.profile, standing.name, standing.hands, standing.net,
                           standing.bought_in, standing.cashed_out, standing.guest)

    @staticmethod
    def _seats_of(table: SharedTable) -> list[KeptSeat]:
        return [KeptSeat(table.id, seat, p.member.profile, p.name, p.stack, p.member.guest)
                for seat, p in table.players()]

    @staticmethod
    def _hand_of(table: SharedTable) -> tuple[int, bool]:
        number = table.hand_number if isinstance(table, HoldemTable) else \
            table.round_number if isinstance(table, BlackjackTable) else 0
        return number, table.in_play


def resume_room(room: Room, store: RoomStore) -> PlayKeeper:
    """Make ``room`` the store's owner; if the store holds a room that was running, take
    up its id, hand numbers, seats (away), unacknowledged results and tonight's ledger."""
    owner = uuid.uuid4().hex
    was_running = resuming(store)
    room.id = store.take_room(owner, room.id)
    keeper = PlayKeeper(room, store, owner)
    room.ledger = KeptLedger(room.ledger.all_time.values(), store, keeper.tonight_changed)
    if not was_running:
        return keeper
    for line in store.tonight():
        room.ledger.tonight[line.profile] = Standing(
            line.profile, line.name, line.hands, line.net, line.bought_in, line.cashed_out,
            line.guest)
    hands = store.kept_hands()
    for table_id, (number, _) in hands.items():
        table = room.tables.get(table_id)
        if isinstance(table, HoldemTable):
            table.hand_number = max(table.hand_number, number)
        elif isinstance(table, BlackjackTable):
            table.round_number = max(table.round_number, number)
    by_table: dict[str, list[KeptSeat]] = {}
    for seat in store.kept_seats():
        by_table.setdefault(seat.table, []).append(seat)
    for table_id, seats in by_table.items():
        table = room.tables.get(table_id)
        if isinstance(table, HoldemTable | BlackjackTable) and \
                not isinstance(table, SitAndGoTable):
            _reseat(table, seats)
            _pause_after_void(table)
            keeper._seats[table_id] = PlayKeeper._seats_of(table)
            keeper._hands[table_id] = PlayKeeper._hand_of(table)
        else:
            log.warning("seats kept at table %s, which the room no longer has", table_id)
    for profile, raw in store.unseen_hands():
        try:
            message = decode(raw.encode())
        except ValueError:
            log.warning("a kept settled hand of %s that does not read: dropped", profile)
            continue
        if isinstance(message, SeatSettled):
            unseen = room.unseen.setdefault(profile, OrderedDict())
            unseen[(message.table, message.hand)] = message
    return keeper


def _reseat(table: HoldemTable | BlackjackTable, seats: list[KeptSeat]) -> None:
    """Each kept player back in their seat with their stack: away and sitting out until
    their game greets the room, let go (as any away seat) when the grace period ends."""
    for kept in seats:
        if not 0 <= kept.seat < table.seat_count or table.seats[kept.seat] is not None \
                or table.seat_of(kept.profile) is not None:
            log.warning("table %s: kept seat %d of %s cannot be taken again", table.id,
                        kept.seat, kept.name)
            continue
        member = Member(kept.profile, kept.name, guest=kept.guest, resumable=kept.guest)
        player: SeatedPlayer
        if isinstance(table, BlackjackTable):
            player = BlackjackPlayer(member, None, kept.stack, sitting_out=True)
            table.seats[kept.seat] = player
        else:
            player = SeatedPlayer(member, None, kept.stack, sitting_out=True)
            table.seats[kept.seat] = player
            table.banks.setdefault(kept.profile, table.options.time_bank)
        # Not the ledger's buy-in: tonight's ledger, kept, has it already.
        player.grace = table.room.clock.call_later(table.grace, table._grace_over, player)
        log.info("table %s: %s back in seat %d with %d chips, away", table.id, kept.name,
                 kept.seat + 1, kept.stack)


def _pause_after_void(table: HoldemTable | BlackjackTable) -> None:
    """The table's pause between hands before the first one dealt here, as after any hand:
    the players read that the hand they were in was void before the next is dealt. A
    table that seats bots beside its players gets them again (the house's, never kept:
    the dead owner's went with it), or the kept players alone could never be dealt."""
    clock = table.room.clock
    if isinstance(table, HoldemTable):
        table._fill_with_bots()
        table._next_hand = clock.call_later(table.options.between_hands, table._deal)
    else:
        table._next_round = clock.call_later(table.options.between_rounds,
                                             table._open_betting)
