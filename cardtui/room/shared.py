"""What every shared table does alike: players, watchers, chat, dropped connections.

A seated human is a :class:`SeatedPlayer`; the game tables (hold'em, blackjack)
add the cards. A player whose connection drops keeps the seat for the
table's grace period while the action clock acts for them; reconnecting with
the same profile puts them back (a guest's seat ends when they leave).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from cardtui.clock import Clock, Timer
from cardtui.games import Game
from cardtui.i18n import N_
from cardtui.i18n.said import Said
from cardtui.room.chat import RateLimit, clean
from cardtui.room.clock import ActionClock
from cardtui.room.connection import Connection, Member
from cardtui.room.ledger import Ledger
from cardtui.wire.protocol import (
    ChatEntry,
    ChatLine,
    HandStarted,
    HandVoided,
    Kicked,
    Message,
    Notice,
    SeatInfo,
    SeatStatus,
    TableInfo,
    TablePaused,
    TableSeats,
)
from cardtui.wire.words import english, said

log = logging.getLogger("cardtui.room")

#: Chat lines a newcomer gets with the table snapshot.
CHAT_HISTORY = 30

#: Action-clock expiries in a row that sit a player out (issue 11).
EXPIRIES_TO_SIT_OUT = 2


class TableHost(Protocol):
    """What a table needs of the room that holds it (:class:`cardtui.room.room.Room` is one).

    Named here so the tables do not import the room, which imports them.
    """

    @property
    def id(self) -> str:
        """The room's id: with a table's id and a hand's number it names the hand for good."""

    #: The time the table's action clock, grace periods and rate limits read.
    clock: Clock
    #: The night's buy-ins and cash-outs (each seat taken and let go).
    ledger: Ledger

    def lobby_changed(self, table: SharedTable) -> None:
        """``table``'s lobby line may have changed."""

    def table_emptied(self, table: SharedTable) -> None:
        """Nobody sits or watches at ``table`` any more."""

    def deliver(self, player: SeatedPlayer, message: Message) -> None:
        """Send ``message`` to the line playing ``player``'s seat, or keep it for their return."""

    def heard(self, member: Member) -> None:
        """``member`` made a request every player at a table hears (refused when too many)."""

    def remove_table(self, table: SharedTable, reason: str, /, **args: object) -> None:
        """Close ``table`` now: its hand in play voided, every seat and screen let go
        (``reason`` with ``args``: a template marked N_, as :meth:`SharedTable.void`)."""


class Refused(ValueError):
    """A request the table turns down; the message goes back to the player as is.

    With ``args`` the message is a template marked N_ (its English words are the
    catalogs' message id) and each player reads it in their own language
    (cardtui/wire/words.py); a message without them is its own id.
    """

    def __init__(self, message: str, **args: object) -> None:
        self.key, self.words = said(message, **args)
        super().__init__(english(self.key, self.words) if args else message)


#: The engines' refusals about a seat, as the player in it reads them (an engine counts
#: seats from 0, the player from 1: "you" says which without a number).
_TO_YOU = {
    "seat {seat} is not asked how many times to run the board":
        N_("you are not asked how many times to run the board"),
    "seat {seat} did not win the pot uncontested": N_("you did not win the pot uncontested"),
    "seat {seat} has shown already": N_("you have shown already"),
    "seat {seat} can check: there is no bet to fold to":
        N_("you can check: there is no bet to fold to"),
    "seat {seat} cannot check: {owed} to call": N_("you cannot check: {owed} to call"),
    "seat {seat} has nothing to call: check instead":
        N_("you have nothing to call: check instead"),
    "bet {amount} is more than seat {seat} has ({most})":
        N_("a bet of {amount} is more than you have ({most})"),
    "raise to {amount} is more than seat {seat} has ({most})":
        N_("raising to {amount} is more than you have ({most})"),
    "seat {seat} can only call all-in or fold": N_("you can only call all-in or fold"),
    "seat {seat} already acted and faces less than a full raise: call or fold (a short all-in "
    "does not reopen the betting)": N_("you already acted and face less than a full raise: "
                                       "call or fold (a short all-in does not reopen the "
                                       "betting)"),
}


def engine_refusal(problem: str) -> Refused:
    """An engine's reason (a :class:`Said`, else plain English) as the room refuses with
    it: a message id and its arguments, each player reading it in their own language."""
    if not isinstance(problem, Said):
        return Refused(problem)
    key, args = problem.key, problem.args
    if key in _TO_YOU:
        key, args = _TO_YOU[key], {name: v for name, v in args.items() if name != "seat"}
    return Refused(key, **args) if args else Refused(key)


