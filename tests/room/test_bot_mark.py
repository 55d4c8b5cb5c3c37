"""Only a bot key carries the "(bot)" mark: a player cannot pass for a bot at a shared table.

The bot door adds the mark after an allowed bot key's name
(:func:`cardtui.serve.bot_door.bot_member`); every way a player's name comes
into the room (the name at connect, a guest's, a rename) takes a trailing
"(bot)" off (:func:`cardtui.names.without_bot_mark`).
"""

from __future__ import annotations

import pytest

from cardtui.names import without_bot_mark
from cardtui.room.config import HoldemOptions
from cardtui.serve.bot_door import bot_member
from cardtui.wire.protocol import Rename, Renamed
from tests.room.support import FakeClient
from tests.room.test_holdem_room import member


@pytest.mark.parametrize(("name", "shown"), [
    ("Ann (bot)", "Ann"), ("Ann(bot)", "Ann"), ("Ann (BOT) ", "Ann"), ("Ann （bot）", "Ann"),
    ("Ann (bot) (bot)", "Ann"), ("(bot)", ""), ("Bot", "Bot"), ("Abbot", "Abbot"),
    ("Ann (bot) x", "Ann (bot) x"),
])
def test_a_trailing_bot_mark_is_taken_off_a_players_name(name: str, shown: str) -> None:
    assert without_bot_mark(name) == shown


async def test_a_player_named_like_a_bot_is_shown_without_the_mark(make_room) -> None:
    room = make_room(HoldemOptions(name="Friday", seats=3, bots_fill=False, min_humans=3))
    assert room.member("profile-Ann", "Ann (bot)").name == "Ann"
    assert room.member("profile-Bob", "(bot)").name == "SeatedPlayer"
    assert room.guest("Eve (Bot)").name == "Eve"
    # The bot door's member keeps it: the mark is the key's, not the name's.
    assert bot_member("SHA256:abc", "deepblue").name == "deepblue (bot)"
    ann = await FakeClient.join(room, member("Ann"))
    ann.send(Rename("Max (bot)"))
    assert (await ann.wait_for(lambda m: isinstance(m, Renamed))).name == "Max"
