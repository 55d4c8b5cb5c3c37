"""The Practise entry: menu -> practice screen -> a drill -> its score stored and on the
scoreboard; ``cardtui drill [KIND]`` goes straight to the drill."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest
from textual.widgets import DataTable, Input, OptionList, Static

from cardtui import cli
from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.records import Action
from cardtui.store import DrillScore
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.screens.practice import CHOICES, PracticeScreen
from cardtui.ui.screens.scoreboard import ScoreboardScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen

MakeApp = Callable[..., CardtuiApp]

KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "x", Action.SPLIT: "p",
        Action.SURRENDER: "u"}


def wrong_key(screen: DrillScreen) -> str:
    question = screen.drill.question
    assert question is not None
    return next(KEYS[move] for move in question.moves if move is not question.best)


async def choose(pilot, choice: str) -> None:  # type: ignore[no-untyped-def]
    """Highlight ``choice`` on the practice screen and press Enter, as a player would."""
    options = pilot.app.screen.query_one("#practice", OptionList)
    options.highlighted = [key for key, _ in CHOICES].index(choice)
    await pilot.press("enter")
    await pilot.pause()


async def test_menu_practise_drill_is_stored_and_on_the_scoreboard(make_app: MakeApp) -> None:
    app = make_app()
    app.settings.player_name = "Ann"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)
        await choose(pilot, "pairs")
        drill = app.screen
        assert isinstance(drill, DrillScreen) and drill.drill.kind is DrillKind.PAIRS
        right = 0
        for number in range(drill.drill.length):
            question = drill.drill.question
            assert question is not None
            if number % 4 == 0:
                await pilot.press(wrong_key(drill))
            else:
                await pilot.press(KEYS[question.best])
                right += 1
        await pilot.press("enter")  # done: the misses were listed
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)
        assert app.store.drills(app.session_id) == [DrillScore("Ann", "pairs", 20, right)]
        last = str(app.screen.query_one("#practice-last", Static).render())
        assert f"pairs drill, {right} of 20 right" in last
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        table = app.screen.query_one("#drills-session", DataTable)
        assert table.get_row_at(0)[:5] == ["Ann", "pairs", "1", "20", str(right)]


async def test_a_drill_left_before_any_answer_stores_nothing(make_app: MakeApp) -> None:
    app = make_app(start="practice")
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, "hard")
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)
        assert app.store.drills() == []


async def test_the_count_drill_at_the_chosen_speed_is_stored(make_app: MakeApp) -> None:
    app = make_app(start="practice")
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, "count-fast")
        drill = app.screen
        assert isinstance(drill, CountDrillScreen) and drill.seconds_per_card == 0.6
        await pilot.press("space")  # ready
        for _ in drill.question.cards:
            await pilot.press("space")
        drill.query_one(Input).value = str(drill.question.running_count)
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.store.drills() == [DrillScore("Player", "count", 1, 1)]


async def test_the_chart_at_the_table_rules(make_app: MakeApp) -> None:
    app = make_app(start="practice")
    app.settings.blackjack = {"rules": {"decks": 1}}
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, "chart")
        assert isinstance(app.screen, StrategyChartScreen) and app.screen.rules.decks == 1


@pytest.mark.parametrize("kind", ["hard", "soft", "pairs", "all"])
async def test_cardtui_drill_opens_the_drill_and_leaving_it_shows_the_list(
        make_app: MakeApp, kind: str) -> None:
    app = make_app(start=f"practice:{kind}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen) and app.screen.drill.kind.value == kind
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)


async def test_cardtui_drill_count_opens_the_count_drill(make_app: MakeApp) -> None:
    app = make_app(start="practice:count")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CountDrillScreen)


# -- the command line ---------------------------------------------------------------


@pytest.mark.parametrize(("argv", "start"), [
    (["drill"], "practice:all"),
    (["drill", "pairs"], "practice:pairs"),
    (["drill", "count", "--seed", "3"], "practice:count"),
    (["--ascii", "drill", "soft"], "practice:soft"),
])
def test_cardtui_drill_parses_to_the_practice_start(
        monkeypatch: pytest.MonkeyPatch, tmp_path, argv: list[str], start: str) -> None:  # type: ignore[no-untyped-def]
    started: list[str | None] = []

    def run_app(args: argparse.Namespace, start: str | None) -> int:
        started.append(start)
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    assert cli.main([*argv, "--data-dir", str(tmp_path)]) == 0
    assert started == [start]


@pytest.mark.parametrize("argv", [["drill", "splits"], ["drill", "hard", "soft"],
                                  ["drill", "--speed", "fast"]])
def test_a_bad_drill_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                           argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtui"), err
    assert "Traceback" not in err and "error:" in err


def test_practice_screen_refuses_an_unknown_start() -> None:
    with pytest.raises(ValueError, match="no drill 'splits'"):
        PracticeScreen("splits")
