"""The blackjack hint in the player's language (issue 29): the strategy engine words
its explanation in English and keeps the template and its arguments, and the table
says the same explanation in Japanese, Russian or Chinese; English reads as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtui import i18n
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import advise, insurance_advice
from cardtui.cards import Card, parse_cards
from cardtui.ui.blackjack.wording import hint, say


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_hint_reads_in_each_language_and_english_is_unchanged() -> None:
    advice = advise(parse_cards("Th 6s"), Card.parse("7d"), Rules(),
                    can_double=True, can_split=False, can_surrender=False)
    english = hint(advice).plain
    assert english == ("Hint: Hit (hard 16 against a 7): against a 7 the dealer usually "
                       "makes 17 or more, so 16 must improve.  c: chart")
    i18n.set_language("ja")
    assert hint(advice).plain == ("ヒント: ヒット (ハード16 対 7): ディーラーの7は17以上に"
                                  "なることが多いので、16は強くする必要がある。  c: 表")
    i18n.set_language("ru")
    assert say(advice.situation) == "жёсткие 16, у дилера 7"
    i18n.set_language("zh_CN")
    assert say(advice.situation) == "硬16对庄家7"
    # A pair, an ace and a fallback sentence are pieces translated in turn.
    pair = advise(parse_cards("Ah As"), Card.parse("Ad"), Rules(),
                  can_double=True, can_split=True, can_surrender=False)
    assert say(pair.situation) == "一对A对庄家A"
    soft = advise(parse_cards("Ah 7s"), Card.parse("5d"), Rules(),
                  can_double=False, can_split=False, can_surrender=False)
    assert say(soft.reason).endswith("加倍更好，但现在不允许。")
    i18n.set_language("ja")
    assert say(insurance_advice().situation) == "ディーラーのエースに対するインシュランス"
    assert "8" in say(advise(parse_cards("8h 8s"), Card.parse("6d"), Rules(), can_double=True,
                             can_split=True, can_surrender=False).reason)
    # Text that is not Said (a count play's reason) is shown as it is.
    assert say("Illustrious 18 #2") == "Illustrious 18 #2"
