"""A full room over real SSH: ten blackjack tables of six players, twenty rounds each, nothing lost.

Every player is a real SSH client whose keys follow what its screen shows
(:mod:`tests.serve.room_crowd`); the server runs in a process of its own (so
sixty terminals and the server do not share one core) and reports the room
as it stopped. Afterwards: every table dealt its rounds and voided none,
every player's chips are their buy-in plus the results the room settled for
them (nothing made or lost), their screen counted exactly those rounds, and
every one of them is in that player's own store.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest

from cardtui import locations
from cardtui.store import Game, Store
from tests.serve.room_crowd import CrowdServer, Player, Table, play, sit_at_row
from tests.serve.room_ssh import named_key, profile

#: A new profile's kept balance: the lobby offers it all (the tables' largest is 5,000).
BUY_IN = 1000


def stored_nets(root: Path, key: asyncssh.SSHKey, name: str) -> list[int]:
    """The net result of every blackjack round in the store of ``key``'s profile."""
    store = Store(locations.database_path(profile(root, key)))
    try:
        return store.round_nets(Game.BLACKJACK, name)
    finally:
        store.close()


@pytest.mark.slow
@pytest.mark.parametrize(("tables", "seats", "rounds"), [
    pytest.param(10, 6, 20, id="60-sessions"),
    pytest.param(2, 3, 2, id="6-sessions"),
])
async def test_a_full_room_plays_its_rounds_and_nothing_is_lost(
        tmp_path: Path, tables: int, seats: int, rounds: int) -> None:
    root = tmp_path / "room"
    names = [[f"T{t}P{s}" for s in range(seats)] for t in range(tables)]
    keys: dict[str, asyncssh.SSHKey] = {n: named_key(root, n) for row in names for n in row}
    server = CrowdServer(root, tables, seats)
    started = time.monotonic()
    try:
        players: list[Player] = []
        for row, table_names in enumerate(names):
            table = Table(row)
            # One at a time: each sitting down redraws every lobby, and a cursor
            # moved under a player's Enter sat them at the wrong table.
            clients = [await sit_at_row(server.port, keys[n], n, row) for n in table_names]
            players += [Player(n, table, c) for n, c in zip(table_names, clients, strict=True)]
        await asyncio.gather(*(play(p, rounds, timeout=120 * rounds) for p in players))
        for player in players:
            await player.client.close()
        summary = server.stop()
    finally:
        server.kill()
    print(f"\n{tables * seats} sessions, {rounds} rounds a table: "
          f"{time.monotonic() - started:.0f} s")
    for table, table_names in zip(summary["tables"], names, strict=True):
        assert sorted(name for name, _ in table["seats"]) == sorted(table_names)
        assert table["rounds"] >= rounds and not table["in_round"] and not table["voided"]
        for name, chips in table["seats"]:
            assert chips == BUY_IN + sum(summary["settled"][name]), f"{name}'s chips"
    for player in players:
        nets = summary["settled"][player.name]
        assert len(nets) == player.rounds == rounds, player.name
        # Every round the room settled for them is in their own store, as it was settled.
        stored = stored_nets(root, keys[player.name], player.name)
        assert sorted(stored) == sorted(nets), player.name
