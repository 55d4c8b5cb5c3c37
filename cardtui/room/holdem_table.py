"""A shared hold'em table: humans and bots in seats, the engine dealing, a clock on turns.

The pure :class:`~cardtui.holdem.hand.Hand` is the only authority on cards,
chips and turns; a player's request is checked against its legality as if the
client were hostile. Between hands players sit down, stand up, bots give
their seats to humans, and the button moves under the dead button rule.

New players wait for the big blind, or post one to play at once when the
table's ``post_to_play`` option says so; a player sitting out is not dealt in
and owes the blinds they miss (:mod:`cardtui.room.blinds` has the rules). A
player who sits out mid-hand is checked or folded for at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardtui.arena.brains import Brains
from cardtui.cards import Deck
from cardtui.clock import Timer
from cardtui.games import Game
from cardtui.holdem.actions import Action, Record
from cardtui.holdem.bots import Personality
from cardtui.holdem.button import Positions
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.hand import Hand
from cardtui.holdem.setup import MIN_STACK_BIG_BLINDS
from cardtui.i18n import N_
from cardtui.room.blinds import DealPlan, plan_deal
from cardtui.room.config import ConfigError, HoldemOptions, holdem_options
from cardtui.room.connection import Connection
from cardtui.room.home_game import HomeGame, hand_options, options_on, tell_house_rules, waits
from cardtui.room.pre_actions import PRE_ACTIONS, SIT_OUT_WHEN, Planned, pre_move
from cardtui.room.privacy import encode_holdem
from cardtui.room.shared import (
    Refused,
    SeatedPlayer,
    SharedTable,
    TableHost,
    engine_refusal,
    hand_voided,
)
from cardtui.tables.results import holdem_row, row_fields
from cardtui.wire.protocol import (
    HandStarted,
    Records,
    SeatInfo,
    SeatSettled,
    SeatStatus,
    SettledResult,
    TableInfo,
    TablePaused,
    TableSnapshot,
    TimeBankTurn,
    Turn,
    YourTurnHoldem,
)

log = logging.getLogger("cardtui.room")

BOT_NAMES = ("Rocky", "Max", "Sharky", "Dot", "Vera", "Kit", "Lou", "Ned", "Ida", "Bo")


def _option_values(options: HoldemOptions) -> dict[str, Any]:
    """``options`` as the values :func:`holdem_options` checks (every field)."""
    return {field.name: getattr(options, field.name) for field in dataclasses.fields(options)}


@dataclass(eq=False)
class RoomBot:
    name: str
    stack: int
    personality: Personality


class HoldemTable(SharedTable):
    game = Game.HOLDEM

    def __init__(self, room: TableHost, table_id: str, options: HoldemOptions, *,
                 permanent: bool, rng: random.Random) -> None:
        super().__init__(room, table_id, options.name, options.seats, options.action_clock,
                         options.grace, permanent=permanent)
        self.options = options
        #: The bots' decisions at each difficulty the table has had (Normal: personalities).
        self.brains: dict[str, Brains] = {}
        self.rng = rng
        self.seats: list[SeatedPlayer | RoomBot | None] = [None] * options.seats
        #: New players' seats: waiting for the big blind (or to post one).
        self.waiting: set[int] = set()
        #: Seats that missed the big (small) blind while sitting out.
        self.owes_big: set[int] = set()
        self.owes_small: set[int] = set()
        #: Humans taking a bot's seat when the hand in progress ends.
        self.pending: dict[int, SeatedPlayer] = {}
        self.hand: Hand | None = None
        #: The last hand that settled (the room's own record of it).
        self.last_hand: Hand | None = None
        self.hand_number = 0
        self.started: HandStarted | None = None
        self.turn: Turn | None = None
        self.positions: Positions | None = None
        #: Tests and demos: the deck of the next hand.
        self.next_deck: Deck | None = None
        #: Numbers of the hands voided when the room stopped.
        self.voided: list[int] = []
        #: The options with the blinds the host set, from the next hand dealt.
        self.next_options: HoldemOptions | None = None
        #: Players' plans to sit out, by profile: "hand" (the next one dealt) or
        #: "big_blind" (the hand whose big blind would be theirs); done at the deal.
        self.sit_out_plans: dict[str, str] = {}
        #: Moves ticked ahead of a turn, by profile: the room plays them at the turn.
        self.pre_actions: dict[str, Planned] = {}
        #: Seconds left in each player's time bank, by profile (filled as they sit).
        self.banks: dict[str, float] = {}
        #: The profile whose time bank the action clock is running now.
        self.banking: str | None = None
        self._next_hand: Timer | None = None
        #: Straddle choices, bomb pot votes, the show question (cardtui.room.home_game).
        self.home = HomeGame()
        self._bot_names = itertools.cycle(BOT_NAMES)
        self._personalities = itertools.cycle(list(Personality))

    # --- what the table shows ------------------------------------------------------

    def players(self) -> Iterator[tuple[int, SeatedPlayer]]:
        for seat, occupant in enumerate(self.seats):
            if isinstance(occupant, SeatedPlayer):
                yield seat, occupant

    def holders(self) -> Iterator[SeatedPlayer]:
        yield from super().holders()
        yield from self.pending.values()

    @property
    def in_play(self) -> bool:
        return self.hand is not None

    def chat_place(self) -> tuple[int, int]:
        return (self.hand_number, len(self.hand.records)) if self.hand is not None else (0, 0)

    def dealt_in(self, seat: int) -> bool:
        return self.hand is not None and self.hand.starting_stacks[seat] is not None

    def _stack(self, seat: int) -> int:
        occupant = self.seats[seat]
        assert occupant is not None
        if self.hand is not None and self.dealt_in(seat):
            return self.hand.stacks[seat]
        return occupant.stack

    def _seat_info(self, seat: int, stack: int | None = None) -> SeatInfo:
        occupant = self.seats[seat]
        assert occupant is not None
        status = SeatStatus.PLAYING if isinstance(occupant, RoomBot) else occupant.status()
        if status is SeatStatus.PLAYING and self._owes(seat):
            status = SeatStatus.WAITING  # a bot seated between hands waits as a player does
        kind = occupant.personality.value if isinstance(occupant, RoomBot) else ""
        return SeatInfo(seat, occupant.name, self._stack(seat) if stack is None else stack,
                        bot=isinstance(occupant, RoomBot), status=status, personality=kind)

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(self._seat_info(s) for s, o in enumerate(self.seats) if o is not None)

    def info(self) -> TableInfo:
        low, high = self.options.limits
        return TableInfo(
            id=self.id, game=Game.HOLDEM, name=self.name, stakes=self.options.stakes,
            seats=self.seat_count,
            players=tuple(o.name if o is not None else None for o in self.seats),
            hand_running=self.hand is not None, buy_in_min=low, buy_in_max=high,
            action_clock=self.action_clock, watchers=len(self.watchers),
            bots=tuple(s for s, o in enumerate(self.seats) if isinstance(o, RoomBot)),
            paused_by=self.paused_by, closing=self.closing,
            home_game=options_on(self.options),
        )

    def send_snapshot(self, conn: Connection, ref: int | None = None) -> None:
        seat = self.seat_of(conn.member.profile)
        player = self.player_at(seat) if seat is not None else None
        viewer = seat if player is not None and player.conn is conn else None
        records = encode_holdem(self.hand.records, viewer) if self.hand is not None else ()
        conn.send(TableSnapshot(self.info(), self.seat_infos(), viewer, self.started, records,
                                self.turn, tuple(self.chat_log), ref=ref))
        if self.paused_by:
            conn.send(TablePaused(self.id, self.paused_by))
        hand = self.hand
        if hand is not None and viewer is not None and hand.actor == viewer and self.clock.running:
            assert self.clock.deadline is not None
            conn.send(YourTurnHoldem(self.id, viewer, self.clock.deadline, hand.legal_actions()))

    # --- sitting down and standing up ------------------------------------------------

    def check_can_sit(self, conn: Connection) -> None:
        super().check_can_sit(conn)
        if any(p.member.profile == conn.member.profile for p in self.pending.values()):
            raise Refused(N_("you already have a seat at this table (from the next hand)"))

    def sit(self, conn: Connection, seat: int | None, buy_in: int,
            ref: int | None = None) -> None:
        """Seat ``conn`` (or, at a bot's seat in play, from the next hand); the snapshot
        answers the request ``ref``."""
        self.check_can_sit(conn)
        self.check_buy_in(buy_in, self.options.limits)
        seat = self._seat_for(seat)
        occupant = self.seats[seat]
        self.room.heard(conn.member)  # "Ann sits down": every screen here redraws
        player = SeatedPlayer(conn.member, conn, buy_in)
        conn.tables.add(self.id)
        self.watchers.discard(conn)
        if isinstance(occupant, RoomBot) and self.dealt_in(seat):
            # Bots give their seats up between hands: watch until this one ends.
            self.pending[seat] = player
            self.watchers.add(conn)
            self.notice(N_("{name} takes seat {seat} after this hand."), name=player.name,
                        seat=seat + 1)
            self.send_snapshot(conn, ref)
            tell_house_rules(self, conn)
            self.room.lobby_changed(self)
            return
        self._seat(seat, player)
        self.notice(N_("{name} sits down in seat {seat}."), name=player.name, seat=seat + 1)
        self._fill_with_bots()
        self.send_snapshot(conn, ref)
        tell_house_rules(self, conn)
        self.send_seats()
        self.players_changed()

    def _seat_for(self, asked: int | None) -> int:
        """The seat a player asking for ``asked`` (None: any) gets: an empty one first,
        else a bot's; Refused when there is none, or the one asked for is a player's."""
        seat = self._any_seat() if asked is None else asked
        if not 0 <= seat < self.seat_count:
            raise Refused(N_("this table has seats 1 to {count}"), count=self.seat_count)
        if isinstance(self.seats[seat], SeatedPlayer) or seat in self.pending:
            raise Refused(N_("seat {seat} is taken"), seat=seat + 1)
        return seat

    def _any_seat(self) -> int:
        """An empty seat, else a bot's nobody has taken yet; Refused when there is none."""
        empty = next((s for s, o in enumerate(self.seats) if o is None), None)
        if empty is not None:
            return empty
        bots = next((s for s, o in enumerate(self.seats)
                     if isinstance(o, RoomBot) and s not in self.pending), None)
        if bots is None:
            raise Refused(N_("every seat is taken"))
        return bots

    def _seat(self, seat: int, occupant: SeatedPlayer | RoomBot) -> None:
        self.seats[seat] = occupant
        if isinstance(occupant, SeatedPlayer):
            # Kept while the table lasts: standing up and sitting down refills nothing.
            self.banks.setdefault(occupant.member.profile, self.options.time_bank)
        if isinstance(occupant, SeatedPlayer):
            member = occupant.member
            self.room.ledger.bought_in(member.profile, member.name, occupant.stack,
                                       guest=member.guest)
        self._settle_blinds(seat)
        if self.positions is not None:
            self.waiting.add(seat)

    def _owes(self, seat: int) -> bool:
        """A new player, or one back from sitting out with blinds to make up."""
        return seat in self.waiting or seat in self.owes_big or seat in self.owes_small

    def _settle_blinds(self, seat: int) -> None:
        self.waiting.discard(seat)
        self.owes_big.discard(seat)
        self.owes_small.discard(seat)

    def stand_up(self, seat: int) -> None:
        occupant = self.seats[seat]
        self.seats[seat] = None
        self._settle_blinds(seat)
        if isinstance(occupant, SeatedPlayer):
            self.sit_out_plans.pop(occupant.member.profile, None)
            self.pre_actions.pop(occupant.member.profile, None)
            member = occupant.member
            self.room.ledger.cashed_out(member.profile, member.name, occupant.stack,
                                        guest=member.guest)
            if occupant.grace is not None:
                occupant.grace.cancel()
                occupant.grace = None
            if occupant.conn is not None and occupant.conn not in self.watchers:
                occupant.conn.tables.discard(self.id)
        if not any(True for _ in self.players()):
            # Nobody left to play with: the bots go too, and the table rests.
            self.seats = [None if isinstance(o, RoomBot) else o for o in self.seats]
            for each in range(self.seat_count):
                self._settle_blinds(each)
        self.room.table_emptied(self)

    def leave(self, conn: Connection) -> None:
        for seat, player in list(self.pending.items()):
            if player.conn is conn:
                del self.pending[seat]
        super().leave(conn)

    def drop_pending(self, profile: str) -> None:
        for seat, player in list(self.pending.items()):
            if player.member.profile == profile:
                del self.pending[seat]

    def disconnected(self, conn: Connection) -> None:
        for seat, player in list(self.pending.items()):
            if player.conn is conn:
                del self.pending[seat]
        super().disconnected(conn)

    def _fill_with_bots(self) -> None:
        if not self.options.bots_fill or not any(True for _ in self.players()):
            return
        for seat, occupant in enumerate(self.seats):
            if occupant is None:
                bot = RoomBot(next(self._bot_names), self.options.starting_stack,
                          next(self._personalities))
                self._seat(seat, bot)

    def players_changed(self) -> None:
        if self.hand is None and self._next_hand is None:
            self._schedule_hand(0)

    # --- dealing ------------------------------------------------------------------------

    def _someone_plays(self) -> bool:
        """Hands are dealt only while a connected human is not sitting out."""
        if self.hand_number == 0 and sum(1 for _ in self.players()) < self.options.min_humans:
            return False
        return any(not p.away and not p.sitting_out and not p.leaving for _, p in self.players())

    def _schedule_hand(self, delay: float) -> None:
        if self.closed or self._next_hand is not None:
            return
        self._next_hand = self.room.clock.call_later(delay, self._deal)

    def _deal(self) -> None:
        self._next_hand = None
        if self.hand is not None or self.closed or self.paused_by or not self._someone_plays():
            return
        if self.next_options is not None:
            self.options, self.next_options = self.next_options, None
        self._sit_out_as_planned(None)
        plan = self._plan() if self._someone_plays() else None
        if plan is not None and self._sit_out_as_planned(plan.positions.big_blind):
            # The big blind came to a seat that asked to sit it out: dealt without it,
            # it owes the blind it missed, as any seat sitting out does.
            plan = self._plan() if self._someone_plays() else None
        if plan is None:
            return
        self._start_hand(plan)
        self.room.lobby_changed(self)
        self._prompt()

    def _plan(self) -> DealPlan | None:
        """Who is dealt in, who posts what, where the button goes (None: no hand now)."""
        ready = [s for s, o in enumerate(self.seats) if o is not None and o.stack > 0]
        return plan_deal(
            ready=ready, previous=self.positions, seat_count=self.seat_count,
            big_blind=self.options.big_blind, small_blind=self.options.small_blind,
            first_button=self.rng.choice(ready) if self.positions is None and ready else None,
            sitting_out={s for s, p in self.players() if p.sitting_out},
            newcomers=self.waiting, owes_big=self.owes_big, owes_small=self.owes_small,
            post_to_play=self.options.post_to_play,
        )

    def _start_hand(self, plan: DealPlan) -> None:
        """The engine's hand as ``plan`` deals it; its start and first records to every screen."""
        positions, dealt = plan.positions, plan.dealt
        self.owes_big |= plan.missed_big
        self.owes_small |= plan.missed_small
        stacks: list[int | None] = [None] * self.seat_count
        for seat in dealt:
            occupant = self.seats[seat]
            assert occupant is not None
            stacks[seat] = occupant.stack
        names = [o.name if o is not None else "" for o in self.seats]
        forced: dict[str, Any] = {"posted": plan.posted or None, "dead_blinds": plan.dead or None,
                                  **self.antes(), **hand_options(self, plan)}
        self.hand = Hand(stacks, button=positions.button, small_blind=self.options.small_blind,
                         big_blind=self.options.big_blind, rng=self.rng, deck=self.next_deck,
                         positions=positions, names=names, **forced)
        self.next_deck = None
        self.positions = positions
        for seat in dealt:
            self._settle_blinds(seat)  # they posted, or took the big blind in turn
        self.hand_number += 1
        self.started = HandStarted(
            self.id, self.hand_number, tuple(self._seat_info(s, stacks[s]) for s in dealt),
            button=positions.button, small_blind_seat=positions.small_blind,
            big_blind_seat=positions.big_blind, small_blind=self.options.small_blind,
            big_blind=self.options.big_blind,
        )
        self.broadcast(self.started)
        self._send_records(self.hand.records)

    def antes(self) -> dict[str, Any]:
        """The next hand's antes as :class:`Hand` arguments: none at a cash table (a
        tournament table posts its level's; a bomb pot's ante replaces them)."""
        return {}

    def _send_records(self, records: Sequence[Record]) -> None:
        encoded: dict[int | None, tuple[dict[str, Any], ...]] = {}
        for conn, viewer in self.viewers():
            if viewer not in encoded:
                encoded[viewer] = encode_holdem(records, viewer)
            conn.send(Records(self.id, self.hand_number, encoded[viewer]))

    def _prompt(self, seconds: float | None = None) -> None:
        """Whoever acts now acts: a bot, the room for an absent seat, or a human on the
        clock (``seconds``: what a paused clock had left; None: a full turn)."""
        hand = self.hand
        assert hand is not None
        if self.paused_by:
            return  # the host's resume prompts again
        if waits(self):
            return  # a home-game question: its answer (or clock) prompts again
        if hand.is_over:
            self._finish()
            return
        actor = hand.actor
        assert actor is not None
        occupant = self.seats[actor]
        loop = asyncio.get_running_loop()
        number = self.hand_number
        if isinstance(occupant, RoomBot):
            loop.call_soon(self._bot_turn, number, actor)
            return
        assert occupant is not None
        if occupant.acts_alone:
            loop.call_soon(self._auto, number, actor, False)
            return
        move = self._ticked(occupant, hand)
        if move is not None:
            loop.call_soon(self._play_ticked, number, actor, move)
            return
        clock = self.action_clock if seconds is None else seconds
        deadline = self.clock.start(clock, lambda: self._auto(number, actor, True))
        self.turn = Turn(self.id, actor, deadline, clock)
        self.broadcast(self.turn)
        if occupant.conn is not None:
            occupant.conn.send(YourTurnHoldem(self.id, actor, deadline, hand.legal_actions()))

    def _current(self, number: int, actor: int) -> Hand | None:
        hand = self.hand
        if hand is None or self.hand_number != number or hand.actor != actor:
            return None
        return hand

    def _bot_turn(self, number: int, actor: int) -> None:
        hand = self._current(number, actor)
        occupant = self.seats[actor]
        if hand is None or not isinstance(occupant, RoomBot) or self.paused_by:
            return
        level = self.options.difficulty
        brains = self.brains.setdefault(level, Brains(Difficulty(level)))
        self._apply(brains.decide(hand, occupant.personality, self.rng))

    def _auto(self, number: int, actor: int, expired: bool) -> None:
        """Check if possible, else fold: the clock ran out, or the player is not playing."""
        hand = self._current(number, actor)
        if hand is None or self.paused_by:
            return  # paused: the host's resume prompts this seat again
        occupant = self.seats[actor]
        checks = hand.can_check()
        if expired and isinstance(occupant, SeatedPlayer) and self._draw_bank(actor, occupant):
            return
        if expired and isinstance(occupant, SeatedPlayer):
            self.expired(actor, occupant, "checks" if checks else "folds")
        self._apply(Action.check() if checks else Action.fold())

    def _draw_bank(self, actor: int, player: SeatedPlayer) -> bool:
        """The clock ran out: the player's time bank runs now, whole (True), unless it is
        empty or already ran this turn (False: the room acts)."""
        profile = player.member.profile
        seconds = self.banks.get(profile, 0.0)
        if self.banking == profile or seconds <= 0 or player.away:
            self.banking = None
            return False
        hand = self.hand
        assert hand is not None
        self.banks[profile] = 0.0
        self.banking = profile
        number = self.hand_number
        deadline = self.clock.start(seconds, lambda: self._auto(number, actor, True))
        self.turn = Turn(self.id, actor, deadline, seconds)
        self.notice(N_("{name}'s clock ran out: time bank, {seconds} s."), name=player.name,
                    seconds=f"{seconds:g}")
        self.broadcast(TimeBankTurn(self.id, actor, seconds))
        self.broadcast(self.turn)
        if player.conn is not None:
            player.conn.send(YourTurnHoldem(self.id, actor, deadline, hand.legal_actions()))
        return True

    def _bank_back(self, player: SeatedPlayer) -> None:
        """``player`` acted while their time bank ran: what is left of it stays theirs."""
        if self.banking != player.member.profile:
            return
        deadline = self.clock.deadline
        if deadline is not None:
            left = max(0.0, deadline - self.room.clock.wall())
            self.banks[player.member.profile] = min(self.options.time_bank, left)
        self.banking = None

    def _refill_banks(self) -> None:
        """Every ``time_bank_every`` hands each bank gets ``time_bank_refill`` seconds back."""
        options = self.options
        if self.hand_number % options.time_bank_every == 0:
            for profile, seconds in self.banks.items():
                self.banks[profile] = min(options.time_bank, seconds + options.time_bank_refill)

    def _apply(self, action: Action) -> None:
        assert self.hand is not None
        self.clock.stop()
        self.banking = None
        self.turn = None
        self._send_records(self.hand.act(action))
        self._prompt()

    def act(self, conn: Connection, action: Action) -> None:
        hand = self.hand
        if hand is None:
            raise Refused(N_("no hand is being played"))
        seat, player = self.player_of(conn)
        self.check_playing()
        if hand.actor != seat:
            raise Refused(N_("it is not your turn"))
        if not hand.legal_actions().allows(action):
            try:
                hand.act(action)  # raises with the engine's reason; changes nothing
            except ValueError as error:
                # The engine's reason, as data: each player reads it in their language.
                raise engine_refusal(error.args[0] if error.args else str(error)) from None
            raise AssertionError("the engine accepted an action its legality refused")
        player.expiries = 0
        self._bank_back(player)
        planned = self.pre_actions.get(player.member.profile)
        if planned is not None and planned.kind != "fold_any":
            # Ticked as the turn came (the game played it, or the player chose): once only.
            del self.pre_actions[player.member.profile]
        self._apply(action)

    # --- a player's plans: sitting out ahead, moves ticked ahead ----------------------

    def sit_out_next(self, conn: Connection, when: str) -> None:
        """``conn``'s seat sits out from the next hand ("hand"), or from the hand whose big
        blind would be its ("big_blind"); "" cancels. Its chips stay; it comes back with
        :meth:`come_back`. Only the seat's own connection can set or clear it."""
        if when not in SIT_OUT_WHEN:
            raise Refused("sit out next: 'hand', 'big_blind', or '' to cancel")
        _, player = self.player_of(conn)
        profile = player.member.profile
        if not when:
            if self.sit_out_plans.pop(profile, None) is not None:
                self.room.heard(conn.member)
                self.notice(N_("{name} plays on (no sitting out)."), name=player.name)
            return
        if player.sitting_out:
            raise Refused(N_("you are sitting out already"))
        if self.sit_out_plans.get(profile) == when:
            return
        self.room.heard(conn.member)
        self.sit_out_plans[profile] = when
        self.notice(f"{player.name} sits out from the next hand." if when == "hand" else
                    f"{player.name} sits out when the big blind comes to them.")

    def _sit_out_as_planned(self, big_blind: int | None) -> bool:
        """Seats planning to sit out the next hand (``big_blind``: and the seat that would
        post it, if it planned to sit that out) sit out now; True when any did."""
        changed = False
        for seat, player in list(self.players()):
            when = self.sit_out_plans.get(player.member.profile)
            if when == "hand" or (when == "big_blind" and seat == big_blind):
                del self.sit_out_plans[player.member.profile]
                player.sitting_out = True
                self.notice(N_("{name} sits out."), name=player.name)
                changed = True
        if changed:
            self.send_seats()
        return changed

    def come_back(self, conn: Connection) -> None:
        self.sit_out_plans.pop(conn.member.profile, None)
        super().come_back(conn)

    def pre_action(self, conn: Connection, number: int, kind: str, amount: int) -> None:
        """``conn``'s seat ticks ``kind`` ahead of its turn in hand ``number`` ("": clears);
        the room plays it at the turn (see :func:`pre_move`)."""
        if kind and kind not in PRE_ACTIONS:
            raise Refused(f"no such move ahead: {kind[:20]!r}")
        seat, player = self.player_of(conn)
        profile = player.member.profile
        if not kind:
            self.pre_actions.pop(profile, None)
            return
        if self.hand is None or number != self.hand_number or not self.dealt_in(seat):
            raise Refused("that hand is not in play at your seat")
        if amount < 0:
            raise Refused("a call's price is not negative")
        self.pre_actions[profile] = Planned(number, kind, amount)

    def _ticked(self, player: SeatedPlayer, hand: Hand) -> Action | None:
        """The move ``player`` ticked for this turn, if it applies (a "check" ticked before
        a bet does not; then the player is asked). Played once, but "fold_any" holds
        for the rest of the hand."""
        profile = player.member.profile
        planned = self.pre_actions.get(profile)
        if planned is None:
            return None
        if planned.hand != self.hand_number:
            del self.pre_actions[profile]
            return None
        move = pre_move(planned, hand.legal_actions())
        if planned.kind != "fold_any" or move is None:
            del self.pre_actions[profile]
        return move

    def _play_ticked(self, number: int, actor: int, move: Action) -> None:
        hand = self._current(number, actor)
        occupant = self.seats[actor]
        if hand is None or self.paused_by or not isinstance(occupant, SeatedPlayer):
            return
        if not hand.legal_actions().allows(move):
            self._prompt()  # cannot happen (checked at the turn); ask the player
            return
        occupant.expiries = 0
        self._apply(move)

    def act_for_absent(self, seat: int) -> None:
        hand = self.hand
        if hand is not None and hand.actor == seat and isinstance(self.seats[seat], SeatedPlayer):
            self.clock.stop()
            asyncio.get_running_loop().call_soon(self._auto, self.hand_number, seat, False)

    # --- the end of a hand --------------------------------------------------------------

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        self.clock.stop()
        self.turn = None
        for seat, player in list(self.players()):
            if self.dealt_in(seat):
                name = self.dealt_name(seat, player, self.started)
                result = SettledResult(**row_fields(holdem_row(hand, seat, name)))
                self.room.deliver(
                    player, SeatSettled(self.id, Game.HOLDEM, self.hand_number, result,
                                            room=self.room.id))
        for seat, occupant in enumerate(self.seats):
            if occupant is not None and self.dealt_in(seat):
                occupant.stack = hand.stacks[seat]
        self.hand = None
        self.last_hand = hand
        self.started = None
        self._refill_banks()
        self._between_hands()
        self._schedule_hand(self.options.between_hands)
        self.hand_over()

    # --- the host's controls ------------------------------------------------------------

    def hold(self) -> None:
        if self._next_hand is not None:
            self._next_hand.cancel()
            self._next_hand = None
        if self.clock.running:
            self.hold_clock()
            self.turn = None

    def release(self) -> None:
        if self.hand is not None:
            self._prompt(self.held_clock())
        else:
            self.held_seconds = None
            self.players_changed()

    def set_blinds(self, small: int, big: int) -> HoldemOptions:
        """The blinds from the next hand (the hand in play keeps its own); the options
        they make, or Refused saying why they make none."""
        values = {**_option_values(self.options), "small_blind": small, "big_blind": big}
        # A host raising the blinds means the table to play at them: a buy-in range under
        # MIN_STACK_BIG_BLINDS big blinds goes up with them (never down), and is said.
        least = MIN_STACK_BIG_BLINDS * big
        values["buy_in_min"] = max(values["buy_in_min"], least)
        values["starting_stack"] = max(values["starting_stack"], least)
        values["buy_in_max"] = max(values["buy_in_max"], values["buy_in_min"])
        try:
            options = holdem_options(**values)
        except ConfigError as error:
            raise Refused(error.key, **error.words) from None  # worded by the host's game
        if self.hand is None and self._next_hand is None:
            self.options = options
        else:
            self.next_options = options
        self.room.lobby_changed(self)
        return options

    def _between_hands(self) -> None:
        self._clear_seats()
        self._seat_pending()
        self._fill_with_bots()
        self.send_seats()

    def _clear_seats(self) -> None:
        """Those out of chips and those leaving stand up (a player out of chips watches)."""
        for seat, occupant in enumerate(self.seats):
            if isinstance(occupant, RoomBot) and occupant.stack == 0:
                self.seats[seat] = None
                self.notice(N_("{name} is out of chips."), name=occupant.name)
            elif isinstance(occupant, SeatedPlayer) and (occupant.stack == 0 or occupant.leaving):
                if occupant.stack == 0:
                    self.notice(N_("{name} is out of chips: sit down again to buy in."),
                                name=occupant.name)
                else:
                    self.notice(N_("{name} leaves the table."), name=occupant.name)
                conn = occupant.conn
                self.stand_up(seat)
                if conn is not None and occupant.stack == 0:
                    self.watchers.add(conn)  # they stay to watch, and may buy in again
                    conn.tables.add(self.id)

    def _seat_pending(self) -> None:
        """Players who took a bot's seat during the hand sit down in it now."""
        for seat, player in list(self.pending.items()):
            del self.pending[seat]
            if isinstance(self.seats[seat], SeatedPlayer) or player.conn is None:
                continue
            self.watchers.discard(player.conn)
            self._seat(seat, player)
            self.notice(N_("{name} sits down in seat {seat}."), name=player.name, seat=seat + 1)
            # They watched until now: their screen learns its seat from a fresh snapshot.
            self.send_snapshot(player.conn)

    def void(self, reason: str, /, **args: object) -> None:
        """Stop the hand in progress: nothing of it counts, every chip goes back."""
        self.clock.stop()
        if self._next_hand is not None:
            self._next_hand.cancel()
            self._next_hand = None
        hand = self.hand
        if hand is None:
            return
        number = self.hand_number
        # Seat stacks change only when a hand settles, so they are still the
        # stacks the hand started with: every bet of the hand is returned.
        self.hand = None
        self.started = None
        self.turn = None
        self.voided.append(number)
        log.info("table %s: hand %d voided (%s); stacks %s", self.id, number, reason,
                 [o.stack if o is not None else None for o in self.seats])
        self.broadcast(hand_voided(self.id, number, self.seat_infos(), reason, **args))
