"""Chat: nothing that could drive another player's terminal gets through; a rate limit."""

from __future__ import annotations

import pytest

from cardtui.clock import FakeClock
from cardtui.room.chat import MAX_CHAT, RateLimit, clean
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.wire.protocol import Chat, ChatLine, Error, Watch
from tests.room.support import FakeClient


@pytest.mark.parametrize(("text", "expected"), [
    ("\x1b[2J\x1b[1;1Hgg", "gg"),  # CSI: clear the screen, move the cursor
    ("\x1b[38;2;255;0;0mred", "red"),
    ("title\x1b]0;pwned\x07!", "title!"),  # OSC terminated by BEL
    ("link \x1b]8;;http://x\x1b\\here\x1b]8;;\x1b\\", "link here"),  # OSC 8 hyperlink, ST
    ("\x1bPq#0;2;0;0;0\x1b\\dcs", "dcs"),  # DCS (sixel)
    ("c1 \x9b31mcsi \x9d0;t\x9c end", "c1 csi end"),  # 8-bit CSI and OSC
    ("\x85next\x8dline", "next line"),  # C1 NEL, RI
    ("abc\u202egnp.exe\u202c", "abcgnp.exe"),  # right-to-left override
    ("\u2066iso\u2069\u200fmark\u061c", "isomark"),
    ("bell\x07 bs\x08 del\x7f", "bell bs del"),
    ("multi\nline\r\ntext\u2028", "multi line text"),
    ("unterminated \x1b]0;title", "unterminated"),
    ("ok: 10♠ ünïcode", "ok: 10♠ ünïcode"),
])
def test_clean_strips_escape_sequences_and_controls(text: str, expected: str) -> None:
    assert clean(text) == expected


def test_clean_cuts_a_line_to_the_limit() -> None:
    assert clean("é" * 1000) == "é" * MAX_CHAT


def test_rate_limit_allows_a_burst_then_refuses_until_the_window_passes() -> None:
    clock = FakeClock()
    rate = RateLimit(lines=3, window=10.0, clock=clock)
    assert [rate.allow() for _ in range(4)] == [True, True, True, False]
    clock.advance(9.9)
    assert not rate.allow()
    clock.advance(0.1)
    assert rate.allow()


async def test_chat_reaches_the_table_clean_and_is_rate_limited(make_room) -> None:
    room = make_room(HoldemOptions(seats=2))
    ann, bob = [await FakeClient.join(room, Member(f"p-{n}", n)) for n in ("Ann", "Bob")]
    for client in (ann, bob):
        client.send(Watch("t1"))
        await client.wait_for(lambda m: m.TYPE == "table_snapshot")
    ann.send(Chat("t1", "nice \x1b[31mhand\x1b[0m\x1b]0;owned\x07 \u202eok"))
    line = await bob.wait_for(lambda m: isinstance(m, ChatLine))
    assert (line.name, line.text) == ("Ann", "nice hand ok")
    assert b"\x1b" not in bob.raw and b"\\u001b" not in bob.raw
    for n in range(10):
        ann.send(Chat("t1", f"spam {n}"))
    error = await ann.wait_for(lambda m: isinstance(m, Error))
    assert error.message == "slow down: too many chat lines"
    await bob.wait_for(lambda m: isinstance(m, ChatLine) and m.text == "spam 3")
    assert [m.text for m in bob.of(ChatLine)] == ["nice hand ok"] + [f"spam {n}" for n in range(4)]
