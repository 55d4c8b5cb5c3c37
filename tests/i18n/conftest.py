"""The shared-table language test runs a room as the room tests do."""

from tests.room.conftest import make_room  # noqa: F401  (a fixture, used by name)
