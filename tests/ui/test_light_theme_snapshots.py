"""Light themes are readable (issue 26): the tables' frames, names and chip counts.

Under textual-light the seats' frames were $panel-lighten-2: near white on a
light grey background. Checked three ways: the contrast of every seat's frame
and name against the screen under each light theme Textual ships, no
hard-coded white/black/grey in the tables' widgets and style sheets, and
snapshots of both tables in light themes (update with --snapshot-update, then
look at them).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES
from textual.widget import Widget

from cardtui.ui.app import CardtuiApp
from cardtui.ui.widgets.blackjack_table import SeatPanel
from cardtui.ui.widgets.holdem_table import HoldemSeat
from tests.support import holdem_demo
from tests.ui.test_big_terminal_snapshots import play

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "cardtui" / "ui"

#: Light themes whose colours Textual knows (ansi-light is the terminal's own palette).
LIGHT_THEMES = sorted(name for name, theme in BUILTIN_THEMES.items()
                      if not theme.dark and not name.startswith("ansi"))

#: WCAG's least contrast for the parts of a control (3:1) and for text (4.5:1).
FRAME_CONTRAST = 3.0
TEXT_CONTRAST = 4.5


def luminance(color: Color) -> float:
    """WCAG relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(one: Color, other: Color) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def seen(widget: Widget, color: Color) -> Color:
    """``color`` (maybe translucent) as drawn over the widget's background."""
    _, background = widget.background_colors
    return background + color


def blackjack_app(make_app: Callable[..., CardtuiApp], theme: str, **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.theme = theme
    app.settings.blackjack = {"seats": [
        {"name": n, "kind": "bot" if i % 2 else "human", "bankroll": 1000}
        for i, n in enumerate(["Ann", "Robo", "Cy"])]}
    return app


def holdem_app(make_app: Callable[..., CardtuiApp], theme: str, **kwargs: Any) -> CardtuiApp:
    app = make_app(**kwargs)
    app.settings.theme = theme
    return app


THREE_SEATS = ["Ah", "8h", "Tc", "6c", "Kd", "8d", "6d", "Kc", "2c", "3c", "9s", "Qs"]


def assert_readable(panels: Sequence[Widget], theme: str) -> None:
    assert panels
    for panel in panels:
        _, background = panel.background_colors
        frame = seen(panel, panel.styles.border_top[1])
        assert contrast(frame, background) >= FRAME_CONTRAST, (theme, panel, frame, background)
        if not panel.has_class("acting"):
            name = seen(panel, panel.styles.border_title_color)
            assert contrast(name, background) >= TEXT_CONTRAST, (theme, panel, name)


# (One table per style, every theme in turn: an app started per theme cost 2.5 s each.)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_holdem_seats_read_in_light_themes(make_app, ascii: bool) -> None:  # type: ignore[no-untyped-def]
    app = holdem_app(make_app, LIGHT_THEMES[0], ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await holdem_demo.ten_seats(pilot)
        for theme in LIGHT_THEMES:
            app.theme = theme
            await pilot.pause()
            assert_readable(list(app.screen.query(HoldemSeat)), theme)


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_blackjack_seats_read_in_light_themes(make_app, ascii: bool) -> None:  # type: ignore[no-untyped-def]
    app = blackjack_app(make_app, LIGHT_THEMES[0], ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await play(THREE_SEATS, ["d"])(pilot)
        panels = list(app.screen.query(SeatPanel))
        assert any(panel.has_class("acting") for panel in panels)
        for theme in LIGHT_THEMES:
            app.theme = theme
            await pilot.pause()
            assert_readable(panels, theme)


async def test_a_lit_seat_stays_lit_in_a_light_theme(make_app) -> None:  # type: ignore[no-untyped-def]
    app = holdem_app(make_app, "textual-light")
    async with app.run_test(size=(80, 24)) as pilot:
        await holdem_demo.preflop(pilot)
        acting = app.screen.query_one("HoldemSeat.acting", HoldemSeat)
        # (Textual's accent for text on the background: $accent is pale orange there.)
        accent = Color.parse(app.get_css_variables()["text-accent"])
        assert acting.styles.border_top == ("heavy", accent)
        assert contrast(seen(acting, accent), acting.background_colors[1]) >= FRAME_CONTRAST


# -- no hard-coded white, black or grey in the tables ------------------------------

#: The tables' widgets and screens, and every style sheet of the UI.
TABLE_SOURCES = [
    UI / "widgets" / "cards.py", UI / "widgets" / "holdem_table.py",
    UI / "widgets" / "blackjack_table.py", UI / "widgets" / "holdem_log.py",
    UI / "widgets" / "table_footer.py", UI / "widgets" / "tournament_info.py",
    UI / "holdem" / "felt.py", UI / "blackjack" / "screen.py", UI / "blackjack" / "seats.py",
]
NEUTRAL = re.compile(r"\b(white|black|gr[ae]y\d*|bright_white|bright_black)\b")


def _string_literals(path: Path) -> list[tuple[int, str]]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
    return [(token.start[0], token.string) for token in tokens
            if token.type == tokenize.STRING and not token.string.startswith(('"""', "'''"))]


def test_the_table_widgets_name_no_white_black_or_grey() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {text}" for path in TABLE_SOURCES
             for line, text in _string_literals(path) if NEUTRAL.search(text)]
    assert found == []


def test_no_style_sheet_names_white_black_or_grey() -> None:
    found = []
    for path in sorted(UI.rglob("*.tcss")):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)  # comments may say so
        for number, line in enumerate(text.splitlines(), 1):
            if ":" in line and NEUTRAL.search(line.split(":", 1)[1]):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_check_finds_a_hard_coded_white(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('STYLE = "bold white"\nOTHER = "bold"\n"""white in a docstring"""\n')
    assert [text for _, text in _string_literals(sample) if NEUTRAL.search(text)] == [
        '"bold white"']


# -- snapshots ---------------------------------------------------------------------


def test_holdem_showdown_in_textual_light(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(holdem_app(make_app, "textual-light"), run_before=holdem_demo.showdown,
                        terminal_size=(80, 24))


def test_holdem_ten_seats_in_textual_light_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(holdem_app(make_app, "textual-light", ascii=True),
                        run_before=holdem_demo.ten_seats, terminal_size=(80, 24))


def test_holdem_ten_seats_in_solarized_light(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(holdem_app(make_app, "solarized-light"),
                        run_before=holdem_demo.ten_seats, terminal_size=(80, 24))


def test_blackjack_three_seats_in_textual_light(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(blackjack_app(make_app, "textual-light"),
                        run_before=play(THREE_SEATS, ["d"]), terminal_size=(80, 24))


def test_blackjack_three_seats_in_textual_light_ascii(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(blackjack_app(make_app, "textual-light", ascii=True),
                        run_before=play(THREE_SEATS, ["d"]), terminal_size=(80, 24))


def test_blackjack_three_seats_in_solarized_light_at_120x40(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(blackjack_app(make_app, "solarized-light"),
                        run_before=play(THREE_SEATS, ["d"]), terminal_size=(120, 40))


def test_holdem_showdown_in_textual_light_at_120x40(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(holdem_app(make_app, "textual-light"), run_before=holdem_demo.showdown,
                        terminal_size=(120, 40))
