"""Scrolling from the keyboard: a long page that reads its keys as soon as it opens.

Textual's scroll containers scroll with the arrows, PageUp/PageDown and
Home/End once focused; a reader of a long page also pages with Space (as in
``less`` or a browser) and back with Shift+Space. The screen that shows one
focuses it on opening, so no key is needed to reach the text first (issue 26).
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import MarkdownViewer

#: The reader's paging keys on top of Textual's scrolling ones.
PAGING_KEYS: list[BindingType] = [
    Binding("space", "page_down", "Page down", show=False),
    Binding("shift+space", "page_up", "Page up", show=False),
]


class KeyScroll(VerticalScroll):
    """A focusable column that also pages with Space and Shift+Space."""

    BINDINGS: ClassVar[list[BindingType]] = PAGING_KEYS


class KeyMarkdown(MarkdownViewer, can_focus=True):
    """A Markdown page that takes the focus (Textual's viewer leaves it to links) and pages."""

    BINDINGS: ClassVar[list[BindingType]] = PAGING_KEYS
