"""A DataTable whose text cells are shown as written, never read as markup.

Textual reads a ``str`` cell as console markup: a player's name such as
``[/b]x`` (or one in a hand history from elsewhere) raised ``MarkupError``
and stopped the game, and ``[b]Al[/b]`` showed as ``Al``. Each cell is
escaped instead: it stays a ``str`` (the same value for any text without
brackets) and is drawn as typed.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey


class PlainTable(DataTable[Any]):
    """:class:`DataTable` with every ``str`` cell taken as plain text."""

    def add_row(self, *cells: Any, height: int | None = 1, key: str | None = None,
                label: Any = None) -> RowKey:
        plain = (escape(cell) if isinstance(cell, str) else cell for cell in cells)
        return super().add_row(*plain, height=height, key=key, label=label)
