"""Why a hand history cannot be replayed, in the player's language (issue 29): the PHH
reader keeps each reason as a template with its pieces (the file's words cleaned,
where in the file and the street translated in turn); English reads as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtui import i18n
from cardtui.holdem.phh_read import Unreadable, read_phh, read_phhs
from cardtui.i18n.said import say

FIXTURES = Path(__file__).parents[1] / "holdem" / "phh"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_readers_reasons_read_in_each_language() -> None:
    good = (FIXTURES / "pluribus_style.phh").read_text()
    omaha = good.replace('variant = "NT"', 'variant = "PO"')
    wrong_turn = good.replace('"p4 f", "p5 f"', '"p5 f", "p4 f"')
    hands = read_phhs("\n".join(f"[{i}]\n{text}" for i, text in
                                enumerate([omaha, wrong_turn], start=1)))
    reasons = [hand.reason for hand in hands if isinstance(hand, Unreadable)]
    assert reasons[:2] == ["variant 'PO' is not no-limit Texas hold'em (NT)",
                           "action 8 'p5 f': it is p4's turn"]
    i18n.set_language("ja")
    assert say(reasons[1]) == "アクション 8 'p5 f': p4 の番です"
    i18n.set_language("ru")
    assert say(reasons[0]) == "вариант 'PO' — не безлимитный техасский холдем (NT)"
    i18n.set_language("zh_CN")
    assert say(reasons[1]) == "第 8 个动作 'p5 f'：现在轮到 p4"


def test_the_readers_notes_read_in_each_language() -> None:
    notes = read_phh((FIXTURES / "online_unknown.phh").read_text()).notes
    assert notes[0] == "Amounts are in hundredths (× 100): the file's big blind 1 is 100 chips."
    i18n.set_language("zh_CN")
    assert say(notes[0]) == "金额以百分之一为单位（× 100）：文件中的大盲注 1 即 100 枚筹码。"
    i18n.set_language("ru")
    assert say(notes[1]).startswith("u2 показывает карты рубашкой вверх (????)")
