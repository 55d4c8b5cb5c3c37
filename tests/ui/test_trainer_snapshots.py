"""SVG snapshots of the serious trainer's drills (issue 31), at 80x24, each on a bare host app
as the practice screen pushes it (update: --snapshot-update)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from cardtui.blackjack.count_drills import TrayShow
from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.leaks import LeakFinder, Miss, MissSource, replay, replay_dealer
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.cards import Card, parse_cards
from cardtui.clock import FakeClock
from cardtui.ui.screens.countdown_drill import CountDownScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.index_drill import IndexDrillScreen
from cardtui.ui.screens.true_count_drill import TrueCountDrillScreen

SIZE = (80, 24)


class Host(App[None]):
    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


def test_index_drill_after_a_wrong_answer(snap_compare) -> None:  # type: ignore[no-untyped-def]
    rules = Rules(late_surrender=True)
    app = Host(lambda: IndexDrillScreen(rules, random.Random(5), length=10))
    assert snap_compare(app, press=["s"], terminal_size=SIZE)


def test_true_count_drill_reading_the_tray(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: TrueCountDrillScreen(6, 0.75, random.Random(2), TrayShow.TRAY))
    assert snap_compare(app, press=["1", "enter"], terminal_size=SIZE)


def test_true_count_drill_with_decks_left(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: TrueCountDrillScreen(8, 0.75, random.Random(4), TrayShow.DECKS_LEFT,
                                            ascii=True))
    assert snap_compare(app, terminal_size=SIZE)


def test_count_down_timed_on_the_clock(snap_compare) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()

    async def deal(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, CountDownScreen)
        # Fifty cards by the key's action (a key press each waits for a redraw: 9 s of
        # the suite), the last by the key itself.
        for _ in range(50):
            screen.action_next_card()
            clock.advance(0.75)
        await pilot.press("space")
        await pilot.press("minus", "1", "enter")

    app = Host(lambda: CountDownScreen(random.Random(3), best=41.2, clock=clock))
    assert snap_compare(app, run_before=deal, terminal_size=SIZE)


def test_leaks_drill(snap_compare) -> None:  # type: ignore[no-untyped-def]
    miss = Miss.of(parse_cards("Ah 7d"), Card.parse("9c"), Action.STAND, Action.HIT,
                   (Action.HIT, Action.STAND, Action.DOUBLE), MissSource.DRILL)
    finder = LeakFinder(Rules(), DrillKind.ALL, random.Random(8), [miss] * 5)
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, finder.rng, deal=finder.deal,
                                   name="my leaks"))
    assert snap_compare(app, press=["h"], terminal_size=SIZE)


def test_drill_my_misses_summary(snap_compare) -> None:  # type: ignore[no-untyped-def]
    misses = [Miss.of(parse_cards(cards), Card.parse(up), given, best, moves, MissSource.TABLE)
              for cards, up, given, best, moves in (
                  ("Th 2d 4s", "Tc", Action.STAND, Action.HIT, (Action.HIT, Action.STAND)),
                  ("8h 8d", "Ac", Action.STAND, Action.SPLIT,
                   (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT)),
                  ("As 6c", "3d", Action.HIT, Action.DOUBLE,
                   (Action.HIT, Action.STAND, Action.DOUBLE)))]
    questions = replay(misses, Rules())
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(1),
                                   length=len(questions), deal=replay_dealer(questions),
                                   name="my misses"))
    assert snap_compare(app, press=["h", "s", "x"], terminal_size=SIZE)
