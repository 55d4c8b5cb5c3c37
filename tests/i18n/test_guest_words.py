"""What a player's own game says at a shared table, in the player's language: the
home game's questions ("All in: run it twice?"), the host's commands and their
help, a blackjack seat's refusals. These are the game's own words (nothing crosses
the wire), so the game translates them where it says them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.guest.home_game_commands import home_game_command, question
from cardtui.guest.host_commands import host_command
from cardtui.wire.protocol import HomeGameAsk

RUNS = HomeGameAsk("t1", 7, "runs", 0.0)
SHOW = HomeGameAsk("t1", 7, "show", 0.0)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("code", "runs", "show"), [
    ("en", "All in: run it twice? 2: twice, 1: once (8 s; no answer: once).",
     "You won uncontested: w shows your hand (8 s; no answer: muck)."),
    ("ru", "Олл-ин: раздать дважды? 2 — дважды, 1 — один раз (8 с; без ответа — один раз).",
     "Вы выиграли без вскрытия: w показывает ваши карты (8 с; без ответа — сброс)."),
    ("ja", "オールイン: 2 回配りますか? 2: 2 回、1: 1 回 (8 秒、答えがなければ 1 回)。",
     "誰もコールせずに勝ちました: w でハンドを見せます (8 秒、答えがなければマック)。"),
], ids=["en", "ru", "ja"])
def test_the_home_games_questions_in_the_players_language(code: str, runs: str,
                                                           show: str) -> None:
    i18n.set_language(code)
    assert question(RUNS, 8) == runs
    assert question(SHOW, 8) == show


def test_the_host_commands_and_a_refused_answer_in_russian_and_japanese() -> None:
    i18n.set_language("ru")
    assert str(host_command("/help", "t1")).startswith("Команды хозяина: /pause, /resume")
    assert host_command("/pause", None) == "/pause работает за столом: в лобби нажмите h."
    assert home_game_command("/show", "t1", RUNS) == "Показать карты вас никто не просил."
    i18n.set_language("ja")
    assert str(host_command("/nonsense", "t1")).startswith("ホストのコマンド: /pause、/resume")
    assert host_command("/kick", None) == "誰かを指定してください: /kick 名前。"
    assert home_game_command("/twice", "t1", SHOW) == "2 回配るかどうかは聞かれていません。"
