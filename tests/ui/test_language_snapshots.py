"""SVG snapshots of cardtui in Japanese, Russian and Chinese (issue 29): the menu, both
tables mid-hand, the lobby and the rules at 80x24, and the hold'em table at 120x40.

They show that double-width text keeps every frame whole, cuts no glyph in half and
leaves the keys line on the screen. Update with ``--snapshot-update``, then look at
them as PNGs (Chromium draws CJK spacing as a terminal does; rsvg-convert does not).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.room import Room
from cardtui.ui.screens.lobby import LobbyScreen
from tests.room.support import until
from tests.support import holdem_demo
from tests.tables.support import join

LANGUAGES = ["ja", "ru", "zh_CN"]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menu(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(lang=lang), terminal_size=(80, 24))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blackjack_mid_hand(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start="blackjack", lang=lang)
    app.settings.blackjack = {}

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.screen.table.shoe.stack(["Ah", "9c", "6d", "7s"])
        await pilot.press("d")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))


@pytest.mark.parametrize(("lang", "size"), [(lang, (80, 24)) for lang in LANGUAGES]
                         + [("ja", (120, 40))], ids=[*LANGUAGES, "ja-120x40"])
def test_holdem_mid_hand(snap_compare, make_app, lang, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(lang=lang), run_before=holdem_demo.preflop,
                        terminal_size=size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(lang=lang), press=["r"], terminal_size=(80, 24))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lobby(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    app = make_app(lang=lang)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        room = Room([HoldemOptions(name="金曜の夜", action_clock=600),
                     BlackjackOptions(name="Main pit")], rng=random.Random(3))
        ann, bob, cy = [await join(room, n) for n in ("花子", "Иван", "Cy")]
        await bob.link.sit("t1", 1000, seat=2)
        await cy.link.sit("t2", 500, seat=0)
        await app.push_screen(LobbyScreen(ann.link))
        await until(lambda: ann.link.tables["t1"].players[2] == "Иван"
                    and ann.link.tables["t2"].players[0] == "Cy"
                    and ann.link.tables["t1"].hand_running
                    and len(ann.link.online) == 3)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
