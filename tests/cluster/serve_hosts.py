"""Three real ``cardtui serve --cluster … --store postgresql://…`` processes, for the tests.

Each host is the command itself, as a host's operator runs it: its SSH door on a port
of its own, its own data folder (profiles, host key), one nats-server and one
PostgreSQL for all three. Players come in over SSH with :class:`TerminalClient`.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import asyncssh

from cardtui.testing.ssh import TerminalClient
from tests.support.services import NatsServer, free_port

ROOT = Path(__file__).resolve().parents[2]
#: A bound on every wait (none is a timing assertion: a hang fails instead of stalling).
WAIT = 90.0

#: Two seats, no bots, dealt once both humans sit; a long clock (nobody is rushed on
#: two busy cores) and a short pause between hands.
TABLES = """\
[[holdem]]
name = "Duel"
seats = 2
bots_fill = false
min_humans = 2
action_clock = 60
between_hands = 2
grace = 60

[[blackjack]]
name = "Pit"
seats = 2
action_clock = 60
betting_clock = 60
between_rounds = 5
grace = 60
"""


def runs(lines: list[str], part: str) -> bool:
    """Whether the last word of a host's log about ``part`` is that it runs it."""
    state = False
    for line in lines:
        if f"Cluster: this host now runs {part}." in line:
            state = True
        elif f"Cluster: {part} stopped here" in line:
            state = False
    return state


class ServeHost:
    """``cardtui serve --cluster`` in a process of its own; its log kept line by line."""

    def __init__(self, folder: Path, nats: NatsServer, store: str, name: str) -> None:
        self.name = name
        self.root = folder / name
        self.root.mkdir(parents=True, exist_ok=True)
        tables = folder / "tables.toml"
        tables.write_text(TABLES)
        secret = folder / f"{name}.nats"
        secret.write_text(f"{nats.user}:{nats.password}\n")
        secret.chmod(0o600)
        self.port = free_port()
        self.lines: list[str] = []
        env = dict(os.environ, COLUMNS="400")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtui", "--data-dir", str(self.root), "--animation",
             "off", "serve", "--open", "--port", str(self.port), "--tables", str(tables),
             "--cluster", nats.url, "--cluster-credentials", str(secret),
             "--cluster-host", name, "--store", store],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            start_new_session=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    async def wait_said(self, text: str) -> None:
        for _ in range(int(WAIT / 0.05)):
            if self.said(text):
                return
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} ended: {self.lines}")
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name} never said {text!r}: {self.lines}")

    def owns(self, part: str = "t1") -> bool:
        """Whether this host runs ``part`` of the room now, as its log says (``t1``: the
        tables file's first table, the hold'em; ``t2`` the blackjack; ``lobby``)."""
        return runs(self.lines, part)

    def kill(self) -> None:
        """kill -9 of the host and of its games (its process group): nothing said."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


#: A card as a terminal draws it (rank, then a Unicode suit).
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
#: The arrows, as a terminal sends them.
DOWN, UP = "\x1b[B", "\x1b[A"
#: The keys line while it is this player's turn at hold'em (no bet: Bet; a bet: Raise).
MY_TURN = ("r Bet", "r Raise")


def holdem_hole(client: TerminalClient) -> tuple[str, str]:
    """The player's own hole cards, from their seat's box (drawn in heavy lines)."""
    for line in client.lines:
        text = line.strip()
        if text.startswith("┃"):
            cards = CARD.findall(text)
            if len(cards) == 2:
                return cards[0], cards[1]
    raise AssertionError(f"no hole cards on the screen:\n{client.text}")


def my_turn(client: TerminalClient) -> bool:
    keys = client.lines[-1]
    return any(move in keys for move in MY_TURN)


async def sit_at(port: int, key: asyncssh.SSHKey, name: str, table: str = "Duel"
                 ) -> TerminalClient:
    """Log in over SSH and sit at ``table`` for its largest buy-in."""
    client = await TerminalClient.connect(port, key=key, width=100)
    await client.wait_for(f"you are {name}", timeout=WAIT)
    await client.wait_for("Sit  ", timeout=WAIT)  # the lobby footer's Enter key
    await sit_again(client, table)
    return client


def lobby_rows(client: TerminalClient) -> list[str]:
    """The lobby's tables, one line each, in the list's order."""
    lines = client.lines
    top = next(n for n, line in enumerate(lines) if line.split()[:2] == ["Game", "Table"])
    rows = []
    for line in lines[top + 1:]:
        if not line.strip():
            break
        rows.append(line)
    return rows


async def sit_again(client: TerminalClient, table: str = "Duel") -> None:
    """From the lobby, sit at ``table`` for its largest buy-in."""
    await client.wait_for("Tables in the room", timeout=WAIT)
    await client.settle(0.3)  # the lobby's list takes its keys once drawn
    # From the top (the cursor may be anywhere), down to the table: the line under the
    # list names the table the cursor is on.
    rows = len(lobby_rows(client))
    client.press(*[UP] * rows)
    await client.settle(0.3)
    for _ in range(rows + 1):
        if any(line.strip().startswith(f"{table}:") for line in client.lines):
            break
        client.press(DOWN)
        await client.settle(0.3)
    else:
        raise AssertionError(f"no {table} in the lobby:\n{client.text}")
    client.press("enter")
    await client.wait_for("Buy in for", timeout=WAIT)
    client.press("enter")


async def play_holdem_hand(players: list[TerminalClient]
                           ) -> tuple[dict[TerminalClient, tuple[str, str]],
                                      dict[TerminalClient, int]]:
    """Check or call for whoever's turn it is until the hand ends ("wins" on a screen).

    Returns each player's hole cards (read on their turn) and how many bytes each
    terminal had received just before the last move of the hand was made: nothing
    before it may show another seat's hole card (a showdown comes only after it).
    """
    holes: dict[TerminalClient, tuple[str, str]] = {}
    start = {c: len(c.raw) for c in players}
    marks = dict(start)
    pressed: dict[TerminalClient, float] = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    ended: set[TerminalClient] = set()

    def look() -> None:
        # On the screen: the serve sends changed cells only, so a word may come in pieces.
        ended.update(c for c in players if "wins" in c.text)

    look()
    while not ended:  # over once one screen says so; nothing more is pressed or marked
        assert loop.time() < deadline, "the hand did not end:\n" + "\n".join(
            c.text for c in players)
        for client in players:
            # Once a key is pressed, wait for the turn to pass (or 5 s: the key was lost)
            # before pressing again: a second c would be a pre-action for later.
            if my_turn(client) and loop.time() - pressed.get(client, -10.0) > 5.0:
                holes[client] = holdem_hole(client)
                marks = {c: len(c.raw) for c in players}
                pressed[client] = loop.time()
                client.press("c")
            elif not my_turn(client):
                pressed.pop(client, None)
        await asyncio.sleep(0.05)
        look()
    return holes, marks


#: A shared blackjack table's score line: rounds won, lost and pushed.
SCORE = re.compile(r"W (\d+)  L (\d+)  P (\d+)")


def rounds_settled(client: TerminalClient) -> int:
    """How many rounds the score line says this player has had settled."""
    found = SCORE.search(client.text)
    return sum(int(n) for n in found.groups()) if found else 0


def dealer_cards(client: TerminalClient) -> list[str]:
    """The cards in the dealer's box (its hole card, once turned)."""
    lines = client.lines
    top = next(n for n, line in enumerate(lines) if "Dealer" in line)
    cards: list[str] = []
    for line in lines[top + 1:]:
        if "╰" in line:
            break
        cards += CARD.findall(line)
    return cards


