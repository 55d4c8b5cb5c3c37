"""What a player types, made safe before it reaches their game.

The game's terminal input is Textual's parser, which trusts its terminal: one
byte that is not UTF-8 (``\\xff``, or "é" from a Latin-1 terminal) stops its
strict decoder, and a malformed escape sequence (``ESC [ 99999999999 u``,
``ESC [ 1114112 : u``) raises from ``int()`` or ``chr()``. Either ends the game.
A real terminal never sends those, but an SSH client can send anything.

So the bridge decodes the client's bytes in the encoding its locale declares
(undecodable bytes are dropped), and passes on only what a keyboard makes:
characters, and the escape sequences of keys, focus changes, bracketed pastes
and the few replies Textual asks for, each with small, valid numbers. Whole
sequences are passed or dropped, never half of one. What reaches the game is
always valid UTF-8, at most ``KEYS_PER_SECOND`` keys a second, and at most
``PASTE_LIMIT`` characters of a paste.
"""

from __future__ import annotations

import codecs
import re
import time
from collections.abc import Callable

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"

#: Longer than any key's sequence (Textual gives up on a sequence at 32 too).
MAX_SEQUENCE = 32

#: Keys a second a player may type, held down or not: key repeat is about 30.
KEYS_PER_SECOND = 40
#: Keys that may arrive at once after a pause (typed while the game started).
KEY_BURST = 80
#: Characters kept of one paste: a name or a number, never a file.
PASTE_LIMIT = 1024

# One token of input, matched at the current position.
_TOKEN = re.compile(
    r"""
      (?P<text>[^\x1b]+)
    | (?P<csi>\x1b\[(?P<params>[\x30-\x3f]*)(?P<inter>[\x20-\x2f]*)(?P<final>[\x40-\x7e]))
    | (?P<partial>\x1b(?:\[[\x20-\x3f]*|O)?\Z)
    | (?P<ss3>\x1bO[\x20-\x7e])
    | (?P<broken>\x1b\[[\x20-\x3f]*)
    | (?P<alt>\x1b[^\x1b\[])
    | (?P<escape>\x1b)
    """,
    re.VERBOSE,
)

# C1 controls: no keyboard types them, and Textual reads U+009B as a key
# (shift+escape).
_C1 = re.compile("[\x80-\x9f]")

#: Final bytes of the key sequences Textual reads: cursor and editing keys,
#: F1-F4, shift+tab, the kitty keyboard protocol's ``u``, focus in/out,
#: and a cursor position report (``R``, which is also ctrl+F3).
_KEY_FINALS = frozenset("ABCDEFHPQRSZu~IO")
_KEY_PARAMS = re.compile(r"(?:\d{1,7})?(?:;\d{0,7}){0,2}")
_MOUSE = re.compile(r"<\d{1,3};\d{1,5};\d{1,5}")
#: The one mode report passed on: synchronized output (2026) saves flicker.
#: In-band resize (2048) is not, so a window size only ever comes from SSH,
#: where the bridge bounds it.
_MODE_REPORT = re.compile(r"\?2026;\d")

_LARGEST_CODEPOINT = 0x10FFFF
_SURROGATES = range(0xD800, 0xE000)


def acceptable_sequence(params: str, intermediates: str, final: str) -> bool:
    """Whether ``ESC [ params intermediates final`` is something a keyboard sends.

    Numbers must be small enough for ``chr()`` and not surrogates: Textual
    turns a kitty key's number into the character typed.

    >>> acceptable_sequence("", "", "A"), acceptable_sequence("1;5", "", "A")
    (True, True)
    >>> acceptable_sequence("99999999999", "", "u"), acceptable_sequence("1114112", "", "u")
    (False, False)
    >>> acceptable_sequence("97:65", "", "u"), acceptable_sequence("55296", "", "u")
    (False, False)
    >>> acceptable_sequence("48;24;80;0;0", "", "t")  # an in-band resize
    False
    """
    if intermediates:
        return intermediates == "$" and final == "y" and bool(_MODE_REPORT.fullmatch(params))
    if final in "Mm" and _MOUSE.fullmatch(params):
        return True
    if final not in _KEY_FINALS or not _KEY_PARAMS.fullmatch(params):
        return False
    for number in params.split(";"):
        if number and (int(number) > _LARGEST_CODEPOINT or int(number) in _SURROGATES):
            return False
    return True


def decoder_for(encoding: str) -> codecs.IncrementalDecoder:
    """A decoder for the client's encoding that drops what it cannot decode.

    Only encodings that leave ASCII alone are honoured (escape sequences are
    ASCII); anything else, or a name Python does not know, is read as UTF-8.

    >>> decoder_for("ISO-8859-1").decode(b"Jos\\xe9\\t")
    'José\\t'
    >>> decoder_for("UTF-8").decode(b"a\\xffb")
    'ab'
    >>> [decoder_for(name).decode(b"\\xc3\\xa9") for name in ("ISO-2022-JP", "klingon")]
    ['é', 'é']
    """
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        info = codecs.lookup("utf-8")
    if not _keeps_ascii(info):
        info = codecs.lookup("utf-8")
    return info.incrementaldecoder(errors="ignore")


def _keeps_ascii(info: codecs.CodecInfo) -> bool:
    # ISO-2022 codecs decode ASCII alone unchanged but switch character sets
    # on ESC sequences, which would swallow keys.
    if "2022" in info.name or info.name in ("utf-7", "hz"):
        return False
    ascii = bytes(range(128))
    try:
        return info.incrementaldecoder().decode(ascii, final=True) == ascii.decode("ascii")
    except UnicodeDecodeError:
        return False


