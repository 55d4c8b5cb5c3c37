"""End to end (issue 31): a miss in a drill is kept in the trainer's book, "drill my misses"
deals exactly that decision again, and answered right there it is forgotten."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardtui.blackjack.records import Action
from cardtui.store.trainer_store import TrainerBook, trainer_path
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.practice import PracticeScreen

KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "x", Action.SPLIT: "p",
        Action.SURRENDER: "u"}


async def test_a_drill_miss_is_kept_replayed_and_forgotten(
        make_app: Callable[..., CardtuiApp], data_dir: Path) -> None:
    app = make_app(start="practice:pairs")
    async with app.run_test(size=(80, 24)) as pilot:
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        question = drill.drill.question
        assert question is not None
        wrong = next(move for move in question.moves if move is not question.best)
        await pilot.press(KEYS[wrong], "escape")
        practice = app.screen
        assert isinstance(practice, PracticeScreen)
        [miss] = practice.book.misses(app.settings.player_name)
        assert miss.cards == tuple(str(card) for card in question.cards)
        practice.open("misses")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, DrillScreen) and replay.drill_name == "my misses"
        again = replay.drill.question
        assert again is not None and again.cards == question.cards
        await pilot.press(KEYS[again.best], "enter")
        assert isinstance(app.screen, PracticeScreen)
        assert practice.book.misses(app.settings.player_name) == []
    book = TrainerBook(trainer_path(data_dir), read_only=True)
    assert book.misses(app.settings.player_name) == []
    book.close()
