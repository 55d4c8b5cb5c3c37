"""What is said outside the game's screens, in the player's language (issue 29, part A):
a shell command's output, argparse's own words, a refusal of the room's options, the
browser door's pages and Textual's palette commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from aiohttp.test_utils import make_mocked_request
from textual.screen import Screen

from cardtui import i18n
from cardtui.cli import main
from cardtui.guest.client import RoomClient
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.room.config import ConfigError, HoldemOptions, load_tables
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.serve.web import WebConfig, WebDoor
from cardtui.serve.web_page import FORBIDDEN, forbidden
from cardtui.ui.app import CardtuiApp
from cardtui.wire.protocol import CreateHoldem


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_scores_speaks_japanese(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ja", "--data-dir", str(data_dir), "scores"]) == 0
    assert capsys.readouterr().out.startswith("成績はまだありません: ")


def test_an_argparse_error_in_russian_is_one_line_and_status_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ru", "sim", "blackjack", "--decks", "x"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("cardtui sim: ошибка: аргумент --decks: --decks — целое число, "
                          "а не 'x'")
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "equity", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("использование: cardtui equity")
    assert "позиционные аргументы:" in out and "показать эту справку и выйти" in out


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
def test_every_commands_help_prints_in_every_language(
        code: str, capsys: pytest.CaptureFixture[str]) -> None:
    # argparse %-formats help: a "%" in a translation would break --help.
    for command in ("scores", "stats", "export", "sim", "equity", "serve", "replay", "arena",
                    "holdem", "drill", "blackjack"):
        with pytest.raises(SystemExit) as stop:
            main(["--lang", code, command, "--help"])
        assert stop.value.code == 0, command
    assert "--lang" in capsys.readouterr().out


def test_the_engines_refusal_reaches_the_shell_in_russian(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The equity engine's words keep their template (a Said): the command words them.
    assert main(["--lang", "ru", "equity", "AhKh", "QsQd", "--board", "Jc3d"]) == 2
    assert capsys.readouterr().err == ("cardtui equity: ошибка: борд — это 0, 3, 4 или 5 карт, "
                                       "а не 2\n")


def test_the_tables_file_problem_is_worded_for_the_host(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text("[[holdem]]\nseats = 12\n")
    with pytest.raises(ConfigError) as raised:
        load_tables(path)
    assert str(raised.value) == f"{path}: holdem table 1: seats must be 2 to 10, not 12"
    i18n.set_language("zh_CN")
    assert raised.value.worded() == f"{path}: holdem 第 1 张牌桌: seats 必须是 2 到 10, 而不是 12"


async def test_a_refused_table_reaches_a_japanese_guest_in_japanese(
        make_room: Callable[..., Any]) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1))
    hanako = RoomLink(await RoomClient.open(await room_pair(room, Member("key-花子", "花子"))))
    await hanako.start()
    i18n.set_language("ja")  # 花子's own game words the room's refusal
    with pytest.raises(RoomRefused) as refused:
        await hanako.create(CreateHoldem("金曜", seats=4, big_blind=10, starting_stack=50))
    assert str(refused.value) == "starting_stack は 100〜1,000,000,000,000 です (50 ではなく)"
    await hanako.close()


async def test_the_browser_door_speaks_the_browsers_language() -> None:
    door = cast(WebDoor, SimpleNamespace(_config=WebConfig(token="tok")))
    asked = make_mocked_request("GET", "/tok/", headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    page = (await WebDoor._door(door, asked)).text or ""
    assert '<html lang="zh-CN">' in page and "入座" in page and "你在牌桌上的名字" in page
    named = make_mocked_request("GET", "/tok/?name=Ann", headers={"Accept-Language": "ja"})
    table = (await WebDoor._door(door, named)).text or ""
    assert "ゲームは終了しました。" in table and "もう一度遊ぶ" in table
    assert forbidden("ru, en;q=0.5").startswith("403 Forbidden: для этой ссылки нужно")
    assert forbidden("") == FORBIDDEN
    assert i18n.current_language() == "en"  # the server's own language, after each page


def test_textuals_palette_commands_in_japanese(make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app(lang="ja")
    # What Textual asks of the screen the palette opens on: no help panel, nothing maximized.
    screen = cast("Screen[object]", SimpleNamespace(query=lambda selector: [], maximized=None,
                                                    focused=None))
    titles = {command.title: command.help for command in app.get_system_commands(screen)}
    assert titles["キー"] == "フォーカス中のウィジェットのヘルプと使えるキーの一覧を表示する"
    assert "スクリーンショット" in titles and "Screenshot" not in titles
