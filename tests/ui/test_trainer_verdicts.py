"""A drill's verdict is read under the NEXT question, so it names the question it judges
(issue 31): the answered hand's cards (and count), never the cards now on screen."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtui.blackjack.count_drills import TrayShow
from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import signed
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.index_drill import IndexDrillScreen
from cardtui.ui.screens.true_count_drill import TrueCountDrillScreen
from cardtui.ui.widgets.cards import cards_text

KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "x", Action.SPLIT: "p",
        Action.SURRENDER: "u", Action.INSURE: "i", Action.DECLINE_INSURANCE: "n"}


class Host(App[None]):
    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


def feedback(screen: Screen[Any]) -> str:
    return str(screen.query_one("#feedback", Static).render())


def hand(cards: Any, up: Any) -> str:
    return (f"{cards_text(list(cards), ascii=False).plain} v "
            f"{cards_text([up], ascii=False).plain}")


async def test_the_strategy_verdict_names_the_answered_hand_not_the_next() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        for n, wrong in enumerate((True, False), start=1):
            asked = screen.drill.question
            assert asked is not None
            move = (next(m for m in asked.moves if m is not asked.best) if wrong
                    else asked.best)
            await pilot.press(KEYS[move])
            now = screen.drill.question
            assert now is not None and (now.cards, now.up_card) != (asked.cards, asked.up_card)
            said = feedback(screen)
            assert said.startswith(f"Hand {n} ({hand(asked.cards, asked.up_card)}): ")
            assert ("wrong, you" if wrong else "right.") in said
            assert hand(now.cards, now.up_card) not in said


async def test_the_index_verdict_names_the_answered_hand_and_its_count() -> None:
    rules = Rules(late_surrender=True)
    app = Host(lambda: IndexDrillScreen(rules, random.Random(5), length=10))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, IndexDrillScreen)
        asked = screen.question
        assert asked is not None
        wrong = next(m for m in asked.moves if m is not asked.best)
        await pilot.press(KEYS[wrong])
        said = feedback(screen)
        assert said.startswith(f"Hand 1 ({hand(asked.cards, asked.up_card)}, true count "
                               f"{signed(asked.true_count)}): wrong, you chose {wrong.verb}. ")
        assert said.endswith(asked.explanation)
        now = screen.question
        assert now is not None
        assert hand(now.cards, now.up_card) not in said


async def test_the_true_count_verdict_names_the_question_and_its_figures() -> None:
    app = Host(lambda: TrueCountDrillScreen(6, 0.75, random.Random(2), TrayShow.DECKS_LEFT))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TrueCountDrillScreen)
        asked = screen.question
        assert asked is not None
        screen.query_one("#answer", Input).value = str(asked.answer + 3)
        await pilot.press("enter")
        said = feedback(screen)
        assert said.startswith(f"Question 1: wrong, you said {signed(asked.answer + 3)}. ")
        assert f"{signed(asked.running)} over {float(asked.decks_left):g} decks left" in said


async def test_the_index_drill_asks_insurance_as_such_and_enter_leaves_only_at_the_end() -> None:
    rules = Rules(late_surrender=True)
    app = Host(lambda: IndexDrillScreen(rules, random.Random(3), length=2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, IndexDrillScreen)
        for _ in range(2):
            question = screen.question
            assert question is not None
            prompt = str(screen.query_one("#prompt", Static).render())
            insurance = Action.INSURE in question.moves
            assert prompt.endswith("Insurance?" if insurance else "Your move?"), prompt
            await pilot.press("enter")  # typed ahead mid-drill: not a way out
            assert app.screen.is_current and isinstance(app.screen, IndexDrillScreen)
            await pilot.press(KEYS[question.best])
        assert screen.question is None
        await pilot.press("enter")
        assert app.screen is not screen
