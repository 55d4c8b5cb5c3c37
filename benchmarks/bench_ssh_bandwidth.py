"""Bytes on the wire for one blackjack round played over ``cardtui serve``.

A player at an 80x24 xterm-256color terminal opens the blackjack table,
deals, hits once and stands, with animation "normal". The figure is the
bytes the server sends between the keypress that deals and the table
settling on "Deal again?". Measured in the same run, next to it:

* the same round at Textual's default 60 frames per second (the server caps
  games at 30 by default),
* the same round with animation off, and
* the peer: the same keys, with the same pauses, sent through the same
  bridge to a bare Textual app (``cardtui.testing.probe``: a header, a few
  lines of text and a footer), the least a Textual screen costs.

Run:  python3 benchmarks/bench_ssh_bandwidth.py
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import (
    PROBE,
    TerminalClient,
    play_a_blackjack_round,
    serving,
)

SEED = 11
WIDTH, HEIGHT = 80, 24
QUIET = 0.8  # seconds without a byte: the screen has settled


@dataclass(frozen=True)
class Measure:
    label: str
    round_bytes: int
    start_bytes: int
    seconds: float
    keys: tuple[str, ...]


async def game_round(root: Path, fps: int, animation: str = "normal") -> Measure:
    launch = Launch(seed=SEED, animation=animation, fps=fps)
    async with serving(ServeConfig(root=root, open=True, launch=launch)) as server:
        client = await TerminalClient.connect(server.port, width=WIDTH, height=HEIGHT)
        await client.wait_for("Rules & keys", timeout=60)  # the menu, ready for keys
        await client.settle(QUIET)
        client.press("b")
        await client.wait_for("Deal")
        await client.settle(QUIET)
        start_bytes = client.received
        started = time.monotonic()
        keys = await play_a_blackjack_round(client)
        await client.settle(QUIET)
        seconds = time.monotonic() - started - QUIET
        round_bytes = client.received - start_bytes
        await client.close()
    label = f"cardtui, animation {animation}, {fps} fps"
    return Measure(label, round_bytes, start_bytes, seconds, tuple(keys))


async def peer_round(root: Path, keys: tuple[str, ...], fps: int) -> Measure:
    launch = Launch(game=PROBE, fps=fps)
    async with serving(ServeConfig(root=root, open=True, launch=launch)) as server:
        client = await TerminalClient.connect(server.port, width=WIDTH, height=HEIGHT)
        await client.wait_for("key none")
        await client.settle(QUIET)
        start_bytes = client.received
        started = time.monotonic()
        for key in keys:
            client.press(key)
            await client.wait_for(f"key {key}")
            await client.settle(0.3)
        await client.settle(QUIET)
        seconds = time.monotonic() - started - QUIET
        round_bytes = client.received - start_bytes
        await client.close()
    return Measure(f"bare Textual app, {fps} fps", round_bytes, start_bytes, seconds, keys)


async def main() -> None:
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        root = Path(scratch)
        capped = await game_round(root / "a", fps=30)
        uncapped = await game_round(root / "b", fps=60)
        still = await game_round(root / "c", fps=30, animation="off")
        peer = await peer_round(root / "d", capped.keys, fps=30)
    print(f"One blackjack round over SSH at {WIDTH}x{HEIGHT}, xterm-256color, seed {SEED};")
    print(f"keys {' '.join(capped.keys)}; bytes sent to the client from 'd' to 'Deal again?'.")
    print(f"{'':40}{'round':>10}{'before':>10}{'round time':>12}")
    for measure in (capped, uncapped, still, peer):
        print(
            f"{measure.label:40}{measure.round_bytes:>10,}{measure.start_bytes:>14,}"
            f"{measure.seconds:>11.1f}s"
        )
    print("before: bytes from connecting to the table (cardtui) or the first screen (peer).")
    print(f"cardtui's round costs {capped.round_bytes / max(peer.round_bytes, 1):.1f}x the peer's.")


if __name__ == "__main__":
    asyncio.run(main())
