"""The served game's drawing shortcuts (cardtui.ui.textual_fixes.served), and their canaries.

Installed only where a game ``cardtui serve`` started runs (its entry point,
and the template games are forked from): a local game runs Textual as it
is. Each shortcut has a canary that fails once Textual no longer pays the
cost it saves, or no longer has the private name it replaces.
"""

from __future__ import annotations

import hashlib
import inspect
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.css.stylesheet import Stylesheet
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cardtui import cli
from cardtui.ui.app import CardtuiApp
from cardtui.ui.textual_fixes import removed, served
from cardtui.ui.textual_fixes.served import drawing_as_served

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def as_served() -> Iterator[None]:
    with drawing_as_served():
        yield


class Seats(App[None]):
    CSS = """
    Static { border: round $panel-lighten-2; color: $text; }
    Static.acting { border: heavy $accent; border-title-color: $accent; text-style: bold; }
    .-flat Static.acting { border: ascii $accent; }
    """

    def compose(self) -> ComposeResult:
        from textual.widgets import Static

        yield Static("toggled", id="toggled")
        yield Static("acting from the start", classes="acting", id="acting")
        yield Static("never acting", id="plain")


async def test_a_class_change_sets_only_the_rules_that_changed_with_the_same_result(
        as_served: None) -> None:
    from textual.widgets import Static

    app = Seats()
    async with app.run_test() as pilot:
        toggled, acting, plain = (app.query_one(f"#{name}", Static)
                                  for name in ("toggled", "acting", "plain"))
        assert toggled.styles.base._rules == plain.styles.base._rules
        sets: list[str] = []
        real = toggled.styles.base.__class__.__setattr__

        rules = set(plain.styles.base._rules) | set(acting.styles.base._rules)

        def counting(styles: Any, key: str, value: Any) -> None:
            if styles is toggled.styles.base and key in rules:
                sets.append(key)
            real(styles, key, value)

        type(toggled.styles.base).__setattr__ = counting  # type: ignore[method-assign]
        try:
            toggled.set_class(True, "acting")
        finally:
            type(toggled.styles.base).__setattr__ = real  # type: ignore[method-assign]
        await pilot.pause()
        assert toggled.styles.base._rules == acting.styles.base._rules
        assert toggled.styles.border.top[0] == "heavy"
        # Textual alone sets every rule the panel has (and parses each again).
        assert {"border_top", "border_right", "border_bottom", "border_left",
                "border_title_color", "text_style"} <= set(sets)
        assert len(sets) <= 10 < len(rules) and not {"color", "background"} & set(sets)
        app.add_class("-flat")  # an ancestor's class: every rule worked out again
        await pilot.pause()
        assert toggled.styles.border.top[0] == "ascii"  # type: ignore[comparison-overlap]
        toggled.set_class(False, "acting")
        app.remove_class("-flat")
        await pilot.pause()
        assert toggled.styles.base._rules == plain.styles.base._rules


def rule_sets(app: Seats, toggle: Callable[[], object]) -> list[str]:
    """The rules set on #toggled's base styles while ``toggle`` runs."""
    toggled = app.query_one("#toggled", Static)
    sets: list[str] = []
    real = toggled.styles.base.__class__.__setattr__

    def counting(styles: Any, key: str, value: Any) -> None:
        if styles is toggled.styles.base and not key.startswith("_"):
            sets.append(key)
        real(styles, key, value)

    type(toggled.styles.base).__setattr__ = counting  # type: ignore[method-assign]
    try:
        toggle()
    finally:
        type(toggled.styles.base).__setattr__ = real  # type: ignore[method-assign]
    return sets


async def test_canary_textual_alone_still_sets_every_rule_for_one_class() -> None:
    """Fails once Textual sets only the rules a class change changed: drop RESTYLE."""
    app = Seats()
    async with app.run_test():
        toggled = app.query_one("#toggled", Static)
        with removed(served.RESTYLE):
            sets = rule_sets(app, lambda: toggled.set_class(True, "acting"))
        assert {"color", "background"} <= set(sets)  # unchanged, set again


class Panels(App[None]):
    """A line straight on the screen, and two panels in a row under it."""

    CSS = "#top { height: 1; } Horizontal { height: 5; } #left, #right { width: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Static("top", id="top")
        with Horizontal():
            yield Static("left", id="left")
            yield Static("right", id="right")


