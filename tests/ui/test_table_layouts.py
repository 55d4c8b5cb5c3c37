"""A shared blackjack round lays the screen out only when something changes size.

Sixty players at ten shared tables saturated two cores redrawing their screens
(benchmarks/bench_room_latency.py); one screen alone, in-process
(benchmarks/bench_table_redraw.py), was laid out 10 to 14 times a round, most
of it the keys line rebuilding itself and the keys hidden and shown again for
records with nothing to watch. These tests count what Textual does, never time.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager

from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cardtui.blackjack.records import Action, ActionTaken, HoleCardRevealed, PlayerCard, TurnStarted
from cardtui.cards import Card
from cardtui.guest.blackjack import BetWindow
from cardtui.tables.session import HandBegins, SeatsChanged, Seen, ToAct
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import PROMPT_GRACE, BlackjackScreen
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.table_footer import KeysStrip, TableFooter
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.ui.test_blackjack_seam import DEAL, SEATS

MakeApp = Callable[..., CardtuiApp]
HIT_OR_STAND = ToAct(0, frozenset({Action.HIT, Action.STAND}))


@contextmanager
def layouts_of(screen: Screen[object]) -> Iterator[list[int]]:
    """How many times ``screen`` is laid out while the block runs (one item: the count)."""
    count = [0]
    layout = Screen._refresh_layout

    def spy(self: Screen[object], *args: object, **kwargs: object) -> None:
        if self is screen:
            count[0] += 1
        layout(self, *args, **kwargs)  # type: ignore[arg-type]

    Screen._refresh_layout = spy  # type: ignore[method-assign]
    try:
        yield count
    finally:
        Screen._refresh_layout = layout  # type: ignore[method-assign]


@contextmanager
def layouts_asked() -> Iterator[list[Widget]]:
    """The widgets that ask for the screen to be laid out again while the block runs."""
    asked: list[Widget] = []
    refresh = Widget.refresh

    def spy(self: Widget, *regions: object, layout: bool = False, **options: object) -> Widget:
        if layout:
            asked.append(self)
        return refresh(self, *regions, layout=layout, **options)  # type: ignore[arg-type]

    Widget.refresh = spy  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Widget.refresh = refresh  # type: ignore[method-assign]


def keys_shown(screen: BlackjackScreen) -> list[str]:
    return [key.description for key in screen.query_one(TableFooter).shown]


async def settle(pilot: object) -> None:
    for _ in range(4):
        await pilot.pause()  # type: ignore[attr-defined]


@asynccontextmanager
async def dealt_table(make_app: MakeApp, viewer: int | None = None, **options: str
                      ) -> AsyncIterator[tuple[Pilot[object], BlackjackScreen,
                                               ScriptedBlackjackSession]]:
    """A shared table of ``SEATS`` whose first cards are dealt, seen from seat ``viewer``."""
    seen = {} if viewer is None else {"viewer_seats": (viewer,)}
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)],
                                                **seen)
    app = make_app(**options)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        yield pilot, screen, session


async def test_new_keys_repaint_the_keys_line_without_a_layout_or_a_mount(
        make_app: MakeApp) -> None:
    # Showing and hiding a mounted key per binding laid the whole screen out at every
    # change of keys (four a round, at every player's screen of a shared table).
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL),
                                        HIT_OR_STAND])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        footer = screen.query_one(TableFooter)
        mounted = list(footer.query("*"))
        assert {"Hit", "Stand"} <= set(keys_shown(screen))
        with layouts_asked() as asked:
            session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
            await settle(pilot)
            assert "Hit" not in keys_shown(screen) and "Stand" not in keys_shown(screen)
            session.send(ToAct(0, BetWindow(10, 500)))
            await settle(pilot)
            assert "Deal" in keys_shown(screen)
        assert list(footer.query("*")) == mounted  # nothing removed, nothing mounted
        # A repaint of one line: nothing of the footer's asks for a layout.
        assert [w for w in asked if w is footer or footer in w.ancestors] == []
        assert "Deal" in "".join(line.text for line in screen.query_one(KeysStrip).render_lines(
            Region(0, 0, 80, 1)))


async def test_records_with_nothing_to_watch_land_at_once_without_a_reveal(
        make_app: MakeApp) -> None:
    """Another player's stand: no reveal, so the keys are not hidden and shown again."""
    async with dealt_table(make_app, animation="normal") as (pilot, screen, session):
        session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
        assert not screen.animating
        assert screen.presenter.view is not None and screen.presenter.view.turn == (1, 0)
        # A card is still dealt at watching speed, drawn as it lands.
        session.send(Seen((PlayerCard(1, 0, Card.parse("2c")),)))
        assert screen.animating
        assert len(screen.presenter.view.seats[1].hands[0].cards) == 3


