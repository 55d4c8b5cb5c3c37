"""A full room over real SSH: blackjack and hold'em tables of six players, nothing lost.

Every player is a real SSH client whose keys follow what its screen shows
(:mod:`tests.serve.room_crowd`); the server runs in a process of its own (so
sixty terminals and the server do not share one core) and reports the room
as it stopped. Afterwards, at every table: it dealt its rounds (hands) and
voided none, every player's chips are their buy-in plus the results the room
settled for them (nothing made or lost; at hold'em, with no bots, the table's
chips add up to its buy-ins), their screen counted exactly those rounds
(hands), and every one of them is in that player's own store, once.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest

from cardtui import locations
from cardtui.games import Game
from cardtui.store import Store
from tests.serve.room_crowd import (
    HOLDEM_SEATED,
    CrowdServer,
    HoldemPlayer,
    Player,
    Table,
    play,
    play_holdem,
    sit_at_row,
)
from tests.serve.room_ssh import named_key, profile

#: A new profile's kept balance: the lobby offers it all (the tables' largest is 5,000
#: at blackjack, 1,000 at hold'em).
BUY_IN = 1000


def stored_nets(root: Path, key: asyncssh.SSHKey, name: str, game: Game = Game.BLACKJACK
                ) -> list[int]:
    """The net result of every round (hand) of ``game`` in the store of ``key``'s profile."""
    store = Store(locations.database_path(profile(root, key)))
    try:
        return store.round_nets(game, name)
    finally:
        store.close()


def stored_histories(root: Path, key: asyncssh.SSHKey) -> int:
    """Hold'em hand histories kept in the store of ``key``'s profile."""
    store = Store(locations.database_path(profile(root, key)))
    try:
        return sum(1 for kept in store.hand_histories() if kept.game is Game.HOLDEM)
    finally:
        store.close()


@pytest.mark.slow
@pytest.mark.parametrize(("blackjack", "holdem", "seats", "rounds"), [
    pytest.param(5, 5, 6, 20, id="60-sessions"),
    pytest.param(1, 1, 3, 3, id="6-sessions"),
])
async def test_a_full_room_plays_its_rounds_and_nothing_is_lost(
        tmp_path: Path, blackjack: int, holdem: int, seats: int, rounds: int) -> None:
    root = tmp_path / "room"
    names = [[f"T{t}P{s}" for s in range(seats)] for t in range(blackjack + holdem)]
    keys: dict[str, asyncssh.SSHKey] = {n: named_key(root, n) for row in names for n in row}
    server = CrowdServer(root, blackjack, seats, holdem=holdem, hands=rounds)
    started = time.monotonic()
    try:
        players: list[Player] = []
        holders: list[HoldemPlayer] = []
        for row, table_names in enumerate(names):
            # One at a time: each sitting down redraws every lobby, and a cursor
            # moved under a player's Enter sat them at the wrong table.
            if row < blackjack:
                table = Table(row)
                clients = [await sit_at_row(server.port, keys[n], n, row) for n in table_names]
                players += [Player(n, table, c) for n, c in zip(table_names, clients, strict=True)]
            else:
                clients = [await sit_at_row(server.port, keys[n], n, row, seated=HOLDEM_SEATED)
                           for n in table_names]
                holders += [HoldemPlayer(n, place, c) for place, (n, c)
                            in enumerate(zip(table_names, clients, strict=True))]
        await asyncio.gather(*(play(p, rounds, timeout=120 * rounds) for p in players),
                             *(play_holdem(p, rounds, timeout=120 * rounds) for p in holders))
        for each in (*players, *holders):
            await each.client.close()
        summary = server.stop()
    finally:
        server.kill()
    moves = {key: sum(p.moves.get(key, 0) for p in holders) for key in "crf"}
    print(f"\n{len(keys)} sessions, {rounds} rounds (hands) a table: "
          f"{time.monotonic() - started:.0f} s; hold'em moves {moves}")
    assert len(summary["tables"]) == blackjack and len(summary["holdem"]) == holdem
    for table, table_names in zip(summary["tables"], names, strict=False):
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
    for table, table_names in zip(summary["holdem"], names[blackjack:], strict=True):
        assert sorted(name for name, _ in table["seats"]) == sorted(table_names)
        assert table["hands"] == rounds and not table["in_hand"] and not table["voided"]
        assert table["bots"] == 0
        # Six people and no bots: the chips at the table are the chips they brought.
        assert sum(chips for _, chips in table["seats"]) == BUY_IN * seats, table["id"]
        for name, chips in table["seats"]:
            # One result per hand dealt, for every hand, each delivered once.
            hands = [(at, hand) for at, hand, _ in summary["results"][name]]
            assert sorted(hands) == [(table["id"], n) for n in range(1, rounds + 1)], name
            assert chips == BUY_IN + sum(summary["settled"][name]), f"{name}'s chips"
    for holder in holders:
        nets = [net for _, _, net in sorted(summary["results"][holder.name])]
        # The hands in their screen's history are the hands the room settled for them.
        assert holder.hands == len(nets) == rounds, holder.name
        # Stored in the order dealt, each hand's net as the room settled it.
        stored = stored_nets(root, keys[holder.name], holder.name, Game.HOLDEM)
        assert stored == nets, holder.name
        # Each hand was seen from its deal: its history (PHH) is kept with its result.
        assert stored_histories(root, keys[holder.name]) == rounds, holder.name
    if holdem:
        assert all(moves.values()), "the crowd checked or called, bet or raised, and folded"