async def play_blackjack_round(players: dict[str, TerminalClient]
                               ) -> tuple[dict[TerminalClient, int], set[str], bool]:
    """Each player places the offered bet and stands (no insurance) until the round is
    settled on every screen. Returns how many bytes each terminal had received just
    before the last stand (the dealer's hole card is turned only after it), the cards
    on every screen then (a hole card of the same face cannot be told apart), and
    whether anyone stood at all: a dealer's blackjack, or a blackjack in every seat,
    settles the round at the deal, with no stand and no moment the hole card hid."""
    settled = {c: rounds_settled(c) for c in players.values()}
    for client in players.values():
        await client.wait_for("then d places it", timeout=WAIT)
        await client.settle(0.3)
        client.press("d")
    marks = {c: len(c.raw) for c in players.values()}
    seen: set[str] = set()
    pressed: set[tuple[str, int]] = set()
    stood = False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while any(rounds_settled(c) == settled[c] for c in players.values()):
        assert loop.time() < deadline, "the round did not end:\n" + "\n".join(
            c.text for c in players.values())
        for name, client in players.items():
            if rounds_settled(client) > settled[client]:
                continue  # settled on this screen: nothing left to press
            text = client.text
            if "nsurance" in text and (name, -1) not in pressed:
                pressed.add((name, -1))
                client.press("n")
            prompt = text.count(f"{name}: Hit or stand?")
            key = (name, len(client.raw))
            if prompt and key not in pressed:
                pressed.add(key)
                marks = {c: len(c.raw) for c in players.values()}
                seen = {card for c in players.values() for card in CARD.findall(c.text)}
                stood = True
                client.press("s")
        await asyncio.sleep(0.05)
    return marks, seen, stood
