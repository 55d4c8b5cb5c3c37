from tests.room.conftest import make_room

__all__ = ["make_room"]
