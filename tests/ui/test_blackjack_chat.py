"""Chat at a shared blackjack table: ``m`` opens one line, Enter sends it to the table.

Hold'em had it; a shared blackjack table had no key to talk (found playing
over SSH). A local table has nobody to talk to, so the key does nothing there.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.widgets import Input, Static

from cardtui.room.config import BlackjackOptions
from cardtui.tables.session import Note
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.screens.table_chat import ChatDialog
from tests.room.conftest import make_room
from tests.room.support import until
from tests.tables.support import join

__all__ = ["make_room"]


@asynccontextmanager
async def ann_and_bob_at_the_pit(make_app: Any, make_room: Any) -> AsyncIterator[Any]:
    """Ann's screen at a shared table of two, Bob (a bare game end) in the other seat."""
    room = make_room(BlackjackOptions(name="Pit", seats=2))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    bob.listen(await bob.link.sit("t1", 500))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=await ann.link.sit("t1", 500))
        await app.push_screen(screen)
        yield app, pilot, screen, bob


async def test_m_says_a_line_to_the_shared_table(make_app, make_room) -> None:
    async with ann_and_bob_at_the_pit(make_app, make_room) as (app, pilot, screen, bob):
        await pilot.press("m")
        await until(lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).value = "good luck \x1b[31mall"
        await pilot.press("enter")
        note = await bob.wait_for(lambda e: isinstance(e, Note) and e.kind == "chat")
        assert note.text == "Ann: good luck all"
        # Ann's own screen shows the line the room sent back, in the message line.
        await until(lambda: "Ann: good luck all" in str(
            screen.query_one("#message", Static).render()))


async def test_m_does_nothing_at_a_local_table(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen()
        await app.push_screen(screen)
        await pilot.press("m")
        assert app.screen is screen


async def test_m_shows_the_last_lines_said_at_a_shared_table(make_app, make_room) -> None:
    # A QA pass: the message line shows only the latest chat line (hold'em has a log).
    # The table's layout stays as it is; the chat line shows the last three lines said.
    async with ann_and_bob_at_the_pit(make_app, make_room) as (app, pilot, screen, bob):
        for line in ("one", "two", "three", "four"):
            bob.session.chat(line)
            await until(lambda line=line: f"Bob: {line}" in str(
                screen.query_one("#message", Static).render()))
        await pilot.press("m")
        await until(lambda: isinstance(app.screen, ChatDialog))
        said = str(app.screen.query_one("#chat-said", Static).render())
        assert said.splitlines() == ["Bob: two", "Bob: three", "Bob: four"]
