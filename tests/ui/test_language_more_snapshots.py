"""More screens in other languages at 80x24 (issue 29): the hold'em bet bar, the hand
history, and the lobby's new-table form in Japanese and Russian (the longest labels)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.room.config import HoldemOptions
from cardtui.room.room import Room
from cardtui.ui.screens.lobby import LobbyScreen
from tests.room.support import until
from tests.support import holdem_demo
from tests.tables.support import join


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_holdem_bet_bar_ja(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await holdem_demo.preflop(pilot)
        await pilot.press("r", "5", "enter")  # below the minimum: the bar says why
        await pilot.pause()

    assert snap_compare(make_app(lang="ja"), run_before=run_before, terminal_size=(80, 24))


def test_holdem_history_ja(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await holdem_demo.preflop(pilot)
        await pilot.press("y")
        await pilot.pause()

    assert snap_compare(make_app(lang="ja"), run_before=run_before, terminal_size=(80, 24))


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_lobby_new_table(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    app = make_app(lang=lang)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        room = Room([HoldemOptions(name="金曜の夜")], rng=random.Random(3))
        ann = await join(room, "花子")
        await app.push_screen(LobbyScreen(ann.link))
        await until(lambda: "t1" in ann.link.tables)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
