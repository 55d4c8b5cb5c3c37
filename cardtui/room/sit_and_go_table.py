"""A sit-and-go's table: the shared hold'em table's hand play, under tournament rules.

Everything about dealing, acting, the action clock and the time bank is
:class:`~cardtui.room.holdem_table.HoldemTable`'s. What a tournament changes:

* every seat with chips is dealt in, whether its player is there or not: an
  absent or sitting-out player is blinded off and folded (TDA: a player must
  be at their seat; nobody owes or waits for a blind), and the button moves
  under the dead button rule as at any table (:func:`cardtui.room.blinds.plan_deal`);
* the blinds are the level's when the hand is dealt: a level that ends during
  a hand starts with the next one;
* a seat out of chips is not stood up and cashed out: the tournament puts
  its player out (or lets them rebuy), and leaving the table keeps the seat;
* the chips are tournament chips: no buy-in, cash-out or settled hand of
  this table reaches the night's ledger or the players' balances (the
  tournament's buy-ins and prizes do, :mod:`cardtui.room.sit_and_go`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from cardtui.holdem.table import BlindLevel
from cardtui.i18n import N_
from cardtui.room.blinds import DealPlan, plan_deal
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Connection, Member
from cardtui.room.holdem_table import HoldemTable, RoomBot
from cardtui.room.ledger import Ledger
from cardtui.room.shared import Refused, SeatedPlayer, SharedTable, TableHost
from cardtui.wire.protocol import Kicked, Message, SeatSettled

if TYPE_CHECKING:
    from cardtui.clock import Clock


class Tournament(Protocol):
    """What the table needs of the tournament it plays
    (:class:`~cardtui.room.sit_and_go.SitAndGo`)."""

    @property
    def running(self) -> bool: ...

    def table_options(self) -> HoldemOptions:
        """The options of the next hand: the blinds of the level now."""

    def blinds(self) -> BlindLevel:
        """The level now: its blinds and ante."""

    def before_deal(self) -> None:
        """The next hand is about to be dealt: players who did not rebuy go out."""

    def busted(self, seat: int, started_with: int) -> None:
        """``seat`` ran out of chips in the hand that just settled."""

    def hand_settled(self) -> None:
        """A hand settled and the busted seats were dealt with."""

    def send_state(self, conn: Connection | None = None) -> None:
        """The level, the blinds and the players left to ``conn`` (None: the whole table)."""

    def hold(self) -> None:
        """The host paused the table: the level's clock stops too."""

    def release(self) -> None:
        """The table plays again: the level's clock runs on."""


class TournamentRoom:
    """The room as a tournament table sees it: the room itself, but with its own ledger
    (tournament chips are no cash: a seat taken or let go moves no one's balance), and a
    settled hand goes to its player's line as it is (the player's game records it as a
    tournament's hand, moving no kept chip) without the room's cash figures or its
    keeping it for a game that was not there to hear it."""

    def __init__(self, room: TableHost) -> None:
        self._room = room
        self.clock: Clock = room.clock
        self.ledger = Ledger()

    @property
    def id(self) -> str:
        return self._room.id

    def lobby_changed(self, table: SharedTable) -> None:
        self._room.lobby_changed(table)

    def table_emptied(self, table: SharedTable) -> None:
        """A tournament's table stays until the tournament ends, watched or not."""

    def deliver(self, player: SeatedPlayer, message: Message) -> None:
        if not isinstance(message, SeatSettled):
            self._room.deliver(player, message)
        elif player.conn is not None and not player.conn.closed:
            player.conn.send(message)

    def heard(self, member: Member) -> None:
        self._room.heard(member)

    def remove_table(self, table: SharedTable, reason: str, /, **args: object) -> None:
        self._room.remove_table(table, reason, **args)


