"""The room's own answers travel as data: a Japanese player opening a private table
reads its invite code in Japanese, a Russian player's wrong code is refused in Russian,
and an English game reads the sentences as they always were."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.wire.protocol import CreateHoldem


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


async def test_a_private_tables_code_and_a_wrong_code_in_each_players_language(
        make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(seats=3, min_humans=1))
    hanako = RoomLink(await RoomClient.open(await room_pair(room, Member("key-花子", "花子"))))
    await hanako.start()
    i18n.set_language("ja")  # 花子's own game
    await hanako.create(CreateHoldem("金曜", seats=4, bots_fill=False, private=True))
    code = hanako.invite_code
    assert len(code) == 6
    assert hanako.opened == f"テーブル '金曜' を開きました(プライベート:招待コードは {code})"
    i18n.set_language("ru")  # Иван's game, from the same kind of answer
    with pytest.raises(RoomRefused) as refused:
        await hanako.join_private("ZZZZZZ")
    assert str(refused.value) == "ни у одного стола нет такого кода приглашения"
    i18n.set_language("en")
    await hanako.create(CreateHoldem("Friday", seats=4, bots_fill=False, private=True))
    assert hanako.opened == f"Table 'Friday' is open (private: its invite code is " \
                           f"{hanako.invite_code})"
    with pytest.raises(RoomRefused) as refused:
        await hanako.join_private("ZZZZZZ")
    assert str(refused.value) == "no table has that invite code"
    await hanako.close()
