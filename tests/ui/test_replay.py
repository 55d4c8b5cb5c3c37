"""The replayer on screen: `cardtui replay`'s list, the table stepping through a PHH hand."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from cardtui.holdem.phh_read import Replay, read_path
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.replay import ReplayScreen
from cardtui.ui.holdem.replay_list import ReplayListScreen, first_screen
from cardtui.ui.widgets.holdem_table import HoldemSeat

FIXTURES = Path(__file__).parents[1] / "fixtures" / "phh"
PLURIBUS = FIXTURES / "pluribus_6max.phh"
BB_ANTE = FIXTURES / "tournament_bb_ante.phh"

MakeApp = Callable[..., CardtuiApp]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtui", *args], capture_output=True,
                          text=True, timeout=120)


def test_a_source_with_nothing_to_replay_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "stud.phh").write_text('variant = "FT"\n')
    for args, says in ([str(tmp_path / "missing.phh")], "does not exist"), (
            [str(tmp_path / "stud.phh")], "is not no-limit Texas hold'em"), (
            [str(tmp_path)], "is not no-limit Texas hold'em"), (
            [str(PLURIBUS), "--hand", "2"], "--hand must be 1 to 1"):
        result = run_cli("--data-dir", str(tmp_path / "data"), "replay", *args)
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
        assert result.stderr.startswith("cardtui replay: error:") and says in result.stderr


def many_hands(folder: Path) -> list[Replay | object]:
    (folder / "a.phh").write_text(PLURIBUS.read_text())
    (folder / "b.phh").write_text(BB_ANTE.read_text())
    (folder / "c.phh").write_text('variant = "FT"\n')
    return read_path(folder)  # type: ignore[return-value]


async def test_the_list_shows_every_hand_and_opens_the_one_picked(make_app: MakeApp,
                                                                   tmp_path: Path) -> None:
    hands = many_hands(tmp_path)
    screen = first_screen(hands, str(tmp_path))  # type: ignore[arg-type]
    assert isinstance(screen, ReplayListScreen)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("down", "down")
        await pilot.pause()
        reason = str(screen.query_one("#reason").render())
        assert "Cannot replay this hand" in reason and "'FT'" in reason
        await pilot.press("enter")  # nothing to replay there: the list stays
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.title == "Example Series Main Event, Day 3"


async def test_the_table_steps_forward_and_back_through_the_hand(make_app: MakeApp) -> None:
    replay = read_path(PLURIBUS)[0]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # The hold'em screen is built where the app runs (it reads the settings).
        screen = first_screen([replay], "pluribus_6max.phh")
        assert isinstance(screen, ReplayScreen)
        await app.push_screen(screen)
        await pilot.pause()
        session = screen.replay
        assert session.position == 1
        # Every hole card the file gives is face up from the deal.
        panel = screen.query_one("#seat-1", HoldemSeat)
        assert "8♦" in str(panel.render()) and screen.seat_look(1).face_up
        # The table's own moves are not offered.
        assert not screen.check_action("fold", ()) and not screen.check_action("deal", ())
        assert not screen.check_action("back", ()) and screen.check_action("forward", ())
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert session.position == 4
        assert "Step 4 of" in str(screen.query_one("#prompt").render())
        await pilot.press("left")
        await pilot.pause()
        assert session.position == 3 and screen.view.log[-1].plain == "MrPink raises to 225"
        await pilot.press("plus", "plus", "minus")
        assert session.speed == 2.0
        for _ in range(session.step_count):
            await pilot.press("right")
        await pilot.pause()
        assert session.at_end and not screen.check_action("forward", ())
        assert [s.stack for s in screen.view.seats] == [9950, 0, 10000, 9775, 20275, 10000]
        await pilot.press("minus", "minus", "minus", "minus")  # 6 s a step: no step by itself
        assert session.speed == 0.25
        await pilot.press("space")  # at the end, play starts again from the deal
        assert session.playing and session.position == 1
        await pilot.press("space")
        assert not session.playing
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)


async def test_cardtui_replay_opens_the_list_or_the_hand_over_the_menu(data_dir: Path,
                                                                       tmp_path: Path) -> None:
    from cardtui.commands.replay import replay_app
    from cardtui.ui.screens.menu import MenuScreen

    for hands, opens in ((many_hands(tmp_path), ReplayListScreen),
                         (read_path(BB_ANTE), ReplayScreen)):
        # The app's own styles load although the app class is made elsewhere.
        app = replay_app(hands, "source", None, data_dir=data_dir, seed=7,  # type: ignore[arg-type]
                         animation="off")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, opens)
            assert app.screen.query_one("Footer").styles.dock == "bottom"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
