"""A blackjack table redraws only what changed, and lays the screen out again only when it must.

At a shared table every message from the room redraws the table at every
player's screen: sixty players at ten tables spent most of the machine on
screens laid out again for a bet or a card that changed no panel's height
(benchmarks/bench_room_latency.py). An unchanged line is not updated, and a
panel whose height did not change is repainted, never laid out again.
"""

from __future__ import annotations

from rich.text import Text
from textual.dom import DOMNode
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from cardtui.blackjack.records import Action, ActionTaken, TurnStarted
from cardtui.tables.session import HandBegins, SeatsChanged, Seen
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.blackjack_table import SeatHeader, SeatPanel
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.ui.test_table_layouts import layouts_asked, settle
from tests.ui.test_table_renders import SIX, SIX_DEALT


async def test_a_redraw_with_nothing_changed_lays_nothing_out(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen()
        await app.push_screen(screen)
        await pilot.pause()
        with layouts_asked() as asked:
            screen._sync()  # noqa: SLF001 - a message that changed nothing on this screen
        assert asked == []


async def test_a_new_bankroll_repaints_the_panel_without_laying_out_the_screen(
        make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen()
        await app.push_screen(screen)
        await pilot.pause()
        panel = screen.query_one("#seat-0", SeatPanel)
        info = panel.info
        with layouts_asked() as asked:
            relaid = panel.show(SeatHeader(info.name, info.bot, info.bankroll + 10, info.bet),
                                panel.view, panel.acting_hand)
        assert not relaid and panel not in asked
        assert f"{info.bankroll + 10:,} chips" in str(panel.border_subtitle)


async def test_the_keys_line_is_rebuilt_without_restyling_each_key(make_app) -> None:
    # Textual's footer made each key compact, then not: two style passes a key,
    # four rebuilds a round, at every player's screen of a shared table.
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen()
        await app.push_screen(screen)
        await pilot.pause()
        restyled: list[FooterKey] = []
        restyle = DOMNode.update_node_styles

        def spy(self: DOMNode, animate: bool = True) -> None:
            if isinstance(self, FooterKey) and not self.has_class("-command-palette"):
                restyled.append(self)
            restyle(self, animate)

        DOMNode.update_node_styles = spy  # type: ignore[method-assign]
        try:
            screen.refresh_bindings()
            await pilot.pause()
            await pilot.pause()
        finally:
            DOMNode.update_node_styles = restyle  # type: ignore[method-assign]
        keys = list(screen.query(FooterKey))
        assert keys and not restyled
        # Drawn as Textual draws them: the table's keys not compact, the palette's key compact.
        assert [key.has_class("-compact") for key in keys] == [
            key.has_class("-command-palette") for key in keys]


async def test_a_new_message_of_as_many_rows_is_drawn_without_laying_out_the_screen(
        make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen()
        await app.push_screen(screen)
        await pilot.pause()
        message = screen.query_one("#message", Static)
        # (The betting prompt takes 70 of the line's 78 cells: a short note keeps one row.)
        screen.presenter.note = Text("Hi Ann.")
        with layouts_asked() as asked:
            screen._sync()  # noqa: SLF001
        assert message not in asked
        assert "Hi Ann." in str(message.render())
        screen.presenter.note = Text("A note long enough to take a second row. " * 3)
        with layouts_asked() as asked:
            screen._sync()  # noqa: SLF001
        assert message in asked  # two rows now: the screen makes room


def test_a_seat_value_copies_every_list_a_view_changes_in_place() -> None:
    """seat_value copies the cards and hands lists; any other list field would be missed."""
    from dataclasses import MISSING, fields

    from cardtui.blackjack.view import HandView, SeatView

    lists = {(kind.__name__, f.name) for kind in (HandView, SeatView) for f in fields(kind)
             if f.default_factory is not MISSING and f.default_factory() == []}
    assert lists == {("HandView", "cards"), ("SeatView", "hands")}


async def test_a_turn_passing_counts_no_panel_lines_again(make_app) -> None:
    """Seat 0 stands, seat 1 acts: seat 1's panel keeps its height without being drawn twice.

    A panel counted its lines by drawing its whole body once more whenever it
    changed, at every screen of a shared table; when only the turn came to it,
    the turn's marker just takes the place of two spaces.
    """
    session = ScriptedBlackjackSession([SeatsChanged(SIX), HandBegins(1, SIX), Seen(SIX_DEALT)],
                                       viewer_seats=(3,))
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await settle(pilot)
        counted: list[SeatPanel] = []
        needed_lines = SeatPanel.needed_lines

        def spy(self: SeatPanel, width: int) -> int:
            counted.append(self)
            return needed_lines(self, width)

        SeatPanel.needed_lines = spy  # type: ignore[method-assign]
        try:
            with layouts_asked() as asked:
                session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
                await settle(pilot)
        finally:
            SeatPanel.needed_lines = needed_lines  # type: ignore[method-assign]
        first = screen.query_one("#seat-0", SeatPanel)
        second = screen.query_one("#seat-1", SeatPanel)
        assert counted == [first]  # (its hand is over); before: seat 1's lines counted too
        assert not [widget for widget in asked if isinstance(widget, SeatPanel)]
        assert not first.has_class("acting") and second.has_class("acting")
        assert "▶" in second.render().plain and "▶" not in first.render().plain
