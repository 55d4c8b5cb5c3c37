"""A key typed as the strategy drill opens answers without crashing the screen.

The key fuzzer's seed 132 pressed Enter on the practice list and then h: the
answer arrived before the drill was mounted, and its redraw asked for widgets
that were not there yet (NoMatches '#drill-title').
"""

from __future__ import annotations

import random

from textual.app import App
from textual.widgets import Static

from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.rules import Rules
from cardtui.ui.screens.drill import DrillScreen


async def test_an_answer_before_the_drill_is_mounted_is_shown_once_it_is() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        drill = DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=5)
        question = drill.drill.question
        assert question is not None
        move = sorted(question.moves)[0].value
        waiting = app.push_screen(drill)
        drill.action_answer(move)  # before the screen has composed its widgets
        await waiting
        await pilot.pause()
        assert drill.answered == 1 and drill.drill.asked == 1
        title = str(drill.query_one("#drill-title", Static).render())
        assert "of 1 right" in title
