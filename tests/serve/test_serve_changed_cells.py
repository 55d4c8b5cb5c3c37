"""The output filter sends only changed cells, and the player's screen ends up the same."""

from __future__ import annotations

import io

import pyte
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardtui.serve.changed_cells import ChangedCells

WIDTH, HEIGHT = 40, 8


class Terminal:
    """A pyte screen fed what one stream sends."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.Stream(self.screen)

    def feed(self, text: str) -> None:
        self.stream.feed(text)

    def cells(self) -> list[list[tuple[str, str, str, bool, bool]]]:
        return [
            [
                (cell.data, cell.fg, cell.bg, cell.bold, cell.reverse)
                for cell in (self.screen.buffer[y][x] for x in range(WIDTH))
            ]
            for y in range(HEIGHT)
        ]


def filtered() -> tuple[ChangedCells, io.StringIO]:
    out = io.StringIO()
    return ChangedCells(out, size=lambda: (WIDTH, HEIGHT)), out


def frame(lines: dict[int, str], style: str = "38;5;253;48;5;17") -> str:
    """A frame as Textual draws it: each line placed, then its text in one colour."""
    return "".join(f"\x1b[{row};1H\x1b[{style}m{text}\x1b[0m" for row, text in lines.items())


def sent(cells: ChangedCells, out: io.StringIO, text: str) -> str:
    start = out.tell()
    cells.write(text)
    cells.flush()
    return out.getvalue()[start:]


def test_a_frame_drawn_again_as_it_was_sends_nothing() -> None:
    cells, out = filtered()
    footer = frame({HEIGHT: " d Next hand  t Setup  esc Menu".ljust(WIDTH)})
    first = sent(cells, out, footer + "\x1b[1;1H")
    assert "Next hand" in first
    assert sent(cells, out, footer + "\x1b[1;1H") == ""


def test_one_changed_digit_sends_that_cell_and_colours_only_when_they_change() -> None:
    cells, out = filtered()
    sent(cells, out, frame({3: "Pot 120".ljust(WIDTH)}) + "\x1b[1;1H")
    update = sent(cells, out, frame({3: "Pot 125".ljust(WIDTH)}) + "\x1b[1;1H")
    assert update == "\x1b[3;7H5\x1b[1;1H"  # the terminal still has these colours
    update = sent(cells, out, frame({3: "Pot 120".ljust(WIDTH)}, style="1") + "\x1b[1;1H")
    assert update.startswith("\x1b[3;1H\x1b[0;1mPot 120 ")


def test_frames_queued_together_are_coalesced() -> None:
    cells, out = filtered()
    sent(cells, out, frame({2: "Clock 10".ljust(WIDTH)}))
    for tick in ("Clock 9 ", "Clock 8 ", "Clock 10"):  # changed, and changed back
        cells.write(frame({2: tick.ljust(WIDTH)}))
    cells.flush()
    assert out.getvalue().endswith("\x1b[2;41H") or "Clock" not in out.getvalue()[-20:]


def test_leaving_the_alternate_screen_forgets_what_was_shown() -> None:
    cells, out = filtered()
    line = frame({1: "Menu".ljust(WIDTH)})
    sent(cells, out, "\x1b[?1049h" + line)
    sent(cells, out, "\x1b[?1049l\x1b[?1049h")
    assert "Menu" in sent(cells, out, line), "a cleared screen must be drawn again"


def test_a_line_with_wide_characters_drawn_again_sends_only_what_changed() -> None:
    cells, out = filtered()
    sent(cells, out, frame({2: "漢字 10 ♠".ljust(WIDTH - 3)}))
    assert sent(cells, out, frame({2: "漢字 10 ♠".ljust(WIDTH - 3)})) == ""
    update = sent(cells, out, frame({2: "漢字 11 ♠".ljust(WIDTH - 3)}))
    assert update.startswith("\x1b[2;7H1")  # two wide characters: column 7
    whole = Terminal()
    whole.feed(frame({2: "漢字 11 ♠".ljust(WIDTH - 3)}))
    cut = Terminal()
    cut.feed(out.getvalue())
    assert cut.cells() == whole.cells()


#: Pieces Textual's output is made of, and a few it rarely sends.
_MOVES = st.builds(
    lambda row, column: f"\x1b[{row};{column}H",
    st.integers(1, HEIGHT),
    st.integers(1, WIDTH - 6),
)
_STYLES = st.sampled_from(
    ["\x1b[0m", "\x1b[1;38;5;214;48;5;17m", "\x1b[38;5;239m", "\x1b[48;5;233m", "\x1b[7m",
     "\x1b[0;31m", "\x1b[m", "\x1b[22m"]
)  # fmt: skip
# No wide characters: terminals disagree on half of one drawn over (pyte keeps
# the other half), and Textual always draws whole lines (see the test below).
_TEXT = st.text(alphabet="ab ─│♠♥10é", min_size=1, max_size=5)
_OTHER = st.sampled_from(
    ["\x1b[?25l", "\x1b[?25h", "\x1b[2K", "\x1b[K", "\x1b[2J", "\x1b[?1049h", "\x1b]0;title\x07",
     "\r", "\n", "\x1b[3C", "\x1b[2D", "\x1b[A", "\x1b[B", "\x1b[5G", "\x1b[1;1H", "\t",
     "\x1b7\x1b[2;2Hsaved\x1b8"]
)  # fmt: skip
_PIECE = st.one_of(_MOVES, _STYLES, _TEXT, _TEXT, _OTHER)


@settings(max_examples=120, deadline=None)
# Found by the fuzzing: an erase, and a line feed that scrolls, sent while the cursor is
# lost, after a cursor save/restore whose text had been sent as followed.
@example(writes=["\t\x1b7\x1b[2;2Hsaved\x1b8\x1b[2J\x1b7\x1b[2;2Hsaved\x1b8"], cuts=[],
         flushes=[])
@example(writes=["\x1b[7;1H\x1b[B\t\x1b7\x1b[2;2Hsaved\x1b8\n\x1b7\x1b[2;2Hsaved\x1b8"],
         cuts=[], flushes=[])
@given(
    writes=st.lists(st.lists(_PIECE, max_size=12).map("".join), min_size=1, max_size=12),
    cuts=st.lists(st.integers(0, 30), max_size=12),
    flushes=st.lists(st.booleans(), max_size=12),
)
def test_the_players_screen_is_the_same_as_with_every_byte_sent(
    writes: list[str], cuts: list[int], flushes: list[bool]
) -> None:
    whole, cut = Terminal(), Terminal()
    cells, out = filtered()
    writes[0] = "\x1b[?7l" + writes[0]  # no autowrap, as Textual draws
    for index, text in enumerate(writes):
        # A write may end in the middle of an escape sequence.
        at = min(cuts[index] if index < len(cuts) else len(text), len(text))
        for part in (text[:at], text[at:]):
            cells.write(part)
        whole.feed(text)
        if index >= len(flushes) or flushes[index] or index == len(writes) - 1:
            cells.flush()
            cut.feed(out.getvalue())
            out.seek(0)
            out.truncate()
            assert cut.cells() == whole.cells()
            # pyte counts a cursor held at the right margin one column further.
            assert (min(cut.screen.cursor.x, WIDTH - 1), cut.screen.cursor.y) == (
                min(whole.screen.cursor.x, WIDTH - 1), whole.screen.cursor.y,
            )  # fmt: skip


#: Pieces of a line as Textual draws them: narrow and wide characters (2 cells).
_CELLS = st.sampled_from(["a", "b", " ", "1", "♠", "漢", "字", "─"])


def _line(pieces: list[str]) -> str:
    """``pieces`` cut or padded to fill a line exactly (a wide character counts two)."""
    text, width = "", 0
    for piece in pieces:
        size = 2 if piece in "漢字" else 1
        if width + size > WIDTH:
            break
        text, width = text + piece, width + size
    return text + " " * (WIDTH - width)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.dictionaries(st.integers(1, HEIGHT), st.lists(_CELLS, max_size=45),
                                max_size=3), min_size=1, max_size=10),
       st.sampled_from(["38;5;253;48;5;17", "1;31"]))
def test_whole_lines_with_wide_characters_drawn_over_each_other_end_the_same(
    frames: list[dict[int, list[str]]], style: str,
) -> None:
    """Whole lines, as Textual draws them, where wide characters move about: the
    cells skipped as already shown never hide one that changed (a wide character's
    right half included)."""
    cells, out = filtered()
    whole = Terminal()
    for lines in frames:
        text = "\x1b[?7l" + frame({row: _line(pieces) for row, pieces in lines.items()}, style)
        whole.feed(text)
        sent(cells, out, text)
        cut = Terminal()
        cut.feed(out.getvalue())
        assert cut.cells() == whole.cells()
