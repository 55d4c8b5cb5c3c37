"""The room's own answers travel as data: a Japanese player opening a private table
reads its invite code in Japanese, a Russian player's wrong code is refused in Russian,
and an English game reads the sentences as they always were; the room closing and the
void of the hand in play read in Japanese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.i18n import N_
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.tables.session import Seen, Voided
from cardtui.wire.protocol import CreateHoldem
from cardtui.wire.words import english, said, shown
from tests.room.support import until
from tests.tables.support import join


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


async def test_the_room_closing_and_its_void_read_in_japanese(
        make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=2, action_clock=30))
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    for seat, player in enumerate((ann, bob)):
        player.listen(await player.link.sit("t1", 500, seat=seat))
    await until(lambda: bool(ann.of(Seen)))
    told: list[str | None] = []
    ann.link.listen(told.append)
    i18n.set_language("ja")  # the games read what the room sends in Japanese
    await room.stop("メンテナンス")  # the operator's own words stay as they were given
    voided = await ann.wait_for(lambda e: isinstance(e, Voided))
    assert voided.reason == ("ルームを閉じます(メンテナンス):進行中のハンドは無効になり、"
                             "賭けはすべてスタックに戻りました。")
    assert told.count("ルームを閉じます(メンテナンス)。") == 1


def test_a_sit_and_go_finishers_place_is_worded_by_each_game() -> None:
    key, args = said(N_("{name} is out in {place} place."), name="Bob", place=2)
    text = english(key, args)
    assert text == "Bob is out in 2nd place."
    assert shown(text, key, args) == text
    for language, read in (("ja", "Bob が 2位 で敗退。"), ("ru", "Bob выбывает: 2-е место."),
                           ("zh_CN", "Bob 以第2名出局。")):
        i18n.set_language(language)
        assert shown(text, key, args) == read
