"""SVG snapshots of the opponents and the hand lists (issue 26): the hand history's
your-cards and net columns, the HUD line, the replay list; at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.holdem.phh_read import hand_files, read_file, read_path
from cardtui.ui.holdem.replay_list import ReplayListScreen
from tests.support import holdem_demo
from tests.support.phh_folder import write_pluribus_folder

SIZES = [(80, 24), (120, 40)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


async def _history_after_a_showdown(pilot) -> None:  # type: ignore[no-untyped-def]
    await holdem_demo.showdown(pilot)
    await pilot.press("y")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_history_shows_your_cards_and_net(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_history_after_a_showdown, terminal_size=size)


FIXTURES = Path(__file__).parents[1] / "fixtures" / "phh"


def _list_of(folder: Path) -> ReplayListScreen:
    (folder / "10.phh").write_text((FIXTURES / "pluribus_6max.phh").read_text())
    (folder / "2.phh").write_text((FIXTURES / "tournament_bb_ante.phh").read_text())
    (folder / "3.phh").write_text('variant = "FT"\n')
    return ReplayListScreen(read_path(folder), "hands")


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_replay_list(snap_compare, make_app, tmp_path, size) -> None:  # type: ignore[no-untyped-def]
    screen = _list_of(tmp_path)

    async def open_list(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.app.push_screen(screen)
        await pilot.pause()

    assert snap_compare(make_app(), run_before=open_list, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_replay_list_reading_a_large_folder(snap_compare, make_app, tmp_path, size,  # type: ignore[no-untyped-def]
                                            monkeypatch) -> None:
    folder = write_pluribus_folder(tmp_path / "hands", 300, per_table=150)
    files = hand_files(folder)
    monkeypatch.setattr(ReplayListScreen, "_read_files", lambda self: None)
    screen = ReplayListScreen([], "hands", files=files, root=folder)

    async def half_read(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen._arrived([h for path in files[:120] for h in read_file(path, folder)], 120)
        await pilot.pause()

    assert snap_compare(make_app(), run_before=half_read, terminal_size=size)


async def _hud_after_a_showdown(pilot) -> None:  # type: ignore[no-untyped-def]
    await holdem_demo.showdown(pilot)
    await pilot.press("h")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_hud_at_each_seat(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=_hud_after_a_showdown, terminal_size=size)
