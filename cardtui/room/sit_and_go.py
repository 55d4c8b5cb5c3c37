"""Sit-and-go tournaments at the room's shared tables.

A sit-and-go is opened from the lobby; players register there (the buy-in
leaves their balance: the room's ledger counts it bought in), and it starts
when every seat is taken, or when a host says so (bots may take the empty
seats then, their buy-ins the house's). Its table is a
:class:`~cardtui.room.sit_and_go_table.SitAndGoTable`, listed in the lobby like
any other; the seats are drawn at random. The blinds rise on a clock of
:attr:`SitAndGoOptions.level_seconds` per level (the room's clock: a test runs
it on virtual time), and a new level starts with the next hand dealt.

Players out of chips go out in order; while late registration is open a
player out of chips may rebuy before the next hand (a rebuy is a buy-in
again, for the starting stack), and new players may register and take an
empty seat. The last player with chips wins; the prize pool (every buy-in and
rebuy) is paid by place (:func:`~cardtui.room.sit_and_go_rules.payouts`), each
prize counted cashed out in the ledger, and every entrant is sent the results
board (:class:`~cardtui.wire.protocol.TournamentResults`), kept for one who is
not connected until they are.

Between hands a sit-and-go's state is kept in the room's store
(:mod:`cardtui.store.tournament_store`) and comes back when the server
starts again: registrations, the table's seats and stacks, the button, the
level and the time left in it, who is out. A hand in play when the server
stopped (or was killed) is not in it: its bets went back, as at any table.
"""

from __future__ import annotations

import itertools
import json
import logging
import random
from collections.abc import Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from cardtui.clock import Timer
from cardtui.holdem.bots import Personality
from cardtui.holdem.button import Positions
from cardtui.holdem.table import BlindLevel
from cardtui.i18n import N_
from cardtui.room.chat import clean
from cardtui.room.config import MAX_NAME, ConfigError, HoldemOptions
from cardtui.room.connection import Connection, Member
from cardtui.room.holdem_table import BOT_NAMES, RoomBot
from cardtui.room.shared import Refused, SeatedPlayer
from cardtui.room.sit_and_go_rules import (
    REBUY_SECONDS,
    Entry,
    Finisher,
    SitAndGoOptions,
    Standings,
    late_seats,
    payouts,
)
from cardtui.room.sit_and_go_table import SitAndGoTable
from cardtui.store.tournament_store import KeptPlace, TournamentStore
from cardtui.wire.protocol import (
    CreateSitAndGo,
    Error,
    ErrorCode,
    HostStartSitAndGo,
    Message,
    Notice,
    Rebuy,
    Register,
    SitAndGoInfo,
    SitAndGoStage,
    SitAndGoUpdate,
    TournamentPlace,
    TournamentResults,
    TournamentState,
    Unregister,
)
from cardtui.wire.words import english, said

if TYPE_CHECKING:
    from cardtui.room.room import Room

log = logging.getLogger("cardtui.room.sit_and_go")

#: Seconds between the start and the first hand: the registered players' games
#: open the table (a seat nobody took by then is blinded off until its player comes).
START_DELAY = 10.0
#: Seconds the table stays open once the tournament is over (the last hand on screen).
RESULTS_LINGER = 30.0
#: Sit-and-gos not finished at once in the room, and per player who opened them.
MAX_OPEN = 4
MAX_OPEN_PER_PLAYER = 1
#: Finished sit-and-gos still listed in the lobby (their results board).
FINISHED_LISTED = 5
#: The answer to a non-host's start (the host desk's words).
NOT_HOST = N_("only the room's hosts may do that")
#: An answer as data: its template (marked N_) and the template's arguments.
Answer = tuple[str, dict[str, object]]


