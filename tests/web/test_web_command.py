"""``cardtui serve --web``: the printed link, a generated token, ``--no-ssh``, one-line errors."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from playwright.async_api import Browser

from cardtui.commands import serve
from cardtui.testing.processes import children, start_serve, stop_serve
from cardtui.testing.web import BrowserPlayer

LINK = re.compile(r"players open\s+(http://\S+/)")


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    waiting = list(children(pid))
    while waiting:
        child = waiting.pop()
        found.add(child)
        waiting.extend(children(child))
    return found


def read_link(process: subprocess.Popen[str], printed: str = "") -> tuple[str, str]:
    """Read the server's output up to the link it prints for browsers."""
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    while not LINK.search(printed):
        assert time.monotonic() < deadline and process.poll() is None, printed
        printed += process.stdout.readline()
    match = LINK.search(printed)
    assert match is not None
    return match.group(1), printed


@pytest.mark.asyncio(loop_scope="module")  # the browser is the file's (tests/web/conftest.py)
async def test_the_link_carries_a_generated_token_and_only_it_starts_a_game(
    tmp_path: Path, browser: Browser
) -> None:
    served = start_serve(tmp_path / "data", "--web", "0")
    try:
        link, printed = read_link(served.process, served.banner)
        token = link.rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 16, printed  # made up for this start, hard to guess
        base = link[: -len(token) - 1]
        before = descendants(served.process.pid)  # the room's own helpers, if any
        async with aiohttp.ClientSession() as client:
            for path in ("", "x" + token + "/", token.upper() + "/?name=Ann", "wrong/ws"):
                async with client.get(base + path) as response:
                    assert response.status == 403, path
        # A game is started while a request is handled, before its answer: every answer
        # is in, so any game they started would be here now.
        assert descendants(served.process.pid) == before
        page = await BrowserPlayer.open(browser, link, "Ann")
        await page.wait_for("you are Ann")
        assert descendants(served.process.pid) > before  # the right link starts a game
        await page.close()
    finally:
        out = stop_serve(served.process)
    assert "The room is closed." in out


def test_no_ssh_serves_browsers_only(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "cardtui", "--data-dir", str(tmp_path / "data"), "serve",
               "--no-ssh", "--web", "0", "--web-token", "friday"]  # fmt: skip
    env = {**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=env)  # fmt: skip
    try:
        link, printed = read_link(process)
        assert link.endswith("/friday/"), printed
        assert "ssh -p" not in printed and "fingerprint" not in printed.lower()
        # No authorized_keys file was needed, and no host key was made.
        assert not (tmp_path / "data" / "ssh_host_ed25519_key").exists()
    finally:
        out = stop_serve(process)
    assert "The room is closed." in out


def test_no_ssh_without_web_is_one_line_and_status_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardtui", "--data-dir", str(tmp_path), "serve", "--no-ssh"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == "cardtui: error: --no-ssh leaves no door open: add --web PORT\n"


def test_a_token_that_cannot_sit_in_a_link_is_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardtui", "--data-dir", str(tmp_path), "serve", "--open",
         "--web", "0", "--web-token", "a/b"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--web-token" in result.stderr


def test_without_textual_serve_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in list(sys.modules):
        if name.startswith("cardtui.serve.web") or name.startswith("textual_serve"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import textual_serve now fails
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args(["--open", "--web", "0"])
    args.data_dir, args.seed, args.ascii, args.animation = tmp_path, None, False, None
    assert serve.run(args) == 2
    err = capsys.readouterr().err
    assert err == "cardtui serve --web needs textual-serve: install cardtui[web]\n"