class Keystrokes:
    """Turns a client's raw bytes into safe UTF-8 input for the game, chunk by chunk.

    Keys beyond ``rate`` a second (after a ``burst``) are dropped, whole, and
    a bracketed paste keeps its first ``paste_limit`` characters: a flood or a
    pasted file costs the game no more than a fast typist.

    >>> keys = Keystrokes("UTF-8")
    >>> keys.feed(b"\\xffq\\x1b[A\\x1b[99999999999u\\x1b[1;5B")
    b'q\\x1b[A\\x1b[1;5B'
    >>> keys.feed(b"\\x1b[1"), keys.feed(b";5C")  # a sequence split across two packets
    (b'', b'\\x1b[1;5C')
    >>> Keystrokes("ISO-8859-1").feed(b"Jos\\xe9\\t")
    b'Jos\\xc3\\xa9\\t'
    >>> Keystrokes("UTF-8", burst=3, paste_limit=4).feed(b"abcdef\\x1b[200~0123456789\\x1b[201~")
    b'abc'
    >>> Keystrokes("UTF-8", paste_limit=4).feed(b"\\x1b[200~0123456789\\x1b[201~x")
    b'\\x1b[200~0123\\x1b[201~x'
    """

    def __init__(
        self,
        encoding: str,
        *,
        rate: float = KEYS_PER_SECOND,
        burst: int = KEY_BURST,
        paste_limit: int = PASTE_LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._decoder = decoder_for(encoding)
        #: The start of a sequence cut off at the end of the last chunk.
        self._pending = ""
        #: Whether the pending sequence's ESC has already gone to the game.
        self._escape_sent = False
        self._in_paste = False
        self._paste_admitted = False
        self._paste_left = 0
        self._rate = rate
        self._burst = burst
        self._paste_limit = paste_limit
        self._clock = clock
        self._tokens = float(burst)
        self._stamp = clock()
        #: Keys dropped for coming too fast, and pasted characters cut off.
        self.dropped = 0
        self.cut = 0

    def feed(self, data: bytes) -> bytes:
        """The bytes to type into the game for ``data``, the client's next bytes."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        text = self._pending + self._decoder.decode(data)
        # The pending sequence's ESC, if already sent (and paid for), is not sent twice.
        skip = 1 if self._escape_sent else 0
        self._pending, self._escape_sent = "", False
        out: list[str] = []
        position = 0
        while position < len(text):
            if self._in_paste:
                position = self._paste(text, position, out)
                continue
            match = _TOKEN.match(text, position)
            assert match is not None  # the last alternative matches any ESC
            position = match.end()
            paid = match.start() == 0 and skip == 1
            token = self._admit(match, paid)
            if match.lastgroup == "partial":
                self._escape_sent = bool(self._pending) and paid
            elif token is not None:
                out.append(token[skip:] if match.start() == 0 else token)
        if self._pending == ESC and not self._in_paste and not self._escape_sent and self._pay():
            # A lone ESC at the end is most likely the Escape key: send it now
            # rather than hold it until the next key arrives.
            out.append(ESC)
            self._escape_sent = True
        return "".join(out).encode("utf-8")

    def _pay(self) -> bool:
        """Spend one key of the allowance; False (and one more dropped) if none is left."""
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.dropped += 1
        return False

    def _admit(self, match: re.Match[str], paid: bool) -> str | None:
        """What to pass on for one token, or ``None`` to drop it."""
        kind, token = match.lastgroup, match.group()
        if kind == "text":
            text = _C1.sub("", token)
            allowed = min(len(text), int(self._tokens))
            self._tokens -= allowed
            self.dropped += len(text) - allowed
            return text[:allowed]
        if kind == "partial":
            if len(token) < MAX_SEQUENCE:
                self._pending = token
            return None
        if kind == "csi" and token == PASTE_START:
            self._in_paste = True
            self._paste_admitted = paid or self._pay()
            self._paste_left = self._paste_limit
            return token if self._paste_admitted else None
        if kind == "csi":
            acceptable = acceptable_sequence(match["params"], match["inter"], match["final"])
        else:
            # "broken" is ESC [ followed by something no sequence contains.
            acceptable = kind in ("ss3", "escape") or (kind == "alt" and not _C1.search(token))
        return token if acceptable and (paid or self._pay()) else None

    def _paste(self, text: str, position: int, out: list[str]) -> int:
        """Pass pasted text up to the end of the paste; return where to carry on."""
        end = text.find(PASTE_END, position)
        if end < 0:
            # Keep a possible start of the end marker for the next chunk.
            tail = _marker_prefix_at_end(text, position)
            self._pasted(text[position : len(text) - tail], out)
            self._pending = text[len(text) - tail :]
            return len(text)
        self._pasted(text[position:end], out)
        if self._paste_admitted:
            out.append(PASTE_END)
        self._in_paste = False
        return end + len(PASTE_END)

    def _pasted(self, text: str, out: list[str]) -> None:
        """Pass on pasted characters up to the limit; no ESC, so the paste cannot end early."""
        text = text.replace(ESC, "")
        if not self._paste_admitted:
            return
        kept = text[: self._paste_left]
        self._paste_left -= len(kept)
        self.cut += len(text) - len(kept)
        out.append(kept)


def _marker_prefix_at_end(text: str, start: int) -> int:
    """How many characters at the end of ``text[start:]`` could begin ``PASTE_END``."""
    for length in range(min(len(PASTE_END) - 1, len(text) - start), 0, -1):
        if PASTE_END.startswith(text[len(text) - length :]):
            return length
    return 0
