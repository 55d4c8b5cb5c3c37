"""A table's name is shown as typed in the lobby, never read as markup.

Any player may open a table and name it: ``[/b]x`` raised MarkupError in
every lobby that listed it (each viewer's game stopped), and ``[b]Al[/b]``
showed as a bold "Al".
"""

from __future__ import annotations

from textual.widgets import Static

from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from tests.room.conftest import make_room
from tests.tables.support import join
from tests.ui.test_lobby import rows

__all__ = ["make_room"]


async def test_table_names_with_brackets_are_listed_as_typed(make_app, make_room) -> None:
    room = make_room(HoldemOptions(name="[/b]x", seats=4, min_humans=2),
                     BlackjackOptions(name="[b]Al[/b]", seats=3))
    ann = await join(room, "Ann")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(ann.link)
        await app.push_screen(screen)
        await pilot.pause()
        assert [row[1] for row in rows(screen)] == ["[/b]x", "[b]Al[/b]"]
        detail = str(screen.query_one("#lobby-detail", Static).render())
        assert detail.startswith("[/b]x: 4 seats free")
        await pilot.press("down")
        detail = str(screen.query_one("#lobby-detail", Static).render())
        assert detail.startswith("[b]Al[/b]: 3 seats free")
        screen.say(f"Every seat at {'[/b]x'} is taken: press w to watch.")
        await pilot.pause()
        note = str(screen.query_one("#lobby-note", Static).render())
        assert note == "Every seat at [/b]x is taken: press w to watch."
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuyInDialog)
        title = str(dialog.query_one("#buy-in-title", Static).render())
        assert title.startswith("Sit down at [b]Al[/b] (")
