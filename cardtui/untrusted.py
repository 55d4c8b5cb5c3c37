"""Text cardtui does not control: what a file, a player or a command line gives it.

Three rules, one home (issue 24: a hand file's names reached the terminal raw,
a FIFO hung ``replay``, ``/dev/zero`` filled memory, a deeply nested file
crashed the parser):

- :func:`clean`: nothing read from outside may drive a terminal. Escape
  sequences (CSI ``ESC [``, OSC ``ESC ]``, DCS, and their 8-bit C1 forms),
  every other control character, and the Unicode bidirectional controls that
  reorder what is drawn around them (CVE-2021-42574, "Trojan Source") are
  removed, and the text is one line of bounded length. Table chat and
  everything read from a hand file go through it.
- :func:`read_text`: only a regular file is read (a FIFO would wait for a
  writer forever, a device never ends), and never more than a stated size.
- :func:`nesting_problem`: parsed data deeper than a file of ours could be
  is refused before anything walks it recursively.

>>> clean("hi \\x1b[31mred\\x1b[0m \\x1b]0;owned\\x07there")
'hi red there'
>>> clean("abc\\u202edcba\\u2066 \\x9b31m x\\ty")
'abcdcba x y'
>>> len(clean("x" * 500))
200
>>> nesting_problem({"a": [[1]]}, 3), nesting_problem({"a": [[[1]]]}, 3)
(None, 'nested more than 3 deep')
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

#: The longest line :func:`clean` keeps, in characters, unless told otherwise.
MAX_LINE = 200

# ESC or the 8-bit CSI/OSC/DCS/APC/PM/SOS introducers, with what they carry:
# CSI: parameters and intermediates then one final byte; OSC/DCS/APC/PM/SOS:
# a string up to BEL or ST (ESC \ or 0x9c), or to the end of the line when
# unterminated; any other ESC takes the next character with it.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
    r"|(?:\x1b[\]P_^X]|[\x90\x9d\x9e\x9f\x98])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[\x20-\x7e]?"
)

#: Unicode bidi controls: embeddings, overrides, isolates and marks.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: str, limit: int = MAX_LINE) -> str:
    """``text`` without escape sequences or control characters, on one line of ``limit``."""
    text = _SEQUENCE.sub("", text)
    kept = []
    for char in text:
        if char in _BIDI:
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")  # a tab or a newline still separates words
        elif category in ("Cf", "Cs", "Co", "Cn"):
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit]


class NotReadable(ValueError):
    """A file :func:`read_text` will not read; the message is one line saying why."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        #: A regular file whose content is the problem (too large, not UTF-8):
        #: one that may be set aside, unlike a FIFO or a file without permission.
        self.damaged = damaged


def read_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of the regular file ``path`` (a leading BOM dropped).

    :class:`NotReadable` when it is not a regular file, is larger than
    ``max_bytes``, is not UTF-8 or cannot be read; a missing file raises
    :class:`FileNotFoundError` as it is (callers often treat it as empty).
    """
    shown = clean(str(path))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is then
        # refused by the fstat below, which checks what was opened, not a name
        # that could change in between.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as error:
        raise NotReadable(f"cannot read {shown}: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise NotReadable(f"{shown} is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise NotReadable(f"{shown} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        raise NotReadable(f"cannot read {shown}: {error.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise NotReadable(f"{shown} is larger than {_size(max_bytes)}", damaged=True)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotReadable(f"{shown} is not UTF-8 text", damaged=True) from None


def _size(count: int) -> str:
    for unit, size in (("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size and count % size == 0:
            return f"{count // size:,} {unit}"
    return f"{count:,} bytes"


def nesting_problem(value: object, limit: int) -> str | None:
    """Why ``value`` (parsed JSON or TOML) is nested too deep, or None.

    Walked with a list, not recursion: the point is to refuse what would
    overflow a recursive walk.
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list | tuple):
            children = list(item)
        else:
            continue
        if depth >= limit:
            return f"nested more than {limit} deep"
        stack.extend((child, depth + 1) for child in children)
    return None
