"""A saved hand played again at the hold'em table: the replayer's table session.

A :class:`HoldemReplaySession` holds a :class:`~cardtui.holdem.phh_read.Replay`
(a PHH hand the engine replayed over a deck stacked from the file's cards, or
a hand played at this table) and delivers it to the table screen the way a
live table would: :class:`HandBegins`, then :class:`Seen` records, one *step*
at a time. Every card the history reveals is in the records; a card it does
not give (``????``) stays ``None`` and is drawn face down.

A step is what a person watching follows as one thing: the deal (antes,
blinds, hole cards), then each player's move with whatever the dealer did
because of it (bets swept in, an uncalled bet handed back), each street's
cards, each hand shown or mucked, each pot pushed.

- :meth:`forward` delivers the next step (the screen animates it);
- :meth:`back` delivers the hand again from the start up to the step before,
  in one :class:`HandBegins` and one :class:`Seen`, while :attr:`rewinding`
  is true: the screen shows those at once, without animation;
- :meth:`play` / :meth:`pause` step forward by themselves every
  :attr:`seconds_per_step` seconds; :meth:`faster` / :meth:`slower` change it.

A replay takes no moves: :meth:`act` refuses every one, and no :class:`ToAct`
is ever sent.

>>> from cardtui.holdem.phh_read import read_phh
>>> replay = read_phh('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [0.5, 1, 0]
... min_bet = 1
... starting_stacks = [100, 80, 50]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h7d", "p3 cbr 3", "p1 f", "p2 f"]
... players = ["Ann", "Bob", "Cy"]
... ''')
>>> session = HoldemReplaySession(replay)
>>> seen = []
>>> session.attach(seen.append)
>>> [type(e).__name__ for e in seen]
['SeatsChanged', 'HandBegins', 'Note', 'Seen']
>>> session.position, session.step_count
(1, 5)
>>> session.forward()
True
>>> seen[-1]
Seen(records=(BetOrRaised(seat=2, to=30, amount=30, is_bet=False, all_in=False, full=True),))
>>> session.back()
True
>>> [type(e).__name__ for e in seen[-3:]], session.position
(['HandBegins', 'Note', 'Seen'], 1)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence

from cardtui.holdem.actions import (
    Action,
    BetOrRaised,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Folded,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    RabbitHunted,
    Record,
    RunsChosen,
)
from cardtui.holdem.button import Positions
from cardtui.holdem.phh_read import Replay
from cardtui.i18n.said import say
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.listening import EventLine
from cardtui.tables.session import (
    Event,
    HandBegins,
    Listener,
    Note,
    SeatsChanged,
    SeatState,
    Seen,
)

__all__ = ["SPEEDS", "HoldemReplaySession", "played_replay", "replay_steps"]

#: Records that begin a step of their own; the rest follow the step before them.
_LEADS = (Folded, Checked, Called, BetOrRaised, BoardDealt, HandShown, HandMucked, PotAwarded,
          RunsChosen, RabbitHunted)
#: Seconds per step at speed 1× when playing by itself.
BASE_SECONDS_PER_STEP = 1.5
#: The speeds ``+`` and ``-`` move between (multiples of the base pace).
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)

Sleep = Callable[[float], Awaitable[object]]


def replay_steps(records: Iterable[Record]) -> tuple[tuple[Record, ...], ...]:
    """The hand's records cut into steps: the deal, then one step per thing that happens.

    >>> from cardtui.holdem.actions import BetsCollected, Street
    >>> plan = replay_steps([HoleCardsDealt(0, (None, None)), Checked(0),
    ...                      BetsCollected(Street.PREFLOP, ()), Folded(1)])
    >>> [[type(r).__name__ for r in step] for step in plan]
    [['HoleCardsDealt'], ['Checked', 'BetsCollected'], ['Folded']]
    """
    out: list[list[Record]] = [[]]
    for record in records:
        if isinstance(record, _LEADS) and out[-1]:
            out.append([])
        out[-1].append(record)
    return tuple(tuple(step) for step in out if step)


def played_replay(begins: HandBegins, records: Sequence[Record], *, title: str = "") -> Replay:
    """A hand played at a table, as its viewer was shown it, ready to replay.

    ``begins`` and ``records`` are what the table session delivered to the
    screen: another player's hole cards are already ``None``. Hot seat (the
    records show more than one seat's hole cards, or hand a seat's cards over
    after the deal, when its player took the keyboard), every hole card is
    hidden but those turned up at the showdown, so a player looking back at a
    hand never sees the cards of the person who shared the keyboard, even
    when only one of them took it that hand.

    >>> from cardtui.cards import parse_cards
    >>> from cardtui.holdem.button import Positions
    >>> from cardtui.tables.session import SeatState
    >>> ann, bob = SeatState(0, "Ann", 100), SeatState(1, "Bob", 100)
    >>> dealt = [HoleCardsDealt(0, tuple(parse_cards("AsKs"))),
    ...          HoleCardsDealt(1, tuple(parse_cards("7h7d")))]
    >>> played_replay(HandBegins(3, (ann, bob), Positions(0, 0, 1)), dealt).records[0]
    HoleCardsDealt(seat=0, cards=(None, None))
    """
    known = {r.seat for r in records
             if isinstance(r, HoleCardsDealt) and any(c is not None for c in r.cards)}
    dealt = [r.seat for r in records if isinstance(r, HoleCardsDealt)]
    hot_seat = len(known) > 1 or len(dealt) != len(set(dealt))
    kept: list[Record] = []
    for record in records:
        if isinstance(record, HoleCardsDealt) and hot_seat:
            record = HoleCardsDealt(record.seat, (None, None))
        kept.append(record)
    count = max((s.seat for s in begins.seats), default=-1) + 1
    names: list[str] = [""] * count
    stacks: list[int | None] = [None] * count
    for seat in begins.seats:
        names[seat.seat], stacks[seat.seat] = seat.name, seat.stack
    blinds = {r.kind: r.amount for r in kept if isinstance(r, BlindPosted)}
    positions = begins.positions or Positions(0, 0, 0)
    return Replay(
        title=title or f"hand {begins.number}", names=tuple(names),
        starting_stacks=tuple(stacks), positions=positions,
        small_blind=blinds.get(BlindKind.SMALL, 0), big_blind=blinds.get(BlindKind.BIG, 0),
        records=tuple(kept), notes=(), complete=any(isinstance(r, HandEnded) for r in kept),
        scale=1,
    )


class HoldemReplaySession:
    """A replayed hand behind the table seam: ``forward()``, ``back()``, ``play()``."""

    def __init__(self, replay: Replay, *, number: int = 1, sleep: Sleep = asyncio.sleep) -> None:
        self.replay = replay
        self.number = number
        self.steps = replay_steps(replay.records)
        #: Steps delivered so far (1: the deal is on the table).
        self.position = 1
        #: True while :meth:`back` delivers the hand again: show it at once.
        self.rewinding = False
        self._speed = SPEEDS.index(1.0)
        self._sleep = sleep
        #: The screen attached now (one at a time), and what waits for the next one.
        self.line: EventLine[Event] = EventLine()
        self._player: asyncio.Task[None] | None = None

    # --- the seam -----------------------------------------------------------------------

    @property
    def viewer_seats(self) -> frozenset[int]:
        """Nobody plays a replay: the viewer watches every card the history reveals."""
        return frozenset()

    def attach(self, listener: Listener) -> None:
        self.line.attach(listener, self.present())

    def detach(self, listener: Listener | None = None) -> None:
        self.line.detach(listener)

    def act(self, seat: int, action: Action) -> None:
        raise ValueError("a replayed hand takes no moves: → and ← step through it")

    def capabilities(self) -> HoldemCapabilities:
        """Nobody plays a replay: it deals, chats and rebuys nothing."""
        return HoldemCapabilities()

    @property
    def in_hand(self) -> bool:
        """Nobody's chips are at stake: the replayer may be left at any moment."""
        return False

    def hurry(self) -> None:
        """A key skips the table's reveal; the replay's own pace is :meth:`play`'s."""

    def fold_out(self) -> None:
        """Leaving a replay changes nothing: the hand was played long ago."""

    def present(self) -> Iterator[Event]:
        """The seats, then the hand up to the current step."""
        yield SeatsChanged(self.seats())
        yield from self._hand_so_far()

    # --- what the replayer shows --------------------------------------------------------

    @property
    def title(self) -> str:
        return self.replay.title

    @property
    def step_count(self) -> int:
        return len(self.steps)

    @property
    def at_end(self) -> bool:
        return self.position >= self.step_count

    @property
    def at_start(self) -> bool:
        return self.position <= 1

    @property
    def playing(self) -> bool:
        return self._player is not None and not self._player.done() and not self.at_end

    @property
    def speed(self) -> float:
        """How many times the base pace the hand plays at (1.0 is 1×)."""
        return SPEEDS[self._speed]

    @property
    def seconds_per_step(self) -> float:
        return BASE_SECONDS_PER_STEP / self.speed

    def seats(self) -> tuple[SeatState, ...]:
        replay = self.replay
        return tuple(
            SeatState(i, name, stack) if stack is not None
            else SeatState(i, "", 0, status="empty")
            for i, (name, stack) in enumerate(zip(replay.names, replay.starting_stacks,
                                                  strict=True))
        )

    # --- stepping -----------------------------------------------------------------------

    def forward(self) -> bool:
        """Deliver the next step; False when the hand is already at its end."""
        if self.at_end:
            return False
        step = self.steps[self.position]
        self.position += 1
        self._emit(Seen(step))
        return True

    def back(self) -> bool:
        """Show the hand again up to the step before this one; False at the deal."""
        if self.at_start:
            return False
        self.pause()
        self.go_to(self.position - 1)
        return True

    def go_to(self, position: int) -> None:
        """Show the hand from the start up to step ``position`` (1 is the deal), at once."""
        self.position = max(1, min(position, self.step_count))
        self.rewinding = True
        try:
            for event in self._hand_so_far():
                self._emit(event)
        finally:
            self.rewinding = False

    def play(self) -> None:
        """Step forward by itself until the end (from the start when already at the end)."""
        if self.playing:
            return
        if self.at_end:
            self.go_to(1)
        self._player = asyncio.get_running_loop().create_task(self._play())

    def pause(self) -> None:
        if self._player is not None:
            self._player.cancel()
            self._player = None

    def toggle(self) -> None:
        """Space: play when paused, pause when playing."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def faster(self) -> bool:
        """One speed up; False when already at the fastest."""
        if self._speed + 1 >= len(SPEEDS):
            return False
        self._speed += 1
        return True

    def slower(self) -> bool:
        """One speed down; False when already at the slowest."""
        if self._speed == 0:
            return False
        self._speed -= 1
        return True

    def close(self) -> None:
        """The screen went away: stop playing and delivering."""
        self.pause()
        self.detach()

    # --- helpers ------------------------------------------------------------------------

    async def _play(self) -> None:
        while not self.at_end:
            await self._sleep(self.seconds_per_step)
            self.forward()

    def _hand_so_far(self) -> Iterator[Event]:
        replay = self.replay
        yield HandBegins(self.number, self.seats(), replay.positions)
        # After HandBegins, which clears a table's notes: said again on every rewind.
        for text in replay.notes:
            yield Note(say(text), "info")  # the reader's note, in the player's language
        records = tuple(r for step in self.steps[: self.position] for r in step)
        if records:
            yield Seen(records)

    def _emit(self, event: Event) -> None:
        self.line.emit(event)
