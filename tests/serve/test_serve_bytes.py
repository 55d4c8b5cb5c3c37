"""Byte budgets for a seeded game over SSH: what a player's link carries for a round or a hand.

Bytes, not timings: the seeded game draws the same screens each run; how
Textual's frames fall between flushes varies a little, hence the margins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import (
    TerminalClient,
    play_a_blackjack_round,
    play_a_holdem_hand,
    serving,
)

MENU = "Rules & keys"
KB = 1000


async def at_the_table(port: int, key: str, shows: str) -> TerminalClient:
    client = await TerminalClient.connect(port, width=80, height=24)
    await client.wait_for(MENU, timeout=60)
    await client.settle(0.8)
    client.press(key)
    await client.wait_for(shows, timeout=60)
    await client.settle(0.8)
    return client


async def test_a_blackjack_round_costs_at_most_20_kb(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(seed=11))
    async with serving(config) as server:
        client = await at_the_table(server.port, "b", "Deal")
        before = client.received
        await play_a_blackjack_round(client)
        await client.settle(0.8)
        sent = client.received - before
        assert "Deal again?" in " ".join(line.strip() for line in client.screen.display)
        client.press("q")
    assert 0 < sent <= 20 * KB, f"a blackjack round sent {sent:,} bytes"


@pytest.mark.slow
async def test_a_holdem_hand_costs_at_most_100_kb(tmp_path: Path) -> None:
    config = ServeConfig(root=tmp_path, open=True, launch=Launch(seed=11))
    async with serving(config) as server:
        client = await at_the_table(server.port, "h", "deals the first hand")
        before = client.received
        await play_a_holdem_hand(client)
        sent = client.received - before
        assert "wins" in client.text
    assert 0 < sent <= 100 * KB, f"a hold'em hand sent {sent:,} bytes"
