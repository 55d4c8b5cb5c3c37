"""The client's terminal as the SSH client describes it, and how to leave it clean.

An SSH client tells the server its terminal type and size in the PTY request
and may offer environment variables (OpenSSH sends ``LANG`` and ``LC_*`` when
``SendEnv`` asks it to). From that the bridge decides what the child game is
told: its ``TERM``, whether to draw cards in ASCII, and in which encoding
to read its keys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cardtui.i18n import LANG_VARIABLE, from_environment

#: What a client that sends no terminal type is assumed to be.
DEFAULT_TERM = "xterm-256color"

#: A window the client reports as 0x0 (some clients do before the first resize).
DEFAULT_SIZE = (80, 24)

#: Textual refuses nothing, but a 100,000-column request is an attack, not a window.
MAX_CELLS = 1000

#: Variables the client may pass through; anything else it sends is ignored.
PASSED_THROUGH = ("COLORTERM",)

_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A usable window size from what the client reported.

    >>> clamp_size(100, 30), clamp_size(0, 0), clamp_size(5000, 2)
    ((100, 30), (80, 24), (1000, 2))
    """
    if width <= 0 or height <= 0:
        return DEFAULT_SIZE
    return min(width, MAX_CELLS), min(height, MAX_CELLS)


def term_name(requested: str | None) -> str:
    """The ``TERM`` for the child: the client's, if it looks like a terminal name.

    >>> term_name("xterm-256color"), term_name(""), term_name("x; rm -rf /")
    ('xterm-256color', 'xterm-256color', 'xterm-256color')
    """
    if requested and _TERM_NAME.fullmatch(requested):
        return requested
    return DEFAULT_TERM


def client_encoding(env: Mapping[str, str]) -> str:
    """The character encoding of the client's locale, if it offered one.

    POSIX precedence: ``LC_ALL`` over ``LC_CTYPE`` over ``LANG``; the encoding
    is the part after the dot (``fr_FR.ISO-8859-1@euro``). A client that
    offers no locale, or one without an encoding (``C``, ``fr_FR``), is taken
    to be UTF-8: every current terminal is, and OpenSSH sends no locale
    unless ``SendEnv`` is configured.

    >>> client_encoding({}), client_encoding({"LANG": "en_GB.UTF-8"})
    ('UTF-8', 'UTF-8')
    >>> client_encoding({"LC_CTYPE": "fr_FR.ISO-8859-15@euro", "LANG": "de_DE.UTF-8"})
    'ISO-8859-15'
    >>> client_encoding({"LANG": "en_US.ISO-8859-1", "LC_ALL": "C"})
    'UTF-8'
    """
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name)
        if value:
            _, dot, encoding = value.partition(".")
            encoding = encoding.partition("@")[0]
            return encoding if dot and encoding else "UTF-8"
    return "UTF-8"


def locale_is_utf8(env: Mapping[str, str]) -> bool:
    """Whether the client's locale, if it offered one, can show UTF-8.

    A locale without an encoding (``fr_FR``) is not trusted with UTF-8 cards.

    >>> locale_is_utf8({}), locale_is_utf8({"LANG": "fr_FR"})
    (True, False)
    >>> locale_is_utf8({}), locale_is_utf8({"LANG": "en_GB.UTF-8"})
    (True, True)
    >>> locale_is_utf8({"LANG": "en_US.utf8", "LC_ALL": "C"})
    False
    >>> locale_is_utf8({"LC_CTYPE": "de_DE.ISO-8859-1", "LANG": "de_DE.UTF-8"})
    False
    """
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name)
        if value:
            return "utf8" in value.lower().replace("-", "")
    return True