class SitAndGo:
    """One tournament: its entries, its prize pool, its level clock and its table."""

    def __init__(self, desk: SitAndGoDesk, sit_and_go_id: str, options: SitAndGoOptions,
                 creator: str, rng: random.Random) -> None:
        self.desk = desk
        self.room = desk.room
        self.id = sit_and_go_id
        self.options = options
        self.creator = creator
        self.rng = rng
        self.stage = SitAndGoStage.REGISTERING
        self.entries: dict[str, Entry] = {}
        #: Every buy-in and rebuy not paid out yet.
        self.pool = 0
        #: What the house paid in for bots, and took back from their prizes.
        self.house_in = 0
        self.house_out = 0
        self.level = 0
        #: Seconds left in the level as of :attr:`_level_started` (or while it is held).
        self.level_left = float(options.level_seconds)
        self._level_started: float | None = None
        self._level_timer: Timer | None = None
        self.standings = Standings()
        #: Out of chips in the last hand, with a rebuy to make before the next one.
        self.pending: dict[str, Finisher] = {}
        #: Busted in the hand that just settled (seat, chips it began with), until settled.
        self._busted: list[tuple[int, int]] = []
        self.table: SitAndGoTable | None = None
        self.results: tuple[TournamentPlace, ...] = ()
        self._bot_names = itertools.cycle(BOT_NAMES)
        self._personalities = itertools.cycle(list(Personality))

    # --- what it is now --------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.stage is SitAndGoStage.RUNNING

    @property
    def late_open(self) -> bool:
        """Late registration and rebuys: open through level ``late_levels``."""
        return self.running and self.level < self.options.late_levels

    @property
    def registration_open(self) -> bool:
        seats_left = self.stage is SitAndGoStage.REGISTERING or (
            self.late_open and self.table is not None and None in self.table.seats)
        return seats_left and (self.running or len(self.entries) < self.options.seats)

    def info(self) -> SitAndGoInfo:
        o = self.options
        return SitAndGoInfo(
            self.id, o.name, self.stage, o.buy_in, o.starting_stack, o.seats,
            tuple(e.name for e in self.entries.values()), o.level_seconds, o.late_levels,
            o.rebuys, pool=self.pool if self.stage is not SitAndGoStage.FINISHED else sum(
                p.prize for p in self.results),
            table=self.table.id if self.table is not None and self.running else "",
            open=self.registration_open)

    def blinds(self) -> BlindLevel:
        return self.options.level(self.level)

    def table_options(self) -> HoldemOptions:
        """The hold'em options of the next hand: the level's blinds, the tournament's clock."""
        o, level = self.options, self.blinds()
        return HoldemOptions(
            name=o.name[:MAX_NAME], seats=o.seats, small_blind=level.small,
            big_blind=level.big, starting_stack=max(o.starting_stack, 100 * level.big),
            bots_fill=False, action_clock=o.action_clock, grace=o.grace,
            between_hands=o.between_hands)

    def seconds_left(self) -> float:
        """Seconds to the next level (0 at the last one)."""
        if self.level >= len(self.options.schedule) - 1:
            return 0.0
        if self._level_started is None:
            return self.level_left
        return max(0.0, self.level_left - (self.room.clock.monotonic() - self._level_started))

    def chips_in_play(self) -> int:
        """Tournament chips at the table: every entry's and rebuy's starting stack."""
        table = self.table
        if table is None:
            return 0
        if table.hand is not None:
            return sum(s for s in table.hand.starting_stacks if s is not None) + sum(
                o.stack for seat, o in enumerate(table.seats)
                if o is not None and not table.dealt_in(seat))
        return sum(o.stack for o in table.seats if o is not None)

    def state(self) -> TournamentState:
        table = self.table
        stacks = [o.stack for o in table.seats if o is not None and o.stack > 0] \
            if table is not None else []
        if table is not None and table.hand is not None:
            stacks = [s for s in table.hand.starting_stacks if s]
        last = self.level >= len(self.options.schedule) - 1
        after = self.options.level(self.level + 1)
        held = self._level_started is None and not last
        left = self.seconds_left()
        return TournamentState(
            self.id, self.level + 1, self.blinds().small, self.blinds().big,
            0 if last else after.small, 0 if last else after.big,
            0.0 if last or held else self.room.clock.wall() + left,
            len(stacks) + len(self.pending), len(self.entries),
            sum(stacks) // len(stacks) if stacks else 0, held=left if held else 0.0,
            may_rebuy=tuple(self.entries[p].name for p in self.pending),
            ante=self.blinds().ante, next_ante=0 if last else after.ante)

    def send_state(self, conn: Connection | None = None) -> None:
        if self.table is None or self.stage is SitAndGoStage.REGISTERING:
            return
        if conn is not None:
            conn.send(self.state())
        else:
            self.table.broadcast(self.state())

    # --- registering --------------------------------------------------------------------

    def register(self, conn: Connection) -> Answer:
        member = conn.member
        quoted = repr(self.options.name)
        if member.profile in self.entries:
            raise Refused(N_("you are registered for {name} already"), name=quoted)
        if self.stage is SitAndGoStage.FINISHED:
            raise Refused(N_("{name} is over"), name=quoted)
        if self.running and not self.late_open:
            raise Refused(N_("registration for {name} is closed"), name=quoted)
        if not self.registration_open:
            raise Refused(N_("{name} is full"), name=quoted)
        self.room.heard(member)
        entry = Entry(member.profile, member.name, guest=member.guest)
        self._pay(entry)
        self.entries[member.profile] = entry
        if self.running:
            self._seat_late(entry)
            answer: Answer = (N_("You are in {name} (late registration): your seat is at its "
                                 "table."), {"name": quoted})
        elif len(self.entries) == self.options.seats:
            self.start()
            answer = (N_("You are in {name}: it starts now."), {"name": quoted})
        else:
            answer = (N_("You are registered for {name} ({registered}/{seats})."),
                      {"name": quoted, "registered": len(self.entries),
                       "seats": self.options.seats})
        self.desk.changed(self)
        return answer

    def _pay(self, entry: Entry) -> None:
        """One buy-in (an entry or a rebuy) into the prize pool, from the player's balance
        (the house's for a bot)."""
        buy_in = self.options.buy_in
        entry.paid += buy_in
        self.pool += buy_in
        if entry.is_bot:
            self.house_in += buy_in
        else:
            self.room.ledger.bought_in(entry.profile, entry.name, buy_in, guest=entry.guest)

    def unregister(self, conn: Connection) -> Answer:
        entry = self.entries.get(conn.member.profile)
        quoted = repr(self.options.name)
        if entry is None:
            raise Refused(N_("you are not registered for {name}"), name=quoted)
        if self.stage is not SitAndGoStage.REGISTERING:
            raise Refused(N_("{name} has started: the buy-in is in play"), name=quoted)
        del self.entries[entry.profile]
        self.pool -= entry.paid
        self.room.ledger.cashed_out(entry.profile, entry.name, entry.paid, guest=entry.guest)
        self.desk.changed(self)
        return (N_("You are no longer registered for {name}: the buy-in is back."),
                {"name": quoted})

    def rebuy(self, conn: Connection) -> Answer:
        profile = conn.member.profile
        entry = self.entries.get(profile)
        if entry is None or profile not in self.pending or self.table is None:
            raise Refused(N_("a rebuy is for a player out of chips, before the next hand"))
        if not self.late_open:
            raise Refused(N_("rebuys are closed"))
        if entry.rebuys >= self.options.rebuys:
            raise Refused(N_("you have made every rebuy ({rebuys})"), rebuys=self.options.rebuys)
        seat = self.table.seat_of(profile)
        player = self.table.player_at(seat) if seat is not None else None
        if player is None:
            raise Refused(N_("you have no seat at this tournament's table"))
        del self.pending[profile]
        entry.rebuys += 1
        self._pay(entry)
        player.stack += self.options.starting_stack
        self.table.notice(N_("{name} rebuys: {chips} chips."), name=entry.name,
                          chips=self.options.starting_stack)
        self.table.send_seats()
        self.send_state()
        self.desk.changed(self)
        return N_("You rebuy: {chips} chips."), {"chips": self.options.starting_stack}

    # --- the start ---------------------------------------------------------------------------

    def start(self, *, by_host: str = "") -> None:
        if self.stage is not SitAndGoStage.REGISTERING:
            raise Refused(N_("{name} has started already"), name=repr(self.options.name))
        humans = sum(1 for e in self.entries.values() if not e.is_bot)
        fill = bool(by_host) and self.options.bots_fill
        if humans < 1 or (len(self.entries) < 2 and not fill):
            raise Refused(N_("a sit-and-go starts with at least two players"))
        if fill:
            while len(self.entries) < self.options.seats:
                name = self._bot_name()
                bot = Entry(f"bot:{name}", name, bot=next(self._personalities).value)
                self._pay(bot)
                self.entries[bot.profile] = bot
        order = list(self.entries.values())
        self.rng.shuffle(order)  # the seats are drawn
        table = self._open_table()
        for seat, entry in enumerate(order):
            self._seat(table, seat, entry, self.options.starting_stack)
        self.stage = SitAndGoStage.RUNNING
        self._run_level()
        starter = f" (started by the host, {by_host})" if by_host else ""
        if by_host:
            table.notice(N_("{name} starts (started by the host, {host}): {players} players, "
                            "{chips} chips each, blinds {blinds}."), name=self.options.name,
                         host=by_host, players=len(order), chips=self.options.starting_stack,
                         blinds=self.blinds())
        else:
            table.notice(N_("{name} starts: {players} players, {chips} chips each, blinds "
                            "{blinds}."), name=self.options.name, players=len(order),
                         chips=self.options.starting_stack, blinds=self.blinds())
        table._schedule_hand(START_DELAY)
        self.room.lobby_changed(table)
        log.info("sit-and-go %s (%s) starts with %d entrants%s", self.id, self.options.name,
                 len(order), starter)

    def _bot_name(self) -> str:
        taken = {e.name for e in self.entries.values()}
        for _ in range(len(BOT_NAMES)):
            name = next(self._bot_names)
            if name not in taken:
                return name
        return f"Bot {len(self.entries) + 1}"

    def _open_table(self) -> SitAndGoTable:
        table = SitAndGoTable(self.room, self.id, self.table_options(), self,
                              rng=random.Random(self.rng.getrandbits(64)))
        self.table = table
        self.room.tables[table.id] = table
        return table

    def _seat(self, table: SitAndGoTable, seat: int, entry: Entry, stack: int) -> None:
        if entry.is_bot:
            table.place(seat, RoomBot(entry.name, stack, Personality(entry.bot)))
            return
        # Away until their game takes the seat (Sit): blinded off and folded meanwhile.
        member = Member(entry.profile, entry.name, guest=entry.guest)
        table.place(seat, SeatedPlayer(member, None, stack, sitting_out=True))

    def _seat_late(self, entry: Entry) -> None:
        table = self.table
        assert table is not None
        free = [s for s, o in enumerate(table.seats) if o is None]
        # Drawn at random, but not between the button and the small blind (Poker TDA).
        seat = self.rng.choice(late_seats(free, table.positions, table.seat_count))
        self._seat(table, seat, entry, self.options.starting_stack)
        table.notice(N_("{name} registers late: seat {seat}, {chips} chips."), name=entry.name,
                     seat=seat + 1, chips=self.options.starting_stack)
        table.send_seats()
        self.send_state()
        table.players_changed()

    # --- the level clock ------------------------------------------------------------------

    def _run_level(self) -> None:
        self._level_started = self.room.clock.monotonic()
        if self.level < len(self.options.schedule) - 1:
            self._level_timer = self.room.clock.call_later(self.level_left, self._next_level)

    def _stop_level(self) -> None:
        self.level_left = self.seconds_left()
        self._level_started = None
        if self._level_timer is not None:
            self._level_timer.cancel()
            self._level_timer = None

    def _next_level(self) -> None:
        self._level_timer = None
        if not self.running or self.room.stopped:
            return
        was_open = self.late_open
        self.level += 1
        self.level_left = float(self.options.level_seconds)
        self._run_level()
        if self.table is not None:
            self.table.notice(N_("Level {level}: blinds {blinds} from the next hand."),
                              level=self.level + 1, blinds=self.blinds())
            if was_open and not self.late_open:
                self.table.notice(N_("Late registration and rebuys are closed."))
        self.send_state()
        self.desk.changed(self)

    def hold(self) -> None:
        if self.running and self._level_started is not None:
            self._stop_level()
            self.send_state()

    def release(self) -> None:
        if self.running and self._level_started is None:
            self._run_level()
            self.send_state()

    # --- hands: who is out, who wins -------------------------------------------------------

    def busted(self, seat: int, started_with: int) -> None:
        self._busted.append((seat, started_with))

    def hand_settled(self) -> None:
        table = self.table
        assert table is not None
        busted, self._busted = self._busted, []
        # Out in the same hand: more chips at its start places higher (TDA), so the
        # smaller stacks are named first, each with the place it goes out in.
        busted.sort(key=lambda item: item[1])
        for seat, started_with in busted:
            occupant = table.seats[seat]
            if occupant is None:
                continue
            profile = self._profile(occupant)
            finisher = Finisher(profile, table.hand_number, started_with)
            entry = self.entries[profile]
            if (not entry.is_bot and self.late_open and entry.rebuys < self.options.rebuys
                    and isinstance(occupant, SeatedPlayer) and not occupant.away):
                self.pending[profile] = finisher
                table.notice(N_("{name} is out of chips: a rebuy ({buy_in} for {chips} chips, "
                                "/rebuy in the chat) before the next hand, or out."),
                             name=entry.name, buy_in=self.options.buy_in,
                             chips=self.options.starting_stack)
                continue
            self._out(seat, finisher)
        if self.pending and table._next_hand is not None:
            # Time to decide: the next hand waits for a rebuy.
            table._next_hand.cancel()
            table._next_hand = None
            table._schedule_hand(REBUY_SECONDS)
        if not self.pending and self._players_with_chips() <= 1:
            self.finish()
            return
        table.send_seats()
        self.send_state()
        self.desk.changed(self)

    def before_deal(self) -> None:
        """Players out of chips who did not rebuy go out now (in the order they busted)."""
        table = self.table
        if table is None or not self.running:
            return
        if self.pending:
            for profile, finisher in sorted(self.pending.items(),
                                            key=lambda item: item[1].started_with):
                seat = table.seat_of(profile)
                del self.pending[profile]
                if seat is not None:
                    self._out(seat, finisher)
            table.send_seats()
            self.send_state()
            self.desk.changed(self)
        if self._players_with_chips() <= 1:
            self.finish()

    def _out(self, seat: int, finisher: Finisher) -> None:
        table = self.table
        assert table is not None
        self.standings.out.append(finisher)
        still_in = self._players_with_chips() + len(self.pending)
        place = self.standings.place_now(finisher, still_in)
        name = self.entries[finisher.profile].name
        table.remove(seat)
        # The place goes as its number: each game words the ordinal (cardtui/wire/words.py).
        table.notice(N_("{name} is out in {place} place."), name=name, place=place)

    def _players_with_chips(self) -> int:
        table = self.table
        if table is None:
            return 0
        return sum(1 for o in table.seats if o is not None and o.stack > 0)

    @staticmethod
    def _profile(occupant: SeatedPlayer | RoomBot) -> str:
        return occupant.member.profile if isinstance(occupant, SeatedPlayer) \
            else f"bot:{occupant.name}"

    # --- the end --------------------------------------------------------------------------------

    def finish(self) -> None:
        """One player has every chip: places and prizes, the results to every entrant."""
        table = self.table
        assert table is not None
        winner_seat = next(s for s, o in enumerate(table.seats) if o is not None and o.stack > 0)
        occupant = table.seats[winner_seat]
        assert occupant is not None
        winner = self._profile(occupant)
        self.stage = SitAndGoStage.FINISHED
        self._stop_level()
        table.closed = True  # no hand after this one
        rows = payouts(self.standings.out, winner, self.pool, len(self.entries))
        places = []
        for finisher, place, prize in rows:
            entry = self.entries[finisher.profile]
            if entry.is_bot:
                self.house_out += prize
            elif prize:
                self.room.ledger.cashed_out(entry.profile, entry.name, prize, guest=entry.guest)
            places.append(TournamentPlace(place, entry.name, prize, entry.is_bot))
        self.pool = 0
        self.results = tuple(places)
        table.notice(N_("{name} wins {tournament}!"), name=self.entries[winner].name,
                     tournament=self.options.name)
        self.desk.finished(self, rows)
        self._send_results(rows)
        self.room.clock.call_later(RESULTS_LINGER, self._close_table)
        log.info("sit-and-go %s (%s) is over: %s", self.id, self.options.name,
                 ", ".join(f"{p.place}. {p.name} {p.prize}" for p in places))

    def _send_results(self, rows: list[tuple[Finisher, int, int]]) -> None:
        prizes = {f.profile: prize for f, _, prize in rows}
        sent: set[Connection] = set()

        def board(profile: str) -> TournamentResults:
            entry = self.entries.get(profile)
            mine = entry is not None and not entry.is_bot
            return TournamentResults(self.id, self.options.name, self.results,
                                     sum(p.prize for p in self.results),
                                     yours=prizes.get(profile, 0) if mine else 0,
                                     paid=entry.paid if mine and entry is not None else 0)

        table = self.table
        assert table is not None
        for conn, _ in table.viewers():
            conn.send(board(conn.member.profile))
            sent.add(conn)
        for profile, entry in self.entries.items():
            if entry.is_bot:
                continue
            lines = [c for c in self.room.connections
                     if c.greeted and c.member.profile == profile and not c.closed]
            for conn in lines:
                if conn not in sent:
                    conn.send(board(profile))
            if not lines:
                # Told on their next connection (the room keeps what it could not deliver).
                self.room.undelivered.setdefault(profile, []).append(board(profile))

    def _close_table(self) -> None:
        table = self.table
        if table is None or table.id not in self.room.tables or self.room.stopped:
            return
        for seat, occupant in enumerate(table.seats):
            if occupant is not None:
                table.remove(seat)  # tournament chips: nothing to cash out
        self.room.remove_table(table, "The tournament is over.")

    # --- kept between runs --------------------------------------------------------------------

    def to_json(self) -> str:
        table = self.table
        seats: list[list[Any] | None] = []
        if table is not None:
            for occupant in table.seats:
                seats.append(None if occupant is None else [self._profile(occupant),
                                                           occupant.stack])
        positions = table.positions if table is not None else None
        options = asdict(self.options)
        options["schedule"] = [[b.small, b.big, b.ante, b.big_blind_ante]
                               for b in self.options.schedule]
        return json.dumps({
            "options": options, "creator": self.creator, "stage": self.stage.value,
            "entries": [asdict(e) for e in self.entries.values()],
            "pool": self.pool, "house_in": self.house_in, "house_out": self.house_out,
            "level": self.level, "level_left": self.seconds_left(),
            "out": [[f.profile, f.hand, f.started_with] for f in self.standings.out],
            "pending": [[f.profile, f.hand, f.started_with] for f in self.pending.values()],
            "seats": seats, "hand_number": table.hand_number if table is not None else 0,
            "positions": None if positions is None else [
                positions.button, positions.small_blind, positions.big_blind],
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, desk: SitAndGoDesk, sit_and_go_id: str, text: str,
                  rng: random.Random) -> SitAndGo:
        """A kept sit-and-go (ValueError, KeyError or TypeError when the text is not one)."""
        data = json.loads(text)
        values = dict(data["options"])
        # A sit-and-go kept before antes has [small, big] levels: no ante.
        values["schedule"] = tuple(
            BlindLevel(int(level[0]), int(level[1]), int(level[2]) if len(level) > 2 else 0,
                       bool(level[3]) if len(level) > 3 else False)
            for level in values["schedule"])
        sng = cls(desk, sit_and_go_id, SitAndGoOptions(**values), str(data["creator"]), rng)
        for item in data["entries"]:
            entry = Entry(**item)
            sng.entries[entry.profile] = entry
        sng.pool, sng.house_in = int(data["pool"]), int(data["house_in"])
        sng.house_out = int(data["house_out"])
        stage = SitAndGoStage(data["stage"])
        if stage is SitAndGoStage.RUNNING:
            sng.level = int(data["level"])
            sng.level_left = float(data["level_left"])
            sng.standings.out = [Finisher(str(p), int(h), int(c)) for p, h, c in data["out"]]
            sng.pending = {str(p): Finisher(str(p), int(h), int(c))
                           for p, h, c in data["pending"]}
            table = sng._open_table()
            for seat, kept in enumerate(data["seats"]):
                if kept is not None:
                    sng._seat(table, seat, sng.entries[str(kept[0])], int(kept[1]))
            table.hand_number = int(data["hand_number"])
            if data["positions"] is not None:
                table.positions = Positions(*(int(n) for n in data["positions"]))
            sng.stage = stage
            sng._run_level()
            table._schedule_hand(START_DELAY)
        elif stage is not SitAndGoStage.REGISTERING:
            raise ValueError("a finished sit-and-go is not kept")
        return sng


class SitAndGoDesk:
    """The room's sit-and-gos: their lobby lines, the requests about them, what is kept."""

    def __init__(self, room: Room, store: object | None = None) -> None:
        self.room = room
        self.sit_and_gos: dict[str, SitAndGo] = {}
        kept = TournamentStore(store) if store is not None else None
        self.store = kept if kept is not None and kept.usable else None
        #: Places finished tonight (this run) and, with a store, in the runs before it.
        self.tonight: list[KeptPlace] = []
        self.before: list[KeptPlace] = self.store.places() if self.store is not None else []
        self._ids = itertools.count(1)
        if self.store is not None:
            self._restore(self.store)

    def _new_id(self) -> str:
        while True:
            candidate = f"g{next(self._ids)}"
            if candidate not in self.sit_and_gos and candidate not in self.room.tables:
                return candidate

    def _restore(self, store: TournamentStore) -> None:
        for sit_and_go_id, text in store.states().items():
            try:
                sng = SitAndGo.from_json(self, sit_and_go_id, text,
                                         random.Random(self.room.rng.getrandbits(64)))
            except (ValueError, KeyError, TypeError, ConfigError) as error:
                log.warning("sit-and-go %s kept from the last run cannot come back: %s",
                            sit_and_go_id, error)
                store.drop(sit_and_go_id)
                continue
            self.sit_and_gos[sng.id] = sng
            if sng.table is not None:
                self.room.lobby_changed(sng.table)
            log.info("sit-and-go %s (%s) is back: %s", sng.id, sng.options.name,
                     sng.stage.value)
        numbers = [int(i[1:]) for i in self.sit_and_gos if i[1:].isdigit()]
        self._ids = itertools.count(max(numbers, default=0) + 1)

    # --- the lobby -----------------------------------------------------------------------

    def infos(self) -> tuple[SitAndGoInfo, ...]:
        return tuple(s.info() for s in self.sit_and_gos.values())

    def changed(self, sng: SitAndGo) -> None:
        """``sng``'s lobby line changed: to the lobby and to every entrant; kept."""
        update = SitAndGoUpdate(sng.info())
        for conn in self.room.connections:
            if conn.greeted and (not conn.tables or conn.member.profile in sng.entries):
                conn.send(update)
        if self.store is not None and sng.stage is not SitAndGoStage.FINISHED:
            self.store.keep_state(sng.id, sng.to_json())

    def finished(self, sng: SitAndGo, rows: list[tuple[Finisher, int, int]]) -> None:
        at = self.room.clock.wall()
        places = [KeptPlace(at, sng.id, f.profile, sng.entries[f.profile].name, place, prize)
                  for f, place, prize in rows if not sng.entries[f.profile].is_bot]
        self.tonight.extend(places)
        if self.store is not None:
            self.store.finish(sng.id, [p for p in places
                                       if not sng.entries[p.profile].guest])
        finished = [s for s in self.sit_and_gos.values() if s.stage is SitAndGoStage.FINISHED]
        for old in finished[:-FINISHED_LISTED]:
            del self.sit_and_gos[old.id]
        self.changed(sng)

    def places(self, *, all_time: bool) -> dict[str, tuple[str, list[int]]]:
        """Each profile's name and the places they finished in, best first."""
        out: dict[str, tuple[str, list[int]]] = {}
        for kept in (self.before + self.tonight) if all_time else self.tonight:
            _, places = out.get(kept.profile, (kept.name, []))
            places.append(kept.place)
            out[kept.profile] = (kept.name, places)
        return {p: (n, sorted(ps)) for p, (n, ps) in out.items()}

    def held(self) -> dict[str, int]:
        """Each profile's buy-ins in a prize pool not paid out yet (not cashed out)."""
        held: dict[str, int] = {}
        for sng in self.sit_and_gos.values():
            if sng.stage is SitAndGoStage.FINISHED:
                continue
            for entry in sng.entries.values():
                if not entry.is_bot:
                    held[entry.profile] = held.get(entry.profile, 0) + entry.paid
        return held

    def entered(self, profile: str, besides: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The sit-and-gos not over that ``profile`` is entered in (their ids, which are
        their tables' ids), less ``besides``."""
        return tuple(s.id for s in self.sit_and_gos.values()
                     if s.stage is not SitAndGoStage.FINISHED and profile in s.entries
                     and s.id not in besides)

    def running_tables(self) -> Iterator[SitAndGoTable]:
        for sng in self.sit_and_gos.values():
            if sng.table is not None:
                yield sng.table

    # --- requests --------------------------------------------------------------------------

    def handle(self, conn: Connection, message: Message, ref: int | None) -> None:
        if isinstance(message, CreateSitAndGo):
            template, args = self._create(conn, message)
            key, words = said(template, **args)
            conn.send(Notice(None, english(key, words), key=key, args=words, ref=ref))
            return
        sng_id = getattr(message, "sit_and_go", "")
        if isinstance(message, HostStartSitAndGo) and not conn.member.host:
            log.warning("%r (not a host) sent %s: refused", conn, message.TYPE)
            conn.send(Error(ErrorCode.NOT_HOST, NOT_HOST, sng_id, key=NOT_HOST, ref=ref))
            return
        sng = self.sit_and_gos.get(sng_id)
        if sng is None:
            raise Refused(N_("there is no such sit-and-go"))
        answer: Answer
        if isinstance(message, Register):
            answer = sng.register(conn)
        elif isinstance(message, Unregister):
            answer = sng.unregister(conn)
        elif isinstance(message, Rebuy):
            answer = sng.rebuy(conn)
        elif isinstance(message, HostStartSitAndGo):
            sng.start(by_host=conn.member.name)
            self.changed(sng)
            self.room.desk._record(conn, "start_sit_and_go", sng.id, sng.options.name)
            answer = (N_("{name} starts."), {"name": sng.options.name})
        else:
            raise Refused(N_("the room does not take {kind} messages here"), kind=message.TYPE)
        template, args = answer
        key, words = said(template, **args)
        conn.send(Notice(sng.table.id if sng.table is not None and sng.running else None,
                         english(key, words), key=key, args=words, ref=ref))

    def _create(self, conn: Connection, message: CreateSitAndGo) -> Answer:
        profile = conn.member.profile
        open_now = [s for s in self.sit_and_gos.values()
                    if s.stage is not SitAndGoStage.FINISHED]
        if len(open_now) >= MAX_OPEN:
            raise Refused(N_("the room has {count} sit-and-gos open already"), count=MAX_OPEN)
        if sum(1 for s in open_now if s.creator == profile) >= MAX_OPEN_PER_PLAYER:
            raise Refused(N_("you have a sit-and-go open already"))
        self.room.heard(conn.member)
        try:
            options = SitAndGoOptions(
                name=clean(message.name, MAX_NAME), seats=message.seats,
                buy_in=message.buy_in, starting_stack=message.starting_stack,
                level_seconds=message.level_seconds, late_levels=message.late_levels,
                rebuys=message.rebuys, bots_fill=message.bots_fill)
        except ConfigError as error:
            raise Refused(error.key, **error.words) from None  # worded by the player's game
        sng = SitAndGo(self, self._new_id(), options, profile,
                       random.Random(self.room.rng.getrandbits(64)))
        self.sit_and_gos[sng.id] = sng
        self.changed(sng)
        if conn.tables:
            conn.send(SitAndGoUpdate(sng.info()))
        return (N_("Sit-and-go {name} is open: {seats} seats, buy-in {buy_in} for {chips} "
                   "chips."), {"name": repr(options.name), "seats": options.seats,
                               "buy_in": options.buy_in, "chips": options.starting_stack})
