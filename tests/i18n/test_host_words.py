"""The host's answers and the sit-and-gos' answers travel as data too: a Japanese host
reads the room's answer to a pause in Japanese, and a refusal of a host's request
(nobody by that name) in Japanese, from the same message the English game reads; a
Russian player opening a sit-and-go reads the room's answer in Russian."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.guest import sit_and_go
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.wire.protocol import CreateSitAndGo, HostKick, HostPause


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


async def test_a_japanese_host_reads_the_rooms_answers_in_japanese(make_room) -> None:
    room = make_room(HoldemOptions(name="金曜", seats=3, min_humans=1))
    client = await RoomClient.open(await room_pair(room, Member("key-花子", "花子", host=True)))
    host = RoomLink(client)
    await host.start()
    i18n.set_language("ja")  # 花子's own game
    assert await host.host(HostPause("t1")) == "金曜 は一時停止中です。"
    with pytest.raises(RoomRefused) as refused:
        await host.host(HostKick("Nobody"))
    assert str(refused.value) == "Nobody という人はここにいません"
    i18n.set_language("en")  # an English host's game, from the same kind of message
    with pytest.raises(RoomRefused) as refused:
        await host.host(HostKick("Nobody"))
    assert str(refused.value) == "nobody here is called Nobody"
    await host.close()


async def test_a_sit_and_gos_answer_reaches_a_russian_player_as_data(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1))
    client = await RoomClient.open(await room_pair(room, Member("key-Иван", "Иван")))
    ivan = RoomLink(client)
    await ivan.start()
    i18n.set_language("ru")  # Иван's own game
    said = await sit_and_go.create(ivan, CreateSitAndGo("Пятница", seats=6, buy_in=100,
                                                        starting_stack=1500, level_seconds=300))
    assert said == "Sit & Go 'Пятница' открыт: мест — 6, бай-ин 100 за 1\xa0500 фишек."
    await ivan.close()
