"""Pilot tests of the practice screens: the strategy chart, the strategy drill and
the count drill, each pushed on a bare host app with the arguments a caller gives."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtui.blackjack.drill import CountAnswer, DrillKind, DrillResult
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import playable_code
from cardtui.cards import Card, parse_cards
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.strategy_chart import (
    HARD_ROWS,
    PAIR_ROWS,
    SOFT_ROWS,
    StrategyChartScreen,
    chart_cell,
    heading,
    legend,
    section,
)


class Host(App[None]):
    """An empty app that pushes one screen and keeps what it dismisses with."""

    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.results.append)


def text_of(screen: Screen[Any], selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


# -- the strategy chart ----------------------------------------------------------


def test_each_cell_shows_the_playable_code() -> None:
    rules = Rules(decks=2, dealer_hits_soft_17=True, late_surrender=True)
    for table, rows in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pair", PAIR_ROWS)):
        lines = section(rules, table).plain.splitlines()
        assert len(lines) == len(rows) + 1
        for line, (label, row) in zip(lines[1:], rows, strict=True):
            assert line[:6].strip() == label
            cells = [line[6 + 3 * i: 9 + 3 * i].strip() for i in range(10)]
            ups = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
            assert cells == [playable_code(table, row, up, rules) for up in ups]


def test_the_chart_follows_the_rules() -> None:
    shoe = section(Rules(), "hard").plain.splitlines()
    single = section(Rules(decks=1), "hard").plain.splitlines()
    assert shoe[2].split() == ["8"] + ["H"] * 10
    assert single[2].split() == ["8", "H", "H", "H", "D", "D", "H", "H", "H", "H", "H"]
    assert "Rh" not in section(Rules(), "hard").plain
    assert "Rh" in section(Rules(late_surrender=True), "hard").plain
    assert heading(Rules(decks=1), ascii=True) == (
        "Basic strategy, 1 deck chart: 1 deck, S17, DAS, no surrender")


def test_the_decision_cell_is_found_and_lit() -> None:
    up = Card.parse("9c")
    assert chart_cell(parse_cards("Th 6d"), up) == ("hard", 16, 9)
    assert chart_cell(parse_cards("Ah 7d"), up) == ("soft", 18, 9)
    assert chart_cell(parse_cards("8h 8d"), up) == ("pair", 8, 9)
    assert chart_cell(parse_cards("8h 8d"), up, can_split=False) == ("hard", 16, 9)
    assert chart_cell(parse_cards("3h 2d"), up) == ("hard", 7, 9)
    assert chart_cell(parse_cards("Th 9d"), up) is None
    lit = section(Rules(), "hard", highlight=("hard", 16, 9))
    styled = [span for span in lit.spans if "reverse" in str(span.style)]
    assert len(styled) == 1 and lit.plain[styled[0].start:styled[0].end].strip() == "H"


def test_ascii_chart_is_plain_ascii() -> None:
    rules = Rules(late_surrender=True, dealer_hits_soft_17=True)
    for text in (section(rules, "hard").plain, section(rules, "pair").plain,
                 legend(rules).plain, heading(rules, ascii=True)):
        assert text.isascii(), text


async def test_the_chart_fits_80x24_and_closes() -> None:
    rules = Rules(late_surrender=True)
    app = Host(lambda: StrategyChartScreen(rules, highlight=("hard", 16, 10), ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, StrategyChartScreen)
        assert screen.query_one("#chart-scroll", VerticalScroll).max_scroll_y == 0
        assert "Your hand: hard 16 against T: surrender, else hit." in text_of(screen, "#decision")
        await pilot.press("escape")
        assert not isinstance(app.screen, StrategyChartScreen)


async def test_the_chart_scrolls_in_a_small_window() -> None:
    app = Host(lambda: StrategyChartScreen(Rules()))
    async with app.run_test(size=(80, 16)):
        assert app.screen.query_one("#chart-scroll", VerticalScroll).max_scroll_y > 0


# -- the strategy drill ----------------------------------------------------------

KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "x", Action.SPLIT: "p",
        Action.SURRENDER: "u"}


async def test_a_drill_by_keys_ends_with_the_misses_and_its_result() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=6))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        missed = []
        for n in range(6):
            question = screen.drill.question
            assert question is not None
            if n in (1, 4):
                wrong = next(m for m in question.moves if m is not question.best)
                missed.append(wrong)
                await pilot.press(KEYS[wrong])
                assert f"Hand {n + 1} (" in text_of(screen, "#feedback") or n == 5
                assert "wrong, you" in text_of(screen, "#feedback") or n == 5
            else:
                await pilot.press(KEYS[question.best])
                assert text_of(screen, "#feedback").startswith(f"Hand {n + 1} (") or n == 5
                assert "): right. " in text_of(screen, "#feedback") or n == 5
        assert screen.drill.finished
        assert "Done: 4 of 6 right (67%)." in text_of(screen, "#score")
        misses = text_of(screen, "#misses")
        assert misses.startswith("Misses:") and misses.count("\n- ") == 2
        await pilot.press("enter")
    result = app.results[-1]
    assert isinstance(result, DrillResult)
    assert (result.asked, result.right) == (6, 4)
    assert [miss.given for miss in result.misses] == missed


async def test_only_the_moves_open_on_the_hand_are_keys() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.HARD, random.Random(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        assert not screen.check_action("answer", ("split",))
        assert not screen.check_action("answer", ("surrender",))
        assert not screen.check_action("done", ())
        assert not screen.check_action("chart", ())  # nothing answered: no peeking
        await pilot.press("p", "u", "enter")
        assert screen.drill.asked == 0
        assert "split" not in text_of(screen, "#prompt")


async def test_the_chart_of_the_last_hand_and_leaving_early() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.PAIRS, random.Random(2)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        question = screen.drill.question
        assert question is not None
        await pilot.press(KEYS[question.best], "c")
        chart = app.screen
        assert isinstance(chart, StrategyChartScreen)
        assert chart.highlight == ("pair", question.cards[0].rank.blackjack_value,
                                   question.up_card.rank.blackjack_value)
        await pilot.press("escape", "escape")
    result = app.results[-1]
    assert isinstance(result, DrillResult) and result.asked == 1


async def test_leaving_before_any_answer_records_nothing() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.SOFT, random.Random(2)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
    assert app.results == [None]


# -- the count drill -------------------------------------------------------------


async def test_a_count_run_by_keys() -> None:
    app = Host(lambda: CountDrillScreen(random.Random(4), cards=6, seconds_per_card=60))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CountDrillScreen)
        # It waits for the player (issue 26): nothing is dealt and no clock runs yet.
        assert screen.shown == 0 and screen.phase == "ready" and screen._timer is None
        await pilot.press("space")
        assert screen.shown == 1 and screen.phase == "showing"
        await pilot.press(*["space"] * 6)
        assert screen.phase == "asking"
        answer = screen.query_one("#answer", Input)
        assert answer.display and answer.has_focus
        await pilot.press("x", "enter")
        assert text_of(screen, "#verdict") == (
            "Type the count as a whole number, like -3 or 4, not 'x'.")
        await pilot.press("backspace")
        count = screen.question.running_count
        await pilot.press(*str(count), "enter")
        assert screen.phase == "told"
        assert text_of(screen, "#verdict").startswith("Right: the running count is")
        assert len(text_of(screen, "#review").split("(")) == 7  # six cards, each with its count
        await pilot.press("n")
        assert screen.phase == "showing" and screen.shown == 1
        await pilot.press("escape")
    answers = app.results[-1]
    assert len(answers) == 1 and isinstance(answers[0], CountAnswer) and answers[0].correct


async def test_cards_come_up_at_the_pace() -> None:
    app = Host(lambda: CountDrillScreen(random.Random(4), cards=3, seconds_per_card=0.05))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CountDrillScreen)
        await pilot.press("enter")  # ready
        for _ in range(100):
            if screen.phase == "asking":
                break
            await pilot.pause(0.05)
        assert screen.phase == "asking" and screen.shown == 3


async def test_keys_typed_while_cards_show_are_not_an_answer() -> None:
    app = Host(lambda: CountDrillScreen(random.Random(4), cards=4, seconds_per_card=60))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CountDrillScreen)
        await pilot.press("space", "3", "enter")
        assert screen.phase == "showing" and screen.answers == []
