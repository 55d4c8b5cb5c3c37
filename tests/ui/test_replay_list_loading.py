"""The replay list of a large folder (issue 26): read on screen in hand-number order
under a progress bar, rows fitted to 80 columns, unreadable hands marked with the reason,
one scale per file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import DataTable, ProgressBar, Static

from cardtui.holdem.phh_read import Replay, hand_files, read_file, read_phhs
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.replay_list import LOAD_ON_SCREEN, ReplayListScreen
from tests.support.phh_folder import write_pluribus_folder

MakeApp = Callable[..., CardtuiApp]


def cells(table: DataTable[object], row: int) -> list[str]:
    return [str(getattr(cell, "plain", cell)) for cell in table.get_row_at(row)]


async def test_a_large_folder_shows_its_progress_and_rows_as_they_arrive(
        make_app: MakeApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = hand_files(write_pluribus_folder(tmp_path / "hands", 250, per_table=100))
    assert len(files) >= LOAD_ON_SCREEN
    # The reader held back: the test hands the screen each batch.
    monkeypatch.setattr(ReplayListScreen, "_read_files", lambda self: None)
    screen = ReplayListScreen([], "hands", files=files, root=tmp_path / "hands")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        bar = screen.query_one("#loading", ProgressBar)
        assert bar.display and bar.total == 250 and bar.progress == 0
        first = [hand for path in files[:200] for hand in read_file(path, tmp_path / "hands")]
        screen._arrived(first, 200)
        await pilot.pause()
        assert bar.display and bar.progress == 200
        assert "reading 200 of 250 files (200 hands so far)" in str(
            screen.query_one("#source", Static).render())
        table = screen.query_one("#hands", DataTable)
        assert table.row_count == 200
        rest = [hand for path in files[200:] for hand in read_file(path, tmp_path / "hands")]
        screen._arrived(rest, 250)
        await pilot.pause()
        assert not bar.display and table.row_count == 250
        assert "250 hands. Enter replays" in str(screen.query_one("#source", Static).render())


async def test_the_reader_brings_every_hand_in_hand_number_order(
        make_app: MakeApp, tmp_path: Path) -> None:
    folder = write_pluribus_folder(tmp_path / "hands", 120, per_table=60)
    (folder / "1" / "7.phh").write_text('variant = "FT"\n')  # one hand cardtui cannot replay
    screen = ReplayListScreen([], "hands", files=hand_files(folder), root=folder)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one("#hands", DataTable)
        assert table.row_count == 120 and not screen.reading
        # 0.phh .. 59.phh of table 0, then of table 1: 2.phh before 10.phh.
        assert [cells(table, row)[1] for row in (0, 1, 2, 10, 60)] == [
            "hand 0", "hand 1", "hand 2", "hand 10", "hand 0"]
        marked = cells(table, 67)
        assert marked[2] == "cannot replay" and "'FT'" in marked[4]
        # Every row fits 80 columns, the result kept whole.
        assert cells(table, 0)[2:] == ["6: MrBlue +5", "50/100", "MrBlonde wins 2,475"]
        assert sum(column.get_render_width(table) for column in table.columns.values()) <= 78


def test_a_file_has_one_scale_for_all_its_hands() -> None:
    hand = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [{sb}, {bb}]\nmin_bet = {bb}\n'
            'starting_stacks = [1000, 1000]\nactions = ["d dh p1 AsKs", "d dh p2 7h7d", "p2 f"]\n')
    text = "[1]\n" + hand.format(sb=1, bb=2) + "[2]\n" + hand.format(sb=0.5, bb=1)
    whole, cents = read_phhs(text)
    assert isinstance(whole, Replay) and isinstance(cents, Replay)
    assert whole.scale == cents.scale == 10
    assert (whole.big_blind, cents.big_blind) == (20, 10)


async def test_cardtui_replay_opens_a_large_folder_on_the_list_that_reads_it(
        data_dir: Path, tmp_path: Path) -> None:
    from cardtui.commands.replay import replay_app

    folder = write_pluribus_folder(tmp_path / "hands", LOAD_ON_SCREEN, per_table=50)
    app = replay_app([], "hands", None, files=hand_files(folder), root=folder,
                     data_dir=data_dir, seed=7, animation="off")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#hands", DataTable).row_count == LOAD_ON_SCREEN
        await pilot.press("enter")  # the first hand, at the table
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
