"""The key filter's allowance: a steady rate, a burst, whole sequences, cut pastes."""

from __future__ import annotations

from cardtui.serve.keystrokes import Keystrokes


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_keys_beyond_the_rate_are_dropped_and_the_allowance_comes_back() -> None:
    clock = Clock()
    keys = Keystrokes("UTF-8", rate=10, burst=20, clock=clock)
    assert keys.feed(b"a" * 1000) == b"a" * 20  # the burst, then nothing
    assert keys.dropped == 980
    clock.now = 0.5
    assert keys.feed(b"b" * 1000) == b"b" * 5  # half a second: five keys
    clock.now = 100.0
    assert keys.feed(b"c" * 1000) == b"c" * 20  # a long pause refills the burst only


def test_a_sequence_is_passed_or_dropped_whole() -> None:
    clock = Clock()
    keys = Keystrokes("UTF-8", rate=1, burst=2, clock=clock)
    out = keys.feed(b"\x1b[A\x1b[1;5B\x1b[C\x1bOP")
    assert out == b"\x1b[A\x1b[1;5B"
    clock.now = 1.0
    assert keys.feed(b"\x1b[1") == b""  # half a sequence costs nothing yet
    assert keys.feed(b";5D") == b"\x1b[1;5D"


def test_the_escape_key_sent_at_once_is_not_paid_for_twice() -> None:
    clock = Clock()
    keys = Keystrokes("UTF-8", rate=1, burst=2, clock=clock)
    assert keys.feed(b"\x1b") == b"\x1b"  # the Escape key, or the start of a sequence
    assert keys.feed(b"[A") == b"[A"  # it was the start of one: finished, not charged again
    assert keys.feed(b"x") == b"x"
    assert keys.feed(b"y") == b""


def test_a_paste_keeps_its_start_and_always_its_end() -> None:
    keys = Keystrokes("UTF-8", paste_limit=10)
    out = keys.feed(b"\x1b[200~" + b"p" * 50_000)
    out += keys.feed(b"q" * 50_000 + b"\x1b[20")  # the end marker, split across packets
    out += keys.feed(b"1~z")
    assert out == b"\x1b[200~" + b"p" * 10 + b"\x1b[201~z"
    assert keys.cut == 99_990


def test_a_paste_cannot_smuggle_escape_sequences() -> None:
    keys = Keystrokes("UTF-8")
    out = keys.feed(b"\x1b[200~a\x1b[99999999999ub\x1b[201~")
    assert out == b"\x1b[200~a[99999999999ub\x1b[201~"
