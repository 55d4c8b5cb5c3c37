"""Bytes on the wire over ``cardtui serve``: a hold'em hand, a blackjack round, idle screens.

A player at an 80x24 xterm-256color terminal, seeded game, default animation
(the player's own setting: normal):

* one hold'em hand at the table with bots: deal, then check or call to the end;
* one blackjack round: deal, hit once, stand;
* 60 s (``--idle``) on each screen without touching a key.

Each is measured as served (games send only the cells that changed,
``cardtui/serve/changed_cells.py``) and, as the peer in the same run, with
Textual's frames sent whole (``Launch(whole_frames=True)``: what cardtui sent
before). The figure is SSH payload, before encryption.

Run:  python3 benchmarks/bench_ssh_bytes.py [--idle 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import (
    TerminalClient,
    play_a_blackjack_round,
    play_a_holdem_hand,
    serving,
)

SEED = 11
MENU = "Rules & keys"
#: (screen, keys from the menu, text that shows it is on screen)
SCREENS = [
    ("menu", [], MENU),
    ("settings (name field focused)", ["o"], "Player name"),
    ("blackjack table", ["b"], "Deal"),
    ("hold'em table", ["h"], "Hold'em"),
    ("scoreboard", ["s"], "all time"),
    ("rules", ["r"], "Rules"),
]


async def at_the_menu(port: int) -> TerminalClient:
    client = await TerminalClient.connect(port)
    await client.wait_for(MENU, timeout=120)
    await client.settle(1.0, timeout=60)
    return client


async def holdem_hand(port: int) -> tuple[int, list[str]]:
    client = await at_the_menu(port)
    client.press("h")
    await client.wait_for("deals the first hand", timeout=60)
    await client.settle(1.0, timeout=60)
    before = client.received
    keys = await play_a_holdem_hand(client)
    sent = client.received - before
    client.abort()
    return sent, keys


async def blackjack_round(port: int) -> tuple[int, list[str]]:
    client = await at_the_menu(port)
    client.press("b")
    await client.wait_for("Deal", timeout=60)
    await client.settle(1.0, timeout=60)
    before = client.received
    keys = await play_a_blackjack_round(client)
    await client.settle(1.0, timeout=60)
    sent = client.received - before
    client.abort()
    return sent, keys


async def idle(port: int, keys: list[str], shows: str, seconds: float) -> int:
    client = await at_the_menu(port)
    for key in keys:
        client.press(key)
        await asyncio.sleep(1.5)
    await client.wait_for(shows, timeout=60)
    with contextlib.suppress(TimeoutError):
        await client.settle(1.5, timeout=15)
    before = client.received
    await asyncio.sleep(seconds)
    client.abort()
    return client.received - before


async def measure(root: Path, whole: bool, seconds: float) -> dict[str, int]:
    launch = Launch(seed=SEED, whole_frames=whole)
    async with serving(ServeConfig(root=root, open=True, launch=launch, max_sessions=64)) as server:
        holdem, holdem_keys = await holdem_hand(server.port)
        blackjack, blackjack_keys = await blackjack_round(server.port)
        idles = await asyncio.gather(
            *(idle(server.port, keys, shows, seconds) for _, keys, shows in SCREENS)
        )
    print(f"  ({'whole frames' if whole else 'changed cells'}: hold'em keys "
          f"{' '.join(holdem_keys)}; blackjack keys {' '.join(blackjack_keys)})")  # fmt: skip
    return {
        "one hold'em hand": holdem,
        "one blackjack round": blackjack,
        **{
            f"{seconds:.0f} s idle: {label}": sent
            for (label, _, _), sent in zip(SCREENS, idles, strict=True)
        },
    }


async def main(seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="cardtui-bench-") as scratch:
        cells = await measure(Path(scratch) / "a", False, seconds)
        whole = await measure(Path(scratch) / "b", True, seconds)
    print(f"Bytes sent to one player, 80x24, seed {SEED}, default animation.")
    print(f"{'':44}{'changed cells':>15}{'whole frames':>15}")
    for label, count in cells.items():
        print(f"{label:44}{count:>15,}{whole[label]:>15,}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=60.0, help="seconds on each screen")
    asyncio.run(main(parser.parse_args().idle))
