"""Over SSH, each player's game speaks the language their client's LANG names (issue 29).

Ann (LANG=en_GB.UTF-8), 花子 (ja_JP.UTF-8) and Иван (ru_RU.UTF-8) log in to one room:
each lobby is in its player's language; Иван's buy-in and his table are in Russian
while the others' lobbies say where he sits in English and in Japanese. (About 7 s:
three game processes over SSH; the only end-to-end language test, the issue asks for it.)
"""

from __future__ import annotations

from pathlib import Path

from cardtui.room.config import HoldemOptions
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import TerminalClient, serving
from tests.serve.test_serve_room import LAUNCH, named_key


async def test_three_players_read_one_room_in_three_languages(tmp_path: Path) -> None:
    root = tmp_path / "room"
    players = {"Ann": "en_GB.UTF-8", "花子": "ja_JP.UTF-8", "Иван": "ru_RU.UTF-8"}
    keys = {name: named_key(root, name) for name in players}
    tables = (HoldemOptions(name="Friday", seats=4, min_humans=4, action_clock=600),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        clients = {name: await TerminalClient.connect(server.port, key=keys[name], width=100,
                                                      env={"LANG": lang})
                   for name, lang in players.items()}
        ann, hanako, ivan = clients.values()
        await ann.wait_for("Tables in the room", "you are Ann")
        await hanako.wait_for("ルームのテーブル")
        await ivan.wait_for("Столы в зале")
        await ann.wait_for("Friday")
        await ivan.wait_for("Friday")
        await ivan.settle(0.3)
        ivan.press("enter")  # sit down: the buy-in dialog, in Russian
        await ivan.wait_for("Бай-ин от")
        await ivan.settle(0.3)
        ivan.press("enter")
        # Иван's table tells him in Russian; the others' lobbies say where he is, each
        # in its own words.
        await ivan.wait_for("садится на место")
        await ann.wait_for("Here (3)", "Иван (Friday)")
        await hanako.wait_for("ここにいる人 (3)", "Иван (Friday)")
        for client in clients.values():
            await client.close()
