"""Table chat: one clean line per message, and a per-player rate limit.

What a player types reaches every other terminal at the table, so it is
cleaned first: the one cleaner of text from outside,
:func:`cardtui.untrusted.clean` (escape sequences, control characters and
bidirectional controls removed; one line).

>>> clean("hi \\x1b[31mred\\x1b[0m \\x1b]0;owned\\x07there")
'hi red there'
>>> clean("abc\\u202edcba\\u2066 \\x9b31m x\\ty")
'abcdcba x y'
>>> len(clean("x" * 500))
200
"""

from __future__ import annotations

from collections import deque

from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.untrusted import clean as _clean

#: The longest chat line, in characters.
MAX_CHAT = 200

#: At most LINES lines in any WINDOW seconds per player.
RATE_LINES = 5
RATE_WINDOW = 10.0


def clean(text: str, limit: int = MAX_CHAT) -> str:
    """``text`` without escape sequences or control characters, on one line of ``limit``."""
    return _clean(text, limit)


class RateLimit:
    """A sliding window: ``allow()`` is False once ``lines`` were allowed in ``window`` s."""

    def __init__(self, lines: int = RATE_LINES, window: float = RATE_WINDOW,
                 clock: Clock = SYSTEM_CLOCK) -> None:
        self.lines, self.window, self.clock = lines, window, clock
        self._times: deque[float] = deque()

    def allow(self) -> bool:
        now = self.clock.monotonic()
        while self._times and now - self._times[0] >= self.window:
            self._times.popleft()
        if len(self._times) >= self.lines:
            return False
        self._times.append(now)
        return True
