"""The hold'em table's pace on virtual time: a round of folds is quick, a big decision is not.

A local table runs on a :class:`~cardtui.clock.FakeClock` with the screen's own
pauses at normal speed: each bot's pause from :func:`~cardtui.ui.holdem.pace.bot_pause`,
and the table waits for what it said to be shown, as the record player shows it
(each step's :func:`~cardtui.ui.holdem.pace.pause_for`, slides included). No app runs.

Measured at ten seats, normal speed, the player in the big blind so that nine
bots decide first (the seeded bots' own decisions): before, every bot paused
0.7 s whatever it did and a hole card 0.12 s, 8.7 s from the deal to the
player's first decision; now 2.6 s (1.6 s of it the twenty cards being
pitched). Nine folds round the table took 6.3 s; now 0.45 s.
"""

from __future__ import annotations

import asyncio
import random

from cardtui.clock import FakeClock
from cardtui.holdem.actions import Action, Folded, Record
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.view import steps, with_slides
from cardtui.settings import AnimationSpeed, Settings
from cardtui.tables.holdem_local import HoldemLocalSession, Think
from cardtui.tables.session import Event, SeatClock, Seen
from cardtui.ui.holdem.pace import SLIDE_FRAMES, bot_pause, pause_for

TEN = HoldemConfig(seats=(SeatConfig("Ann"), *(
    SeatConfig(f"Bot {i}", Personality.ROCK) for i in range(1, 10))))


class Watched:
    """A screen on virtual time: what the session says is shown with its pauses, in order."""

    def __init__(self, session: HoldemLocalSession, clock: FakeClock) -> None:
        self.clock = clock
        self.owed = 0.0  # seconds of showing still due for what was said so far
        #: When each bot started thinking, and when each fold was said (virtual time).
        self.clocks: list[float] = []
        self.folds: list[float] = []
        self.seconds = 0.0
        session.attach(self._event)
        session.shown = self._shown

    def _event(self, event: Event) -> None:
        if isinstance(event, Seen):
            records: tuple[Record, ...] = event.records  # type: ignore[assignment]
            self.owed += sum(pause_for(step)
                             for step in with_slides(steps(records), SLIDE_FRAMES))
            self.folds += [self.clock.monotonic() for r in records if isinstance(r, Folded)]
        elif isinstance(event, SeatClock) and event.deadline is not None:
            self.clocks.append(self.clock.monotonic())

    async def _shown(self) -> None:
        owed, self.owed = self.owed, 0.0
        await self.clock.sleep(owed)


async def to_first_decision(session: HoldemLocalSession, clock: FakeClock) -> Watched:
    """Deal, and run virtual time until the player is asked (and it is on screen) or the
    hand is over; ``Watched.seconds`` says how long that took."""
    watched = Watched(session, clock)
    started = clock.monotonic()
    session.deal()
    hand = session.hand
    assert hand is not None
    while session.to_act is None and not hand.is_over:
        if clock.pending:
            await clock.run(clock.pending[0] - clock.monotonic())
        else:
            await asyncio.sleep(0.001)  # a bot deciding in its thread: no virtual time
    watched.seconds = clock.monotonic() - started + watched.owed
    return watched


def ten_seats(clock: FakeClock, think: Think, *, button: int) -> HoldemLocalSession:
    session = HoldemLocalSession(TEN, random.Random(3), button=button, think=think,
                                 clock=clock)
    session.next_deck = stacked_deck(["7h2d"])  # the player's cards; the rest at random
    return session


def folding(session: HoldemLocalSession) -> HoldemLocalSession:
    """Every bot folds (or checks when it may)."""

    def fold() -> Action:
        hand = session.hand
        assert hand is not None
        return Action.check() if hand.can_check() else Action.fold()

    session.decide = fold
    return session


OLD_PACE: Think = lambda *_: 0.7  # noqa: E731  every bot, whatever it decided


async def test_an_orbit_of_nine_folds_takes_well_under_a_second_at_normal_speed() -> None:
    # The player is the big blind: the nine bots fold round to them, and the hand is theirs.
    clock = FakeClock()
    watched = await to_first_decision(folding(ten_seats(clock, bot_pause, button=8)), clock)
    assert len(watched.clocks) == len(watched.folds) == 9
    orbit = watched.folds[-1] - watched.clocks[0]
    assert orbit < 1.0, orbit  # 0.45 s: nine quick folds
    clock = FakeClock()
    before = await to_first_decision(folding(ten_seats(clock, OLD_PACE, button=8)), clock)
    assert before.folds[-1] - before.clocks[0] > 6  # 6.3 s with 0.7 s a bot


async def test_deal_to_the_first_decision_at_ten_seats_with_the_real_bots() -> None:
    # The player in the big blind: nine bots decide first (their own decisions, seeded).
    clock = FakeClock()
    now = await to_first_decision(ten_seats(clock, bot_pause, button=8), clock)
    clock = FakeClock()
    before = await to_first_decision(ten_seats(clock, OLD_PACE, button=8), clock)
    assert len(now.clocks) == len(before.clocks) == 9
    assert now.seconds < 3.0 < 7.5 < before.seconds, (now.seconds, before.seconds)


def test_a_big_decision_takes_longer_than_a_fold_and_the_speed_setting_scales_it() -> None:
    hand = Hand([1000] * 3, button=0, small_blind=5, big_blind=10, rng=random.Random(1))
    fold, shove = bot_pause(hand, Action.fold()), bot_pause(hand, Action.all_in())
    assert fold < 0.1 < 1.0 < shove
    settings = Settings()
    settings.animation = AnimationSpeed.SLOW
    slow = settings.delay(shove)
    settings.animation = AnimationSpeed.FAST
    assert settings.delay(fold) < settings.delay(shove) < shove < slow
