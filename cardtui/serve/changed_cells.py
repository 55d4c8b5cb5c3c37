"""A served game's output, cut down to the cells that changed on the player's screen.

Textual sends every line of a widget that asks to be redrawn, whole, with a
full colour sequence for each run of text, even when only one digit of a
countdown changed or a footer is drawn again as it was. Over SSH those
bytes are a player's bandwidth. The seat puts this filter between Textual
and the terminal: it keeps the screen the player sees (a grid of cells:
character and colours) and the screen Textual has asked for, and when
Textual flushes it sends only the cells that differ, each colour change
once. Frames queued together are coalesced: a cell that changed and
changed back between two flushes costs nothing.

It understands what Textual draws with (absolute cursor moves, SGR colours,
text); anything else is passed through in order, and whatever might change
the screen in a way the filter does not follow (clearing, scrolling, the
alternate screen) makes it forget the cells concerned, so they are sent in
full the next time. Never wrong, only sometimes not the smallest.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TextIO

from cardtui.screen_stream import ScreenStream

#: A cell: its text ("" for the right half of a wide character) and its SGR
#: parameters since the last reset ("" for the default colours). None: unknown.
Cell = tuple[str, str] | None

_TOKEN = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC, ended by BEL or ST
    r"|\x1b[PX^_][^\x1b]*\x1b\\"  # DCS, SOS, PM, APC
    r"|\x1b[ -/]*[0-~]"  # other escapes
    r"|[\x00-\x1f\x7f]"  # control characters
    r"|[^\x00-\x1f\x7f\x1b]+"  # text
)
#: What may be the start of a sequence cut off by the end of a write.
_PARTIAL = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*|[PX^_][^\x1b]*|[ -/]*)?\Z")

#: Private modes that swap or clear the whole screen.
_SCREEN_MODES = frozenset({"47", "1047", "1049"})

#: CSI finals that change nothing on screen (modes, queries, cursor shape, keyboard).
_HARMLESS = frozenset("hlnpqtcu")

#: Unchanged cells re-sent rather than jumping over them (a jump is 6-8 bytes).
_GAP = 3

#: Cells compared at once when skipping what the player already has.
_RUN = 16


def _width(char: str) -> int:
    if char.isascii():
        return 1 if char.isprintable() else 0
    from rich.cells import get_character_cell_size  # the game's own measure (Textual's)

    return get_character_cell_size(char)


class ChangedCells(ScreenStream):
    """A text stream to the terminal that sends only the cells that changed.

    ``size`` gives the terminal's (columns, rows); the screen is forgotten
    when it changes (the game redraws it all after a resize).
    """

    def __init__(self, out: TextIO, size: Callable[[], tuple[int, int]] | None = None) -> None:
        super().__init__(out)

        def terminal_size() -> tuple[int, int]:
            columns, rows = os.get_terminal_size(out.fileno())
            return columns, rows

        self._size = size or terminal_size
        self._columns, self._rows = 0, 0
        self._wanted: list[list[Cell]] = []
        self._shown: list[list[Cell]] = []
        #: Rows with cells written since the last flush: row -> (first, last column).
        self._dirty: dict[int, tuple[int, int]] = {}
        # Where Textual's cursor is and its colours (0-based), and the real terminal's.
        self._row, self._column, self._style = 0, 0, ""
        self._saved = (0, 0, "", False)
        self._at: tuple[int, int] | None = None
        self._pen: str | None = None
        self._wrap = True
        #: Textual's cursor is somewhere this filter cannot follow (after a wrap,
        #: a tab): everything is sent as it is until the cursor is placed again.
        self._lost = False
        self._pending = ""
        self._buffer: list[str] = []
        self._resize()

    # The file interface Textual's writer thread uses.

    def write(self, text: str) -> int:
        size = self._size()
        if size != (self._columns, self._rows):
            self._sync()
            self._resize(size)
        data = self._pending + text
        partial = _PARTIAL.search(data)
        self._pending = partial.group() if partial else ""
        if partial:
            data = data[: partial.start()]
        for token in _TOKEN.findall(data):
            self._feed(token)
        return len(text)

    def flush(self) -> None:
        self._sync()
        if self._buffer:
            self._out.write("".join(self._buffer))
            self._buffer.clear()
        self._out.flush()

    # What Textual asked for.

    def _resize(self, size: tuple[int, int] | None = None) -> None:
        self._columns, self._rows = size or self._size()
        self._wanted = [[None] * self._columns for _ in range(self._rows)]
        self._shown = [[None] * self._columns for _ in range(self._rows)]
        self._dirty.clear()

    def _feed(self, token: str) -> None:
        first = token[0]
        if first != "\x1b" and first >= " " and first != "\x7f":
            self._text(token)
        elif token.startswith("\x1b["):
            self._csi(token)
        elif len(token) == 1:
            self._control(token)
        elif token == "\x1b7":  # the terminal saves its cursor and colours: make them Textual's
            self._saved = (self._row, self._column, self._style, self._lost)
            lost = self._lost
            self._pass_at_cursor(token)
            if not lost:
                self._at, self._pen = (self._row, self._column), self._style
        elif token == "\x1b8":
            self._row, self._column, self._style, lost = self._saved
            self._pass(token)
            self._at, self._pen = (self._row, self._column), self._style
            if lost:
                self._lost, self._at = True, None
        elif token[1] in "]PX^_=>":
            self._pass(token)  # OSC (title, clipboard), DCS..., keypad modes
        else:
            self._pass(token)  # a character set, a reset: follow nothing
            self._forget()

    def _csi(self, token: str) -> None:
        final, body = token[-1], token[2:-1]
        if final == "m":
            self._sgr(body)
        elif final in "Hf":
            row, _, column = body.partition(";")
            self._row = max(int(row or 1), 1) - 1
            self._column = max(int(column or 1), 1) - 1
            if self._lost:
                self._lost = False
                self._at = None
        elif self._lost and final in "ABCDEFGdJK":
            self._lose(token)
        elif final in "ABCDEFGd" and (body.isdigit() or body == ""):
            self._move(final, int(body or 1))
        elif body.startswith("?") and final in "hl":
            self._pass(token)
            modes = set(body[1:].split(";"))
            if "7" in modes:
                self._wrap = final == "h"
            if modes & _SCREEN_MODES:
                self._forget()
        elif final in _HARMLESS and (body[:1] in "?><=" or final not in "hl"):
            self._pass(token)
        elif final == "K":
            self._pass_at_cursor(token)
            self._forget(self._row)
        else:  # erase, scroll, insert or delete lines, scrolling region...
            self._pass_at_cursor(token)
            self._forget()

    def _sgr(self, body: str) -> None:
        if body in ("", "0"):
            self._style = ""
        elif body.startswith("0;"):
            self._style = body[2:]
        else:
            self._style = f"{self._style};{body}" if self._style else body

    def _move(self, final: str, count: int) -> None:
        if final == "A":
            self._row = max(self._row - count, 0)
        elif final == "B":
            self._row = min(self._row + count, self._rows - 1)
        elif final == "C":
            self._column = min(self._column + count, self._columns - 1)
        elif final == "D":
            self._column = max(self._column - count, 0)
        elif final == "E":
            self._row, self._column = min(self._row + count, self._rows - 1), 0
        elif final == "F":
            self._row, self._column = max(self._row - count, 0), 0
        elif final == "G":
            self._column = min(count, self._columns) - 1
        else:  # d
            self._row = min(count, self._rows) - 1

    def _control(self, char: str) -> None:
        if self._lost or char == "\t":
            self._lose(char)
        elif char == "\r":
            self._column = 0
        elif char == "\n" and self._row < self._rows - 1:
            self._row += 1
        elif char == "\b":
            self._column = max(self._column - 1, 0)
        elif char == "\x07":
            self._pass(char)
        else:  # a line feed at the bottom scrolls (the cursor stays); a shift out...
            self._pass_at_cursor(char)
            self._forget()

    def _text(self, text: str) -> None:
        if self._lost or not 0 <= self._row < self._rows:
            self._lose(text)
            return
        wanted, shown = self._wanted[self._row], self._shown[self._row]
        column, style, columns = self._column, self._style, self._columns
        start = column
        for index, char in enumerate(text):
            width = 1 if " " <= char <= "~" else _width(char)
            if width == 0:  # a combining mark: part of the cell before
                previous = wanted[column - 1] if 0 < column <= columns else None
                if previous is not None:
                    wanted[column - 1] = (previous[0] + char, previous[1])
                    start = min(start, column - 1)
                continue
            if column + width > columns:
                # Past the right margin (Textual never draws there): wrapped, or drawn
                # over the last column, as each terminal does; sent as it is and
                # followed no further.
                self._mark(start, column)
                self._column = column
                self._lose(text[index:])
                return
            self._split_wide(wanted, shown, column, width)
            wanted[column] = (char, style)
            if width == 2:
                wanted[column + 1] = ("", style)
            column += width
        self._mark(start, column)
        self._column = min(column, columns - 1) if not self._wrap else column

    def _lose(self, token: str) -> None:
        """Send ``token`` as it is and stop following the cursor until it is placed again."""
        if not self._lost:
            self._sync()
            self._to_cursor()
            self._pen_to(self._style)
            self._lost = True
        # Whatever is sent while lost may change any cell (text at a place not known,
        # an erase, a line feed that scrolls): nothing on the player's screen is known
        # any more, not even what was sent between a save and a restore of the cursor
        # (placed meanwhile, so followed, then lost again at the restore).
        self._forget()
        self._pen_to(self._style)
        self._buffer.append(token)

    def _split_wide(self, wanted: list[Cell], shown: list[Cell], column: int, width: int) -> None:
        """Writing over half of a wide character blanks the other half.

        That is what the terminal does with every byte sent (xterm, tmux, VTE:
        the half left over is erased), and the filter may send less: when the
        write that split the character is itself drawn over before the flush, it
        is never sent, and the wide character stays whole on the player's screen.
        So the half left over is wanted as a blank and sent explicitly (known to
        differ); a blank drawn on purpose reads the same on every terminal,
        including those that keep the half (pyte).
        """
        cell = wanted[column]
        if cell is not None and cell[0] == "" and column > 0:
            wanted[column - 1], shown[column - 1] = (" ", cell[1]), None
            self._mark(column - 1, column)
        end = column + width
        if end < self._columns:
            after = wanted[end]
            if after is not None and after[0] == "":
                wanted[end], shown[end] = (" ", after[1]), None
                self._mark(end, end + 1)

    def _mark(self, start: int, end: int) -> None:
        if end <= start:
            return
        low, high = self._dirty.get(self._row, (start, end))
        self._dirty[self._row] = (min(low, start), max(high, end))

    def _forget(self, row: int | None = None) -> None:
        rows = range(self._rows) if row is None else [row] if 0 <= row < self._rows else []
        for index in rows:
            self._wanted[index] = [None] * self._columns
            self._shown[index] = [None] * self._columns
            self._dirty.pop(index, None)

    # What goes to the player.

    def _pass(self, token: str) -> None:
        """Send ``token`` as it is, after every cell asked for before it."""
        self._sync()
        self._buffer.append(token)

    def _pass_at_cursor(self, token: str) -> None:
        """Send ``token`` with the terminal's cursor and colours where Textual's are."""
        if self._lost:
            self._lose(token)
            return
        self._sync()
        self._to_cursor()
        self._pen_to(self._style)
        self._buffer.append(token)
        self._at, self._pen = None, None  # wherever it left them

    def _sync(self) -> None:
        """Send the cells that differ from the player's screen; cursor and colours last."""
        out = self._buffer
        for row in sorted(self._dirty):
            low, high = self._dirty[row]
            wanted, shown = self._wanted[row], self._shown[row]
            # Textual redraws whole lines where a cell or two changed: skip the
            # stretches already shown a slice at a time (compared in C), not a
            # cell at a time, and start one cell back, in case the first cell
            # that differs is the right half of a wide character.
            while low < high and wanted[low : min(low + _RUN, high)] == shown[
                    low : min(low + _RUN, high)]:
                low += _RUN
            while high > low and wanted[max(high - _RUN, low) : high] == shown[
                    max(high - _RUN, low) : high]:
                high -= _RUN
            column = max(low - 1, self._dirty[row][0])
            while column < high:
                cell = wanted[column]
                if cell is None or cell[0] == "":
                    column += 1  # unknown, or drawn with the wide character before it
                    continue
                wide = column + 1 < self._columns and wanted[column + 1] == ("", cell[1])
                end = column + (2 if wide else 1)
                if cell == shown[column] and (not wide or wanted[column + 1] == shown[column + 1]):
                    column = end
                    continue
                self._go(row, column, wanted, shown)
                self._pen_to(cell[1])
                out.append(cell[0])
                shown[column:end] = wanted[column:end]
                # Without autowrap the cursor stays on the last column, as Textual's does.
                self._at = (row, end if self._wrap else min(end, self._columns - 1))
                column = end
        self._dirty.clear()
        if not self._lost and self._at != (self._row, self._column):  # a text caret
            self._to_cursor()

    def _to_cursor(self) -> None:
        """Put the terminal's cursor where Textual's is, past the last column included."""
        row, column = self._row, self._column
        if column < self._columns or not self._wrap or not 0 <= row < self._rows:
            self._go(row, column)
            return
        # No move reaches the spot past the last column (where the next character
        # wraps); drawing the last cell again does.
        last = self._wanted[row][-1]
        if self._at == (row, column):
            return
        if last is None or not last[0]:
            self._go(row, min(column, self._columns - 1))
            return
        self._go(row, self._columns - 1)
        self._pen_to(last[1])
        self._buffer.append(last[0])
        self._at = (row, column)

    def _go(
        self, row: int, column: int, wanted: list[Cell] | None = None,
        shown: list[Cell] | None = None,
    ) -> None:  # fmt: skip
        at = self._at
        if at == (row, column):
            return
        if at is not None and wanted is not None and shown is not None and at[0] == row:
            gap = column - at[1]
            cells = wanted[at[1] : column]
            if 0 < gap <= _GAP and all(
                cell is not None and cell == shown[at[1] + i] and cell[0] and cell[1] == self._pen
                for i, cell in enumerate(cells)
            ):
                self._buffer.append("".join(cell[0] for cell in cells if cell is not None))
                self._at = (row, column)
                return
        self._buffer.append(f"\x1b[{row + 1};{column + 1}H")
        self._at = (row, column)

    def _pen_to(self, style: str) -> None:
        if self._pen != style:
            self._buffer.append(f"\x1b[0;{style}m" if style else "\x1b[0m")
            self._pen = style
