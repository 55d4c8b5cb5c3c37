"""A hold'em table in this process, behind the table seam: the engine, its bots, hot-seat humans.

The session owns the engine's :class:`~cardtui.holdem.table.Table` and the
hand in play. The screen only deals, acts for the seat a :class:`ToAct` named,
and passes the keyboard; everything else happens here:

- **Bots decide inside the session.** After every move the session plays the
  bots' turns in an asyncio task: a :class:`SeatClock` event says who is thinking,
  the Monte Carlo decision runs off the event loop (``asyncio.to_thread``),
  and the bot lingers ``think()`` seconds at least so a person can follow
  (:meth:`hurry` cuts the pause short: any key at the table). A bot starts
  thinking once the screen has shown what came before (``shown``, the
  screen's record player), so a person can follow each decision.
- **Hole cards are filtered here.** A viewer is a human seat. With one human,
  their own hole cards are delivered and every bot's are ``None`` until shown.
  Hot seat (several humans sharing the keyboard): nobody's hole cards are in
  the deal; :meth:`take_keyboard` (the pass-to screen's "ready") delivers the
  cards of the player who took the keyboard, once per hand, as a
  :class:`~cardtui.holdem.actions.HoleCardsDealt` of that seat alone. The
  screen shows face up only the seat holding the keyboard, as it always has.
- **Results come from one place**: :mod:`cardtui.tables.results` makes the
  :class:`Settled` rows of the human seats; the table's own events (a bust, a
  blind level, a tournament won) become :class:`Note` lines, and a human's
  finishing place in a tournament goes to ``placed`` (the screen's store).
- **A tournament is kept between hands** (:meth:`keep_tournament`): after
  every hand its table goes to the store, so leaving it (or a killed game)
  and coming back resumes it, with the same stacks, level and hand count; a
  hand in play when the game was killed never reached the store and is
  voided (every bet back where it was dealt). Once no person has chips the
  bots play the rest out at once (:func:`~cardtui.holdem.tournament.play_out`)
  and ``finished`` gets the results, as it does when a person wins.
- **A cash table keeps its seats filled**: a bot that busts is replaced by a
  new bot (the table's ``refill_bots``; its chips are the house's).
- **The profile's kept chips** in a cash game (:meth:`keep_chips`, see
  :mod:`cardtui.tables.bankroll`): the profile's own seat buys in from its
  balance when a screen joins, its hands name it as ``bankroll_player``, a
  bust buys in again from the balance (the house rebuys a broke balance,
  counted), and leaving between hands returns the stack.

>>> import random
>>> from cardtui.holdem.actions import Action, HoleCardsDealt
>>> from cardtui.holdem.hand import stacked_deck
>>> from cardtui.holdem.setup import HoldemConfig, SeatConfig
>>> from cardtui.holdem.bots import Personality
>>> setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK)))
>>> session = HoldemLocalSession(setup, random.Random(1), button=0)
>>> seen = []
>>> session.attach(seen.append)
>>> session.next_deck = stacked_deck(["AsKs", "7h2d"])
>>> session.deal()
>>> dealt = [r for e in seen if isinstance(e, Seen) for r in e.records
...          if isinstance(r, HoleCardsDealt)]
>>> sorted((d.seat, d.cards[0] is None) for d in dealt)
[(0, False), (1, True)]
>>> turn = seen[-1]
>>> turn.seat, turn.legal.call_amount, turn.legal.min_raise_to
(0, 5, 20)
>>> session.act(0, Action.fold())
>>> [type(e).__name__ for e in seen[-3:]]
['Seen', 'Settled', 'SeatsChanged']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass

from cardtui.cards import Deck
from cardtui.clock import SYSTEM_CLOCK
from cardtui.clock import Clock as Time
from cardtui.games import Game
from cardtui.holdem.actions import Action, HoleCardsDealt, Record
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.hand import Hand
from cardtui.holdem.legal import LegalActions, refusal
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import (
    BotSeated,
    LevelRaised,
    Mode,
    PlayerBusted,
    Table,
    TableEvent,
    TournamentWon,
)
from cardtui.holdem.tournament import Results, play_out, results
from cardtui.i18n import _, chips, ngettext
from cardtui.store import Store
from cardtui.tables.bankroll import SeatChips, Seated, TableBankroll
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.listening import EventLine
from cardtui.tables.results import holdem_rows
from cardtui.tables.session import (
    Event,
    HandBegins,
    Listener,
    Note,
    SeatClock,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
)

#: How long a bot lingers over a decision, in seconds: given the hand (before the move)
#: and the bot's move, so the pause can fit the decision (the screen's pace and speed).
Think = Callable[[Hand, Action], float]
#: A human's finishing place in a tournament: (name, place, entrants).
Placed = Callable[[str, int, int], None]
#: A finished tournament's results, for the screen (once the last hand has been shown).
Finished = Callable[[Results], None]


@dataclass(frozen=True)
class KeptTournament:
    """Where a tournament in play is kept between hands: the store, under its owner's key.

    ``save(text)`` keeps it (``None``: forget it), ``load()`` reads the last one kept.
    """

    save: Callable[[str | None], None]
    load: Callable[[], str | None]


def kept_in(store: Store, owner: str) -> KeptTournament:
    """The local hold'em tournament of ``owner`` (the profile's name) in ``store``."""
    key = f"holdem-tournament:{owner}"
    return KeptTournament(save=lambda text: store.save_table(key, text),
                          load=lambda: store.saved_table(key))


def human_places(events: Iterable[TableEvent], humans: Iterable[str]) -> list[tuple[str, int]]:
    """The finishing places of the humans among a hand's table events (bust-outs, the winner).

    >>> human_places([PlayerBusted(1, "Bob", 3, False), TournamentWon(0, "Ann")], ["Ann"])
    [('Ann', 1)]
    """
    names = set(humans)
    places = []
    for event in events:
        match event:
            case PlayerBusted(name=name, place=int(place)) if name in names:
                places.append((name, place))
            case TournamentWon(name=name) if name in names:
                places.append((name, 1))
    return places


def for_viewers(record: Record, viewers: Iterable[int]) -> Record:
    """``record`` as the seats in ``viewers`` may see it: other hole cards are ``None``.

    >>> from cardtui.cards import Card
    >>> dealt = HoleCardsDealt(1, (Card.parse("As"), Card.parse("Ad")))
    >>> for_viewers(dealt, {1}) is dealt, for_viewers(dealt, {0})
    (True, HoleCardsDealt(seat=1, cards=(None, None)))
    """
    if isinstance(record, HoleCardsDealt) and record.seat not in set(viewers):
        return HoleCardsDealt(record.seat, (None, None))
    return record


def table_note(event: TableEvent) -> Note:
    """A table event (a bust, a blind level, a tournament won) as a line for the log.

    >>> table_note(PlayerBusted(1, "Bob", None, True))
    Note(text='Bob is out of chips: b buys in again.', kind='warning')
    """
    match event:
        case PlayerBusted(name=name, place=place) if place is not None:
            return Note(_("{name} is out in place {place}.").format(name=name, place=place),
                        "warning")
        case PlayerBusted(name=name, may_rebuy=True):
            return Note(_("{name} is out of chips: b buys in again.").format(name=name),
                        "warning")
        case PlayerBusted(name=name):
            return Note(_("{name} is out of chips and leaves.").format(name=name), "warning")
        case TournamentWon(name=name):
            return Note(_("{name} wins the tournament!").format(name=name), "win")
        case LevelRaised(blinds=blinds):
            return Note(_("Blinds go up to {blinds}.").format(blinds=blinds), "level")
        case BotSeated(name=name, personality=personality, stack=stack):
            return Note(_("{name} ({style}) takes the empty seat with {amount}.").format(
                name=name, style=_(personality.label), amount=chips(stack)))
    raise ValueError(f"not a table event: {event!r}")


class HoldemLocalSession:
    """A local hold'em table: ``deal()``, ``act(seat, Action)`` when a :class:`ToAct` came."""

    def __init__(self, setup: HoldemConfig, rng: random.Random, *,
                 think: Think | float = 0.0, button: int | None = None,
                 clock: Time = SYSTEM_CLOCK) -> None:
        self.setup = setup
        #: The time the bots' thinking pauses take (virtual in tests).
        self.time = clock
        self.rng = rng
        self._think: Think = think if callable(think) else (lambda _hand, _move: float(think))
        self.table: Table = setup.make_table(rng, button)
        self.hand: Hand | None = None
        #: Stacks the next hand's deck (tests and demos); used once.
        self.next_deck: Deck | None = None
        #: The bots' decision: the table's own, or a script (tests and demos).
        self.decide: Callable[[], Action] = lambda: self.table.bot_action()
        if setup.difficulty is not Difficulty.NORMAL:
            # Easy and Hard play the arena's bots (loaded only for them).
            from cardtui.arena.brains import Brains

            brains = Brains(setup.difficulty)
            self.decide = lambda: brains.decide_at(self.table)
        #: Hot seat: the human holding the keyboard for the decision at hand.
        self.keyboard: int | None = None
        #: Table events of the hands settled so far (a tournament's places).
        self.table_events: list[TableEvent] = []
        #: Where a human's tournament place goes (the screen: the store).
        self.placed: Placed | None = None
        #: Waits until the screen has shown everything so far (its record player).
        self.shown: Callable[[], Awaitable[None]] | None = None
        #: The screen attached now (one at a time), and what waits for the next one.
        self.line: EventLine[Event] = EventLine()
        self._to_act: ToAct | None = None
        self._thinking: SeatClock | None = None
        #: Hot seat: the humans whose hole cards this hand were delivered.
        self._seen_hole: set[int] = set()
        self._hurry = asyncio.Event()
        self._bots: asyncio.Task[None] | None = None
        #: The profile's seat and kept chips (a cash game; None: table-only chips).
        self.chips: SeatChips | None = None
        #: Where the tournament in play is kept between hands (None: not kept).
        self.kept: KeptTournament | None = None
        #: Told the results when a tournament with a person in it is over.
        self.finished: Finished | None = None
        #: The last finished tournament's results (until the next table).
        self.results: Results | None = None
        self._announcing: asyncio.Task[None] | None = None
        #: Cash game: bots seated for busted ones since the last deal, by seat.
        self._arriving: dict[int, BotSeated] = {}

    # --- the seam -----------------------------------------------------------------------

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.setup.seats) if not s.is_bot)

    @property
    def viewer_seats(self) -> frozenset[int]:
        return self.humans

    @property
    def hot_seat(self) -> bool:
        """Several humans share the keyboard: each one's hole cards wait for their turn."""
        return len(self.humans) > 1

    @property
    def history_viewers(self) -> frozenset[int]:
        """The seats whose hole cards this table's hand histories may tell.

        One person at the table: theirs (a bot's cards only where it showed
        them). Hot seat: nobody's. The file is written and read at the
        keyboard the players share, between turns, when nobody holds it; each
        person's cards were face up only while they held it, so any one
        person's cards in it would tell the others what they never saw.
        """
        return frozenset() if self.hot_seat else self.humans

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.is_over

    @property
    def to_act(self) -> ToAct | None:
        """The decision the screen is waiting on (None while bots act or between hands)."""
        return self._to_act

    def attach(self, listener: Listener) -> None:
        self._sit_down_profile()
        # The sit-down's words, said before anyone listened, come after the table.
        self.line.attach(listener, self.present())

    def detach(self, listener: Listener | None = None) -> None:
        if self.line.detach(listener):  # else a newer screen listens (and sits) here now
            self._stand_up_profile()

    # --- the kept bankroll ------------------------------------------------------------------

    def keep_chips(self, bankroll: TableBankroll) -> None:
        """The profile's own seat plays ``bankroll`` from the next sit-down on (cash games)."""
        if self.chips is None and self.table.mode is Mode.CASH:
            seats = self.setup.seats
            self.chips = SeatChips.find(bankroll, [s.name for s in seats],
                                        [s.is_bot for s in seats])

    def keep_tournament(self, kept: KeptTournament) -> bool:
        """Keep this tournament between hands in ``kept``; resume the one kept there.

        Called before a screen attaches. Returns whether a kept tournament was
        resumed: the table, its setup, stacks, level, button and hand count
        are the kept ones (a hand in play when it was left or killed was not
        kept: voided). A cash table keeps nothing and leaves a kept
        tournament alone for the next time a tournament is opened.
        """
        self.kept = kept
        if self.table.mode is not Mode.TOURNAMENT or self.in_hand:
            return False
        resumed = self._resume(kept.load())
        if resumed is None:
            return False
        setup, table = resumed
        self.setup, self.table = setup, table
        self.hand = None
        self.table_events = []
        level = table.level_index_for(table.hand_number) + 1
        self._say(Note(ngettext(
            "Tournament resumed: level {level}, {players} players left after {n} hand.",
            "Tournament resumed: level {level}, {players} players left after {n} hands.",
            table.hand_number).format(level=level, players=len(table.in_play),
                                      n=chips(table.hand_number)), "level"))
        return True

    def _resume(self, text: str | None) -> tuple[HoldemConfig, Table] | None:
        """The setup and table kept in ``text``; None when there is none or it is unreadable."""
        if not text:
            return None
        try:
            data = json.loads(text)
            setup = HoldemConfig.from_json(data["setup"], default_name="",
                                           name_problem=lambda name: None if name else "no name")
            table = Table.restore(data["table"], random.Random(self.rng.getrandbits(64)))
        except (ValueError, KeyError, TypeError):
            return None  # a damaged save starts a new tournament rather than failing
        if (setup.mode is not Mode.TOURNAMENT or table.mode is not Mode.TOURNAMENT
                or table.is_finished or len(setup.seats) != len(table.seats)):
            return None
        return setup, table

    def _keep(self) -> None:
        """After a hand: the tournament as it stands goes to the store (gone once over)."""
        if self.kept is None or self.table.mode is not Mode.TOURNAMENT:
            return
        if self.table.is_finished:
            self.kept.save(None)
            return
        self.kept.save(json.dumps({"setup": self.setup.to_json(),
                                   "table": self.table.snapshot()}))

    def _sit_down_profile(self) -> None:
        chips = self.chips
        if chips is not None and not self.in_hand:
            seated = chips.sit_down(self.setup.stack, self.setup.big_blind)
            if seated is not None:
                self._profile_gets(seated)
                return
            seat = self.table.seats[chips.seat]
            if chips.unknown and seat is not None:
                seat.stack = 0  # no chips on a balance nobody could read: b tries again
            if chips.refused is not None:
                self._say(Note(chips.refused, "warning"))

    def _stand_up_profile(self) -> None:
        """Between hands the stack goes back to the balance (mid-hand it stays at the table).

        The seat keeps its count until the next sit-down replaces it: no hand is
        dealt while no screen is attached, and a screen's table goes with it.
        """
        chips = self.chips
        seat = self.table.seats[chips.seat] if chips is not None else None
        if chips is None or seat is None or not chips.seated or self.in_hand:
            return
        chips.stand_up(seat.stack)

    def _profile_gets(self, seated: Seated) -> None:
        """The profile's stack is the buy-in the ledger took."""
        assert self.chips is not None
        seat = self.table.seats[self.chips.seat]
        if seat is not None:
            seat.stack = seated.chips
        note = seated.note(self.chips.bankroll.player, Game.HOLDEM)
        if note is not None:
            self._say(Note(note, "warning"))

    def _say(self, note: Note) -> None:
        """A note for the screen; one said before a screen listens waits for it (attach)."""
        self.line.tell(note)

    def present(self) -> Iterator[Event]:
        """The table as it is now: what a screen attaching late is shown first."""
        yield SeatsChanged(self.seats())
        hand = self.hand
        if hand is not None:
            yield self._begins(hand)
            if hand.records:
                yield Seen(self._filtered(hand.records))
        if self._thinking is not None:
            yield self._thinking
        if self._to_act is not None:
            yield self._to_act

    def act(self, seat: int, action: Action) -> None:
        turn = self._to_act
        hand = self.hand
        if turn is None or hand is None or turn.seat != seat or hand.actor != seat:
            raise ValueError(_("it is not your turn"))
        legal = turn.legal
        assert isinstance(legal, LegalActions)
        if not legal.allows(action):
            raise ValueError(refusal(legal, action))
        self._to_act = None
        self.keyboard = None
        self._apply(action)
        self._advance()

    def capabilities(self) -> HoldemCapabilities:
        """The engine is here: it deals, rebuys, passes the hot seat's keyboard."""
        return HoldemCapabilities(deals_here=True, dealer=self, rebuy=self, keyboard=self,
                                  listens=self)

    # --- what the screen asks between hands ----------------------------------------------

    def seats(self) -> tuple[SeatState, ...]:
        # A bot that took a busted one's seat is shown from the next deal: until then the
        # seat shows empty, not the new name beside the last hand's cards.
        return tuple(
            SeatState(i, s.name, s.stack, bot=s.is_bot)
            if s is not None and i not in self._arriving
            else SeatState(i, "", 0, status="empty")
            for i, s in enumerate(self.table.seats)
        )

    def deal(self) -> None:
        """Deal the next hand (a finished tournament starts a fresh table first)."""
        if self.in_hand:
            raise ValueError("finish the current hand first")
        if self.table.is_finished:
            self.new_table(self.setup)
        arrived, self._arriving = self._arriving, {}
        for event in arrived.values():
            self._emit(table_note(event))
        if arrived:
            self._emit(SeatsChanged(self.seats()))
        hand = self.table.start_hand(deck=self.next_deck)
        self.next_deck = None
        self.hand = hand
        self._seen_hole = set()
        self.keyboard = None
        self._emit(self._begins(hand))
        self._emit(Seen(self._filtered(hand.records)))
        # The blinds alone can decide a hand (an all-in small blind, covered).
        self._advance()

    def new_table(self, setup: HoldemConfig, button: int | None = None) -> None:
        """Sit down at a fresh table from ``setup`` (``button`` fixes the first button)."""
        if self.in_hand:
            raise ValueError("a new table waits for the hand in play")
        # The kept chips leave the old table and sit down at the new one.
        bankroll = self.chips.bankroll if self.chips is not None else None
        self._stand_up_profile()
        self.chips = None
        if self.kept is not None and self.table.mode is Mode.TOURNAMENT:
            # A new table replaces the tournament: it is not resumed later.
            self.kept.save(None)
        self.results = None
        self._arriving = {}
        self.setup = setup
        self.table = setup.make_table(random.Random(self.rng.getrandbits(64)), button)
        self.hand = None
        self.keyboard = None
        self.table_events = []
        if bankroll is not None:
            self.keep_chips(bankroll)
            if self.line.attached:
                self._sit_down_profile()
        self._emit(SeatsChanged(self.seats()))

    def set_stacks(self, stacks: dict[int, int]) -> None:
        """Change stacks between hands (demos and tests: a short stack makes a side pot)."""
        if self.in_hand:
            raise ValueError("stacks change between hands")
        for index, stack in stacks.items():
            seat = self.table.seats[index]
            if seat is None:
                raise ValueError(f"nobody sits in seat {index}")
            seat.stack = stack
        self._emit(SeatsChanged(self.seats()))

    def busted_humans(self) -> list[int]:
        """Human seats out of chips that may buy in again (cash game, between hands)."""
        if self.table.mode is not Mode.CASH or self.in_hand:
            return []
        return [i for i in sorted(self.humans)
                if (seat := self.table.seats[i]) is not None and seat.stack == 0]

    def rebuy(self) -> None:
        """Every busted human buys in again for the setup's stack."""
        for seat in self.busted_humans():
            name = self.setup.seats[seat].name
            if self.chips is not None and seat == self.chips.seat:
                seated = self.chips.top_up(self.setup.stack, self.setup.big_blind)
                if seated is not None:
                    self._profile_gets(seated)
                    self._emit(Note(_("{name} buys in again for {amount}.").format(
                        name=name, amount=chips(seated.chips))))
                    continue
                self._emit(Note(self.chips.refused or "", "warning"))
                if self.chips.unknown:
                    continue  # the balance could not be read: no chips until it can
                # (then table chips)
            self.table.rebuy(seat, self.setup.stack)
            self._emit(Note(_("{name} buys in again for {amount}.").format(
                name=name, amount=chips(self.setup.stack))))
        self._emit(SeatsChanged(self.seats()))

    def take_keyboard(self, seat: int) -> None:
        """Hot seat: ``seat``'s player has the keyboard; their hole cards are delivered now."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not played at this keyboard")
        self.keyboard = seat
        hand = self.hand
        if hand is None or seat in self._seen_hole or hand.hole[seat] is None:
            return
        self._seen_hole.add(seat)
        dealt = next((r for r in hand.records
                      if isinstance(r, HoleCardsDealt) and r.seat == seat), None)
        if dealt is not None and self.hot_seat:
            self._emit(Seen((dealt,)))

    def hurry(self) -> None:
        """Any key at the table: the thinking bot decides without its pause."""
        self._hurry.set()

    @property
    def busy(self) -> bool:
        """The bots are playing their turns."""
        return self._bots is not None and not self._bots.done()

    async def idle(self) -> None:
        """Wait until the bots have played their turns (tests and demos)."""
        while self._bots is not None and not self._bots.done():
            await asyncio.wait([self._bots])

    def fold_out(self) -> None:
        """Play the hand out at once (humans fold, or check when they can) and settle it.

        Leaving mid-hand: the hand still ends and counts. The bots decide on
        the spot, without pauses.
        """
        if self._bots is not None:
            self._bots.cancel()
            self._bots = None
        self._thinking = None
        self._to_act = None
        hand = self.hand
        while hand is not None and not hand.is_over:
            assert hand.actor is not None
            if hand.actor in self.humans:
                self._apply(Action.fold() if hand.can_fold() else Action.check())
            else:
                self._apply(self.decide())
        if hand is not None:
            self._advance()

    def listens(self, listener: Listener) -> bool:
        """Whether ``listener`` is the screen attached now (not one a newer screen replaced)."""
        return self.line.listens(listener)

    def close(self, listener: Listener | None = None) -> None:
        """The screen went away for good: stop the bots (the hand was folded out first).

        Given the leaving screen's ``listener``, a stale one changes nothing: a
        newer screen attached to this table plays on (as blackjack's detach).
        """
        if listener is not None and not self.listens(listener):
            return
        if self._bots is not None:
            self._bots.cancel()
            self._bots = None
        self.detach()

    # --- moving the hand on ----------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        hand = self.hand
        assert hand is not None
        self._emit(Seen(self._filtered(hand.act(action))))

    def _advance(self) -> None:
        """After any move: settle a finished hand, else ask the human to act or start the bots."""
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            if self.table.hand is hand:  # settled once
                self._settle(hand)
            return
        seat = hand.actor
        assert seat is not None
        if seat in self.humans:
            self._to_act = ToAct(seat, hand.legal_actions())
            self._emit(self._to_act)
        elif self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        hand = self.hand
        while hand is not None and not hand.is_over and hand.actor not in self.humans:
            seat = hand.actor
            assert seat is not None
            if self.shown is not None:
                await self.shown()
            self._hurry.clear()
            started = self.time.monotonic()
            # Monte Carlo equity takes a moment: off the event loop, so keys still work.
            action = await asyncio.to_thread(self.decide)
            if self.hand is not hand or hand.is_over:
                return  # folded out (leaving) while this bot decided
            # The pause fits the decision taken (a fold to the blinds is quick).
            pause = self._think(hand, action)
            self._thinking = SeatClock(seat, started + pause)
            self._emit(self._thinking)
            left = pause - (self.time.monotonic() - started)
            if left > 0:
                with contextlib.suppress(TimeoutError):
                    await self.time.wait_for(self._hurry.wait(), left)
            if self.hand is not hand or hand.is_over:
                return  # folded out (leaving) while this bot thought
            self._thinking = None
            self._emit(SeatClock(seat, None))
            self._apply(action)
        self._bots = None
        if hand is not None:
            self._advance()

    def _settle(self, hand: Hand) -> None:
        names = [s.name for s in self.setup.seats]
        rows = holdem_rows(hand, sorted(self.humans), names)
        if rows:
            chips = self.chips
            # The PHH text is kept with the hand (statistics per player and bot personality,
            # `cardtui export`): as the players saw it, like everything this session delivers.
            history = self.table.hand_history(hand, hand_number=self.table.hand_number,
                                              seen_by=self.history_viewers)
            # A tournament's hands are played with tournament chips: not cash results.
            self._emit(Settled(rows, chips.bankroll_player(rows) if chips is not None else None,
                               history, tournament=self.table.mode is Mode.TOURNAMENT,
                               bankroll_place=chips.bankroll_place if chips is not None else ""))
        events = self.table.finish_hand()
        self.table_events.extend(events)
        entrants = len(self.table.entrants)
        human_names = [names[i] for i in self.humans]
        for name, place in human_places(events, human_names):
            if self.placed is not None:
                self.placed(name, place, entrants)
        for event in events:
            if isinstance(event, BotSeated):
                self._arriving[event.seat] = event  # said and shown at the next deal
            else:
                self._emit(table_note(event))
        played_out = self._play_out()
        self._keep()
        self._emit(SeatsChanged(self.seats()))
        if self.table.mode is Mode.TOURNAMENT and self.table.is_finished:
            self.results = results(self.table, human_names, played_out)
            self._announce(self.results)

    def _play_out(self) -> int:
        """No person has chips left in a tournament: the bots finish it now, engine only.

        Returns how many hands that took (0 when there was nothing to play out).
        """
        table = self.table
        if table.mode is not Mode.TOURNAMENT or table.is_finished:
            return 0
        if any((seat := table.seats[i]) is not None and seat.stack > 0 for i in self.humans):
            return 0
        before = table.hand_number
        events = play_out(table)
        self.table_events.extend(events)
        winner = next((e for e in events if isinstance(e, TournamentWon)), None)
        played = table.hand_number - before
        if winner is not None:
            self._emit(Note(ngettext(
                "The bots play the rest out at once ({n} hand): {name} wins the tournament.",
                "The bots play the rest out at once ({n} hands): {name} wins the tournament.",
                played).format(n=chips(played), name=winner.name), "win"))
        return played

    def _announce(self, finished: Results) -> None:
        """Hand the results to ``finished`` once the screen has shown the last hand."""
        if self.finished is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.shown is None:  # nothing is being shown: now
            self.finished(finished)
            return

        shown = self.shown

        async def announce() -> None:
            await shown()
            if self.finished is not None and self.results is finished:
                self.finished(finished)

        self._announcing = loop.create_task(announce())

    # --- what this viewer may see --------------------------------------------------------

    def _begins(self, hand: Hand) -> HandBegins:
        dealt_in = tuple(s for s in self.seats() if hand.starting_stacks[s.seat] is not None)
        return HandBegins(self.table.hand_number, dealt_in, hand.positions)

    def _filtered(self, records: Iterable[Record]) -> tuple[Record, ...]:
        viewers = self._seen_hole if self.hot_seat else self.humans
        return tuple(for_viewers(r, viewers) for r in records)

    def _emit(self, event: Event) -> None:
        self.line.emit(event)

