"""The host's say over seats: moving a player, approving who sits at a table.

A host moves a seated player to another seat of the same table between hands
(rounds): the chips move with them, nothing is cashed out or bought in, and a
bot in the seat asked for takes theirs. At hold'em a player moved after the
first hand waits for the big blind in the new seat, as a new player does, so
a move never skips a blind (the dead-button rule keeps the button where it
is; Poker TDA rule 36: a player who changes seats may not dodge the blinds).

A table whose seats the host approves (:class:`SeatApprovals`, a table option
a host turns on; a private table's best friend) does not seat a player who
asks: the request waits, every host is told, and the host's answer is told to
the player. Approved, the player sits down as at any table (their chips leave
their balance then, not while they wait: a refused or forgotten request costs
nothing). The request is the player's own ``Sit``, so a non-host cannot skip
the wait whatever it sends: the room looks at the approvals before it seats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from cardtui.i18n import N_
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.connection import Connection
from cardtui.room.holdem_table import HoldemTable, RoomBot
from cardtui.room.shared import Refused, SeatedPlayer, SharedTable
from cardtui.wire.protocol import Notice, SeatRequestInfo, Sit
from cardtui.wire.words import english, said

#: Seat requests one table keeps waiting at most (a hostile game asking under many
#: keys cannot grow the room's memory without limit; the host reads them all).
MAX_WAITING = 50


def move_seat(table: HoldemTable | BlackjackTable, profile: str, seat: int, by: str) -> str:
    """Move ``profile``'s seat at ``table`` to ``seat`` (0-based); the player's name.

    Refused while the hand (round) is in play, and when the seat is a player's.
    """
    old = table.seat_of(profile)
    if old is None:
        raise Refused(N_("that player has no seat at this table"))
    if not 0 <= seat < table.seat_count:
        raise Refused(N_("this table has seats 1 to {count}"), count=table.seat_count)
    player = table.player_at(old)
    assert player is not None
    if seat == old:
        raise Refused(N_("{name} is in seat {seat} already"), name=player.name, seat=seat + 1)
    if isinstance(table, HoldemTable):
        _move_holdem(table, old, seat)
    else:
        _move_blackjack(table, old, seat)
    table.notice(N_("The host ({host}) moves {name} to seat {seat}."), host=by, name=player.name,
                 seat=seat + 1)
    if player.conn is not None and not player.conn.closed:
        # Their screen learns its new seat from a fresh snapshot (as after a reconnect).
        table.send_snapshot(player.conn)
    table.send_seats()
    return player.name


def _move_holdem(table: HoldemTable, old: int, seat: int) -> None:
    if table.hand is not None:
        raise Refused(N_("a seat moves between hands: the hand in play is not over"))
    there = table.seats[seat]
    if isinstance(there, SeatedPlayer) or seat in table.pending:
        raise Refused(N_("seat {seat} is taken"), seat=seat + 1)
    owed = [each for each in (table.waiting, table.owes_big, table.owes_small) if old in each]
    for each in (table.waiting, table.owes_big, table.owes_small):
        each.discard(old)
        each.discard(seat)
    table.seats[seat], table.seats[old] = table.seats[old], there
    for each in owed:
        each.add(seat)
    if table.positions is not None:
        # Hands have been dealt: the moved player (and a bot put in the seat they left)
        # wait for the big blind where they now sit, as newcomers do.
        table.waiting.add(seat)
        if isinstance(there, RoomBot):
            table.waiting.add(old)


def _move_blackjack(table: BlackjackTable, old: int, seat: int) -> None:
    if table.round is not None:
        raise Refused(N_("a seat moves between rounds: the round in play is not over"))
    if table.seats[seat] is not None:
        raise Refused(N_("seat {seat} is taken"), seat=seat + 1)
    player = table.seats[old]
    assert player is not None
    if player.bet:
        raise Refused(N_("{name} has a bet out: the seat moves after the round"), name=player.name)
    table.seats[seat], table.seats[old] = player, None


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player's request for a seat, as the host is shown it."""

    profile: str
    name: str


class ApprovalRoom(Protocol):
    """What the approvals need of the room (:class:`cardtui.room.room.Room` is one)."""

    connections: set[Connection]
    tables: dict[str, HoldemTable | BlackjackTable]


