"""Showing new text in a :class:`~textual.widgets.Static` without laying the screen out.

``Static.update`` lays the whole screen out again by default, and a shared
table's screen is redrawn on every message from the room, at every player's
screen (benchmarks/bench_table_redraw.py). Here unchanged text is not shown
again at all, and changed text repaints the widget only; the screen is laid
out again only when the widget needs more or fewer rows (as Textual counts
them, at the width it has now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


def shown_value(text: Text | str) -> tuple[object, ...]:
    """Text as a value: its characters, style and spans (Rich's Text compares by identity)."""
    if isinstance(text, str):
        return (text,)
    return (text.plain, str(text.style), tuple(text.spans), text.justify)


def update_quietly(line: Static, text: Text | str) -> bool:
    """Show ``text`` in ``line`` if it changed; True when the screen is laid out again."""
    shown = shown_value(text)
    if getattr(line, "_cardtui_shown", None) == shown:
        return False
    # (Kept on the widget itself: Static declares no such attribute.)
    line._cardtui_shown = shown  # type: ignore[attr-defined]
    width = line.content_region.width
    # Textual measures a widget's content with its styles as the rules, as here
    # (Widget._get_content_height); get_height's annotation names the TypedDict
    # the styles stand in for.
    rules = cast("RulesMap", line.styles)
    rows = line.visual.get_height(rules, width) if width else None
    line.update(text, layout=False)
    if rows is None or line.visual.get_height(rules, width) != rows:
        line.refresh(layout=True)
        return True
    return False
