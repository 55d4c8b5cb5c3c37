"""CachedLines draws exactly what Textual's Content draws, and draws each line once."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.style import Style
from textual.visual import RenderOptions

from cardtui.cards import Card
from cardtui.ui.widgets.cached_lines import CachedLines
from cardtui.ui.widgets.cards import boxed_cards


def panel_text() -> Text:
    head = Text("Bet 10")
    head.append("  insured 5 +10", style="cyan")
    box = boxed_cards([Card.parse("Ah"), Card.parse("Td")], ascii=False)
    badges = Text.assemble(("▶ ", "bold cyan"), ("21", "bold reverse"), " ", ("BJ", "bold green"))
    return Text("\n").join([head, box, badges, Text(""), Text("a long line that wraps")])


@pytest.mark.parametrize("width", [14, 9, 40])
@pytest.mark.parametrize("height", [None, 3])
async def test_lines_are_drawn_as_content_draws_them(width: int, height: int | None) -> None:
    app = App()
    async with app.run_test():
        options = RenderOptions(app.screen._get_style, app.screen.styles)
        style = Style(bold=False)
        text = panel_text()
        expected = Content.from_rich_text(text, console=app.console).render_strips(
            width, height, style, options)
        cached = CachedLines(text, app.console, app.ansi_theme)
        assert cached.render_strips(width, height, style, options) == expected
        # Drawn again (from what is remembered): the same.
        again = CachedLines(panel_text(), app.console, app.ansi_theme)
        assert again.render_strips(width, height, style, options) == expected
        assert str(again) == text.plain


async def test_a_line_seen_before_is_not_drawn_again() -> None:
    app = App()
    async with app.run_test():
        options = RenderOptions(app.screen._get_style, app.screen.styles)
        style = Style()
        first = CachedLines(Text("Bet 10\nBet 20", style="cyan"), app.console, app.ansi_theme)
        one = first.render_strips(12, None, style, options)
        second = CachedLines(Text("Bet 30\nBet 20", style="cyan"), app.console, app.ansi_theme)
        two = second.render_strips(12, None, style, options)
        assert two[1] is one[1]  # the unchanged line: reused
        assert two[0] is not one[0] and two[0].text.startswith("Bet 30")
        # Another theme's colours are another drawing.
        other = CachedLines(Text("Bet 20", style="cyan"), app.console, object())
        assert other.render_strips(12, None, style, options)[0] is not one[1]


async def test_a_panels_text_can_still_be_selected() -> None:
    from textual.selection import Selection

    from cardtui.ui.widgets.blackjack_table import DealerPanel

    class Dealer(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield DealerPanel(ascii=True)

    app = Dealer()
    async with app.run_test():
        panel = app.query_one(DealerPanel)
        panel.show([Card.parse("Ah"), Card.parse("Kd")], False, Text("21"))
        text, end = panel.get_selection(Selection(None, None)) or ("", "")
        assert "A" in text and "K" in text and end == "\n"