class SeatApprovals:
    """The tables whose seats a host approves, the requests waiting, those approved."""

    def __init__(self, room: ApprovalRoom) -> None:
        self.room = room
        #: Table ids whose seats the host approves.
        self.tables: set[str] = set()
        #: The requests waiting, by table, oldest first.
        self.waiting: dict[str, list[Waiting]] = {}
        #: The profiles a host approved, by table: they sit as at any table.
        self.approved: dict[str, set[str]] = {}
        #: Told when a table's option changes (the room keeps it for a restart).
        self.changed: Callable[[str], None] | None = None

    def asks(self, table_id: str) -> bool:
        return table_id in self.tables

    def held(self, conn: Connection, table: SharedTable, message: Sit) -> bool:
        """Whether ``conn``'s sit waits for the host (True: the request is kept, and the
        refusal the caller sends says so). A host, and an approved player, sit at once."""
        if (table.id not in self.tables or conn.member.host
                or conn.member.profile in self.approved.get(table.id, set())):
            return False
        waiting = self.waiting.setdefault(table.id, [])
        if any(w.profile == conn.member.profile for w in waiting):
            return True
        if len(waiting) >= MAX_WAITING:
            raise Refused(N_("too many players are waiting for the host here: try later"))
        waiting.append(Waiting(conn.member.profile, conn.member.name))
        self._tell_hosts(table.id, N_("{name} asks for a seat at {table}: h in the lobby, or "
                                      "/approve {name} (/refuse) at a table."),
                         name=conn.member.name, table=table.name)
        return True

    def set(self, table: SharedTable, on: bool) -> None:
        """The host turns approval on or off at ``table``; off, the waiting may sit."""
        if on == (table.id in self.tables):
            raise Refused(N_("seats at {table} are already approved by the host") if on else
                          N_("seats at {table} are not approved by the host"), table=table.name)
        if on:
            self.tables.add(table.id)
        else:
            self.tables.discard(table.id)
            for each in self.waiting.pop(table.id, []):
                self._tell(each.profile, table, N_("{table} no longer asks the host: sit down "
                                                   "when you like."), table=table.name)
        if self.changed is not None:
            self.changed(table.id)

    def answer(self, table: SharedTable, name: str, approve: bool) -> str:
        """The host's answer to ``name``'s request at ``table``; the player's name."""
        waiting = self.waiting.get(table.id, [])
        wanted = name.casefold()
        found = next((w for w in waiting if w.name.casefold() == wanted), None)
        if found is None:
            raise Refused(N_("nobody called {name} is waiting for a seat at {table}"),
                          name=name[:40], table=table.name)
        waiting.remove(found)
        if approve:
            self.approved.setdefault(table.id, set()).add(found.profile)
            answer = N_("The host approved your seat at {table}: sit down from the lobby.")
        else:
            answer = N_("The host did not approve a seat for you at {table}.")
        self._tell(found.profile, table, answer, table=table.name)
        return found.name

    def requests(self) -> Iterator[SeatRequestInfo]:
        for table_id, waiting in self.waiting.items():
            table = self.room.tables.get(table_id)
            if table is not None:
                for each in waiting:
                    yield SeatRequestInfo(table_id, table.name, each.name)

    def gone(self, profile: str) -> None:
        """``profile``'s last line closed: their requests lapse (asked again on return)."""
        for waiting in self.waiting.values():
            waiting[:] = [w for w in waiting if w.profile != profile]

    def forget(self, table_id: str) -> None:
        """The table closed."""
        self.tables.discard(table_id)
        self.waiting.pop(table_id, None)
        self.approved.pop(table_id, None)

    def _lines(self, profiles: Iterable[str] = (), *, hosts: bool = False
               ) -> Iterator[Connection]:
        wanted = set(profiles)
        for conn in self.room.connections:
            if conn.greeted and not conn.closed and (
                    conn.member.profile in wanted or (hosts and conn.member.host)):
                yield conn

    def _tell(self, profile: str, at: SharedTable, template: str, **args: object) -> None:
        """Tell ``profile``'s lines: ``template`` (marked N_) and its arguments, as data."""
        key, words = said(template, **args)
        for conn in self._lines((profile,)):
            conn.send(Notice(_where(conn, at.id), english(key, words), key=key, args=words))

    def _tell_hosts(self, table_id: str, template: str, **args: object) -> None:
        key, words = said(template, **args)
        for conn in self._lines(hosts=True):
            conn.send(Notice(_where(conn, table_id), english(key, words), key=key, args=words))


def _where(conn: Connection, table_id: str) -> str | None:
    """The table a notice for ``conn`` names so its screen shows it: the one it is at
    (that one if it is there), or None (the lobby)."""
    if table_id in conn.tables:
        return table_id
    return next(iter(sorted(conn.tables)), None)
