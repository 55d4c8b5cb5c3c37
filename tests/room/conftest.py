from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable

import pytest

from cardtui.clock import SYSTEM_CLOCK, Clock, FakeClock
from cardtui.room.config import TableOptions
from cardtui.room.room import Room


@pytest.fixture
async def make_room() -> AsyncIterator[Callable[..., Room]]:
    """``make_room(*tables, seed=1, clock=...)``: a room on this test's loop, stopped afterwards.

    ``clock``: the time the room reads (a :class:`FakeClock` runs it on virtual
    time: nothing is due until the test moves it).
    """
    rooms: list[Room] = []

    def factory(*tables: TableOptions, seed: int = 1, clock: Clock = SYSTEM_CLOCK) -> Room:
        room = Room(list(tables), rng=random.Random(seed), clock=clock)
        rooms.append(room)
        return room

    yield factory
    for room in rooms:
        await room.stop()


@pytest.fixture
def clock() -> FakeClock:
    """Virtual time for a test's room (``make_room(..., clock=clock)``)."""
    return FakeClock()
