"""The app and its scoreboard under trouble: a full disk, a locked database, the exit line."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from disk_conditions import run_on_full_disk
from textual.pilot import Pilot

from cardtui.games import Game
from cardtui.store import Database
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen

MakeApp = Callable[..., CardtuiApp]


async def _play_a_losing_round(pilot: Pilot[int]) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, BlackjackScreen)
    screen.table.shoe.stack(["Th", "7c", "6d", "Ts", "2s"])  # 16 stands against 20
    await pilot.press("d", "s")
    await pilot.pause()


def test_a_full_disk_is_told_at_once_and_the_exit_line_says_what_was_lost(
    tmp_path: Path,
) -> None:
    result = run_on_full_disk(tmp_path / "disk", """
        import asyncio, json
        from cardtui.ui.app import CardtuiApp

        async def main():
            app = CardtuiApp(data_dir=DISK, seed=7, animation="off", start="blackjack")
            async with app.run_test(size=(80, 24)) as pilot:
                fill_disk()
                screen = app.screen
                screen.table.shoe.stack(["Th", "7c", "6d", "Ts", "2s"])  # 16 against 20
                await pilot.press("d", "s")
                await pilot.pause()
                await pilot.pause()
                notices = [str(n.message) for n in app._notifications]
                shown = screen.presenter.view.settlement is not None
                unsaved = len(app.store.unsaved())
            print(json.dumps({"notices": notices, "shown": shown, "unsaved": unsaved,
                              "exit": app.exit_note}))

        asyncio.run(main())
    """)
    assert result["shown"] and result["unsaved"] == 1  # the round is shown and kept
    assert any("is full" in n and "1 settled round is kept" in n for n in result["notices"])
    exit_note = result["exit"]
    # Leaving the table returns the kept chips: that change waits with the round.
    assert exit_note.startswith(
        "1 settled round and 1 bankroll change could not be saved: Blackjack round at")
    assert "(Player −10); Player's Blackjack cash-out of 990 at" in exit_note
    assert ". The disk holding the scoreboard" in exit_note
    assert exit_note.endswith("is full.")
    assert "Every settled round was saved" not in exit_note


async def test_a_locked_database_does_not_freeze_or_lose_the_round(
    make_app: MakeApp, data_dir: Path
) -> None:
    app = make_app(start="blackjack")
    path = data_dir / "cardtui.sqlite3"
    async with app.run_test(size=(80, 24)) as pilot:
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        other.execute("BEGIN IMMEDIATE")  # another process in a long write
        await _play_a_losing_round(pilot)  # returns while the lock is still held
        assert app.screen.presenter.view.settlement is not None
        assert len(app.store.unsaved()) == 1
        other.execute("ROLLBACK")
        other.close()
    # Closing the app waits for the writer, which saves the round.
    assert app.exit_note is None
    db = Database(path, read_only=True)
    assert [t.net for t in db.totals(Game.BLACKJACK)] == [-10]
    db.close()


async def test_a_clean_exit_says_nothing(make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_a_losing_round(pilot)
        assert app.store.round_count() == 1
    assert app.exit_note is None


def test_after_a_crash_the_exit_line_claims_only_what_is_true(make_app: MakeApp) -> None:
    from cardtui.store import Outcome, SeatResult
    from cardtui.store.pending import RoundWrite

    app = make_app()
    app._crash_report = "details are in crash.log"
    assert app.exit_line([]) == (
        "cardtui stopped after an unexpected error (details are in crash.log). "
        "Every settled round was saved.")
    waiting = RoundWrite(Game.BLACKJACK, (SeatResult("Ann", 10, -10, Outcome.LOSS),), "s", 0.0)
    line = app.exit_line([waiting])
    assert line is not None and "1 settled round could not be saved" in line
    assert "Every settled round was saved" not in line
