"""SVG snapshots at 120x40 in Russian and Chinese (issue 29; Japanese has its own in
test_language_snapshots.py): the hold'em table mid-hand, and the blackjack table
mid-round with the hint shown (the strategy engine's explanation, said in the
player's language). A wide terminal must keep the frames whole and the columns
aligned with double-width text as the small one does.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from tests.support import holdem_demo

LANGUAGES = ["ru", "zh_CN"]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_holdem_mid_hand_wide(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(lang=lang), run_before=holdem_demo.preflop,
                        terminal_size=(120, 40))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blackjack_mid_round_wide(snap_compare, make_app, lang) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start="blackjack", lang=lang)
    app.settings.blackjack = {}

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        # Hard 16 against a 10: the hint's reason is the strategy engine's, in words.
        pilot.app.screen.table.shoe.stack(["Th", "Kc", "6d", "7s"])
        await pilot.press("d")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(120, 40))