@dataclass(frozen=True)
class ClientTerminal:
    """What the SSH client said about its terminal."""

    term: str = DEFAULT_TERM
    width: int = DEFAULT_SIZE[0]
    height: int = DEFAULT_SIZE[1]
    env: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_request(
        cls, term_type: str | None, width: int, height: int, env: Mapping[str, str]
    ) -> ClientTerminal:
        """Clean up a PTY request: a safe ``TERM`` name and a usable size."""
        width, height = clamp_size(width, height)
        return cls(term_name(term_type), width, height, dict(env))

    @property
    def encoding(self) -> str:
        """The encoding the client's keys arrive in."""
        return client_encoding(self.env)

    @property
    def wants_ascii(self) -> bool:
        """Whether cards must be drawn in ASCII (the client's locale is not UTF-8)."""
        return not locale_is_utf8(self.env)

    def child_environment(self, host: Mapping[str, str], fps: int | None) -> dict[str, str]:
        """The environment for the child game: ``host`` plus the client's terminal.

        >>> client = ClientTerminal("xterm", 80, 24, {"COLORTERM": "truecolor", "EVIL": "1"})
        >>> env = client.child_environment({"PATH": "/bin"}, fps=30)
        >>> sorted(env.items())  # doctest: +NORMALIZE_WHITESPACE
        [('COLORTERM', 'truecolor'), ('LANG', 'C.UTF-8'), ('PATH', '/bin'),
         ('PYTHONUTF8', '1'), ('TERM', 'xterm'), ('TEXTUAL_FPS', '30')]
        >>> ClientTerminal(env={"LANG": "ja_JP.UTF-8"}).child_environment({}, None)["CARDTUI_LANG"]
        'ja'
        """
        env = dict(host)
        env["TERM"] = self.term
        for name in PASSED_THROUGH:
            if name in self.env:
                env[name] = self.env[name]
        # The child always writes UTF-8 and reads the UTF-8 the bridge makes of
        # the client's keys; the client's locale decides --ascii instead, so a
        # Latin-1 terminal gets plain cards, not mojibake.
        env["LANG"] = "C.UTF-8"
        env["PYTHONUTF8"] = "1"
        # ...and its language is the one the client's locale names (each player reads
        # their own at a shared table); the game's Settings may still choose another.
        language = from_environment(self.env)
        if language is not None:
            env[LANG_VARIABLE] = language
        if fps is not None:
            env["TEXTUAL_FPS"] = str(fps)
        return env


# DEC private modes whose power-on state is "set"; every other mode starts reset.
_ON_BY_DEFAULT = frozenset({7, 25})  # autowrap, cursor visible

_PRIVATE_MODE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])")

# The kitty keyboard protocol keeps a stack of flags: CSI > flags u pushes,
# CSI < n u pops n (default 1). Textual pushes one entry at start.
_KITTY_KEYBOARD = re.compile(rb"\x1b\[([<>])([0-9]*)u")

#: Enough to hold a split ``ESC [ ? 1000 ; 1006 ; 1015 h`` between two reads.
_TAIL = 32


class ModeTracker:
    """Follows the terminal modes a child turns on, to turn them off again.

    A game that exits normally leaves the alternate screen, stops mouse
    reporting and pops its keyboard mode itself; one that is killed leaves the
    client's terminal swallowing clicks in a blank screen. The tracker watches
    the bytes sent to the client (DEC private modes and the kitty keyboard
    stack) and knows what to undo.

    >>> tracker = ModeTracker()
    >>> tracker.feed(b"\\x1b[?1049h\\x1b[?25l\\x1b[?1000;1006h\\x1b[>1u")
    >>> tracker.restore_sequence()
    b'\\x1b[<1u\\x1b[?1000l\\x1b[?1006l\\x1b[?1049l\\x1b[?25h\\x1b[0m'
    >>> tracker.feed(b"\\x1b[<u\\x1b[?1000;1006l\\x1b[?25h\\x1b[?10")  # a sequence split...
    >>> tracker.feed(b"49l")                                          # ...across two reads
    >>> tracker.restore_sequence()
    b'\\x1b[0m'
    """

    def __init__(self) -> None:
        self._changed: dict[int, bool] = {}
        self._keyboard_pushes = 0
        self._tail = b""

    def feed(self, data: bytes) -> None:
        """Note the modes set or reset in ``data``, the next bytes sent to the client."""
        chunk = self._tail + data
        end = 0
        for match in _PRIVATE_MODE.finditer(chunk):
            on = match.group(2) == b"h"
            for number in match.group(1).split(b";"):
                if number:
                    self._note(int(number), on)
            end = max(end, match.end())
        for match in _KITTY_KEYBOARD.finditer(chunk):
            if match.group(1) == b">":
                self._keyboard_pushes += 1
            else:
                popped = int(match.group(2) or 1)
                self._keyboard_pushes = max(0, self._keyboard_pushes - popped)
            end = max(end, match.end())
        rest = chunk[end:]
        escape = rest.rfind(b"\x1b", max(0, len(rest) - _TAIL))
        self._tail = rest[escape:] if escape >= 0 else b""

    def _note(self, mode: int, on: bool) -> None:
        if on == (mode in _ON_BY_DEFAULT):
            self._changed.pop(mode, None)
        else:
            self._changed[mode] = on

    def restore_sequence(self) -> bytes:
        """Bytes that put every changed mode back; the cursor reappears last, on the
        client's own screen."""
        out = []
        if self._keyboard_pushes:
            out.append(b"\x1b[<%du" % self._keyboard_pushes)
        modes = sorted(self._changed, key=lambda mode: (mode in _ON_BY_DEFAULT, mode == 1049))
        out += [b"\x1b[?%d%s" % (mode, b"h" if mode in _ON_BY_DEFAULT else b"l") for mode in modes]
        out.append(b"\x1b[0m")
        return b"".join(out)
