"""Rich text drawn line by line through Textual's :class:`Content`, each line remembered.

A seat's panel at a shared table is drawn again at every player's screen
whenever anything in it changes: the turn arrives (the border lights up),
a bet or the bankroll moves, a card lands. Most of its lines are the same
as the last time (the card boxes, the bet line): turning each one from Rich
text into Textual's strips again was a third of a shared table's drawing
(``benchmarks/bench_table_redraw.py``). :class:`CachedLines` is a
:class:`~textual.visual.Visual` that draws each line exactly as Content
draws it (wrapping and styles included), once for each distinct line, and
reuses it after that. Strips are immutable, so sharing them is safe.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from cardtui.ui.textual_fixes.hooks import format_line, rendered

#: Distinct lines remembered (a table of seven seats shows a few dozen at a time).
CACHED_LINES = 1024

_strips: OrderedDict[Hashable, list[Strip]] = OrderedDict()


class CachedLines(Visual):
    """``text``'s lines, each drawn by :class:`Content` once and then reused."""

    def __init__(self, text: Text, console: Console, ansi_theme: object) -> None:
        self._text = text
        self._lines = text.split("\n", allow_blank=True)
        self._console = console
        #: Content's colours depend on the terminal theme (ANSI styles): part of the key.
        self._theme = id(ansi_theme)
        self._whole: Content | None = None

    @property
    def plain(self) -> str:
        return self._text.plain

    def __str__(self) -> str:
        return self._text.plain

    def _content(self) -> Content:
        if self._whole is None:
            self._whole = Content.from_rich_text(self._text, console=self._console)
        return self._whole

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        if not width:
            return []
        if options.selection is not None or options.post_style is not None:
            # A selection is drawn over the text: not worth remembering.
            return self._content().render_strips(width, height, style, options)
        get_rule = options.rules.get
        align, overflow = get_rule("text_align", "left"), get_rule("text_overflow", "fold")
        no_wrap, line_pad = get_rule("text_wrap", "wrap") == "nowrap", get_rule("line_pad", 0)
        strips: list[Strip] = []
        for y, line in enumerate(self._lines):
            # (Each strip carries its line's number for text selection: part of the key.)
            key = (y, line.plain, tuple(line.spans), line.style, line.justify, line.overflow,
                   line.no_wrap, width, style, align, overflow, no_wrap, line_pad, self._theme)
            drawn = _strips.get(key)
            if drawn is None:
                # As Content.render_strips draws the whole text, one line of it.
                formatted = format_line(
                    Content.from_rich_text(line, console=self._console), width, align=align,
                    overflow=overflow, no_wrap=no_wrap, line_pad=line_pad,
                    get_style=options.get_style)
                for part in formatted:
                    part.y = y
                drawn = [Strip(*part.to_strip(style)) for part in formatted]
                _strips[key] = drawn
                if len(_strips) > CACHED_LINES:
                    _strips.popitem(last=False)
            else:
                _strips.move_to_end(key)
            strips.extend(drawn)
            if height is not None and len(strips) >= height:
                return strips[:height]
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._content().get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self._content().get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._content().get_height(rules, width)


def selected_text(widget: Widget, selection: Selection) -> tuple[str, str] | None:
    """A widget's ``get_selection`` when it renders :class:`CachedLines` (Textual only
    reads Text and Content): the player's mouse selection copies the panel's text."""
    return selection.extract(str(rendered(widget))), "\n"
