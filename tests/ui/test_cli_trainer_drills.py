"""``cardtui drill KIND`` opens the trainer's newer drills too (issue 31): leaks, misses,
index, true-tray, true-left, countdown-1 and countdown-2, beside the strategy and count drills."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from cardtui import cli
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.countdown_drill import CountDownScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.index_drill import IndexDrillScreen
from cardtui.ui.screens.practice import STARTS, PracticeScreen
from cardtui.ui.screens.true_count_drill import TrueCountDrillScreen

NEW = ("leaks", "misses", "index", "true-tray", "true-left", "countdown-1", "countdown-2")


def test_the_command_line_offers_every_start_of_the_practice_screen() -> None:
    assert set(cli._DRILLS) == set(STARTS)
    assert set(NEW) <= set(STARTS)


@pytest.mark.parametrize("kind", NEW)
def test_cardtui_drill_takes_the_new_drills(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            kind: str) -> None:
    started: list[str | None] = []

    def run_app(args: argparse.Namespace, start: str | None) -> int:
        started.append(start)
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    assert cli.main(["drill", kind, "--data-dir", str(tmp_path)]) == 0
    assert started == [f"practice:{kind}"]


@pytest.mark.parametrize("kind", ["countdown", "true-count", "index2"])
def test_a_near_miss_of_a_kind_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                                     kind: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["drill", kind])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtui") and "countdown-1" in err, err


def test_the_drill_help_names_the_new_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["drill", "--help"])
    out = capsys.readouterr().out
    for kind in NEW:
        assert kind in out


async def test_each_start_opens_its_drill(make_app: Callable[..., CardtuiApp]) -> None:
    # One app run: the command line's start opens the index drill as the screen mounts;
    # the others go through the same PracticeScreen.open.
    app = make_app(start="practice:index")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, IndexDrillScreen)
        await pilot.press("escape")
        await pilot.pause()
        practice = app.screen
        assert isinstance(practice, PracticeScreen)
        # (true-left and countdown-2 open the same screens with another option)
        for kind, opens in (("leaks", DrillScreen), ("true-tray", TrueCountDrillScreen)):
            practice.open(kind)
            await pilot.pause()
            assert isinstance(app.screen, opens), kind
            app.pop_screen()
            await pilot.pause()
        assert app.screen is practice
        practice.open("countdown-2")
        await pilot.pause()
        countdown = app.screen
        assert isinstance(countdown, CountDownScreen) and countdown.drill.decks == 2
        while not countdown.drill.finished_dealing:
            countdown.drill.next_card()
        countdown.drill.answer(countdown.drill.running_count)
        countdown.action_leave()
        await pilot.pause()
        said = str(practice.query_one("#practice-last", Static).render())
        assert re.fullmatch(r"Saved: 2 decks counted down in \d+\.\d s, a new best\.", said), said
        practice.open("misses")  # nothing missed yet: the list says so and stays
        await pilot.pause()
        assert app.screen is practice
        said = str(practice.query_one("#practice-last", Static).render())
        assert said == "Nothing missed yet, in drills or with the trainer on."
