"""A table's keys line does not gather watchers as the hands go by.

Textual's footer binds each key it mounts to the footer's ``compact``
setting, and the binding stays on the footer when the key is removed; it
rebuilt its keys at every change of keys (four a round), and at a shared
table the running clock refreshed the keys every second. After ten local
hands one footer held 2,241 watchers, each checked on every change: a
hold'em crowd's games spent a third of their CPU there (60 SSH sessions,
tests/serve/test_serve_room_crowd.py). The table's keys line
(:class:`~cardtui.ui.widgets.table_footer.TableFooter`) mounts its keys once.
"""

from __future__ import annotations

from textual.widgets import Footer

from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.holdem.screen import HoldemScreen
from tests.support.holdem_demo import settle


def watchers(footer: Footer) -> int:
    return sum(len(each) for each in getattr(footer, "__watchers", {}).values())


async def test_holdem_hands_add_no_watchers_to_the_keys_line(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HoldemScreen)
        footer = screen.query_one(Footer)
        counts = []
        for _ in range(6):
            await pilot.press("d")
            await settle(pilot)
            while screen.in_hand:  # check or call to the end, folding nothing
                await pilot.press("c")
                await settle(pilot)
            counts.append(watchers(footer))
        assert screen.table.hand_number == 6
        assert counts[-1] == counts[0], counts


async def test_blackjack_rounds_add_no_watchers_to_the_keys_line(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        footer = screen.query_one(Footer)
        counts = []
        for _ in range(6):
            for key in ("d", "s", "s", "s", "n"):  # deal; stand; decline insurance
                await pilot.press(key)
                await pilot.pause()
            counts.append(watchers(footer))
        assert screen.tally.wins + screen.tally.losses + screen.tally.pushes >= 5
        assert counts[-1] == counts[0], counts
