"""Three real ``cardtui serve --cluster nats://… --store postgresql://…`` hosts.

The commands a room's operator runs (tests/cluster/serve_hosts.py): SSH doors on three
ports, one nats-server, one PostgreSQL. Players come in over SSH on the two hosts that
do not run the room's tables and play at its hold'em table; what each terminal
receives is checked for the other's hole cards; at its blackjack table, for the
dealer's hole card. The owner is killed with SIGKILL
(its whole process group) mid-hand: the hand is voided, another host runs the room
with both players back in their seats (kept in PostgreSQL), they play on, and
PostgreSQL's figures add up: each
profile's balance plus its chips at the table is its start plus its recorded results.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtui.cluster.shards import placed_on
from cardtui.games import Game
from cardtui.testing.ssh import TerminalClient
from tests.cluster.chips import until_chips_add_up
from tests.cluster.serve_hosts import (
    WAIT,
    ServeHost,
    dealer_cards,
    my_turn,
    play_blackjack_round,
    play_holdem_hand,
    sit_at,
)
from tests.serve.room_ssh import named_key, profile
from tests.support.services import NatsServer

pytestmark = pytest.mark.postgres


@pytest.fixture
def hosts(nats_server: NatsServer, postgres_url: str) -> Iterator[list[ServeHost]]:
    folder = Path(tempfile.mkdtemp(prefix="cardtui-hosts-"))
    started = [ServeHost(folder, nats_server, postgres_url, f"host{n}") for n in (1, 2, 3)]
    yield started
    for host in started:
        host.kill()
    shutil.rmtree(folder, ignore_errors=True)


async def owner_of(hosts: list[ServeHost], part: str = "t1") -> ServeHost:
    """The live host running ``part`` (``t1``: the hold'em, ``t2``: the blackjack), once
    it runs on the host it is placed on among the live ones (the first host up takes
    every part, and hands each over once the host it is placed on is up)."""
    alive = [h for h in hosts if h.process.poll() is None]
    placed = next(h for h in alive if h.name == placed_on(part, [h.name for h in alive]))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not (placed.owns(part) and not any(h.owns(part) for h in alive if h is not placed)):
        assert loop.time() < deadline, [h.lines for h in hosts]
        await asyncio.sleep(0.05)
    return placed


def assert_private(players: dict[TerminalClient, tuple[str, str]],
                   marks: dict[TerminalClient, int],
                   since: dict[TerminalClient, int] | None = None) -> None:
    """Each terminal had its own hole cards and no other seat's in the hand's bytes
    before the showdown (``since``: where the hand's bytes start; else the first)."""
    for client, mine in players.items():
        raw = bytes(client.raw[(since or {}).get(client, 0):marks[client]])
        for card in mine:
            assert card.encode() in raw, f"{card} of its own not found: the check sees nothing"
        for other, theirs in players.items():
            if other is not client:
                for card in theirs:
                    at = raw.find(card.encode())
                    assert at < 0, f"another seat's {card} leaked: {raw[at - 300:at + 100]!r}"


@pytest.mark.slow  # three hosts, two games, two hands and a takeover: 17-30 s
async def test_holdem_across_hosts_and_kill_9_of_the_owner_mid_hand(
        hosts: list[ServeHost], postgres_url: str) -> None:
    for host in hosts:
        await host.wait_said("Ctrl-C closes the room")
    owner = await owner_of(hosts)
    ann_host, bob_host = [h for h in hosts if h is not owner]
    keys = {"Ann": named_key(ann_host.root, "Ann"), "Bob": named_key(bob_host.root, "Bob")}
    profiles = {"Ann": profile(ann_host.root, keys["Ann"]),
                "Bob": profile(bob_host.root, keys["Bob"])}
    ann = await sit_at(ann_host.port, keys["Ann"], "Ann")
    bob = await sit_at(bob_host.port, keys["Bob"], "Bob")
    for client in (ann, bob):
        await client.wait_for("Pot", timeout=WAIT)  # dealt
    assert_private(*await play_holdem_hand([ann, bob]))
    # The next hand is dealt after the table's pause; the owner dies in the middle of it.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not (my_turn(ann) or my_turn(bob)):
        assert loop.time() < deadline, ann.text
        await asyncio.sleep(0.1)
    killed = loop.time()
    owner.kill()
    new_owner = await owner_of(hosts)
    taken_over = loop.time() - killed
    # The new owner seats both again (the room store kept the seats): each screen hears
    # the hand was void, and stays at the table; nobody sits down again by hand.
    for client in (ann, bob):
        await client.wait_for("The table moved to another host", timeout=WAIT)
    reseated = loop.time() - killed
    print(f"t1 re-owned by {new_owner.name} {taken_over:.1f} s after kill -9; "
          f"both players in their seats again {reseated:.1f} s after it")
    assert not any("This table has closed" in c.text for c in (ann, bob))
    # Voided: every bet of the hand back; nothing of it recorded; the chips still at the
    # table (not also back on the balance).
    await until_chips_add_up(postgres_url, profiles, hands=1)
    since = {c: len(c.raw) for c in (ann, bob)}
    assert_private(*await play_holdem_hand([ann, bob]), since)
    await until_chips_add_up(postgres_url, profiles, hands=2)
    for client in (ann, bob):
        await client.close()


# In the default run (8-11 s): three real hosts, a round across two of them.
async def test_blackjack_across_hosts_keeps_the_dealers_hole_card_from_every_screen(
        hosts: list[ServeHost], postgres_url: str) -> None:
    for host in hosts:
        await host.wait_said("Ctrl-C closes the room")
    owner = await owner_of(hosts, "t2")
    cy_host, dee_host = [h for h in hosts if h is not owner]
    keys = {"Cy": named_key(cy_host.root, "Cy"), "Dee": named_key(dee_host.root, "Dee")}
    profiles = {"Cy": profile(cy_host.root, keys["Cy"]),
                "Dee": profile(dee_host.root, keys["Dee"])}
    cy = await sit_at(cy_host.port, keys["Cy"], "Cy", "Pit")
    dee = await sit_at(dee_host.port, keys["Dee"], "Dee", "Pit")
    players = {"Cy": cy, "Dee": dee}
    stood = False
    rounds = 0
    for _ in range(4):  # a round settled at the deal (a blackjack) hides no hole card
        marks, seen, stood = await play_blackjack_round(players)
        rounds += 1
        if stood:
            break
    assert stood, "four rounds in a row settled at the deal"
    hole = dealer_cards(cy)[1]
    assert dealer_cards(dee)[:2] == dealer_cards(cy)[:2]
    up = dealer_cards(cy)[0]
    for client in players.values():
        before = bytes(client.raw[:marks[client]])
        assert up.encode() in before, "the up-card not found: the check sees nothing"
        if hole not in seen:  # (six decks: another card of its face may be on the table)
            assert hole.encode() not in before, f"the dealer's {hole} before it was turned"
    # Each round in PostgreSQL once, and each player's chips add up (read from it).
    await until_chips_add_up(postgres_url, profiles, hands=rounds, game=Game.BLACKJACK)
    for client in players.values():
        await client.close()
