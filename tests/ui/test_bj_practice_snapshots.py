"""SVG snapshots of the practice screens (update: --snapshot-update), each on a
bare host app as a caller would push it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen

from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.rules import Rules
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen


class Host(App[None]):
    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_chart_with_the_decision_lit(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    rules = Rules(dealer_hits_soft_17=True, late_surrender=True)
    app = Host(lambda: StrategyChartScreen(rules, highlight=("hard", 16, 9)))
    assert snap_compare(app, terminal_size=size)


def test_single_deck_chart_in_ascii(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: StrategyChartScreen(Rules(decks=1), ascii=True))
    assert snap_compare(app, terminal_size=(80, 24))


def test_drill_after_a_wrong_answer(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=5))
    assert snap_compare(app, press=["h", "s"], terminal_size=(80, 24))


def test_drill_summary(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=4,
                                   ascii=True))
    assert snap_compare(app, press=["h", "s", "h", "s"], terminal_size=(80, 24))


def test_count_drill_showing_a_card(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: CountDrillScreen(random.Random(3), cards=8, seconds_per_card=600))
    assert snap_compare(app, press=["space", "space", "space"],
                        terminal_size=(80, 24))


def test_count_drill_verdict(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: CountDrillScreen(random.Random(3), cards=14, seconds_per_card=600))
    assert snap_compare(app, press=[*["space"] * 15, "1", "enter"], terminal_size=(80, 24))
