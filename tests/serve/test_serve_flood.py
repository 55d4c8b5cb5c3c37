"""A client that floods keys or pastes a file costs the host no more than a fast typist."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.processes import resident_memory
from cardtui.testing.ssh import PROBE, TerminalClient, child_processes, serving

MENU = "Rules & keys"
#: Keys as a flooding client sends them: letters the menu ignores, arrows, Tab.
FLOOD_PATTERN = b"xyzw\x1b[A\x1b[B\t"
MIB = 1024 * 1024
#: What a six-second flood of keys may add to a game: its queue of keys is bounded, so
#: the flood adds little (0.2 MiB measured), where an unbounded queue grows with every key.
FLOOD_GROWTH = 16 * MIB


async def flood(client: TerminalClient, rate: int, seconds: float) -> int:
    """Send ``rate`` bytes a second of keys, ``seconds``' worth; return the bytes sent.

    A tenth of a second's worth at a time, counted, not timed: on a loaded machine the
    pauses stretch, and a timed flood sent less than the test asks of it (one CI run)."""
    assert client.channel is not None
    chunk = (FLOOD_PATTERN * (rate // 10 // len(FLOOD_PATTERN) + 1))[: rate // 10]
    sent = 0
    for _ in range(round(seconds * 10)):
        client.channel.write(chunk)
        sent += len(chunk)
        await asyncio.sleep(0.1)
    return sent


async def test_a_flood_of_keys_leaves_the_game_small_and_the_room_playing(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(animation="off", seed=7))
    logged: list[str] = []
    async with serving(config, logged.append) as server:
        before = set(child_processes())
        flooder = await TerminalClient.connect(server.port)
        await flooder.wait_for(MENU, timeout=60)
        (flooder_game,) = set(child_processes()) - before
        other = await TerminalClient.connect(server.port)
        await other.wait_for(MENU, timeout=60)
        # The game's own size at the menu, before the flood: what a flood may add is
        # measured from it (the game's size itself grows with what cardtui can do).
        before_flood = resident_memory(flooder_game)
        flooding = asyncio.create_task(flood(flooder, 64 * 1024, seconds=6))
        largest = 0
        for _ in range(3):  # the other player keeps playing meanwhile
            other.press("b")
            await other.wait_for("Deal", timeout=30)
            await other.settle(0.3)  # until then the menu's text may still be on screen
            other.press("escape")
            await other.wait_for(MENU, timeout=30)
            await other.settle(0.3)
            largest = max(largest, resident_memory(flooder_game))
        sent = await flooding
        for _ in range(10):
            largest = max(largest, resident_memory(flooder_game))
            await asyncio.sleep(0.2)
        assert sent >= 6 * 60 * 1024
        grown = largest - before_flood
        print(f"game at the menu {before_flood / MIB:.1f} MiB, flooded {largest / MIB:.1f} MiB")
        assert 0 < before_flood <= largest and grown < FLOOD_GROWTH, (
            f"the flooded game grew by {grown / MIB:.1f} MiB, to {largest / MIB:.0f} MiB")
        flooder.press("\x11")  # ctrl+q still quits: the game kept reading
        assert await flooder.wait_closed(timeout=30) == 0
        other.press("q")
        assert await other.wait_closed(timeout=30) == 0
    assert any("typed too fast" in line for line in logged), logged


async def test_a_huge_paste_is_cut_off_not_queued(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(game=PROBE))
    async with serving(config) as server:
        client = await TerminalClient.connect(server.port)
        await client.wait_for("key none")
        assert client.channel is not None
        client.channel.write(b"\x1b[200~")
        for _ in range(32):  # 4 MiB of pasted text
            client.channel.write(b"A" * 128 * 1024)
        client.channel.write(b"\x1b[201~")
        await client.wait_for("paste 1024", timeout=60)
        client.press("x")
        await client.wait_for("key x")
        client.press("q")
        assert await client.wait_closed() == 0
