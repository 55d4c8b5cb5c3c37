"""``--ascii`` all the way down: every character Textual sends becomes ASCII of the same width.

``--ascii`` is for terminals without UTF-8 (a Latin-1 client over SSH, an old
console). cardtui draws its cards and frames in ASCII itself, but text still
carries symbols (· − … ▶ ⭘ ▏, Textual's input frames ▊▔▁, a player's "José"):
sent as UTF-8, a terminal without it shows each as two or three wrong
characters, and every column after them moves. This stream sits between
Textual and the terminal and puts a stand-in of the same width in place of
each: a letter without its accent, ``-`` for a dash or a horizontal line,
``|`` for a vertical one, ``?`` for anything else.

>>> ascii_text("Net −10 · 6 decks … José ▶ ⭘")
'Net -10 . 6 decks . Jose > o'
>>> ascii_text("╭─ ann ─╮"), ascii_text("你")  # a wide character keeps its two cells
('+- ann -+', '??')
>>> ascii_text("⚠ Seat 1 · ±2%")  # the setup's warning, the advice's margin (were '?')
'! Seat 1 . ~2%'
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from collections.abc import Iterator

from rich.cells import get_character_cell_size

from cardtui.screen_stream import ScreenStream

#: Stand-ins where the character's name does not say (see ``_stand_in``).
STAND_INS = {
    "·": ".", "…": ".", "•": "*", "−": "-", "×": "x", "÷": "/", "✗": "x", "✓": "v",
    "▶": ">", "►": ">", "◀": "<", "◄": "<", "→": ">", "←": "<", "↑": "^", "↓": "v",
    "⏎": "<", "⭘": "o", "“": '"', "”": '"', "‘": "'", "’": "'", "«": '"', "»": '"',
    "⚠": "!", "±": "~", "▼": "v", "▲": "^",
    "🔎": "> ",  # the command palette's icon (two cells)
    "🔒": "* ",  # a private table's lock in the lobby (two cells)
    "▔": "-", "▁": "_", "░": "#", "▒": "#", "▓": "#", "█": "#",
    "♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c",
}  # fmt: skip


def _stand_in(char: str) -> str:
    """The ASCII that takes ``char``'s place, as many cells wide."""
    width = get_character_cell_size(char)
    if width == 0:
        return ""  # a combining mark: its letter already stands in
    plain = STAND_INS.get(char)
    if plain is None:
        bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        name = unicodedata.name(char, "")
        if len(bare) == 1:
            plain = bare
        elif "DASH" in name or "HORIZONTAL" in name or "HYPHEN" in name:
            plain = "-"
        elif "VERTICAL" in name or ("BLOCK" in name and ("LEFT" in name or "RIGHT" in name)):
            plain = "|"
        elif "BLOCK" in name and ("UPPER" in name or "LOWER" in name):
            plain = "-" if "UPPER" in name else "_"
        elif name.startswith("BOX DRAWINGS"):
            plain = "+"
        else:
            plain = "?"
    return (plain * width)[:width] if len(plain) == 1 else plain[:width].ljust(width, "?")


class _AsciiTable(dict[int, int | str]):
    """``str.translate``'s table, filled on first sight of each character."""

    def __missing__(self, code: int) -> str:
        self[code] = plain = _stand_in(chr(code))
        return plain


#: ASCII maps to itself up front: a miss costs a Python call, and frames are mostly
#: ASCII (a 25 kB frame took 8.8 ms with a miss per character, 0.8 ms like this).
_TABLE = _AsciiTable({code: code for code in range(0x80)})


#: Keys Textual shows as a symbol with no ASCII form of its width: named in words
#: (Enter reached an ASCII client as ``<``).
KEY_WORDS = {"⏎": "Enter", "⌫": "Bksp", "↑": "Up", "↓": "Down", "←": "Left", "→": "Right"}


def ascii_key(shown: str) -> str:
    """A key as the footer shows it, for an ASCII terminal.

    >>> ascii_key("⏎"), ascii_key("^p"), ascii_key("shift+⏎")
    ('Enter', '^p', 'shift+Enter')
    """
    for symbol, word in KEY_WORDS.items():
        shown = shown.replace(symbol, word)
    return shown


def ascii_text(text: str) -> str:
    return text.translate(_TABLE)


class AsciiScreen(ScreenStream):
    """A text stream to the terminal that lets only ASCII through (see the module)."""

    def write(self, text: str) -> int:
        self._out.write(text.translate(_TABLE))
        return len(text)


@contextlib.contextmanager
def only_ascii(on: bool) -> Iterator[None]:
    """While the app runs, its screen (Textual writes to ``sys.__stderr__``) is ASCII."""
    terminal = sys.__stderr__
    if not on or terminal is None:
        yield
        return
    # typeshed marks sys.__stderr__ Final and TextIO: it is replaced here on
    # purpose, by a file-like stand-in, because Textual's driver writes to it.
    sys.__stderr__ = AsciiScreen(terminal)  # type: ignore[misc,assignment]
    try:
        yield
    finally:
        sys.__stderr__ = terminal  # type: ignore[misc]
