"""Each language's Rules & keys page says what the English one does, key for key."""

from __future__ import annotations

import re

import pytest

from cardtui import i18n
from cardtui.ui.screens.rules import rules_markdown


def _keys(page: str) -> list[str]:
    return sorted(re.findall(r"`[^`]+`", page))


def _shape(page: str) -> tuple[int, int]:
    lines = page.splitlines()
    headings = sum(line.startswith("#") for line in lines)
    return headings, sum(line.startswith("|") for line in lines)


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
def test_a_translated_rules_page_names_every_key_and_keeps_the_shape(code: str) -> None:
    english, translated = rules_markdown("en"), rules_markdown(code)
    assert translated != english
    assert _keys(translated) == _keys(english)
    assert _shape(translated) == _shape(english)


def test_a_language_without_a_page_reads_the_english_one() -> None:
    assert rules_markdown("xx") == rules_markdown("en")
