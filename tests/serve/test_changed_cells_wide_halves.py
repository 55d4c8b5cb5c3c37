"""Drawing over half of a wide character: the player's screen ends as with every byte sent.

Textual's partial updates (the served game renders only the changed regions)
start and end anywhere on a line, so a write may land on half of a wide
character (CJK text). The terminal then erases the other half. The filter
sends less than Textual wrote: a half left over must still end blank on the
player's screen, not keep a glyph the game no longer draws.
"""

from __future__ import annotations

import io
import re

import pyte
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.serve.changed_cells import ChangedCells

WIDTH, HEIGHT = 12, 3
_WIDE = "漢字テ"


def _width(char: str) -> int:
    return 2 if char in _WIDE else 1


class Xterm:
    """Just enough of xterm/tmux for Textual's output: cursor moves, colours, text,
    and what they do to a wide character drawn over by half (the other half is
    erased). pyte keeps that half, so it cannot be the oracle here."""

    def __init__(self) -> None:
        self.rows = [[" "] * WIDTH for _ in range(HEIGHT)]
        self.x = self.y = 0

    def feed(self, text: str) -> None:
        for token in re.findall(r"\x1b\[[0-9;?]*[A-Za-z]|[^\x1b]", text):
            if token.endswith("H"):
                row, _, column = token[2:-1].partition(";")
                self.y, self.x = int(row or 1) - 1, int(column or 1) - 1
            elif not token.startswith("\x1b"):
                self._draw(token)

    def _draw(self, char: str) -> None:
        row, width = self.rows[self.y], _width(char)
        if self.x + width > WIDTH:
            return  # Textual never draws past the margin (no autowrap)
        for x in range(self.x, self.x + width):
            if row[x] == "" and x - 1 < self.x:
                row[x - 1] = " "  # a wide character's left half, its right drawn over
            if x + 1 < WIDTH and row[x + 1] == "" and x + 1 >= self.x + width:
                row[x + 1] = " "  # its right half, the left drawn over
        row[self.x] = char
        if width == 2:
            row[self.x + 1] = ""
        self.x = min(self.x + width, WIDTH - 1)

    def text(self) -> list[str]:
        return ["".join(row) for row in self.rows]


def _filtered() -> tuple[ChangedCells, io.StringIO]:
    out = io.StringIO()
    return ChangedCells(out, size=lambda: (WIDTH, HEIGHT)), out


def _flush(cells: ChangedCells, out: io.StringIO) -> str:
    cells.flush()
    sent = out.getvalue()
    out.seek(0)
    out.truncate()
    return sent


def test_a_wide_character_split_by_a_write_drawn_over_before_the_flush_is_erased() -> None:
    """字 drawn on the right half of another 字, then itself drawn over by half
    before the flush: only the last 字 is sent, and the first must not stay."""
    cells, out = _filtered()
    player = pyte.Screen(WIDTH, HEIGHT)
    stream = pyte.Stream(player)
    cells.write("\x1b[?7l")  # no autowrap, as Textual draws
    first = "\x1b[1;1H a漢字ab字aa"  # 字 at columns 8-9
    cells.write(first)
    stream.feed(_flush(cells, out))
    assert player.display[0] == " a漢字ab字aa"
    cells.write("\x1b[1;10H字")  # over 字's right half: columns 8 and 9 change
    cells.write("\x1b[1;11H字")  # over that one's right half: only this one is left
    stream.feed(_flush(cells, out))
    whole = Xterm()
    whole.feed(first + "\x1b[1;10H字\x1b[1;11H字")
    assert whole.text()[0] == " a漢字ab  字"  # the first 字 erased, as tmux shows it
    # pyte draws a wide character's right half as "" too: compare cell by cell.
    assert [player.buffer[0][x].data for x in range(WIDTH)] == whole.rows[0]


_PIECE = st.sampled_from(["a", "b", " ", *_WIDE])


@st.composite
def _writes(draw: st.DrawFn) -> str:
    """A region of a line as Textual's partial update draws it: placed anywhere."""
    row, column = draw(st.integers(1, HEIGHT)), draw(st.integers(1, WIDTH))
    text, used = "", column - 1
    for piece in draw(st.lists(_PIECE, max_size=8)):
        if used + _width(piece) > WIDTH:
            break
        text, used = text + piece, used + _width(piece)
    style = draw(st.sampled_from(["", "\x1b[1;31m", "\x1b[7m"]))
    return f"\x1b[{row};{column}H{style}{text}\x1b[0m"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(_writes(), min_size=1, max_size=4), min_size=1, max_size=8))
def test_partial_writes_over_wide_characters_end_as_with_every_byte_sent(
    frames: list[list[str]],
) -> None:
    cells, out = _filtered()
    whole, player = Xterm(), Xterm()
    cells.write("\x1b[?7l")
    for writes in frames:
        for text in writes:
            cells.write(text)
            whole.feed(text)
        player.feed(_flush(cells, out))
        assert player.text() == whole.text()
