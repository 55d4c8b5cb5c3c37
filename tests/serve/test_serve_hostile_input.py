"""Whatever a client types, its game keeps playing; a game that fails shows one line.

Real server, real SSH clients, the real game (or the probe where a test
needs a game to fail on purpose). No traceback and no host path may ever
appear in the bytes a client receives.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio
from hypothesis import given, settings
from hypothesis import strategies as st
from textual._xterm_parser import XTermParser

from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.keystrokes import Keystrokes
from cardtui.serve.launch import Launch
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.testing.ssh import PROBE, TerminalClient, serving

MENU = "Rules & keys"
#: Starting the real game can take a while on a busy 2-core machine.
START = 60.0

#: Bytes no keyboard sends, each of which stopped Textual's input thread.
HOSTILE = [
    b"\xff",  # not UTF-8 at all
    b"\xc3",  # half a character...
    b"(",  # ...finished by something else
    b"\x1b[99999999999u",  # int too large for C
    b"\x1b[1114112:u",  # a colon where Textual wants a number
    b"\x1b[1114112u",  # past the last code point
    b"\x1b[55296u",  # a surrogate, which cannot be written back out
    b"\x1b[<0;99999999999;1M",  # a mouse report off the map
    b"\xc2\x9b",  # U+009B, which Textual reads as shift+escape
]

TRACEBACK_MARKERS = (b"Traceback", b"Error:", b"site-packages", b".py", b"line ")


def assert_nothing_leaked(raw: bytes, *paths: Path) -> None:
    for marker in TRACEBACK_MARKERS:
        assert marker not in raw, f"{marker!r} reached the client"
    for path in paths:
        assert str(path).encode() not in raw, f"the host path {path} reached the client"


def game_room(root: Path) -> ServeConfig:
    return ServeConfig(root=root, open=True, launch=Launch(animation="off", seed=7))


def probe_room(root: Path) -> ServeConfig:
    return ServeConfig(root=root, open=True, launch=Launch(game=PROBE))


#: A server (and its template) shared by the file's tests: they run on the file's loop.
on_the_files_loop = pytest.mark.asyncio(loop_scope="module")

#: A running server and every line it has logged so far.
Logged = tuple[RunningServer, list[str]]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def game_server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[RunningServer]:
    async with serving(game_room(tmp_path_factory.mktemp("game"))) as running:
        yield running


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def probe_server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Logged]:
    logged: list[str] = []
    async with serving(probe_room(tmp_path_factory.mktemp("probe")), logged.append) as running:
        yield running, logged


@on_the_files_loop
async def test_invalid_utf8_and_broken_sequences_leave_the_game_playing(
    game_server: RunningServer,
) -> None:
    client = await TerminalClient.connect(game_server.port)
    await client.wait_for(MENU, timeout=START)
    assert client.channel is not None
    for data in HOSTILE:
        client.channel.write(data)
    client.press("b")
    await client.wait_for("Deal")  # the game read the next key: it is alive
    # Until the table is fully drawn, the menu's text may still be on screen.
    await client.settle(0.3)
    client.press("escape")
    await client.wait_for(MENU)
    client.press("q")
    assert await client.wait_closed() == 0
    assert_nothing_leaked(bytes(client.raw), game_server.room.config.root)


#: The bar a form puts left of its focused row ("thick"; "#" once served --ascii).
ROW_BAR = "█#"


def _frame_colour(client: TerminalClient, label: str) -> str:
    """The colour of the left edge of the field on the row that starts with ``label``
    (after the focused row's bar)."""
    rows = client.screen.display
    y = next(i for i, line in enumerate(rows)
             if line.strip().lstrip(ROW_BAR).startswith(label))
    x = min(i for i, char in enumerate(rows[y]) if char in "▊|")  # "|" once served --ascii
    return str(client.screen.buffer[y][x].fg)


async def until_name_field_focused(client: TerminalClient, timeout: float = START) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while _frame_colour(client, "Player name") == _frame_colour(client, "Cards"):
        assert asyncio.get_running_loop().time() < deadline, "the name field never took focus"
        await asyncio.sleep(0.05)


@on_the_files_loop
async def test_a_latin1_client_types_a_name_with_an_accent(game_server: RunningServer) -> None:
    tmp_path = game_server.room.config.root
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = tmp_path / "profiles" / profile_name(fingerprint(player))
    client = await TerminalClient.connect(
        game_server.port, key=player, env={"LANG": "fr_FR.ISO-8859-1"}
    )
    await client.wait_for(MENU, timeout=START)
    client.press("o")  # Settings, with the player's name focused
    await client.wait_for("Player name")
    # Keys typed before the field takes focus go to the screen, and the focus
    # then selects the old name for the next key to replace (a full-suite run
    # beside a benchmark saved "é"): wait until the field's frame is lit.
    await until_name_field_focused(client)
    assert client.channel is not None
    client.channel.write(b"\x15")  # ctrl+u: clear the name
    client.channel.write("José".encode("latin-1") + b"\t")
    await client.settle(0.5)
    client.press("escape")
    await client.wait_for(MENU)
    client.press("q")
    assert await client.wait_closed() == 0
    saved = json.loads((profile / "settings.json").read_text(encoding="utf-8"))
    assert saved["player_name"] == "José"
    # Served --ascii, it was sent nothing but ASCII: no "·" or "−" as UTF-8 bytes
    # it would show as two or three wrong characters, and "José" as "Jose".
    sent = bytes(client.raw)
    assert not [b for b in sent if b >= 0x80], sent[max(0, sent.find(b"\xc2") - 40):][:80]
    assert b"Jose" in sent
    assert_nothing_leaked(bytes(client.raw), tmp_path)


@on_the_files_loop
async def test_a_failing_game_writes_crash_log_and_shows_one_line(probe_server: Logged) -> None:
    server, logged = probe_server
    earlier = len(logged)
    tmp_path = server.room.config.root
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = tmp_path / "profiles" / profile_name(fingerprint(player))
    for key in ("r", "p"):  # an error in a handler; Textual's panic()
        client = await TerminalClient.connect(server.port, key=player, width=200)
        await client.wait_for("key none")
        await client.settle(0.3)
        shown = len(client.raw)  # the probe itself shows its paths, on purpose
        client.press(key)
        assert await client.wait_closed() == 1, f"key {key}: the failure must show"
        ending = bytes(client.raw[shown:])
        assert_nothing_leaked(ending, tmp_path)
        assert ending.count(b"unexpected error") == 1
    report = (profile / "crash.log").read_text(encoding="utf-8")
    assert "RuntimeError: the probe was asked to fail" in report
    assert "the probe panicked" in report
    failures = [line for line in logged[earlier:] if "failed" in line]
    assert len(failures) == 2 and all("exit status 1" in line for line in failures), logged


@on_the_files_loop
async def test_a_clean_game_writes_no_crash_report(probe_server: Logged) -> None:
    server, _ = probe_server
    player = asyncssh.generate_private_key("ssh-ed25519")
    profile = server.room.config.root / "profiles" / profile_name(fingerprint(player))
    client = await TerminalClient.connect(server.port, key=player)
    await client.wait_for("key none")
    client.press("x", "q")
    assert await client.wait_closed() == 0
    assert (profile / "crash.log").read_text() == ""
    assert b"unexpected error" not in client.raw


@settings(max_examples=300, deadline=None)
@given(
    chunks=st.lists(st.binary(max_size=24) | st.sampled_from(HOSTILE), max_size=8),
    encoding=st.sampled_from(["UTF-8", "ISO-8859-1", "KOI8-R", "Shift_JIS", "ISO-2022-JP"]),
)
def test_textual_can_read_whatever_the_filter_lets_through(
    chunks: list[bytes], encoding: str
) -> None:
    keys = Keystrokes(encoding)
    text = b"".join(keys.feed(chunk) for chunk in chunks).decode("utf-8")  # valid UTF-8
    parser = XTermParser()
    for _ in parser.feed(text):
        pass