def hand_voided(table: str, hand: int, stacks: tuple[SeatInfo, ...], reason: str, /,
                **args: object) -> HandVoided:
    """The news of a void hand: ``reason`` is its message id (marked N_; a template
    ``args`` fill), its English sentence beside it, as :meth:`SharedTable.notice` sends."""
    key, words = said(reason, **args)
    return HandVoided(table, hand, stacks, english(key, words) if args else reason,
                      key=key, args=words)


#: What the clock did for a player, once and as it sits them out (each player reads it in
#: their own language; :meth:`SharedTable.expired`'s ``move`` picks the pair).
_CLOCK_ACTED = {
    "folds": (N_("{name}'s clock ran out: {name} folds."),
              N_("{name}'s clock ran out: {name} folds. {name} is sitting out (the clock acted "
                 "twice).")),
    "checks": (N_("{name}'s clock ran out: {name} checks."),
               N_("{name}'s clock ran out: {name} checks. {name} is sitting out (the clock "
                  "acted twice).")),
    "stands": (N_("{name}'s clock ran out: {name} stands."),
               N_("{name}'s clock ran out: {name} stands. {name} is sitting out (the clock "
                  "acted twice).")),
    "declines insurance": (
        N_("{name}'s clock ran out: {name} declines insurance."),
        N_("{name}'s clock ran out: {name} declines insurance. {name} is sitting out (the "
           "clock acted twice).")),
}


@dataclass(eq=False)
class SeatedPlayer:
    """A human in a seat."""

    member: Member
    conn: Connection | None
    stack: int
    sitting_out: bool = False
    expiries: int = 0
    #: Stands up when the hand (round) in progress ends.
    leaving: bool = False
    grace: Timer | None = None

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def away(self) -> bool:
        return self.conn is None

    @property
    def acts_alone(self) -> bool:
        """The room acts for this seat at once: sitting out or standing up."""
        return self.sitting_out or self.leaving

    def status(self) -> SeatStatus:
        if self.away:
            return SeatStatus.AWAY
        return SeatStatus.SITTING_OUT if self.sitting_out else SeatStatus.PLAYING


