"""A full room over real SSH: ten blackjack tables of six players, twenty rounds each, nothing lost.

Every player is a real SSH client whose keys follow what its screen shows
(:mod:`tests.serve.room_crowd`). Afterwards: every table dealt its rounds,
every player's chips are their buy-in plus the results the room settled
for them (nothing made or lost), and every settled round is in that
player's own store.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.config import BlackjackOptions
from cardtui.room.protocol import Message
from cardtui.room.protocol import Settled as RoomSettled
from cardtui.room.room import Room
from cardtui.room.shared import Player as Seat
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import serving
from tests.serve.room_crowd import Player, Table, play, sit_at_row
from tests.serve.room_ssh import LAUNCH, named_key, rounds_stored

BUY_IN = 5000  # the tables' largest buy-in, which the lobby offers first


def record_settled(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[RoomSettled]]:
    """Every settled result the room hands to a player, by their name."""
    settled: dict[str, list[RoomSettled]] = {}
    deliver = Room.deliver

    def recording(room: Room, player: Seat, message: Message) -> None:
        if isinstance(message, RoomSettled):
            settled.setdefault(player.name, []).append(message)
        deliver(room, player, message)

    monkeypatch.setattr(Room, "deliver", recording)
    return settled


@pytest.mark.slow
@pytest.mark.parametrize(("tables", "seats", "rounds"), [
    pytest.param(10, 6, 20, id="60-sessions"),
    pytest.param(2, 3, 2, id="6-sessions"),
])
async def test_a_full_room_plays_its_rounds_and_nothing_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tables: int, seats: int,
        rounds: int) -> None:
    root = tmp_path / "room"
    names = [[f"T{t}P{s}" for s in range(seats)] for t in range(tables)]
    keys: dict[str, asyncssh.SSHKey] = {n: named_key(root, n) for row in names for n in row}
    options = tuple(BlackjackOptions(name=f"Pit {t + 1}", seats=seats, action_clock=60,
                                     betting_clock=60, between_rounds=0.5)
                    for t in range(tables))
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=options,
                         max_sessions=tables * seats + 4)
    settled = record_settled(monkeypatch)
    async with serving(config) as server:
        room = server.room.shared.room
        players: list[Player] = []
        for row, table_names in enumerate(names):
            table = Table(row)
            clients = await asyncio.gather(*(sit_at_row(server.port, keys[n], n, row)
                                             for n in table_names))
            players += [Player(n, table, c) for n, c in zip(table_names, clients, strict=True)]
        shared = [room.tables[f"t{t + 1}"] for t in range(tables)]
        for table, table_names in zip(shared, names, strict=True):
            assert isinstance(table, BlackjackTable)
            assert sorted(p.name for p in table.seats if p is not None) == sorted(table_names)
        await asyncio.gather(*(play(p, rounds, timeout=60 * rounds) for p in players))
        for table in shared:
            assert table.round is None and table.round_number >= rounds and not table.voided
            for seat in table.seats:
                assert seat is not None
                nets = sum(s.result.net for s in settled[seat.name])
                assert seat.stack == BUY_IN + nets, f"{seat.name}'s chips do not add up"
        for player in players:
            assert len(settled[player.name]) == player.bets == rounds
        for player in players:
            await player.client.close()
    # Every round each player played is in their own store.
    for name, key in keys.items():
        assert rounds_stored(root, key) == len(settled[name]), name