@contextmanager
def rendering() -> Iterator[list[Widget]]:
    """The widgets whose lines are rendered while the block runs."""
    rendered: list[Widget] = []
    render_lines = Widget.render_lines

    def spy(self: Widget, crop: Any) -> Any:
        rendered.append(self)
        return render_lines(self, crop)

    Widget.render_lines = spy  # type: ignore[method-assign]
    try:
        yield rendered
    finally:
        Widget.render_lines = render_lines  # type: ignore[method-assign]


async def panels_rendered_for_one_change() -> list[str]:
    app = Panels()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        with rendering() as rendered:
            app.query_one("#left", Static).update("left again")
            await pilot.pause()
    return [widget.id for widget in rendered if widget.id and not isinstance(widget, Screen)]


async def test_a_change_renders_only_the_widgets_in_its_region(as_served: None) -> None:
    assert await panels_rendered_for_one_change() == ["left"]


async def test_canary_textual_alone_still_renders_widgets_far_from_a_change() -> None:
    """Fails once Textual's compositor renders only the widgets whose own region meets
    what changed: drop RENDERS and PARTIAL."""
    with removed(served.RENDERS, served.PARTIAL):
        rendered = await panels_rendered_for_one_change()
    assert "top" in rendered  # its clip (the screen) met the change; its region did not


def test_canary_the_compositor_still_keeps_what_the_guard_swaps() -> None:
    from textual._compositor import Compositor

    compositor = Compositor()
    assert isinstance(compositor._visible_widgets, dict | type(None))
    assert list(inspect.signature(Compositor._get_renders).parameters) == ["self", "crop"]
    assert hasattr(compositor, "_dirty_regions")


def test_canary_textual_alone_still_parses_per_stylesheet() -> None:
    """Fails once Textual shares parsed rules between stylesheets: drop PARSE."""
    css = "Screen { background: red; }"
    with removed(served.PARSE):
        first, second = (Stylesheet(), Stylesheet())
        for sheet in (first, second):
            sheet.add_source(css, read_from=("canary.tcss", ""))
            sheet.parse()
        assert first.rules[0] is not second.rules[0]
    assert list(inspect.signature(Stylesheet._parse_rules).parameters) == [
        "self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]


#: Textual 8.2.8's ``LinuxDriver.run_input_thread``, the loop QuietInputDriver copies.
COPIED_FROM = "d796af6d69db337d6fa6bd463984f7d17188d991dbb22f60efb92a8a9619507c"


def test_canary_textuals_input_thread_is_the_one_copied_and_still_polls() -> None:
    """Fails once Textual changes the input loop QuietInputDriver copied (read its new
    one, copy it again, and update the digest) or stops waking ten times a second."""
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert "selector.select(0.1)" in source  # the wake QuietInputDriver does without
    assert hashlib.sha256(source.encode()).hexdigest() == COPIED_FROM
    assert served.fits()


def test_canary_a_screen_still_draws_through_compositor_refresh() -> None:
    """HeldFirstFrame holds a screen's drawing by overriding this private method."""
    assert "_compositor_refresh" in vars(Screen)
    assert "_compositor_refresh" in inspect.getsource(Screen._on_timer_update)


def test_a_local_game_runs_textual_as_it_is() -> None:
    script = ("import cardtui.ui.app, cardtui.ui.screens.lobby\n"
              "from cardtui.ui.textual_fixes import served\n"
              "print([p.name for p in (*served.SHORTCUTS, served.PARSE) if p.installed])\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("hosted", [False, True])
def test_the_entry_point_decides_whether_the_game_is_served(
        hosted: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[CardtuiApp] = []
    monkeypatch.setattr(CardtuiApp, "run", lambda app, **_: started.append(app))
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)  # (Textual's own choice: Linux's)
    if hosted:
        monkeypatch.setenv("CARDTUI_SERVED", "1")
    else:
        monkeypatch.delenv("CARDTUI_SERVED", raising=False)
    with drawing_as_served():  # (undone after the test, whatever run_app installed)
        for patch in served.SHORTCUTS:
            patch.remove()
        args = cli.build_parser().parse_args(["--data-dir", str(tmp_path)])
        cli.run_app(args, start=None)
        (app,) = started
        assert app.served is hosted
        assert all(patch.installed is hosted for patch in served.SHORTCUTS)
        assert app.get_driver_class() is (served.QuietInputDriver if hosted else LinuxDriver)
