from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable

import pytest

from cardtui.room.config import TableOptions
from cardtui.room.room import Room


@pytest.fixture
async def make_room() -> AsyncIterator[Callable[..., Room]]:
    """``make_room(*tables, seed=1)``: a room on this test's loop, stopped afterwards."""
    rooms: list[Room] = []

    def factory(*tables: TableOptions, seed: int = 1) -> Room:
        room = Room(list(tables), rng=random.Random(seed))
        rooms.append(room)
        return room

    yield factory
    for room in rooms:
        await room.stop()
