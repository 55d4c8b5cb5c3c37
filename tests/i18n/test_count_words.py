"""The count's words in the player's language (issue 29): an index play's hint, the
drills' answers and their input errors are kept as templates with their pieces by
the engine and said by the UI; English reads as before."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.blackjack.count import ILLUSTRIOUS_18, advice, insurance
from cardtui.blackjack.count_drills import TrayShow, TrueCountQuestion, index_question
from cardtui.blackjack.drill import DrillKind, parse_count, question_for
from cardtui.blackjack.rules import Rules
from cardtui.cards import Card, parse_cards
from cardtui.i18n.said import say, sentence


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_an_index_play_and_the_drills_answers_read_in_each_language() -> None:
    tip = advice(parse_cards("Th 6s"), Card.parse("Kd"), Rules(), true_count=0.7)
    assert say(tip.reason) == tip.reason == (
        "Illustrious 18 #2, 16 v T: stand at 0 or more (true count now +0.7); "
        "basic strategy would hit.")
    drill = question_for(DrillKind.SOFT, (1, 7), 8, Rules(), random.Random(1))
    tray = TrueCountQuestion(decks=6, running=5, seen=182, show=TrayShow.DECKS_LEFT)
    assert tray.explanation() == "+5 over 2.5 decks left is +2.00: a true count of +2."
    question = index_question(ILLUSTRIOUS_18[1], -1, Rules(), random.Random(1))
    i18n.set_language("ja")
    assert say(tip.reason) == ("Illustrious 18 #2、16 v T: トゥルーカウント 0 以上で"
                               "スタンド（現在のトゥルーカウント +0.7）。"
                               "ベーシックストラテジーならヒット。")
    assert say(drill.advice.text).startswith("スタンド: ")
    i18n.set_language("ru")
    assert say(insurance(Rules(), 3.5).reason).startswith(
        "Illustrious 18 №1, страховка: «страховать» при +3 и выше (истинный счёт сейчас +3.5)")
    assert say(question.explanation) == (
        "Illustrious 18 №2, 16 v T: «хватит» при 0 и выше; при -1: «ещё».")
    i18n.set_language("zh_CN")
    assert say(tray.explanation()) == "+5 ÷ 剩余 2.5 副牌 = +2.00：真数为 +2。"
    with pytest.raises(ValueError) as refused:
        parse_count("lots")
    assert sentence(say(refused.value.args[0])) == (
        "请输入整数形式的计数，例如 -3 或 4，而不是 'lots'。")