class SitAndGoTable(HoldemTable):
    """One sit-and-go's hold'em table (its id is the sit-and-go's)."""

    def __init__(self, room: TableHost, table_id: str, options: HoldemOptions,
                 tournament: Tournament, *, rng: random.Random) -> None:
        super().__init__(TournamentRoom(room), table_id, options, permanent=True, rng=rng)
        self.tournament = tournament

    # --- seats: given by the tournament, kept by it ---------------------------------

    def place(self, seat: int, occupant: SeatedPlayer | RoomBot) -> None:
        """Seat an entrant (the start's draw, a late registration, a restart)."""
        self.seats[seat] = occupant
        if isinstance(occupant, SeatedPlayer):
            self.banks.setdefault(occupant.member.profile, self.options.time_bank)
            if occupant.conn is not None:
                occupant.conn.tables.add(self.id)
                self.watchers.discard(occupant.conn)

    def remove(self, seat: int) -> None:
        """An entrant is out: the seat empties, its player may watch on."""
        occupant = self.seats[seat]
        self.seats[seat] = None
        self._settle_blinds(seat)
        if isinstance(occupant, SeatedPlayer):
            self.sit_out_plans.pop(occupant.member.profile, None)
            self.pre_actions.pop(occupant.member.profile, None)
            if occupant.grace is not None:
                occupant.grace.cancel()
                occupant.grace = None
            if occupant.conn is not None and not occupant.conn.closed:
                self.watchers.add(occupant.conn)

    def sit(self, conn: Connection, seat: int | None, buy_in: int,
            ref: int | None = None) -> None:
        """Only an entrant sits here, in the seat the draw gave them (back from the lobby)."""
        mine = self.seat_of(conn.member.profile)
        player = self.player_at(mine) if mine is not None else None
        if mine is None or player is None:
            raise Refused(N_("this is a tournament's table: register for it in the lobby"))
        old = player.conn
        if player.grace is not None:
            player.grace.cancel()
            player.grace = None
        player.conn = conn
        player.member = conn.member
        player.sitting_out = False
        player.expiries = 0
        conn.tables.add(self.id)
        self.watchers.discard(conn)
        if old is not None and old is not conn and not old.closed:
            self.watchers.add(old)
        self.notice(N_("{name} takes their seat."), name=player.name)
        self.send_snapshot(conn, ref)
        self.send_seats()

    def _leave_seat(self, seat: int, player: SeatedPlayer) -> None:
        """Leaving (or the grace period ending) keeps the seat in the tournament: it is
        blinded off and folded until its player comes back."""
        player.sitting_out = True
        if player.conn is not None:
            player.conn.tables.discard(self.id)
        player.conn = None
        self.notice(N_("{name} is away: the seat stays in the tournament (blinded off and "
                       "folded until they are back)."), name=player.name)
        self.send_seats()
        self.act_for_absent(seat)

    def stand_up(self, seat: int) -> None:
        self.remove(seat)

    def kick(self, profile: str, by: str, *, banned: bool) -> bool:
        """The host's kick leaves a tournament seat as a player's leaving does; their
        screens here stop (they hold no cash chips here: none go back)."""
        seat = self.seat_of(profile)
        found = False
        if seat is not None:
            player = self.player_at(seat)
            assert player is not None
            found = True
            conn = player.conn
            self._leave_seat(seat, player)
            if conn is not None:
                conn.send(Kicked(self.id, by, 0, banned))
        for conn in list(self.watchers):
            if conn.member.profile == profile:
                found = True
                self.watchers.discard(conn)
                conn.tables.discard(self.id)
        return found

    def close_by_host(self, by: str, *, void: bool) -> bool:
        raise Refused(N_("a tournament's table closes when the tournament ends"))

    def set_blinds(self, small: int, big: int) -> HoldemOptions:
        raise Refused(N_("a tournament's blinds follow its levels"))

    # --- dealing ---------------------------------------------------------------------

    def _someone_plays(self) -> bool:
        return self.tournament.running and sum(
            1 for o in self.seats if o is not None and o.stack > 0) >= 2

    def _deal(self) -> None:
        if self.hand is None and not self.closed and not self.paused_by:
            self.tournament.before_deal()
            if not self.tournament.running:
                self._next_hand = None
                return
            self.options = self.tournament.table_options()
        super()._deal()

    def antes(self) -> dict[str, Any]:
        """The level's ante, posted as at the local tournament: by every player dealt in
        (or once by the big blind, for a level that says so)."""
        level = self.tournament.blinds()
        if not level.ante:
            return {}
        if level.big_blind_ante:
            return {"big_blind_ante": level.ante}
        return {"ante": level.ante}

    def _plan(self) -> DealPlan | None:
        ready = [s for s, o in enumerate(self.seats) if o is not None and o.stack > 0]
        return plan_deal(
            ready=ready, previous=self.positions, seat_count=self.seat_count,
            big_blind=self.options.big_blind, small_blind=self.options.small_blind,
            first_button=self.rng.choice(ready) if self.positions is None and ready else None)

    def _clear_seats(self) -> None:
        hand = self.last_hand
        for seat, occupant in enumerate(self.seats):
            if occupant is not None and occupant.stack == 0 and hand is not None \
                    and hand.starting_stacks[seat] is not None:
                self.tournament.busted(seat, hand.starting_stacks[seat] or 0)

    def hand_over(self) -> None:
        self.tournament.hand_settled()
        super().hand_over()

    # --- the host's pause stops the level's clock too --------------------------------------

    def hold(self) -> None:
        super().hold()
        self.tournament.hold()

    def release(self) -> None:
        self.tournament.release()
        super().release()

    def send_snapshot(self, conn: Connection, ref: int | None = None) -> None:
        super().send_snapshot(conn, ref)
        self.tournament.send_state(conn)
