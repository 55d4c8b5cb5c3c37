"""A shared blackjack table: up to seven players at one dealer.

A round goes: the betting window (it closes when every playing seat has
bet, or when a short clock started by the first bet runs out), the deal,
insurance when the dealer shows an ace, then each player plays their own
hands in seat order on the action clock (an expiry stands, or declines
insurance), then the dealer's reveal, which every screen receives. The
engine's :class:`~cardtui.blackjack.round.Round` is the only authority.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardtui.blackjack.records import Action, Record, RoundSettled, Shuffled
from cardtui.blackjack.round import Phase, Round
from cardtui.blackjack.strategy import Advice, advise, insurance_advice
from cardtui.cards import Shoe
from cardtui.clock import Timer
from cardtui.games import Game
from cardtui.i18n import N_
from cardtui.room.config import BlackjackOptions
from cardtui.room.connection import Connection
from cardtui.room.privacy import encode_blackjack
from cardtui.room.shared import (
    Refused,
    SeatedPlayer,
    SharedTable,
    TableHost,
    engine_refusal,
    hand_voided,
)
from cardtui.tables.results import blackjack_row, row_fields
from cardtui.wire.protocol import (
    BetsOpen,
    HandStarted,
    Message,
    Records,
    SeatInfo,
    SeatSettled,
    SettledResult,
    TableInfo,
    TablePaused,
    TableSnapshot,
    Turn,
    YourTurnBlackjack,
)

log = logging.getLogger("cardtui.room")

#: Seconds within which the seat lines of several bets go out as one: each
#: line redraws the table at every seat's screen, and a betting window's bets
#: come in bursts (six bets in a quarter of a second were six redraws each).
BETS_INTERVAL = 0.25


@dataclass(eq=False)
class BlackjackPlayer(SeatedPlayer):
    """A player at the blackjack table: ``stack`` is the bankroll, ``bet`` this window's bet."""

    bet: int = 0
    #: The trainer's count this round: decisions taken, and those off basic strategy.
    decisions: int = 0
    mistakes: int = 0


