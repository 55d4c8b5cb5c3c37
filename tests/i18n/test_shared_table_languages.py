"""One shared table, three languages: the room sends data, each game reads its own.

Ann plays in English, 花子 in Japanese, Иван in Russian. The room tells the table
that Bob sits down once, as a message id and its arguments; every game gets the
same data and renders it in its player's language. (Each player's game is its own
process; here the three links share one, so each rendering is done under its
player's language in turn.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.guest import shared_table
from cardtui.guest.link import RoomRefused
from cardtui.room.config import HoldemOptions
from cardtui.wire.words import shown
from tests.room.support import until
from tests.tables.support import join

LANGUAGES = {"Ann": "en", "花子": "ja", "Иван": "ru"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


async def test_each_player_at_one_table_reads_the_room_in_their_language(
        make_room, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[tuple[str, str, dict[str, str]]] = []

    def record(text: str, key: str, args: dict[str, str]) -> str:
        heard.append((text, key, dict(args)))
        return shown(text, key, args)

    # What each game's table session is given by the room, before it words it.
    monkeypatch.setattr(shared_table, "shown", record)
    room = make_room(HoldemOptions(seats=4, min_humans=4, action_clock=30))
    players = {name: await join(room, name) for name in LANGUAGES}
    for seat, player in enumerate(players.values()):
        player.listen(await player.link.sit("t1", 1000, seat=seat))
    bob = await join(room, "Bob")
    bob.listen(await bob.link.sit("t1", 1000, seat=3))
    sat = ("Bob sits down in seat 4.", "{name} sits down in seat {seat}.",
           {"name": "Bob", "seat": "4"})
    # One message for everyone at the table (Bob too): data, an id and its arguments.
    await until(lambda: heard.count(sat) >= len(LANGUAGES))
    text, key, args = sat
    read = {}
    for name, code in LANGUAGES.items():
        i18n.set_language(code)  # as the player's own game speaks
        read[name] = shown(text, key, args)
    assert read == {"Ann": "Bob sits down in seat 4.",
                    "花子": "Bob が 4 番の席に座りました。",
                    "Иван": "Bob садится на место 4."}


async def test_a_refusal_reaches_each_player_as_data(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, min_humans=2, action_clock=30))
    ann, hanako = await join(room, "Ann"), await join(room, "花子")
    await ann.link.sit("t1", 1000, seat=0)
    with pytest.raises(RoomRefused) as refused:
        i18n.set_language("ja")  # 花子's game
        await hanako.link.sit("t1", 1000, seat=0)
    assert str(refused.value) == "1 番の席はふさがっています"