class SharedTable:
    """The parts of a table that do not depend on the game."""

    game: Game

    def __init__(self, room: TableHost, table_id: str, name: str, seat_count: int,
                 action_clock: float, grace: float, *, permanent: bool) -> None:
        self.room = room
        self.id = table_id
        self.name = name
        self.seat_count = seat_count
        self.action_clock = action_clock
        self.grace = grace
        #: Predefined tables stay open when empty; tables players create close.
        self.permanent = permanent
        self.watchers: set[Connection] = set()
        self.chat_log: deque[ChatEntry] = deque(maxlen=CHAT_HISTORY)
        self._rates: dict[str, RateLimit] = {}
        self.clock = ActionClock(room.clock)
        self.closed = False
        #: The name of the host who paused the table ("": it plays).
        self.paused_by = ""
        #: The host closed the table and its hand in play is played out first.
        self.closing = False
        #: Seconds the action clock had left when the host paused it.
        self.held_seconds: float | None = None

    # --- to implement ------------------------------------------------------------

    def players(self) -> Iterator[tuple[int, SeatedPlayer]]:
        raise NotImplementedError

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        raise NotImplementedError

    def info(self) -> TableInfo:
        raise NotImplementedError

    def send_snapshot(self, conn: Connection, ref: int | None = None) -> None:
        """The table as ``conn`` may see it; ``ref``: the request it answers (a sit, a
        watch), None when the room sends it unprompted (a reconnection)."""
        raise NotImplementedError

    def stand_up(self, seat: int) -> None:
        """Free ``seat`` now (between hands)."""
        raise NotImplementedError

    def void(self, reason: str, /, **args: object) -> None:
        """Stop the hand (the round) in progress: nothing of it counts, every chip goes back.

        ``reason`` is a message id (a template marked N_ when ``args`` fill it): each
        player reads it in their own language (:func:`hand_voided`)."""
        raise NotImplementedError

    @property
    def in_play(self) -> bool:
        raise NotImplementedError

    def hold(self) -> None:
        """The host paused the table: stop every clock and timer, remembering what was left."""
        raise NotImplementedError

    def release(self) -> None:
        """The host resumed the table: the clocks run on from where they stopped."""
        raise NotImplementedError

    # --- the host's controls -------------------------------------------------------

    def check_playing(self) -> None:
        """Refused while the host has the table paused: nobody acts or bets."""
        if self.paused_by:
            raise Refused(N_("the table is paused by the host ({name})"), name=self.paused_by)

    def hold_clock(self) -> None:
        """Stop the action clock, keeping the seconds it had left for :meth:`release`."""
        deadline = self.clock.deadline
        if deadline is not None:
            self.held_seconds = max(0.0, deadline - self.room.clock.wall())
        self.clock.stop()

    def held_clock(self) -> float | None:
        """The seconds the paused clock had left, once (None: a new turn's full clock)."""
        seconds, self.held_seconds = self.held_seconds, None
        return seconds

    def pause(self, by: str) -> None:
        """The host ``by`` stops the table: the clock stops, no hand is dealt, nobody acts."""
        if self.closed:
            raise Refused(N_("this table is closing"))
        if self.paused_by:
            raise Refused(N_("the table is already paused by {name}"), name=self.paused_by)
        self.paused_by = by
        self.hold()
        self.broadcast(TablePaused(self.id, by))
        self.room.lobby_changed(self)

    def resume(self) -> None:
        """The table plays again, its clock from where it stopped."""
        if not self.paused_by:
            raise Refused(N_("the table is not paused"))
        self.paused_by = ""
        self.broadcast(TablePaused(self.id, ""))
        self.release()
        self.room.lobby_changed(self)

    def close_by_host(self, by: str, *, void: bool) -> bool:
        """The host ``by`` closes the table: the hand in play voided (``void``) or played
        out first. True when the table is gone now, False when it goes after the hand."""
        if self.closing:
            raise Refused(N_("this table is already closing"))
        if not void and self.in_play:
            self.closing = True
            self.closed = True  # nobody sits down, no hand after this one
            if self.paused_by:
                self.paused_by = ""
                self.broadcast(TablePaused(self.id, ""))
                self.release()
            self.notice(N_("The host ({name}) closes the table after this hand.")
                        if self.game.hand_word == "hand" else
                        N_("The host ({name}) closes the table after this round."), name=by)
            self.room.lobby_changed(self)
            return False
        self.room.remove_table(self, N_("The host ({name}) closed the table: the hand in "
                                        "play is void and every bet went back to its stack.")
                               if self.game.hand_word == "hand" else
                               N_("The host ({name}) closed the table: the round in play is "
                                  "void and every bet went back to its stack."), name=by)
        return True

    def hand_over(self) -> None:
        """A hand (round) settled: a table the host is closing goes now."""
        if self.closing:
            self.room.remove_table(self, N_("closed by the host"))

    def kick(self, profile: str, by: str, *, banned: bool) -> bool:
        """Stand ``profile`` up here and stop their screens watching; whether they were here.

        A seat dealt into the hand in play is folded (or stood) for and stands
        up as the hand ends, which settles as any hand does; the chips the seat
        had go back to the player's balance (their game does it on
        :class:`Kicked`, and the room's kept results reach their store).
        """
        found = False
        for seat, player in list(self.players()):
            if player.member.profile != profile:
                continue
            found = True
            chips = player.stack
            conn = player.conn
            if self.in_play and self.dealt_in(seat):
                player.leaving = True
                player.sitting_out = True
                self.act_for_absent(seat)
            else:
                self.stand_up(seat)
            if conn is not None:
                conn.tables.discard(self.id)
                conn.send(Kicked(self.id, by, chips, banned))
            self.notice(N_("The host ({host}) removed {name} from the table."), host=by,
                        name=player.name)
            self.send_seats()
        for conn in list(self.watchers):
            if conn.member.profile == profile:
                found = True
                self.watchers.discard(conn)
                conn.tables.discard(self.id)
                conn.send(Kicked(self.id, by, 0, banned))
        self.drop_pending(profile)
        if found:
            self.room.lobby_changed(self)
        return found

    def drop_pending(self, profile: str) -> None:
        """Hold'em: forget a seat ``profile`` was to take from the next hand."""

    # --- who is here --------------------------------------------------------------

    def seat_of(self, profile: str) -> int | None:
        for seat, player in self.players():
            if player.member.profile == profile:
                return seat
        return None

    def player_at(self, seat: int) -> SeatedPlayer | None:
        return next((p for s, p in self.players() if s == seat), None)

    def viewers(self) -> Iterator[tuple[Connection, int | None]]:
        """Every live connection at this table with the seat it sees as (None: watching)."""
        seated = set()
        for seat, player in self.players():
            if player.conn is not None and not player.conn.closed:
                seated.add(player.conn)
                yield player.conn, seat
        for conn in list(self.watchers):
            if conn not in seated and not conn.closed:
                yield conn, None

    def has_humans(self) -> bool:
        return any(True for _ in self.players()) or bool(self.watchers)

    def broadcast(self, message: Message) -> None:
        for conn, _ in self.viewers():
            conn.send(message)

    def notice(self, text: str, **args: object) -> None:
        """Tell everyone at the table; with ``args``, ``text`` is a template marked N_
        that each player reads in their own language (cardtui/wire/words.py)."""
        if not args:
            # Its own message id: a sentence marked N_ reads in each player's language
            # (one that is not, a name or a host's words, reads as it is).
            self.broadcast(Notice(self.id, text, key=text))
            return
        key, strings = said(text, **args)
        self.broadcast(Notice(self.id, english(key, strings), key=key, args=strings))

    def send_seats(self) -> None:
        self.broadcast(TableSeats(self.id, self.seat_infos()))
        self.room.lobby_changed(self)

    def player_of(self, conn: Connection) -> tuple[int, SeatedPlayer]:
        """The seat ``conn`` plays. A key's seat is played from its latest connection:
        another game of the same key (a terminal left open) may not move it."""
        seat = self.seat_of(conn.member.profile)
        if seat is None:
            raise Refused(N_("you have no seat at this table"))
        player = self.player_at(seat)
        assert player is not None
        if player.conn is not conn:
            raise Refused(N_("your seat is played from another connection"))
        return seat, player

    def check_buy_in(self, buy_in: int, limits: tuple[int, int]) -> None:
        low, high = limits
        if not low <= buy_in <= high:
            raise Refused(N_("the buy-in at this table is {low} to {high}, not {amount}"), low=low,
                          high=high, amount=buy_in)

    def check_can_sit(self, conn: Connection) -> None:
        if self.closed:
            raise Refused(N_("this table is closing"))
        if self.seat_of(conn.member.profile) is not None:
            raise Refused(N_("you already have a seat at this table"))

    # --- requests every table answers --------------------------------------------

    def watch(self, conn: Connection, ref: int | None = None) -> None:
        self.watchers.add(conn)
        conn.tables.add(self.id)
        self.send_snapshot(conn, ref)
        self.room.lobby_changed(self)

    def leave(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        seat = self.seat_of(conn.member.profile)
        player = self.player_at(seat) if seat is not None else None
        if seat is None or player is None or player.conn is not conn:
            # Watching, or the screen of a seat that a later connection of the
            # same key took over: that seat plays on.
            conn.tables.discard(self.id)
            self.room.lobby_changed(self)
            return
        self._leave_seat(seat, player)
        conn.tables.discard(self.id)

    def _leave_seat(self, seat: int, player: SeatedPlayer) -> None:
        if self.in_play and self.dealt_in(seat):
            player.leaving = True
            self.notice(N_("{name} is leaving after this hand."), name=player.name)
            self.act_for_absent(seat)
        else:
            self.stand_up(seat)
            self.notice(N_("{name} leaves the table."), name=player.name)
            self.send_seats()

    def dealt_in(self, seat: int) -> bool:
        raise NotImplementedError

    def act_for_absent(self, seat: int) -> None:
        """If it is ``seat``'s turn now, the room acts for it (it sits out or leaves)."""
        raise NotImplementedError

    def sit_out(self, conn: Connection) -> None:
        seat, player = self.player_of(conn)
        if not player.sitting_out:
            self.room.heard(conn.member)
            player.sitting_out = True
            self.notice(N_("{name} sits out."), name=player.name)
            self.send_seats()
            self.act_for_absent(seat)

    def come_back(self, conn: Connection) -> None:
        _, player = self.player_of(conn)
        player.expiries = 0
        if player.sitting_out:
            # Never refused: coming back is bounded by the sitting out before it (the
            # player's, which is limited, or the clock's), and nobody is kept out.
            player.sitting_out = False
            self.notice(N_("{name} is back."), name=player.name)
            self.send_seats()
            self.players_changed()

    def players_changed(self) -> None:
        """Somebody sat down or came back: a game may start."""

    def chat(self, conn: Connection, text: str) -> None:
        line = clean(text)
        if not line:
            raise Refused(N_("nothing to say: the line was empty once cleaned"))
        if self.seat_of(conn.member.profile) is None and conn not in self.watchers:
            raise Refused(N_("join or watch the table to chat there"))
        rate = self._rates.setdefault(conn.member.profile, RateLimit(clock=self.room.clock))
        if not rate.allow():
            raise Refused(N_("slow down: too many chat lines"))
        entry = ChatEntry(conn.member.name, line, *self.chat_place())
        self.chat_log.append(entry)
        self.broadcast(ChatLine(self.id, entry.name, entry.text))

    def chat_place(self) -> tuple[int, int]:
        """Where a line said now falls: the hand (round) in play and its records so far;
        (0, 0) between hands."""
        raise NotImplementedError

    def renamed(self, member: Member, old: str) -> None:
        """``member`` has a new name (it was ``old``): their seat here shows it from now.

        A hand in play goes on; its records keep the name it was dealt with
        (see :meth:`dealt_name`).
        """
        held = False
        for player in self.holders():
            if player.member.profile == member.profile:
                player.member = member
                held = True
        if held:
            self.notice(N_("{old} is now {name}."), old=old, name=member.name)
            self.send_seats()

    def holders(self) -> Iterator[SeatedPlayer]:
        """Every player with a seat here (hold'em adds those waiting for a bot's seat)."""
        for _, player in self.players():
            yield player

    def dealt_name(self, seat: int, player: SeatedPlayer, dealt: HandStarted | None) -> str:
        """The name a settled hand (round) records for ``seat``: the one it was dealt with.

        A player may rename mid-hand; their screen shows the new name at once,
        but the hand keeps the old one to its end. A PHH file names each seat
        once (its ``players`` list) for the whole hand, and every viewer's copy
        of a hand (and the seat's own row, stored with it) must read alike,
        whenever they joined: the room's :class:`HandStarted` fixes the names.
        """
        if dealt is not None:
            for info in dealt.seats:
                if info.seat == seat:
                    return info.name
        return player.name

    # --- connections ------------------------------------------------------------------

    def disconnected(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        for seat, player in list(self.players()):
            if player.conn is not conn:
                continue
            player.conn = None
            if player.member.guest and not player.member.resumable:
                self._leave_seat(seat, player)  # a guest's seat ends when they leave
                continue
            self.notice(N_("{name} lost the connection."), name=player.name)
            player.grace = self.room.clock.call_later(self.grace, self._grace_over, player)
            self.send_seats()
        self.room.lobby_changed(self)

    def _grace_over(self, player: SeatedPlayer) -> None:
        player.grace = None
        seat = next((s for s, p in self.players() if p is player), None)
        if seat is not None and player.away:
            self._leave_seat(seat, player)

    def reconnected(self, conn: Connection) -> bool:
        """Put ``conn`` back in its member's seat here; False when they have none."""
        seat = self.seat_of(conn.member.profile)
        if seat is None:
            return False
        player = self.player_at(seat)
        assert player is not None
        if player.grace is not None:
            player.grace.cancel()
            player.grace = None
        old = player.conn
        player.conn = conn
        player.member = conn.member  # the name the profile's settings have now
        player.sitting_out = False
        player.expiries = 0
        conn.tables.add(self.id)
        self.notice(N_("{name} is back."), name=player.name)
        self.send_snapshot(conn)
        if old is not None and old is not conn and not old.closed:
            # Another game of the same key, still open (a second terminal): its
            # screen watches from now on (it froze), told where the seat went.
            self.watchers.add(old)
            self.send_snapshot(old)
            moved = N_("Your seat here is now played from your other connection: this screen "
                       "watches.")
            old.send(Notice(self.id, moved, key=moved))
        self.send_seats()
        self.players_changed()
        return True

    def expired(self, seat: int, player: SeatedPlayer, move: str) -> None:
        """The clock acted for ``player`` (``move``: "folds", "stands"...): two in a row
        and they sit out.

        Every expiry is named as the clock's: the log's "bob folds" alone read as
        bob's own choice (issue 24), and only the second one said the clock acted.
        """
        player.expiries += 1
        once, twice = _CLOCK_ACTED[move]
        if player.expiries >= EXPIRIES_TO_SIT_OUT and not player.sitting_out:
            player.sitting_out = True
            self.notice(twice, name=player.name)
            self.send_seats()
        else:
            self.notice(once, name=player.name)
