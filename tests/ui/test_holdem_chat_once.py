"""Chat is shown once, where and when it was said (issue 24).

The last three chat lines were put at the top of every new hand's log, as if
just said, and a newcomer to a table mid-hand got the table's chat spliced
after all the action so far.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtui.holdem.actions import Action, Called, Checked, Folded
from cardtui.room.config import HoldemOptions
from cardtui.tables.session import HandBegins, Note, SeatsChanged, Seen
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.widgets.holdem_log import TableLog
from tests.room.conftest import make_room  # noqa: F401  (the room fixture)
from tests.room.support import until
from tests.support.scripted_table import ScriptedSession
from tests.tables.support import join
from tests.ui.test_holdem_seam import BEGINS, DEAL, SEATS

MakeApp = Callable[..., CardtuiApp]


def log_lines(screen: HoldemScreen) -> list[str]:
    return [line.plain for line in screen.query_one("#log", TableLog).lines]


async def test_a_new_hand_does_not_bring_back_the_last_hands_chat(make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        session.send(Note("Cy: nice hand", "chat"))
        await pilot.pause()
        assert log_lines(screen)[-1] == "Cy: nice hand"
        session.send(HandBegins(8, SEATS, BEGINS.positions), Seen(DEAL[:2]))
        await pilot.pause()
        assert "Cy: nice hand" not in log_lines(screen)


async def test_a_newcomer_sees_each_line_where_it_was_said(make_room) -> None:  # noqa: F811
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=2, action_clock=60))
    table = room.tables["t1"]
    ann, bob, cy = [await join(room, name) for name in ("Ann", "Bob", "Cy")]
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    ann.session.chat("before the deal")
    await ann.wait_for(lambda e: isinstance(e, Note) and e.text == "Ann: before the deal")
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    await until(lambda: table.hand is not None and table.hand.actor is not None)
    hand = table.hand
    assert hand is not None
    dealt = len(hand.records)
    bob.session.chat("good luck")  # said after the deal, before anyone acted
    await ann.wait_for(lambda e: isinstance(e, Note) and e.text == "Bob: good luck")
    actor = hand.actor
    assert actor is not None
    (ann if actor == 0 else bob).session.act(actor, Action.call())
    await until(lambda: len(hand.records) > dealt)
    session = await cy.link.watch("t1")  # Cy comes to watch: the chat so far comes along
    cy.listen(session)
    order = []
    for event in cy.events:
        if isinstance(event, Note) and event.kind == "chat":
            order.append(event.text)
        elif isinstance(event, Seen):
            order.append(len(event.records))
    assert order == ["Ann: before the deal", dealt, "Bob: good luck", len(hand.records) - dealt]
    assert any(isinstance(r, Called | Checked | Folded) for r in session.records)
