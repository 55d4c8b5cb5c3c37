"""Bytes a served game sends while nobody touches it, screen by screen.

A player at an 80x24 xterm-256color terminal opens each screen, waits for it
to settle, then touches nothing for a while; every byte the server sends
meanwhile is counted (SSH payload, before encryption). A still screen should
send nothing: each byte is a player's bandwidth and a redraw in their
terminal. The peer, in the same run: the bare Textual app (the probe), which
has no animation and no text field.

Run:  python3 benchmarks/bench_ssh_idle.py [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import PROBE, TerminalClient, serving

MENU = "Rules & keys"
#: (screen, keys from the menu, text that shows it is on screen)
SCREENS = [
    ("menu", [], MENU),
    ("settings (name field focused)", ["o"], "Player name"),
    ("blackjack table", ["b"], "Deal"),
    ("blackjack setup", ["b", "t"], "Save"),
    ("hold'em table", ["h"], "Hold'em"),
    ("scoreboard", ["s"], "all time"),
    ("rules", ["r"], "Rules"),
]
#: Seconds after a key for the screen to be drawn.
DRAWN = 2.0


async def drawn(client: TerminalClient) -> None:
    """Wait until the screen has stopped changing, or 10 s (a blinking cursor never stops)."""
    await asyncio.sleep(DRAWN)
    with contextlib.suppress(TimeoutError):
        await client.settle(1.0, timeout=10)


async def idle_bytes(port: int, keys: list[str], shows: str, seconds: float) -> int:
    client = await TerminalClient.connect(port)
    try:
        await client.wait_for(MENU, timeout=60)
        await drawn(client)
        for key in keys:
            client.press(key)
            await drawn(client)
        await client.wait_for(shows, timeout=30)
        before = client.received
        await asyncio.sleep(seconds)
        return client.received - before
    finally:
        client.abort()


async def main(seconds: float) -> None:
    rows: list[tuple[str, int]] = []
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        game = ServeConfig(root=Path(scratch) / "a", open=True, launch=Launch(seed=7))
        async with serving(game) as server:
            for label, keys, shows in SCREENS:
                rows.append((label, await idle_bytes(server.port, keys, shows, seconds)))
        probe = ServeConfig(root=Path(scratch) / "b", open=True, launch=Launch(game=PROBE))
        async with serving(probe) as server:
            client = await TerminalClient.connect(server.port)
            await client.wait_for("key none", timeout=60)
            await drawn(client)
            before = client.received
            await asyncio.sleep(seconds)
            rows.append(("peer: bare Textual app", client.received - before))
            client.abort()
    print(f"Bytes sent to an idle player in {seconds:.0f} s, 80x24, default animation:")
    for label, count in rows:
        print(f"  {label:34}{count:>10,}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    asyncio.run(main(parser.parse_args().seconds))
