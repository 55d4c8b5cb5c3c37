"""The button row: new legal buttons repaint one line, clicks run actions, gaps close up."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from cardtui.ui.app import CardtuiApp
from cardtui.ui.widgets.action_bar import ActionBar

BUTTONS = (
    ("deal", "Deal d", "deal"),
    ("hit", "Hit h", "hit"),
    ("stand", "Stand s", "stand"),
    ("hint", "Hint ?", "hint"),
)


class TableScreen(Screen[None]):
    """A stand-in table: a few lines above the row, and actions that only count."""

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("the dealer\nthe seats", id="table")
        yield ActionBar(BUTTONS, id="buttons")
        yield Static("keys", id="keys")

    async def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        # As the table screens do: the bar reports the button, the screen runs its action.
        assert message.control is self.query_one(ActionBar)
        await self.run_action(message.action)

    def action_deal(self) -> None:
        self.ran.append("deal")

    def action_hit(self) -> None:
        self.ran.append("hit")

    def action_stand(self) -> None:
        self.ran.append("stand")

    def action_hint(self) -> None:
        self.ran.append("hint")


class TableApp(App[None]):
    CSS = "#buttons { height: 1; padding: 0 1; }"  # as on the table screens

    def on_mount(self) -> None:
        self.push_screen(TableScreen())


def row_text(app: App[Any], widget: ActionBar) -> str:
    """The line of the terminal the row is drawn on, as the player sees it."""
    strips = app.screen._compositor.render_strips()
    return strips[widget.region.y].text


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Screen[Any]]]:
    """Every layout of a screen, from now on (a display toggle lays the whole screen out)."""
    done: list[Screen[Any]] = []
    original = Screen._refresh_layout

    def counting(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        done.append(screen)
        original(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    yield done


async def test_a_new_set_of_buttons_repaints_the_row_without_laying_the_screen_out(
        layouts: list[Screen[Any]]) -> None:
    app = TableApp()
    async with app.run_test(size=(80, 10)) as pilot:
        bar = app.screen.query_one(ActionBar)
        bar.show_legal({"deal", "hint"}.__contains__)
        await pilot.pause()
        assert row_text(app, bar).split() == ["Deal", "d", "Hint", "?"]
        layouts.clear()
        bar.show_legal({"hit", "stand", "hint"}.__contains__)
        await pilot.pause()
        assert row_text(app, bar).split() == ["Hit", "h", "Stand", "s", "Hint", "?"]
        assert layouts == []


async def test_the_same_buttons_again_do_not_even_repaint() -> None:
    # The hold'em table asks for the legal buttons on every redraw.
    app = TableApp()
    async with app.run_test(size=(80, 10)) as pilot:
        bar = app.screen.query_one(ActionBar)
        bar.show_legal({"deal", "hint"}.__contains__)
        await pilot.pause()
        repaints: list[object] = []
        original = bar.refresh
        bar.refresh = lambda *a, **k: (repaints.append(a), original(*a, **k))[1]  # type: ignore[method-assign]
        bar.show_legal({"hint", "deal"}.__contains__)
        assert repaints == []


async def test_a_click_on_a_button_runs_its_action_and_a_gap_or_the_end_nothing() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 10)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one(ActionBar)
        bar.show_legal({"hit", "stand", "hint"}.__contains__)
        await pilot.pause()
        assert bar.shown == ("hit", "stand", "hint")
        hit, stand = bar.button_region("hit"), bar.button_region("stand")
        assert stand.x - hit.right == 1  # one cell between two buttons
        await pilot.click(ActionBar, offset=(hit.right, 0))  # the gap
        past_the_end = bar.button_region("hint").right + 2
        await pilot.click(ActionBar, offset=(past_the_end, 0))
        await pilot.click(ActionBar, offset=(0, 0))  # the row's padding
        await pilot.pause()
        assert screen.ran == []
        await pilot.click(ActionBar, offset=(stand.right - 1, 0))  # its last cell
        await pilot.pause()
        assert screen.ran == ["stand"]
        with pytest.raises(LookupError):
            bar.button_region("deal")  # not shown: nothing to click
        assert not bar.focusable


def label_style(bar: ActionBar, button_id: str) -> Style:
    """The style the row draws ``button_id``'s label in (its first label cell)."""
    x = bar.button_region(button_id).x - bar.gutter.left + 2
    cells = [(segment.style, len(segment.text)) for segment in bar.render_line(0)]
    for style, length in cells:
        if x < length:
            assert style is not None
            return style
        x -= length
    raise AssertionError(f"{button_id} is past the end of the row")


async def test_hovering_lights_only_the_button_under_the_mouse_and_leaving_puts_it_out() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 10)) as pilot:
        bar = app.screen.query_one(ActionBar)
        bar.show_legal({"hit", "stand"}.__contains__)
        await pilot.pause()
        plain = label_style(bar, "hit")
        assert label_style(bar, "stand") == plain
        await pilot.hover(ActionBar, offset=bar.button_region("stand").offset)
        await pilot.pause()
        assert label_style(bar, "stand").bgcolor != plain.bgcolor
        assert label_style(bar, "hit") == plain
        assert bar.styles.pointer == "pointer"  # a Button's hand, over the buttons only
        await pilot.hover("#keys")
        await pilot.pause()
        assert label_style(bar, "stand") == plain
        assert bar.styles.pointer == "default"
        # Some terminals report no mouse moves, only presses: a press lights the button too.
        await pilot.click(ActionBar, offset=bar.button_region("hit").offset)
        await pilot.pause()
        assert label_style(bar, "hit").bgcolor != plain.bgcolor
        assert label_style(bar, "stand") == plain


def blackjack_app(make_app: Callable[..., CardtuiApp]) -> CardtuiApp:
    app = make_app(start="blackjack")
    app.settings.blackjack = {"rules": {"late_surrender": True}}
    return app


async def test_seven_buttons_close_their_gaps_at_80_columns_and_six_keep_them(
        make_app: Callable[..., CardtuiApp]) -> None:
    # A pair with late surrender: six buttons (Deal is not offered mid-round since
    # issue 26) keep their gaps at 80 columns; seven closed them (with the gaps
    # the last one was cut: "Hi").
    app = blackjack_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["8h", "6c", "8d", "Ts"])  # type: ignore[attr-defined]
        await pilot.press("d")
        await pilot.pause()
        bar = screen.query_one(ActionBar)
        six = ("hit", "stand", "double", "split", "surrender", "hint")
        assert bar.shown == six
        assert bar.button_region("stand").x == bar.button_region("hit").right + 1
        assert row_text(app, bar).rstrip().endswith("Surrender u     Hint ?")
        bar.show_legal({"deal", *six}.__contains__)
        await pilot.pause()
        assert row_text(app, bar).rstrip().endswith("Surrender u    Hint ?")
        assert bar.button_region("stand").x == bar.button_region("hit").right  # no gap
        await pilot.resize_terminal(120, 24)
        await pilot.pause()
        assert bar.button_region("stand").x == bar.button_region("hit").right + 1
