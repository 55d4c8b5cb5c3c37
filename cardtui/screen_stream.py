"""The file interface of a stream that stands between Textual and the terminal.

Textual's driver writes every frame to ``sys.__stderr__``; a filter put there
(``serve/changed_cells.py``: only the cells that changed; ``ui/ascii_screen.py``:
nothing but ASCII) changes what ``write`` passes on and answers the rest of what
the driver asks as the terminal would.
"""

from __future__ import annotations

from typing import TextIO


class ScreenStream:
    """Passes everything on to ``out``; a filter overrides ``write`` (and ``flush``)."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(text)

    def flush(self) -> None:
        self._out.flush()

    def fileno(self) -> int:
        return self._out.fileno()

    def isatty(self) -> bool:
        return self._out.isatty()

    def close(self) -> None:
        self.flush()
        self._out.close()

    @property
    def encoding(self) -> str:
        return self._out.encoding
