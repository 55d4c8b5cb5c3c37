"""Table chat: one clean line per message, and a per-player rate limit.

What a player types reaches every other terminal at the table, so nothing in
it may drive those terminals: escape sequences (CSI ``ESC [``, OSC ``ESC ]``,
DCS, and their 8-bit C1 forms), every other control character, and the
Unicode bidirectional controls that reorder what is drawn around them
(CVE-2021-42574, "Trojan Source") are removed before anyone sees the line.

>>> clean("hi \\x1b[31mred\\x1b[0m \\x1b]0;owned\\x07there")
'hi red there'
>>> clean("abc\\u202edcba\\u2066 \\x9b31m x\\ty")
'abcdcba x y'
>>> len(clean("x" * 500))
200
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Callable
from time import monotonic

#: The longest chat line, in characters.
MAX_CHAT = 200

#: At most LINES lines in any WINDOW seconds per player.
RATE_LINES = 5
RATE_WINDOW = 10.0

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


def clean(text: str, limit: int = MAX_CHAT) -> str:
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


class RateLimit:
    """A sliding window: ``allow()`` is False once ``lines`` were allowed in ``window`` s."""

    def __init__(self, lines: int = RATE_LINES, window: float = RATE_WINDOW,
                 clock: Callable[[], float] = monotonic) -> None:
        self.lines, self.window, self.clock = lines, window, clock
        self._times: deque[float] = deque()

    def allow(self) -> bool:
        now = self.clock()
        while self._times and now - self._times[0] >= self.window:
            self._times.popleft()
        if len(self._times) >= self.lines:
            return False
        self._times.append(now)
        return True
