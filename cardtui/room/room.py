"""The room: one asyncio process owning every shared table and every player's line.

The room runs the pure engines and is the only authority on cards, chips and
turns. Each game process talks to it over one end of a socket pair the
server made for that player (:func:`cardtui.guest.client.room_pair`); the room
knows who is on each line because the server told it when it made the pair,
never because the client said so.

A bad line never stops anything: it gets an :class:`~protocol.Error` reply
and a log line, and the room carries on. Stopping the room voids every hand
in progress (every bet goes back to its stack), tells every player, and
closes every line.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import itertools
import json
import logging
import random
import socket
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtui.clock import SYSTEM_CLOCK, Clock, Timer
from cardtui.holdem.actions import Action
from cardtui.i18n import N_
from cardtui.names import name_problem, without_bot_mark
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.chat import RateLimit, clean
from cardtui.room.config import (
    MAX_NAME,
    MAX_TABLES,
    BlackjackOptions,
    ConfigError,
    HoldemOptions,
    TableOptions,
    blackjack_options,
    default_tables,
    holdem_options,
)
from cardtui.room.connection import Connection, Member
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.home_game import choose
from cardtui.room.host_desk import BANNED, HostDesk
from cardtui.room.ledger import Ledger, Standing
from cardtui.room.presence import Presence
from cardtui.room.resume import PlayKeeper, reserve_table_ids, resume_room, resuming
from cardtui.room.seating import SeatApprovals
from cardtui.room.shared import Refused, SeatedPlayer, SharedTable
from cardtui.room.sit_and_go import SitAndGoDesk
from cardtui.room.sit_and_go_table import SitAndGoTable
from cardtui.store.room_store import KeptTable, RoomStore
from cardtui.wire.protocol import (
    HOME_GAME_OPTIONS,
    PROTOCOL_VERSION,
    Announce,
    Bet,
    BlackjackAction,
    Chat,
    ComeBack,
    CreateBlackjack,
    CreateHoldem,
    CreateSitAndGo,
    Error,
    ErrorCode,
    GetHostDesk,
    GetLeaderboard,
    GetLobby,
    Hello,
    HoldemAction,
    HomeGameChoice,
    HostApproval,
    HostBlinds,
    HostClose,
    HostExport,
    HostKick,
    HostMove,
    HostPause,
    HostRequest,
    HostResume,
    HostSeatAnswer,
    HostStartSitAndGo,
    HostUnban,
    JoinPrivate,
    Leaderboard,
    LeaderRow,
    Leave,
    LobbyChat,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    Notice,
    PreAction,
    ProtocolError,
    Rebuy,
    Register,
    Rename,
    Renamed,
    Request,
    RoomClosing,
    SeatSettled,
    SettledSeen,
    Sit,
    SitOut,
    SitOutNext,
    TableClosed,
    TableInfo,
    TooLong,
    Unregister,
    Watch,
    Welcome,
    decode,
)
from cardtui.wire.words import english, said

log = logging.getLogger("cardtui.room")

#: What a hand (round) in play reads when the room stops: (a hand, not a round; no
#: reason given) -> its message id (each player reads it in their own language).
_CLOSING_VOID = {
    (True, True): N_("The room is closing: the hand in play is void and every bet went "
                     "back to its stack."),
    (False, True): N_("The room is closing: the round in play is void and every bet went "
                      "back to its stack."),
    (True, False): N_("The room is closing ({reason}): the hand in play is void and every "
                      "bet went back to its stack."),
    (False, False): N_("The room is closing ({reason}): the round in play is void and every "
                       "bet went back to its stack."),
}

#: Private tables' invite codes: this many letters from these.
INVITE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 6

#: Tables one player may have created and still open.
MAX_CREATED_PER_PLAYER = 2
#: A player's name as the room shows it (the settings allow 12 characters).
NAME_LIMIT = 12
#: Seconds the room waits for each line to flush its last messages when stopping.
CLOSE_TIMEOUT = 1.0
#: Seconds between two lobby lines about one table: a table changes with every
#: bet and every hand, and the lobby only needs to catch up a few times a second
#: (sixty players at ten tables made every lobby redraw hundreds of times a round).
LOBBY_INTERVAL = 0.5
#: Settled hands the room keeps for one key holder until their game acknowledges
#: them: a game that never does (a hostile one, an old one) must not grow the room
#: without limit. A thousand hands is far more than a killed game can miss.
MAX_UNSEEN = 1000
#: At most RENAMES name changes in any RENAME_WINDOW seconds per profile: each one
#: redraws every screen at the player's tables and says so in their logs.
RENAMES = 3
RENAME_WINDOW = 60.0
#: At most REQUESTS requests that every other player at a table hears (sitting
#: down, sitting out, opening a table) in any REQUEST_WINDOW seconds per profile:
#: each is a notice and a seat line, a redraw on every screen there. One game
#: sending 500 sit-out/come-back pairs made 2,000 of them in 1.5 s (issue 24).
#: Coming back and leaving are never refused (nobody is kept out of the game or
#: held at a table); each follows a sitting out or a sitting down, so they are
#: bounded too.
REQUESTS = 6
REQUEST_WINDOW = 10.0
#: Seconds a table brought back by a restart stays open while nobody sits or watches
#: there: the room came back, its players may not (a night's tables would wait for ever).
REOPENED_IDLE = 1800.0


class Room:
    """The shared tables and the players' connections, on one event loop."""

    def __init__(self, tables: Sequence[TableOptions] | None = None, *,
                 rng: random.Random | None = None,
                 clock: Clock = SYSTEM_CLOCK, store: RoomStore | None = None,
                 resume: bool = False, first_table: int = 1) -> None:
        """``resume``: a room across hosts, resumed from ``store`` by the host that takes it
        over when its owner dies, seats and all (:mod:`cardtui.room.resume`).
        ``first_table``: the number of this room's first table ("t1"): a room across hosts
        runs each table of its tables file in a room of its own (``t3`` is the third
        table's), and the tables players open in the lobby's, numbered past them."""
        self.rng = rng or random.Random()
        #: What the room keeps between runs (the leaderboard, the host's log, the
        #: bans); None: nothing outlives this room.
        self.store = store
        #: The time every table, action clock, grace period and rate limit reads
        #: (a test's :class:`~cardtui.clock.FakeClock` runs the room on virtual time).
        self.clock = clock
        self.tables: dict[str, HoldemTable | BlackjackTable] = {}
        self.connections: set[Connection] = set()
        #: This room's id (a new one each start): it names the room's hands for good.
        self.id = uuid.uuid4().hex
        #: A guest's settled results waiting for their next connection.
        self.undelivered: dict[str, list[Message]] = {}
        #: Each key holder's settled hands, by (table, hand), kept from the moment they
        #: settle until the game says its store has them (:class:`SettledSeen`): a game
        #: killed between the two gets them again on the profile's next connection.
        self.unseen: dict[str, OrderedDict[tuple[str, int], SeatSettled]] = {}
        self.stopped = False
        self.first_table = first_table
        self._table_ids: Iterator[int] = itertools.count(first_table)
        self._guests = itertools.count(1)
        self._creators: dict[str, str] = {}  # table id -> profile of who created it
        #: Each kept table's time banks as last kept (kept again when they change).
        self._kept_banks: dict[str, dict[str, float]] = {}
        #: Private tables: table id -> invite code, and the profiles the code let in.
        self.invites: dict[str, str] = {}
        self.invited: dict[str, set[str]] = {}
        self._renames: dict[str, RateLimit] = {}  # profile -> its name changes' rate
        self._requests: dict[str, RateLimit] = {}  # profile -> the rate others hear it
        #: The lobby line each table last had sent, and tables whose change waits.
        self._lobby_sent: dict[str, TableInfo] = {}
        self._lobby_due: dict[str, Timer] = {}
        #: Who is here and where, and the lobby's chat.
        self.presence = Presence(self, LOBBY_INTERVAL)
        #: The host's controls, the ban list and the ledger of host actions.
        self.desk = HostDesk(self)
        #: The night's results: buy-ins, cash-outs, hands and net per player.
        self.ledger = Ledger()
        #: Tables whose seats a host approves, and the requests waiting.
        self.approvals = SeatApprovals(self)
        self.approvals.changed = self._kept_again
        #: What a resumable room writes as it plays (None: it is not one).
        self.keeper: PlayKeeper | None = None
        #: The figures of the room's other parts, tonight's or all time's, for the
        #: leaderboard (a room across hosts: :mod:`cardtui.cluster.shards`).
        self.more_standings: Callable[[bool], list[Standing]] | None = None
        #: Tonight's figures of the room's other parts and their players' chips at their
        #: tables, for the host's ledger export (the same room across hosts).
        self.more_tonight: Callable[[], tuple[list[Standing], dict[str, int]]] | None = None
        resumed = resume and store is not None and resuming(store)
        if store is not None:
            self.desk.restore(store)
            self.ledger = Ledger((Standing(s.profile, s.name, s.hands, s.net)
                                  for s in store.standings()), keeper=store)
        for options in tables if tables is not None else default_tables():
            self.add_table(options, permanent=True)
        if store is not None and resumed:
            # (after the tables file's own, which every host numbers alike)
            reserve_table_ids(self, store)
        if store is not None:
            self._reopen_tables(store, keep_ids=resumed)
        #: The sit-and-go tournaments (those kept in the store come back now).
        self.sit_and_gos = SitAndGoDesk(self, store)
        if resume and store is not None:
            self.keeper = resume_room(self, store)

    # --- tables --------------------------------------------------------------------

    def add_table(self, options: TableOptions, *, permanent: bool = False,
                  invited: str = "", table_id: str | None = None) -> HoldemTable | BlackjackTable:
        """A new table (``invited``: the profile opening it private, with a new code;
        ``table_id``: a resumed room's table, under the id it had)."""
        if len(self.tables) >= MAX_TABLES:
            raise Refused(N_("the room has its maximum of {count} tables"), count=MAX_TABLES)
        table_id = table_id or f"t{next(self._table_ids)}"
        # A table's own seed (a tables file's test or demo table) replays the same cards.
        seed = options.seed if options.seed is not None else self.rng.getrandbits(64)
        rng = random.Random(seed)
        table: HoldemTable | BlackjackTable
        if isinstance(options, HoldemOptions):
            table = HoldemTable(self, table_id, options, permanent=permanent, rng=rng)
        else:
            table = BlackjackTable(self, table_id, options, permanent=permanent, rng=rng)
        self.tables[table_id] = table
        if invited:
            # Before its first lobby line: only those it is shown to ever hear of it.
            self.invites[table_id] = self._new_code()
            self.invited[table_id] = {invited}
        self._send_lobby_line(table)
        return table

    def _new_code(self) -> str:
        """A short invite code nobody has (no 0/O, 1/I: read aloud across a room)."""
        while True:
            code = "".join(self.rng.choice(INVITE_LETTERS) for _ in range(INVITE_LENGTH))
            if code not in self.invites.values():
                return code

    def sees(self, conn: Connection, table_id: str) -> bool:
        """A private table is shown to its invited players and to hosts only."""
        return (table_id not in self.invites or conn.member.host
                or conn.member.profile in self.invited.get(table_id, set()))

    def lobby_changed(self, table: SharedTable) -> None:
        """``table``'s lobby line may have changed: tell the lobby, at most every interval.

        A change within :data:`LOBBY_INTERVAL` of the last line is sent when
        the interval ends, as the table is then; a line equal to the last one
        (a bet changes the seats, not the lobby) is not sent at all.
        """
        self.presence.changed()  # who sits or watches there may have changed too
        if self.keeper is not None and table.id in self.tables:
            self.keeper.table_changed(table)  # a seat, a stack after a hand: kept now
        if table.id not in self.tables or table.id in self._lobby_due:
            return
        sent = self._lobby_sent.get(table.id)
        if sent is not None and sent == self.line(table):
            return
        self._lobby_due[table.id] = self.clock.call_later(
            LOBBY_INTERVAL, self._lobby_due_now, table)
        self._send_lobby_line(table)

    def _lobby_due_now(self, table: SharedTable) -> None:
        self._lobby_due.pop(table.id, None)
        if table.id in self.tables and self._lobby_sent.get(table.id) != self.line(table):
            self.lobby_changed(table)

    def _send_lobby_line(self, table: SharedTable) -> None:
        info = self.line(table)
        self._lobby_sent[table.id] = info
        self._lobby(LobbyUpdate(info))

    def line(self, table: SharedTable) -> TableInfo:
        """``table``'s lobby line with what the room knows of it: private, approvals."""
        info = table.info()
        private, approval = table.id in self.invites, self.approvals.asks(table.id)
        if private or approval:
            info = dataclasses.replace(info, private=private, approval=approval)
        return info

    def table_emptied(self, table: SharedTable) -> None:
        """A table players created closes once nobody sits or watches there."""
        if table.permanent or self.stopped:
            return

        def close() -> None:
            if table.id in self.tables and not table.has_humans() and not table.in_play:
                table.closed = True
                table.void(N_("the table closed"))
                del self.tables[table.id]
                self._creators.pop(table.id, None)
                self._forget_table(table)
                self._lobby_sent.pop(table.id, None)
                due = self._lobby_due.pop(table.id, None)
                if due is not None:
                    due.cancel()
                self._lobby(TableClosed(table.id))

        asyncio.get_running_loop().call_soon(close)

    def remove_table(self, table: SharedTable, reason: str, /, **args: object) -> None:
        """Close ``table`` now (the host's word): the hand in play voided with every bet
        back, every seat let go, every screen there told (:class:`TableClosed`).

        A seat's chips go back to its player's balance: their game does it on
        hearing the table closed, or (away, or killed) on its next greeting,
        when the room no longer seats them there.
        """
        if self.tables.get(table.id) is not table:
            return
        table.closed = True
        table.void(reason, **args)
        there = [conn for conn, _ in table.viewers()]
        for _, seated in table.players():
            # Their chips go home: the ledger counts them cashed out.
            self.ledger.cashed_out(seated.member.profile, seated.name, seated.stack,
                                   guest=seated.member.guest)
        for player in table.holders():
            if player.grace is not None:
                player.grace.cancel()
                player.grace = None
        del self.tables[table.id]
        self._creators.pop(table.id, None)
        self._forget_table(table)
        self._lobby_sent.pop(table.id, None)
        due = self._lobby_due.pop(table.id, None)
        if due is not None:
            due.cancel()
        closed = TableClosed(table.id)
        for conn in there:
            conn.tables.discard(table.id)
            if conn.tables:
                conn.send(closed)  # (the others are in the lobby now: told below)
        self._lobby(closed)
        self.presence.changed()

    def lobby_lines(self) -> list[Connection]:
        """Every greeted line whose player is in the lobby (at no table)."""
        return [conn for conn in self.connections if conn.greeted and not conn.tables]

    def shared_tables(self) -> list[SharedTable]:
        return list(self.tables.values())

    def table(self, table_id: str) -> HoldemTable | BlackjackTable:
        """The table ``table_id``; Refused when there is none."""
        return self._table(table_id)

    def _lobby(self, message: Message) -> None:
        """To every line whose player is in the lobby: sitting or watching, they see a table.

        A player back in the lobby gets the whole lobby then (:meth:`handle`, ``Leave``).
        """
        table_id = (message.table.id if isinstance(message, LobbyUpdate) else
                    message.table if isinstance(message, TableClosed) else None)
        for conn in self.connections:
            if conn.greeted and not conn.tables and (
                    table_id is None or self.sees(conn, table_id)):
                conn.send(message)

    def deliver(self, player: SeatedPlayer, message: Message) -> None:
        """Send to the line that plays this seat; keep it for their return when away.

        A key holder's :class:`SeatSettled` is kept even when sent, until acknowledged.
        """
        member = player.member
        kept = False
        if isinstance(message, SeatSettled):
            self.ledger.settled(member.profile, member.name, message.result.net,
                                guest=member.guest)
            self._keep_banks(message.table)
        if isinstance(message, SeatSettled) and not member.guest:
            self._keep_unseen(member.profile, message)
            if self.keeper is not None:
                self.keeper.settled(member.profile, message)
            kept = True
        if player.conn is not None and not player.conn.closed:
            player.conn.send(message)
        elif not kept:
            self.undelivered.setdefault(member.profile, []).append(message)

    def _keep_unseen(self, profile: str, settled: SeatSettled) -> None:
        unseen = self.unseen.setdefault(profile, OrderedDict())
        unseen[(settled.table, settled.hand)] = settled
        while len(unseen) > MAX_UNSEEN:
            (table, hand), _ = unseen.popitem(last=False)
            if self.keeper is not None:
                self.keeper.seen(profile, table, hand)  # no longer kept in the store either
            log.warning("profile %s has not acknowledged %d settled hands; table %s hand %d "
                        "is no longer kept for it", profile, MAX_UNSEEN, table, hand)

    def _seen(self, conn: Connection, seen: SettledSeen) -> None:
        """The profile's store has this hand: stop keeping it (an unknown one is ignored)."""
        profile = conn.member.profile
        unseen = self.unseen.get(profile)
        if unseen is None or unseen.pop((seen.table, seen.hand), None) is None:
            log.debug("%r acknowledged table %s hand %d, which is not kept", conn, seen.table,
                      seen.hand)
            return
        if self.keeper is not None:
            self.keeper.seen(profile, seen.table, seen.hand)
        if not unseen:
            del self.unseen[profile]

    # --- players -------------------------------------------------------------------

    def member(self, profile: str, name: str) -> Member:
        """A key holder's member, the name cleaned as chat is (it reaches every screen)."""
        return Member(profile, without_bot_mark(clean(name, NAME_LIMIT)) or "SeatedPlayer")

    def guest(self, name: str | None = None, *, profile: str | None = None) -> Member:
        """A new guest: a fresh profile (their seat ends when they leave), "Guest N".

        ``profile``: a browser tab's own, from the resume token its page keeps (the
        web door derives it): the seat waits the grace period for the tab to come back.
        """
        number = next(self._guests)
        shown = without_bot_mark(clean(name, NAME_LIMIT)) if name else ""
        return Member(profile or f"guest-{uuid.uuid4().hex}", shown or f"Guest {number}",
                      guest=True, resumable=profile is not None)

    async def attach(self, sock: socket.socket, member: Member) -> Connection:
        """Serve ``member`` on the room's end of their socket pair."""
        reader, writer = await asyncio.open_connection(sock=sock)
        conn = Connection(member, reader, writer)
        self.connections.add(conn)
        conn.task = asyncio.create_task(conn.serve(
            functools.partial(self._on_line, conn), functools.partial(self._on_close, conn)))
        return conn

    def _on_close(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if not any(c.member.profile == conn.member.profile for c in self.connections):
            self.approvals.gone(conn.member.profile)
        if conn.member.guest:
            self._renames.pop(conn.member.profile, None)  # a guest never comes back
            self._requests.pop(conn.member.profile, None)
            self.presence.forget(conn.member.profile)
        if self.stopped:
            return
        for table in list(self.tables.values()):
            table.disconnected(conn)
        self.presence.changed()

    def _on_line(self, conn: Connection, line: bytes | TooLong) -> None:
        if isinstance(line, TooLong):
            log.warning("%r sent a %d-byte line; dropped", conn, line.size)
            dropped = N_("that message was too long and was dropped")
            conn.send(Error(ErrorCode.TOO_LONG, dropped, key=dropped))
            return
        try:
            message = decode(line)
        except ProtocolError as error:
            log.warning("%r sent a bad message: %s", conn, error)
            conn.send(Error(error.code, str(error), ref=error.ref))
            return
        table_id = getattr(message, "table", None)
        # The refusal names the request it answers (None: a message that is no request).
        ref = message.ref if isinstance(message, Request) else None
        try:
            self.handle(conn, message)
        except Refused as error:
            conn.send(Error(ErrorCode.REFUSED, str(error), table_id, key=error.key,
                            args=error.words, ref=ref))
        except Exception:
            # A bug must cost one request, never the room and everyone's game.
            log.exception("handling %s from %r", type(message).__name__, conn)
            failed = N_("the room could not do that")
            conn.send(Error(ErrorCode.REFUSED, failed, table_id, key=failed, ref=ref))

    def handle(self, conn: Connection, message: Message) -> None:
        """Do what ``message`` asks; its answer (a reply, or the Refused that
        :meth:`_on_line` sends as an error) carries the request's ``ref``."""
        if self.stopped:
            raise Refused(N_("the room is closing"))
        ref = message.ref if isinstance(message, Request) else None
        if not conn.greeted:
            if not isinstance(message, Hello):
                hello_first = N_("say hello first")
                conn.send(Error(ErrorCode.HELLO_FIRST, hello_first, key=hello_first, ref=ref))
                return
            self._hello(conn, message)
            return
        handler = _REQUESTS.get(type(message))
        if handler is None:
            raise Refused(N_("the room does not take {kind} messages"), kind=message.TYPE)
        handler(self, conn, message, ref)

    # --- one method per request (:data:`_REQUESTS`); ``ref``: the request's ---------------

    def _hello_again(self, conn: Connection, message: Hello, ref: int | None) -> None:
        raise Refused(N_("hello was already said"))

    def _get_lobby(self, conn: Connection, message: GetLobby, ref: int | None) -> None:
        conn.send(self.lobby(ref, conn))

    def _create_table(self, conn: Connection, message: CreateHoldem | CreateBlackjack,
                      ref: int | None) -> None:
        self._create(conn, message)

    def _sit(self, conn: Connection, message: Sit, ref: int | None) -> None:
        table = self._shown(conn, message.table)
        if self.approvals.asks(table.id):
            table.check_can_sit(conn)  # what would refuse the seat anyway, said first
            table.check_buy_in(message.buy_in, table.options.limits)
            if self.approvals.held(conn, table, message):
                raise Refused(N_("a seat at {table} waits for a host's approval: you will be "
                                 "told (then sit down again)"), table=table.name)
        table.sit(conn, message.seat, message.buy_in, ref)

    def _watch(self, conn: Connection, message: Watch, ref: int | None) -> None:
        self._shown(conn, message.table).watch(conn, ref)

    def _shown(self, conn: Connection, table_id: str) -> HoldemTable | BlackjackTable:
        """The table, if ``conn`` may see it: a private one is "no such table" to others."""
        if not self.sees(conn, table_id):
            raise Refused(N_("there is no such table"))
        return self._table(table_id)

    def _join_private(self, conn: Connection, message: JoinPrivate, ref: int | None) -> None:
        self.heard(conn.member)  # limited as any request heard by many: no guessing codes
        code = message.code.strip().upper()
        table_id = next((t for t, c in self.invites.items() if c == code), None)
        table = self.tables.get(table_id) if table_id is not None else None
        if table_id is None or table is None:
            raise Refused(N_("no table has that invite code"))
        self.invited[table_id].add(conn.member.profile)
        self._kept_again(table_id)  # they are let in after a restart too
        conn.send(LobbyUpdate(self.line(table)))
        # The name as repr() quotes it, as the English always read.
        key, args = said(N_("You are invited to {table}: sit down or watch from the lobby."),
                         table=repr(table.name))
        conn.send(Notice(table.id, english(key, args), key=key, args=args, ref=ref))

    def _leave(self, conn: Connection, message: Leave, ref: int | None) -> None:
        self._table(message.table).leave(conn)
        if not conn.tables:
            # Back in the lobby: the tables as they are now.
            conn.send(self.lobby(ref, conn))

    def _sit_out_next(self, conn: Connection, message: SitOutNext, ref: int | None) -> None:
        table = self._table(message.table)
        if not isinstance(table, HoldemTable):
            raise Refused(N_("sitting out the next hand is for hold'em tables"))
        table.sit_out_next(conn, message.when)

    def _pre_action(self, conn: Connection, message: PreAction, ref: int | None) -> None:
        table = self._table(message.table)
        if not isinstance(table, HoldemTable):
            raise Refused(N_("moves ahead of a turn are for hold'em tables"))
        table.pre_action(conn, message.hand, message.action, message.amount)

    def _home_game(self, conn: Connection, message: HomeGameChoice, ref: int | None) -> None:
        table = self._table(message.table)
        if not isinstance(table, HoldemTable):
            raise Refused(N_("home-game choices are for hold'em tables"))
        choose(table, conn, message.hand, message.kind, message.value)

    def _holdem_action(self, conn: Connection, message: HoldemAction, ref: int | None) -> None:
        table = self._table(message.table)
        if not isinstance(table, HoldemTable):
            raise Refused(N_("that is a blackjack table"))
        table.act(conn, Action(message.action, message.amount))

    def _bet(self, conn: Connection, message: Bet, ref: int | None) -> None:
        self._blackjack(message.table).bet(conn, message.amount)

    def _blackjack_action(self, conn: Connection, message: BlackjackAction,
                          ref: int | None) -> None:
        self._blackjack(message.table).act(conn, message.action)

    def _chat(self, conn: Connection, message: Chat, ref: int | None) -> None:
        self._table(message.table).chat(conn, message.text)

    def _sit_out(self, conn: Connection, message: SitOut, ref: int | None) -> None:
        self._table(message.table).sit_out(conn)

    def _come_back(self, conn: Connection, message: ComeBack, ref: int | None) -> None:
        self._table(message.table).come_back(conn)

    def _settled_seen(self, conn: Connection, message: SettledSeen, ref: int | None) -> None:
        self._seen(conn, message)

    def _rename_request(self, conn: Connection, message: Rename, ref: int | None) -> None:
        self._rename(conn, message.name, ref)
        self.presence.changed()

    def _lobby_chat(self, conn: Connection, message: LobbyChat, ref: int | None) -> None:
        self.presence.chat(conn, message.text)

    def _host_request(self, conn: Connection, message: HostRequest, ref: int | None) -> None:
        self.desk.handle(conn, message, ref)
        self.presence.changed()
        if isinstance(message, HostBlinds):
            table = self.tables.get(message.table)
            creator = self._creators.get(message.table)
            if table is not None and creator is not None:
                self._keep_table(table, creator)  # the blinds it will play at come back

    def _get_leaderboard(self, conn: Connection, message: GetLeaderboard,
                         ref: int | None) -> None:
        conn.send(Leaderboard(self.leader_rows(all_time=False),
                              self.leader_rows(all_time=True), ref=ref))

    def _sit_and_go(self, conn: Connection, message: Message, ref: int | None) -> None:
        self.sit_and_gos.handle(conn, message, ref)

    def leader_rows(self, *, all_time: bool) -> tuple[LeaderRow, ...]:
        places = self.sit_and_gos.places(all_time=all_time)
        more = self.more_standings(all_time) if self.more_standings is not None else ()
        rows = [LeaderRow(s.name, s.hands, s.net, tuple(places.pop(s.profile, ("", []))[1]))
                for s in self.ledger.board(all_time=all_time, more=more)]
        # Players with tournament places and no cash hand (yet): after the cash table's.
        rows += [LeaderRow(name, 0, 0, tuple(kept)) for name, kept in
                 sorted(places.values(), key=lambda item: (item[1], item[0].casefold()))]
        return tuple(rows)

    def ledger_text(self) -> str:
        """Tonight's ledger as CSV, the room's other parts' added in (a room across hosts)."""
        at_tables = self.chips_at_tables()
        more: list[Standing] = []
        if self.more_tonight is not None:
            more, held = self.more_tonight()
            for profile, chips in held.items():
                at_tables[profile] = at_tables.get(profile, 0) + chips
        return self.ledger.csv_text(at_tables, more)

    def chips_at_tables(self) -> dict[str, int]:
        """Each profile's chips at the tables now (a hand in play: as it was dealt)."""
        held: dict[str, int] = self.sit_and_gos.held()  # buy-ins in a prize pool
        for table in self.tables.values():
            if isinstance(table, SitAndGoTable):
                continue  # tournament chips: no one's cash
            for _, player in table.players():
                profile = player.member.profile
                held[profile] = held.get(profile, 0) + player.stack
        return held

    def heard(self, member: Member) -> None:
        """A request of ``member``'s that every player at a table hears: refused when
        they have made too many of them lately (:data:`REQUESTS`)."""
        rate = self._requests.setdefault(
            member.profile, RateLimit(REQUESTS, REQUEST_WINDOW, clock=self.clock))
        if not rate.allow():
            raise Refused(N_("slow down: too many requests at the tables"))

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if hello.version != PROTOCOL_VERSION:
            key, args = said(N_("this room speaks protocol version {room}, not {game}"),
                             room=PROTOCOL_VERSION, game=hello.version)
            conn.send(Error(ErrorCode.VERSION, english(key, args), key=key, args=args,
                            ref=hello.ref))
            conn.close()
            return
        if conn.member.profile in self.desk.banned:
            log.info("%r: banned by the host; refused", conn)
            conn.send(Error(ErrorCode.BANNED, BANNED, key=BANNED, ref=hello.ref))
            conn.close()
            return
        conn.greeted = True
        distinct = self._distinct_name(conn.member)
        if distinct != conn.member.name:
            # A new key logging in as `ssh Ann@host` while Ann plays: every screen
            # and every hand history would show two Anns. The newcomer is "Ann 2"
            # (the room's name, told in Welcome), as a card room's list adds an
            # initial; renaming in Settings picks another.
            log.info("%r: %r is taken in the room; playing as %r", conn, conn.member.name,
                     distinct)
            conn.member = dataclasses.replace(conn.member, name=distinct)
        member = conn.member
        seated = tuple(t.id for t in self.tables.values() if t.seat_of(member.profile) is not None)
        # A sit-and-go this profile is entered in holds its buy-in like a seat.
        held = seated + self.sit_and_gos.entered(member.profile, seated)
        conn.send(Welcome(PROTOCOL_VERSION, member.name, member.guest, held, self.id,
                          host=member.host, ref=hello.ref))
        conn.send(self.lobby(None, conn))
        for message in self.undelivered.pop(member.profile, []):
            conn.send(message)
        # Every hand not acknowledged yet, even one sent to a line still open (a
        # second game of the same key): the store records each hand once.
        for settled in list(self.unseen.get(member.profile, {}).values()):
            conn.send(settled)
        for table_id in seated:
            self.tables[table_id].reconnected(conn)
        self.presence.changed()

    def _rename(self, conn: Connection, wanted: str, ref: int | None = None) -> None:
        """The player saved a new name in Settings: every seat, lobby line and screen shows it.

        Checked by the one rule Settings use (:func:`cardtui.names.name_problem`:
        1 to 12 printable characters, so no escape sequence or control character
        gets through) as if the client were hostile, then cleaned as the name
        given at connect is. Every line of the profile (a second SSH session of
        the same key) learns the name; each table where it sits says so.
        """
        member = conn.member
        rate = self._renames.setdefault(
            member.profile, RateLimit(RENAMES, RENAME_WINDOW, clock=self.clock))
        if not rate.allow():
            raise Refused(N_("slow down: too many name changes"))
        # "(bot)" is the bot door's mark: a player's name never ends in it.
        problem = name_problem(wanted) or name_problem(without_bot_mark(wanted))
        if problem is not None:
            # The text is the client's: logged as a short repr, never as it came.
            log.warning("%r asked to be named %r: refused (%s)", conn, wanted[:40], problem)
            raise Refused(problem)
        renamed = dataclasses.replace(member, name=without_bot_mark(clean(wanted, NAME_LIMIT)))
        if self._name_taken(renamed.name, member.profile):
            # Two seats of one name make every screen and hand history ambiguous
            # (who folded?); the player already here keeps it.
            raise Refused(N_("another player here is called {name}: pick another name"),
                          name=renamed.name)
        for each in {conn, *self.connections}:
            if each.member.profile == member.profile:
                each.member = renamed
                # The asker's is the answer; the profile's other lines hear it unprompted.
                each.send(Renamed(renamed.name, ref=ref if each is conn else None))
        if renamed.name != member.name:
            for table in self.tables.values():
                table.renamed(renamed, member.name)

    def _name_taken(self, name: str, profile: str) -> bool:
        """Whether another profile in the room goes by ``name`` (whatever the case): a
        line that said hello, or a seat it holds (one kept while it is away too)."""
        wanted = name.casefold()
        for conn in self.connections:
            if (conn.greeted and conn.member.profile != profile
                    and conn.member.name.casefold() == wanted):
                return True
        return any(player.member.profile != profile and player.name.casefold() == wanted
                   for table in self.tables.values() for player in table.holders())

    def _distinct_name(self, member: Member) -> str:
        """``member``'s name, or the first "Name 2", "Name 3"... nobody else here has."""
        if not self._name_taken(member.name, member.profile):
            return member.name
        for number in itertools.count(2):
            suffix = f" {number}"
            name = member.name[:NAME_LIMIT - len(suffix)].rstrip() + suffix
            if not self._name_taken(name, member.profile):
                return name
        raise AssertionError("unreachable: the numbers never run out")

    def lobby(self, ref: int | None = None, conn: Connection | None = None) -> LobbySnapshot:
        """Every table's lobby line, who is here, the lobby's chat and the host's last
        announcement; ``ref``: the request this answers (None: unprompted); ``conn``: the
        line it is for (a private table is listed only for those it is shown to)."""
        by, said = self.desk.announcement or ("", "")
        online = self.presence.online()
        return LobbySnapshot(tuple(self.line(t) for t in self.tables.values()
                                   if conn is None or self.sees(conn, t.id)),
                             online=online if conn is None else self.presence.seen_by(conn, online),
                             chat=tuple(self.presence.chat_log),
                             announcement=said, announced_by=by, ref=ref,
                             sit_and_gos=self.sit_and_gos.infos())

    def _table(self, table_id: str) -> HoldemTable | BlackjackTable:
        table = self.tables.get(table_id)
        if table is None:
            raise Refused(N_("there is no such table"))
        return table

    def _blackjack(self, table_id: str) -> BlackjackTable:
        table = self._table(table_id)
        if not isinstance(table, BlackjackTable):
            raise Refused(N_("that is a hold'em table"))
        return table

    def _create(self, conn: Connection, message: CreateHoldem | CreateBlackjack) -> None:
        profile = conn.member.profile
        if sum(1 for p in self._creators.values() if p == profile) >= MAX_CREATED_PER_PLAYER:
            raise Refused(N_("you may have at most {count} tables open"),
                          count=MAX_CREATED_PER_PLAYER)
        self.heard(conn.member)  # a new table's line reaches everyone in the lobby
        name = clean(message.name, MAX_NAME)
        options: HoldemOptions | BlackjackOptions
        try:
            # The clock, the least buy-in and the grace the player chose (None: the default).
            extra = {key: value for key in ("action_clock", "buy_in_min", "grace")
                     if (value := getattr(message, key)) is not None}
            if isinstance(message, CreateHoldem):
                home = message.home_game
                if any(key not in HOME_GAME_OPTIONS for key in home):
                    raise Refused(N_("not a home-game option: {options}"), options=", ".join(
                        repr(k[:20]) for k in home if k not in HOME_GAME_OPTIONS))
                options = holdem_options(
                    name=name, seats=message.seats, small_blind=message.small_blind,
                    big_blind=message.big_blind, starting_stack=message.starting_stack,
                    bots_fill=message.bots_fill, **extra, **home)
            else:
                options = blackjack_options(name=name, seats=message.seats, rules=message.rules,
                                            **extra)
        except ConfigError as error:
            # Data, not a sentence: the player's game words the option's problem.
            raise Refused(error.key, **error.words) from None
        table = self.add_table(options, invited=profile if message.private else "")
        self._creators[table.id] = profile
        self._keep_table(table, profile)
        if conn.tables:
            # The lobby lines went to those in the lobby; a creator at a table (a
            # second screen) gets this one too, so the answer names a table it knows.
            conn.send(LobbyUpdate(self.line(table)))
        code = self.invites.get(table.id)
        key, args = (said(N_("Table {table} is open (private: its invite code is {code})"),
                          table=repr(table.name), code=code) if code else
                     said(N_("Table {table} is open"), table=repr(table.name)))
        conn.send(Notice(table.id, english(key, args), key=key, args=args, ref=message.ref))

    # --- tables kept between runs -------------------------------------------------------

    def _keep_table(self, table: HoldemTable | BlackjackTable, creator: str) -> None:
        """Keep a table a player opened, with its options, for the server's next start."""
        if self.store is None:
            return
        game = "holdem" if isinstance(table, HoldemTable) else "blackjack"
        # A hold'em table's blinds set by the host for its next hand are its options now.
        kept = table.next_options if isinstance(table, HoldemTable) else None
        options = json.dumps(dataclasses.asdict(kept or table.options), separators=(",", ":"))
        self.store.keep_table(KeptTable(table.id, game, options, creator,
                                        json.dumps(self._table_state(table),
                                                   separators=(",", ":"))))

    def _table_state(self, table: HoldemTable | BlackjackTable) -> dict[str, Any]:
        """What a restart brings back besides the options: a private table's code and who
        it let in (it comes back as hidden as it was), approvals, the time banks."""
        state: dict[str, Any] = {}
        if table.id in self.invites:
            state["code"] = self.invites[table.id]
            state["invited"] = sorted(self.invited.get(table.id, set()))
        if self.approvals.asks(table.id):
            state["approval"] = True
        if isinstance(table, HoldemTable) and table.banks:
            state["banks"] = dict(table.banks)
            self._kept_banks[table.id] = dict(table.banks)
        return state

    def _keep_banks(self, table_id: str) -> None:
        """A hand settled: a kept table's time banks are kept again if they changed (a bank
        drawn on, a refill), so a server killed outright loses at most a hand of them."""
        table = self.tables.get(table_id)
        if isinstance(table, HoldemTable) and table_id in self._creators \
                and self._kept_banks.get(table_id) != table.banks:
            self._kept_again(table_id)

    def _kept_again(self, table_id: str) -> None:
        """Keep a player-opened table's state again (its code let one more in...)."""
        table = self.tables.get(table_id)
        creator = self._creators.get(table_id)
        if table is not None and creator is not None:
            self._keep_table(table, creator)

    def _forget_table(self, table: SharedTable) -> None:
        if self.keeper is not None:
            self.keeper.table_gone(table)
        self.approvals.forget(table.id)
        self._kept_banks.pop(table.id, None)
        if self.store is not None and not table.permanent:
            self.store.drop_table(table.id)

    def _reopen_tables(self, store: RoomStore, *, keep_ids: bool = False) -> None:
        """The tables players had opened when the server last stopped, open again (new
        ids; empty: their hands in play were voided, every bet back, as it stopped).
        ``keep_ids``: a room resumed on another host, its tables under their ids.

        Each one's options are checked again as a new table's (the file is data, not
        trusted code); one that no longer makes a table is dropped with a log line.
        """
        kept = store.tables()
        if not keep_ids:
            store.drop_tables()
        for entry in kept:
            make = holdem_options if entry.game == "holdem" else blackjack_options
            try:
                values = json.loads(entry.options)
                if not isinstance(values, dict):
                    raise ConfigError("not a table's options")
                options = make(**values)
                table = self.add_table(options, table_id=entry.id if keep_ids else None)
            except (ConfigError, ValueError, Refused) as error:
                log.warning("table %s kept from the last run cannot be opened again: %s",
                            entry.id, error)
                continue
            self._creators[table.id] = entry.creator
            self._restore_state(table, entry.state)
            self._keep_table(table, entry.creator)
            self._close_if_idle(table)
            log.info("table %s (%s) opened again as %s", entry.id, table.name, table.id)

    def _restore_state(self, table: HoldemTable | BlackjackTable, kept: str) -> None:
        """A kept table's state back (data from a file: each value checked, a bad one
        skipped): a private table hidden again under its own code."""
        try:
            state = json.loads(kept)
        except ValueError:
            state = {}
        if not isinstance(state, dict):
            state = {}
        code = state.get("code")
        if isinstance(code, str) and len(code) == INVITE_LENGTH and \
                set(code) <= set(INVITE_LETTERS) and code not in self.invites.values():
            invited = state.get("invited")
            self.invites[table.id] = code
            self.invited[table.id] = {p for p in invited if isinstance(p, str)} \
                if isinstance(invited, list) else set()
        elif code is not None:
            # Never open to all what was private: a new code, told to the host's log.
            self.invites[table.id] = self._new_code()
            self.invited[table.id] = set()
            log.warning("table %s came back with a new invite code (the kept one was bad)",
                        table.id)
        if state.get("approval") is True:
            self.approvals.tables.add(table.id)
        banks = state.get("banks")
        if isinstance(table, HoldemTable) and isinstance(banks, dict):
            full = table.options.time_bank
            table.banks.update({p: min(full, max(0.0, float(s))) for p, s in banks.items()
                                if isinstance(p, str) and isinstance(s, int | float)
                                and not isinstance(s, bool) and s == s})
        self._send_lobby_line(table)

    def _close_if_idle(self, table: SharedTable) -> None:
        """A table brought back closes if nobody sits or watches there within
        :data:`REOPENED_IDLE` seconds (as a table players leave closes)."""
        def look() -> None:
            if self.tables.get(table.id) is table and not table.has_humans():
                log.info("table %s (%s), brought back, had nobody for %g s: closed",
                         table.id, table.name, REOPENED_IDLE)
                self.table_emptied(table)

        try:
            self.clock.call_later(REOPENED_IDLE, look)
        except RuntimeError:  # no running loop (a room made outside one): it stays open
            log.warning("table %s brought back: no loop to time its idle close", table.id)


    # --- stopping --------------------------------------------------------------------

    async def stop(self, reason: str | None = None, *, farewell: float = 0.0) -> None:
        """Void every hand in progress (bets back to the stacks), tell everyone, close.

        ``farewell``: seconds the games get to draw the news before this
        returns (the server ends the games right after: without the pause a
        player saw the table frozen mid-hand, then the server's goodbye).
        """
        if self.stopped:
            return
        self.stopped = True
        for due in self._lobby_due.values():
            due.cancel()
        self._lobby_due.clear()
        self.presence.stop()
        for table_id in list(self._creators):
            self._kept_again(table_id)  # the time banks as they are now, for the next start
        # The operator's reason stays in their words; the rest reads in each player's.
        why = {} if reason is None else {"reason": reason}
        told = list(self.connections)
        # Said once to every line, first: from now on no screen may promise a next
        # hand (a QA pass read "The room deals the next hand." under the closing news).
        for conn in told:
            key, args = said(N_("The room is closing.") if reason is None else
                             N_("The room is closing ({reason})."), **why)
            conn.send(RoomClosing(english(key, args), key=key, args=args))
        for table in self.tables.values():
            table.closed = True
            # The void is the news at a table with a hand in play, in one line; a
            # separate room notice repeated it ("void", twice, on every screen).
            table.void(_CLOSING_VOID[table.game.hand_word == "hand", reason is None], **why)
        await asyncio.gather(*(self._close(conn) for conn in told))
        if told and farewell > 0:
            await self.clock.sleep(farewell)

    async def _close(self, conn: Connection) -> None:
        # Real time, whatever the room's clock: this bounds a socket's drain, and a
        # virtual clock nobody moves would hold stop() on a game that never reads.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.drain_and_close(), CLOSE_TIMEOUT)
        conn.close()
        if conn.task is not None:
            conn.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await conn.task


async def room_pair(room: Room, member: Member) -> socket.socket:
    """Make a socket pair, give the room its end bound to ``member``; return the game's end.

    The server passes ``game_end.fileno()`` to the game process with
    ``pass_fds`` and ``CARDTUI_ROOM_FD``, then closes its copy; tests wrap it
    in :meth:`RoomClient.open` directly.
    """
    room_end, game_end = socket.socketpair()
    try:
        await room.attach(room_end, member)
    except BaseException:
        room_end.close()
        game_end.close()
        raise
    return game_end


#: What the room does with each request a greeted game sends (:meth:`Room.handle`).
_REQUESTS: dict[type[Message], Callable[[Room, Connection, Any, int | None], None]] = {
    Hello: Room._hello_again,
    GetLobby: Room._get_lobby,
    CreateHoldem: Room._create_table,
    CreateBlackjack: Room._create_table,
    Sit: Room._sit,
    Watch: Room._watch,
    Leave: Room._leave,
    HoldemAction: Room._holdem_action,
    Bet: Room._bet,
    BlackjackAction: Room._blackjack_action,
    Chat: Room._chat,
    SitOut: Room._sit_out,
    SitOutNext: Room._sit_out_next,
    JoinPrivate: Room._join_private,
    PreAction: Room._pre_action,
    HomeGameChoice: Room._home_game,
    ComeBack: Room._come_back,
    SettledSeen: Room._settled_seen,
    Rename: Room._rename_request,
    LobbyChat: Room._lobby_chat,
    HostPause: Room._host_request,
    HostResume: Room._host_request,
    HostClose: Room._host_request,
    HostKick: Room._host_request,
    HostBlinds: Room._host_request,
    Announce: Room._host_request,
    GetLeaderboard: Room._get_leaderboard,
    HostExport: Room._host_request,
    HostMove: Room._host_request,
    HostApproval: Room._host_request,
    HostSeatAnswer: Room._host_request,
    CreateSitAndGo: Room._sit_and_go,
    Register: Room._sit_and_go,
    Unregister: Room._sit_and_go,
    Rebuy: Room._sit_and_go,
    HostStartSitAndGo: Room._sit_and_go,
    HostUnban: Room._host_request,
    GetHostDesk: Room._host_request,
}
