"""The browser door against the SSH door, measured in the same run on the same room.

Two figures for each door:

* **to the menu**: seconds from opening the page (the browser: loading the table
  page, whose script opens the websocket that starts the game) or from
  connecting (SSH: ``ssh -t``'s handshake, login and PTY request) until the
  menu is on the player's screen (the bytes that draw it have arrived: in
  the browser, at the page's websocket). Median of ``RUNS`` starts, each a new
  game process.
* **one blackjack round**: bytes the server sends to the player between the
  keypress that deals and the table settling on "Deal again?", at the same
  terminal size (the browser's window decides it; the SSH client asks for the
  same), same seed, so the same cards and keys. Payload bytes: websocket
  frames' payload, the SSH channel's data; neither counts framing or TLS/SSH
  encryption overhead.

Needs Chromium (Debian's ``chromium``) and the test extra (Playwright).
Run:  python3 benchmarks/bench_web.py
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.limits import Limits
from cardtui.serve.server import ServeConfig
from cardtui.serve.web import WebConfig, start_web_door
from cardtui.testing.ssh import TerminalClient, play_a_blackjack_round, serving
from cardtui.testing.web import BrowserPlayer, chromium

SEED = 11
RUNS = 5
MENU = "Rules & keys"
QUIET = 0.8  # seconds without a byte: the screen has settled
VIEWPORT = (1000, 640)  # pixels; xterm.js makes 111x35 cells of it at 16 px


@dataclass(frozen=True)
class Round:
    bytes: int
    frames: int
    keys: tuple[str, ...]


async def main() -> None:
    launch = Launch(seed=SEED, animation="normal")
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        # No shared tables: every player lands on the menu, as a local game does.
        config = ServeConfig(root=Path(scratch), open=True, launch=launch, max_sessions=8)
        async with serving(config) as server, chromium() as browser:
            web = await start_web_door(
                server.room, WebConfig(port=0, token="bench"), launch, Limits(), log=lambda _: None
            )
            try:
                web_starts: list[float] = []
                ssh_starts: list[float] = []
                size = (80, 24)
                for _ in range(RUNS):  # alternate, so a busy moment hits both doors
                    seconds, size = await browser_to_menu(browser, web.link)
                    web_starts.append(seconds)
                    ssh_starts.append(await ssh_to_menu(server.port, size))
                web_round = await browser_round(browser, web.link)
                ssh_round = await ssh_round_bytes(server.port, size)
                # xterm.js draws 24-bit colour and the browser door says so (COLORTERM);
                # an SSH terminal that says the same gets the same longer colour codes.
                ssh_truecolor = await ssh_round_bytes(server.port, size, "truecolor")
            finally:
                await web.close()
    print(f"cardtui serve, one room, both doors, seed {SEED}, terminal {size[0]}x{size[1]}")
    print(f"{'':34}{'browser':>12}{'SSH':>12}")
    print(
        f"{'to the menu, median of ' + str(RUNS) + ' (s)':34}"
        f"{statistics.median(web_starts):>12.2f}{statistics.median(ssh_starts):>12.2f}"
    )
    print(f"{'  every start (s)':34}{fmt(web_starts)}  |  {fmt(ssh_starts)}")
    loads = statistics.median(stage[0] for stage in STAGES)
    sockets = statistics.median(stage[1] for stage in STAGES)
    print(f"{'  browser: page loaded (s)':34}{loads:>12.2f}")
    print(f"{'  browser: websocket opened (s)':34}{sockets:>12.2f}")
    print(
        f"{'one blackjack round (bytes)':34}{web_round.bytes:>12,}{ssh_round.bytes:>12,}"
        "  (256 colours)"
    )
    print(f"{'':34}{'':>12}{ssh_truecolor.bytes:>12,}  (COLORTERM=truecolor, as the browser)")
    print(f"{'  in frames / reads':34}{web_round.frames:>12,}{'-':>12}")
    print(
        f"keys {' '.join(web_round.keys)} (browser), {' '.join(ssh_round.keys)} (SSH), "
        f"{' '.join(ssh_truecolor.keys)} (SSH, truecolor)"
    )


def fmt(values: list[float]) -> str:
    return " ".join(f"{value:.2f}" for value in values)


async def browser_to_menu(browser: object, link: str) -> tuple[float, tuple[int, int]]:
    """Seconds from loading the table page to the menu on screen; the page's size in cells."""
    page = await browser.new_page(  # type: ignore[attr-defined]
        viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}
    )
    player = BrowserPlayer(page)
    started = time.monotonic()
    await page.goto(link + "?name=")  # the name page answered: a guest
    loaded = time.monotonic()
    await player.wait_connected()
    connected = time.monotonic()
    await player.wait_for(MENU, timeout=60)
    seconds = time.monotonic() - started
    STAGES.append((loaded - started, connected - started))
    size = player.size
    await player.close()
    return seconds, size


#: Per browser start: seconds to the page's load event, and to its websocket opening.
STAGES: list[tuple[float, float]] = []


async def ssh_to_menu(port: int, size: tuple[int, int]) -> float:
    started = time.monotonic()
    client = await TerminalClient.connect(port, width=size[0], height=size[1])
    await client.wait_for(MENU, timeout=60)
    seconds = time.monotonic() - started
    await client.close()
    return seconds


async def browser_round(browser: object, link: str) -> Round:
    page = await browser.new_page(  # type: ignore[attr-defined]
        viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}
    )
    player = BrowserPlayer(page)
    frames = 0

    def count(_: object) -> None:
        nonlocal frames
        frames += 1

    await page.goto(link + "?name=")
    await player.wait_connected()
    await page.focus(".xterm-helper-textarea")
    await player.wait_for(MENU, timeout=60)
    await player.settle(QUIET)
    player.press("b")
    await player.wait_for("Deal")
    await player.settle(QUIET)
    assert player.socket is not None
    player.socket.on("framereceived", count)
    before = player.received
    keys = await play_a_blackjack_round(player)  # type: ignore[arg-type]
    await player.settle(QUIET)
    sent = player.received - before
    await player.close()
    return Round(sent, frames, tuple(keys))


async def ssh_round_bytes(port: int, size: tuple[int, int], colours: str = "") -> Round:
    env = {"COLORTERM": colours} if colours else None
    client = await TerminalClient.connect(port, width=size[0], height=size[1], env=env)
    await client.wait_for(MENU, timeout=60)
    await client.settle(QUIET)
    client.press("b")
    await client.wait_for("Deal")
    await client.settle(QUIET)
    before = client.received
    keys = await play_a_blackjack_round(client)
    await client.settle(QUIET)
    sent = client.received - before
    await client.close()
    return Round(sent, 0, tuple(keys))


if __name__ == "__main__":
    asyncio.run(main())
