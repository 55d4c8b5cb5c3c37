"""A crowd of SSH players at shared blackjack tables, playing from what their screens show.

Each player sits down from the lobby (the table's row, Enter, the largest
buy-in), then plays like a patient regular: in each betting window ``d``
places the minimum bet, on their turn they decline insurance and stand. A
key that has not taken effect a second later is pressed again (a press the
screen was not ready for is ignored, never harmful: a bet placed twice is
the same bet). Nothing here reads the room, so the same players drive a
server in this process (the slow test) or in its own (the benchmark).

The crowd also measures what a player feels: from one player's stand to the
next player's prompt appearing on *their* screen (:attr:`Table.handovers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

import asyncssh

from cardtui.testing.ssh import TerminalClient
from tests.serve.room_ssh import BET_PROMPT

DOWN = "\x1b[B"
#: Seconds before a key that changed nothing is pressed again.
REPRESS = 1.0


@dataclass
class Table:
    """What the players of one table share: the last stand, and the handovers measured."""

    row: int
    #: ``time.monotonic()`` of the stand not yet seen by the next player's screen.
    stand_at: float | None = None
    handovers: list[float] = field(default_factory=list)


@dataclass
class Player:
    name: str
    table: Table
    client: TerminalClient
    #: Betting windows this player bet in.
    bets: int = 0


async def sit_at_row(port: int, key: asyncssh.SSHKey, name: str, row: int, *,
                     timeout: float = 120) -> TerminalClient:
    """Log in, move the lobby's cursor to ``row``, sit down for the largest buy-in."""
    client = await TerminalClient.connect(port, key=key, width=80, height=30)
    await client.wait_for(f"you are {name}", timeout=timeout)
    await client.settle(0.3, timeout=timeout)
    client.press(*[DOWN] * row)
    await client.settle(0.3, timeout=timeout)
    client.press("enter")
    await client.wait_for("Buy in for", timeout=timeout)
    client.press("enter")
    await client.wait_for(BET_PROMPT, timeout=timeout)
    return client


def _screen(client: TerminalClient) -> str:
    return " ".join(line.strip() for line in client.screen.display)


async def play(player: Player, rounds: int, *, timeout: float = 600) -> None:
    """Bet in ``rounds`` betting windows and play them out; return when the next one opens."""
    client, name, table = player.client, player.name, player.table
    turn, insurance = f"{name}: Hit or stand?", f"{name}: Insurance?"
    even_money, my_hand = f"{name}: Even money?", f"{name}, hand"
    windows = 0
    in_window = False
    pressed: dict[str, float] = {}
    deadline = time.monotonic() + timeout
    while True:
        now = time.monotonic()
        if now > deadline:
            raise TimeoutError(f"{name} is stuck after {windows} windows:\n{client.text}")
        text = _screen(client)
        if BET_PROMPT in text:
            if not in_window:
                in_window, pressed = True, {}
                windows += 1
                table.stand_at = None
                if windows > rounds:
                    return
            if "d" not in pressed:
                player.bets += 1
            if now - pressed.get("d", 0) > REPRESS:
                pressed["d"] = now
                client.press("d")
        else:
            in_window = False
            if turn in text or my_hand in text:
                if "s" not in pressed and table.stand_at is not None:
                    table.handovers.append(now - table.stand_at)
                    table.stand_at = None
                if now - pressed.get("s", 0) > REPRESS:
                    if "s" not in pressed:
                        table.stand_at = time.monotonic()
                    pressed["s"] = now
                    client.press("s")
            elif (insurance in text or even_money in text) and now - pressed.get("n", 0) > REPRESS:
                pressed["n"] = now
                client.press("n")
            elif "s" in pressed and turn not in text:
                pressed.pop("s")  # my turn is over: the next prompt of mine is a new one
        client._changed.clear()  # noqa: SLF001 - wait for the next bytes, or a re-press
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client._changed.wait(), REPRESS / 2)  # noqa: SLF001