class BlackjackTable(SharedTable):
    game = Game.BLACKJACK

    def __init__(self, room: TableHost, table_id: str, options: BlackjackOptions, *,
                 permanent: bool, rng: random.Random) -> None:
        super().__init__(room, table_id, options.name, options.seats, options.action_clock,
                         options.grace, permanent=permanent)
        self.options = options
        self.rules = options.rules
        self.rng = rng
        self.shoe = Shoe(self.rules.decks, self.rules.penetration, rng)
        self.seats: list[BlackjackPlayer | None] = [None] * options.seats
        self.round: Round | None = None
        self.round_number = 0
        self.started: HandStarted | None = None
        self.turn: Turn | None = None
        self.betting = False
        #: The wall-clock deadline while the betting clock runs.
        self.betting_clock: float | None = None
        self.voided: list[int] = []
        self._betting_timer: Timer | None = None
        self._next_round: Timer | None = None
        #: The seat line carrying bets not yet told, and when the last one went.
        self._seats_due: Timer | None = None
        self._seats_sent = float("-inf")
        #: Seconds the betting clock had left when the host paused the table.
        self._betting_held: float | None = None

    # --- what the table shows ------------------------------------------------------

    def players(self) -> Iterator[tuple[int, SeatedPlayer]]:
        for seat, player in enumerate(self.seats):
            if player is not None:
                yield seat, player

    @property
    def in_play(self) -> bool:
        return self.round is not None

    def chat_place(self) -> tuple[int, int]:
        if self.round is None:
            return (0, 0)
        return (self.round_number, len(self.round.records))

    def dealt_in(self, seat: int) -> bool:
        return self.round is not None and bool(self.round.bets[seat])

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(
            SeatInfo(s, p.name, p.stack, status=p.status(), bet=p.bet)
            for s, p in enumerate(self.seats) if p is not None
        )

    def info(self) -> TableInfo:
        low, high = self.options.limits
        return TableInfo(
            id=self.id, game=Game.BLACKJACK, name=self.name, stakes=self.options.stakes,
            seats=self.seat_count, players=tuple(p.name if p else None for p in self.seats),
            hand_running=self.round is not None, buy_in_min=low, buy_in_max=high,
            action_clock=self.action_clock, watchers=len(self.watchers),
            rules=self.rules.to_json(), paused_by=self.paused_by, closing=self.closing,
        )

    def send_snapshot(self, conn: Connection, ref: int | None = None) -> None:
        seat = self.seat_of(conn.member.profile)
        player = self.seats[seat] if seat is not None else None
        if player is not None and player.conn is not conn:
            seat = None  # the seat is played from another game of this key: this one watches
        records = encode_blackjack(self.round.records) if self.round is not None else ()
        conn.send(TableSnapshot(self.info(), self.seat_infos(), seat, self.started, records,
                                self.turn, tuple(self.chat_log), ref=ref))
        if self.paused_by:
            conn.send(TablePaused(self.id, self.paused_by))
        elif self.betting:
            conn.send(self._bets_open())
        elif seat is not None and self.round is not None and self.round.seat_to_act == seat:
            self._send_your_turn(seat)

    # --- seat lines -------------------------------------------------------------------

    def send_seats(self) -> None:
        if self._seats_due is not None:
            self._seats_due.cancel()
            self._seats_due = None
        self._seats_sent = self.room.clock.monotonic()
        super().send_seats()

    def _bet_told(self) -> None:
        """A bet's seat line: at once, or with the other bets of the same moment."""
        if self._seats_due is not None:
            return  # the line already due carries this bet too
        wait = self._seats_sent + BETS_INTERVAL - self.room.clock.monotonic()
        if wait <= 0:
            self.send_seats()
        else:
            self._seats_due = self.room.clock.call_later(wait, self.send_seats)

    def broadcast(self, message: Message) -> None:
        if self._seats_due is not None:
            self.send_seats()  # the bets first: every screen sees them before what follows
        super().broadcast(message)

    # --- seats --------------------------------------------------------------------------

    def sit(self, conn: Connection, seat: int | None, buy_in: int,
            ref: int | None = None) -> None:
        """Seat ``conn``; the snapshot answers the request ``ref``."""
        self.check_can_sit(conn)
        self.check_buy_in(buy_in, self.options.limits)
        if buy_in < self.rules.min_bet:
            raise Refused(N_("buy in for at least the minimum bet, {amount}"),
                          amount=self.rules.min_bet)
        if seat is None:
            seat = next((s for s, p in enumerate(self.seats) if p is None), None)
            if seat is None:
                raise Refused(N_("every seat is taken"))
        if not 0 <= seat < self.seat_count:
            raise Refused(N_("this table has seats 1 to {count}"), count=self.seat_count)
        if self.seats[seat] is not None:
            raise Refused(N_("seat {seat} is taken"), seat=seat + 1)
        self.room.heard(conn.member)  # "Ann sits down": every screen here redraws
        self.seats[seat] = BlackjackPlayer(conn.member, conn, buy_in)
        self.room.ledger.bought_in(conn.member.profile, conn.member.name, buy_in,
                                   guest=conn.member.guest)
        self.watchers.discard(conn)
        conn.tables.add(self.id)
        self.notice(N_("{name} sits down in seat {seat}."), name=conn.member.name, seat=seat + 1)
        self.send_snapshot(conn, ref)
        self.send_seats()
        self.players_changed()

    def stand_up(self, seat: int) -> None:
        player = self.seats[seat]
        self.seats[seat] = None
        if player is not None:
            self.room.ledger.cashed_out(player.member.profile, player.name, player.stack,
                                        guest=player.member.guest)
            if player.grace is not None:
                player.grace.cancel()
                player.grace = None
            if player.conn is not None and player.conn not in self.watchers:
                player.conn.tables.discard(self.id)
        self.room.table_emptied(self)
        self._maybe_close_betting()

    def players_changed(self) -> None:
        if self.round is None and not self.betting and self._next_round is None:
            self._open_betting()

    def act_for_absent(self, seat: int) -> None:
        rnd = self.round
        if rnd is not None and rnd.seat_to_act == seat:
            self.clock.stop()
            asyncio.get_running_loop().call_soon(self._auto, self.round_number, seat, False)
        self._maybe_close_betting()

    # --- betting --------------------------------------------------------------------------

    def _bettors(self) -> list[BlackjackPlayer]:
        """Seats the window waits for: connected, playing, able to cover the minimum."""
        return [p for p in self.seats if p is not None and not p.away and not p.acts_alone
                and p.stack >= self.rules.min_bet]

    def _may_bet(self) -> list[BlackjackPlayer]:
        """Seats the window opens for: the bettors, and any sitting out (a bet brings them back)."""
        return [p for p in self.seats if p is not None and not p.away and not p.leaving
                and p.stack >= self.rules.min_bet]

    def _bets_open(self) -> BetsOpen:
        return BetsOpen(self.id, self.rules.min_bet, self.rules.max_bet, self.betting_clock)

    def _open_betting(self) -> None:
        self._next_round = None
        if self.paused_by:
            return  # the host's resume opens it
        if self.closed or not self._may_bet():
            self.betting = False
            return
        self.betting = True
        self.betting_clock = None
        self.broadcast(self._bets_open())

    def bet(self, conn: Connection, amount: int) -> None:
        _, player = self.player_of(conn)
        assert isinstance(player, BlackjackPlayer)
        self.check_playing()
        if not self.betting:
            raise Refused(N_("bets are placed between rounds"))
        if not self.rules.min_bet <= amount <= self.rules.max_bet:
            raise Refused(N_("bets at this table are {low} to {high}"), low=self.rules.min_bet,
                          high=self.rules.max_bet)
        if amount > player.stack:
            raise Refused(N_("you have {amount} chips"), amount=player.stack)
        player.bet = amount
        player.sitting_out = False
        player.expiries = 0
        self._bet_told()
        if self._betting_timer is None:
            seconds = self.options.betting_clock
            self._betting_timer = self.room.clock.call_later(seconds, self._deal)
            self.betting_clock = self.room.clock.wall() + seconds
            self.broadcast(self._bets_open())
        self._maybe_close_betting()

    def _maybe_close_betting(self) -> None:
        if not self.betting:
            return
        bettors = self._bettors()
        if any(p.bet for p in self.seats if p is not None) and all(p.bet for p in bettors):
            asyncio.get_running_loop().call_soon(self._deal)

    # --- the round ------------------------------------------------------------------------

    def _deal(self) -> None:
        if self._betting_timer is not None:
            self._betting_timer.cancel()
            self._betting_timer = None
        if not self.betting or self.round is not None or self.closed or self.paused_by:
            return
        bets = [p.bet if p is not None and p.bet <= p.stack else 0 for p in self.seats]
        self.betting = False
        self.betting_clock = None
        if not any(bets):
            self._open_betting()
            return
        self._start_round(bets)
        self.room.lobby_changed(self)
        self._prompt()

    def _start_round(self, bets: list[int]) -> None:
        """Deal a round to the seats that bet: the shoe's news, the start, the first cards."""
        out: list[Record] = []
        if self.shoe.needs_shuffle:
            self.shoe.shuffle()
        if self.shoe.dealt == 0:
            # A new shoe: just shuffled, or the table's first (shuffled when the
            # table opened). Said either way, so players seated for its first
            # round count it from its first card; latecomers wait for the next.
            out.append(Shuffled(self.rules.decks))
        stacks = [p.stack if p is not None else 0 for p in self.seats]
        self.round = Round(self.rules, self.shoe, bets, stacks)
        self.round_number += 1
        for player in self.seats:
            if player is not None:
                player.decisions = player.mistakes = 0
        self.started = HandStarted(self.id, self.round_number, tuple(
            SeatInfo(s, p.name, p.stack, bet=bets[s]) for s, p in enumerate(self.seats)
            if p is not None and bets[s]
        ))
        self.broadcast(self.started)
        out += self.round.deal()
        self._send_records(out)

    def _send_records(self, records: Sequence[Record]) -> None:
        # Every viewer sees the same: player cards are face up, the hole card is not.
        message = Records(self.id, self.round_number, encode_blackjack(records))
        self.broadcast(message)

    def _prompt(self, seconds: float | None = None) -> None:
        """The seat to act acts: the room for an absent one, else its player on the clock
        (``seconds``: what a paused clock had left; None: a full turn)."""
        rnd = self.round
        assert rnd is not None
        if self.paused_by:
            return  # the host's resume prompts again
        if rnd.phase is Phase.SETTLED:
            self._finish()
            return
        seat = rnd.seat_to_act
        assert seat is not None
        player = self.seats[seat]
        number = self.round_number
        if player is None or player.acts_alone:
            asyncio.get_running_loop().call_soon(self._auto, number, seat, False)
            return
        clock = self.action_clock if seconds is None else seconds
        deadline = self.clock.start(clock, lambda: self._auto(number, seat, True))
        self.turn = Turn(self.id, seat, deadline, clock)
        self.broadcast(self.turn)
        self._send_your_turn(seat)

    def _send_your_turn(self, seat: int) -> None:
        rnd, player = self.round, self.seats[seat]
        if rnd is None or player is None or player.conn is None or self.clock.deadline is None:
            return
        legal = tuple(a for a in Action if rnd.can(a))
        player.conn.send(YourTurnBlackjack(self.id, seat, self.clock.deadline, legal))

    def _auto(self, number: int, seat: int, expired: bool) -> None:
        """Stand (or decline insurance): the clock ran out, or the player is not playing."""
        rnd = self.round
        if rnd is None or self.round_number != number or rnd.seat_to_act != seat:
            return
        if self.paused_by:
            return  # the host's resume prompts this seat again
        player = self.seats[seat]
        insurance = rnd.phase is Phase.INSURANCE
        if expired and player is not None:
            self.expired(seat, player, "declines insurance" if insurance else "stands")
        self._apply(Action.DECLINE_INSURANCE if insurance else Action.STAND)

    def _advice(self) -> Advice | None:
        rnd = self.round
        assert rnd is not None
        if rnd.phase is Phase.INSURANCE:
            return insurance_advice()
        hand = rnd.current_hand
        if hand is None:
            return None
        return advise(hand.cards, rnd.up_card, self.rules, can_double=rnd.can(Action.DOUBLE),
                      can_split=rnd.can(Action.SPLIT), can_surrender=rnd.can(Action.SURRENDER))

    def _apply(self, action: Action) -> None:
        assert self.round is not None
        self.clock.stop()
        self.turn = None
        self._send_records(self.round.act(action))
        self._prompt()

    def act(self, conn: Connection, action: Action) -> None:
        rnd = self.round
        if rnd is None:
            raise Refused(N_("no round is being played"))
        seat, player = self.player_of(conn)
        assert isinstance(player, BlackjackPlayer)
        self.check_playing()
        if rnd.seat_to_act != seat:
            raise Refused(N_("it is not your turn"))
        problem = rnd.problem(action)
        if problem is not None:
            raise engine_refusal(problem)  # the engine's reason, as data
        advice = self._advice()
        if advice is not None:
            player.decisions += 1
            player.mistakes += action is not advice.action
        player.expiries = 0
        self._apply(action)

    def _finish(self) -> None:
        rnd = self.round
        assert rnd is not None and rnd.settlement is not None
        self.clock.stop()
        settlement: RoundSettled = rnd.settlement
        for result in settlement.seats:
            player = self.seats[result.seat]
            if player is None:
                continue
            player.stack += result.net
            settled = SettledResult(**row_fields(
                blackjack_row(result, self.dealt_name(result.seat, player, self.started),
                              player.decisions, player.mistakes)))
            self.room.deliver(
                player, SeatSettled(self.id, Game.BLACKJACK, self.round_number, settled,
                                    room=self.room.id))
        self.round = None
        self.started = None
        for seat, player in enumerate(self.seats):
            if player is None:
                continue
            player.bet = 0
            if player.leaving:
                self.notice(N_("{name} leaves the table."), name=player.name)
                self.stand_up(seat)
            elif player.stack < self.rules.min_bet:
                self.notice(N_("{name} is out of chips: sit down again to buy in."),
                            name=player.name)
                conn = player.conn
                self.stand_up(seat)
                if conn is not None:
                    self.watchers.add(conn)
                    conn.tables.add(self.id)
        self.send_seats()
        delay = self.options.between_rounds
        self._next_round = self.room.clock.call_later(delay, self._open_betting)
        self.hand_over()

    # --- the host's controls ------------------------------------------------------------

    def hold(self) -> None:
        if self._next_round is not None:
            self._next_round.cancel()
            self._next_round = None
        if self._betting_timer is not None:
            assert self.betting_clock is not None
            self._betting_held = max(0.0, self.betting_clock - self.room.clock.wall())
            self._betting_timer.cancel()
            self._betting_timer = None
            self.betting_clock = None
        if self.clock.running:
            self.hold_clock()
            self.turn = None

    def release(self) -> None:
        if self.round is not None:
            self._prompt(self.held_clock())
            return
        self.held_seconds = None
        if not self.betting:
            self.players_changed()
            return
        held, self._betting_held = self._betting_held, None
        if held is not None:
            self._betting_timer = self.room.clock.call_later(held, self._deal)
            self.betting_clock = self.room.clock.wall() + held
        self.broadcast(self._bets_open())
        self._maybe_close_betting()

    def void(self, reason: str, /, **args: object) -> None:
        """Stop the round in progress: bankrolls change only at settlement, so every bet is back."""
        self.clock.stop()
        for handle in (self._betting_timer, self._next_round, self._seats_due):
            if handle is not None:
                handle.cancel()
        self._betting_timer = self._next_round = self._seats_due = None
        self.betting = False
        rnd = self.round
        for player in self.seats:
            if player is not None:
                player.bet = 0
        if rnd is None:
            return
        self.round = None
        self.started = None
        self.turn = None
        self.voided.append(self.round_number)
        log.info("table %s: round %d voided (%s)", self.id, self.round_number, reason)
        self.broadcast(hand_voided(self.id, self.round_number, self.seat_infos(), reason, **args))