async def test_a_shared_round_lays_the_screen_out_a_few_times(make_app: MakeApp) -> None:
    """Bets open, the deal, your turn, another's turn, the reveal, bets open again."""
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), ToAct(0, BetWindow(10, 500))])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        with layouts_of(screen) as layouts:
            for events in ([HandBegins(1, SEATS)], [Seen(DEAL), HIT_OR_STAND],
                           [Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0)))],
                           [Seen((ActionTaken(1, 0, Action.STAND),
                                  HoleCardRevealed(Card.parse("8s"))))],
                           [ToAct(0, BetWindow(10, 500))]):
                session.send(*events)
                await settle(pilot)
        assert "Deal" in keys_shown(screen)
        assert layouts[0] <= 5


async def test_a_player_s_first_turn_lays_nothing_out(make_app: MakeApp) -> None:
    """The first turn of a shared table's player: its keys and buttons had never been shown.

    As mounted keys and buttons shown and hidden, the screen was laid out twice
    (a key hidden since it was mounted had no size yet, and the layout that
    showed it asked for another), then once; the keys line and the button row
    now repaint a line each.
    """
    async with dealt_table(make_app, viewer=1) as (pilot, screen, session):
        assert "Stand" not in keys_shown(screen)
        with layouts_of(screen) as layouts:
            session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))),
                         ToAct(1, frozenset({Action.HIT, Action.STAND})))
            await settle(pilot)
        assert {"Hit", "Stand"} <= set(keys_shown(screen))
        assert screen.query_one(ActionBar).shown[:2] == ("hit", "stand")
        assert layouts[0] == 0  # before: 2, then 1


@contextmanager
def frames_of(screen: Screen[object]) -> Iterator[list[int]]:
    """How many frames ``screen`` draws while the block runs (one item: the count)."""
    count = [0]
    draw = Screen._compositor_refresh

    def spy(self: Screen[object]) -> None:
        if self is screen:
            count[0] += 1
        draw(self)

    Screen._compositor_refresh = spy  # type: ignore[method-assign]
    try:
        yield count
    finally:
        Screen._compositor_refresh = draw  # type: ignore[method-assign]


def message(screen: BlackjackScreen) -> str:
    return str(screen.query_one("#message", Static).render())


async def test_a_turn_that_comes_here_is_drawn_with_its_prompt(make_app: MakeApp) -> None:
    """The room's records (the stand, this turn) and its prompt arrive in two reads.

    The screen drew the records alone ("Robo to act." on Robo's own screen),
    and the prompt waited for the next frame: two frames, the second up to a
    frame's time late over SSH.
    """
    async with dealt_table(make_app, viewer=1) as (pilot, screen, session):
        with frames_of(screen) as frames:
            session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
            await settle(pilot)
            assert frames[0] == 0  # before: 1, "Robo to act."
            session.send(ToAct(1, frozenset({Action.HIT, Action.STAND})))
            await settle(pilot)
        assert frames[0] == 1
        assert "Robo: Hit or stand?" in message(screen)
        assert screen.query_one("#seat-1").has_class("acting")


async def test_a_turn_whose_prompt_is_lost_is_drawn_all_the_same(make_app: MakeApp) -> None:
    async with dealt_table(make_app, viewer=1) as (pilot, screen, session):
        # From outside the app's context, as the room link's task delivers it.
        asyncio.get_running_loop().call_soon(
            session.send, Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))),
            context=contextvars.Context())
        await pilot.pause(PROMPT_GRACE + 0.1)
        await settle(pilot)
        assert screen.query_one("#seat-1").has_class("acting")
        assert "Robo to act." in message(screen)


async def test_another_players_turn_is_drawn_at_once(make_app: MakeApp) -> None:
    async with dealt_table(make_app, viewer=0) as (pilot, screen, session):
        with frames_of(screen) as frames:
            session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
            await settle(pilot)
        assert frames[0] >= 1 and "Robo to act." in message(screen)


async def test_a_shared_tables_keys_line_names_its_chat(make_app: MakeApp) -> None:
    """``m`` chats at a shared table: its keys line says so (a local table has no chat)."""
    async with dealt_table(make_app, viewer=1) as (_pilot, screen, _session):
        assert "Chat" in keys_shown(screen)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        local = BlackjackScreen()
        await app.push_screen(local)
        await settle(pilot)
        assert "Chat" not in keys_shown(local)
