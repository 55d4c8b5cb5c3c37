"""A shared hold'em table's difficulty: a table option, and its bots play at it."""

from __future__ import annotations

import pytest

from cardtui.arena.pro import Pro
from cardtui.room.config import ConfigError, HoldemOptions, parse_tables
from tests.room.support import until
from tests.tables.support import join
from tests.tables.test_holdem_remote import check_or_call


def test_difficulty_is_a_table_option() -> None:
    tables = parse_tables('[[holdem]]\ndifficulty = "hard"\n')
    assert isinstance(tables[0], HoldemOptions) and tables[0].difficulty == "hard"
    assert HoldemOptions().difficulty == "normal"
    with pytest.raises(ConfigError, match="difficulty must be one of easy, normal, hard, "
                                          "not 'expert'"):
        parse_tables('[[holdem]]\ndifficulty = "expert"\n')


async def test_the_bots_at_a_hard_table_are_the_pro(make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(seats=2, difficulty="hard", between_hands=0))
    table = room.tables["t1"]
    ann = await join(room, "Ann")
    ann.on_event = check_or_call
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    await until(lambda: "hard" in table.brains and bool(table.brains["hard"]._pros))
    assert all(isinstance(bot, Pro) for bot in table.brains["hard"]._pros.values())
    assert "normal" not in table.brains
