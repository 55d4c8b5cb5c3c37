"""The player's language: gettext catalogs, plurals and numbers per locale.

Every string a player reads goes through :func:`_` (or :func:`ngettext` when a
count decides its form); strings defined at import time are only marked with
:func:`N_` and translated where they are shown, because a served game is forked
from a template that imported every module before its player's language was
known (``cardtui/serve/template.py``).

The catalogs are the ``.po`` files beside this module
(``locale/<code>/LC_MESSAGES/cardtui.po``), read with Babel's PO reader and
compiled in memory the first time a language is chosen: the package ships the
text a translator edits and nothing built from it, so an installed cardtui
cannot hold a stale ``.mo`` (reading one catalog takes a few milliseconds).

One language per process: each player's game is its own process (the SSH and
browser doors start one per player), so a shared table shows each player
their own language; the room sends data, never sentences (``cardtui/wire``).

>>> set_language("ru")
>>> chip_count(1), chip_count(3), chip_count(11), chip_count(21), chip_count(1500)
('1 фишка', '3 фишки', '11 фишек', '21 фишка', '1\xa0500 фишек')
>>> set_language("ja"); chip_count(1500)
'1,500 チップ'
>>> set_language("en"); chip_count(1), chips(1234567)
('1 chip', '1,234,567')
"""

from __future__ import annotations

import gettext
import io
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

#: The languages with a catalog, by code, each named in its own language (Settings lists them).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ja": "日本語",
    "ru": "Русский",
    "zh_CN": "简体中文",
}
ENGLISH = "en"
#: The language a game is told to use by whoever started it (``cardtui serve`` puts
#: the SSH client's or the browser page's language here).
LANG_VARIABLE = "CARDTUI_LANG"
#: The locale variables in POSIX precedence (LC_ALL over LC_MESSAGES over LANG).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
CATALOGS = Path(__file__).parent / "locale"
DOMAIN = "cardtui"

_language = ENGLISH
_translations: gettext.NullTranslations = gettext.NullTranslations()


def language_code(tag: str) -> str | None:
    """The catalog for a locale name or a browser's language tag, or None.

    >>> [language_code(t) for t in ("ja_JP.UTF-8", "ru-RU", "zh-CN", "zh_Hans_CN", "zh", "en_GB")]
    ['ja', 'ru', 'zh_CN', 'zh_CN', 'zh_CN', 'en']
    >>> [language_code(t) for t in ("C.UTF-8", "POSIX", "", "zh_TW", "fr_FR", "klingon!")]
    [None, None, None, None, None, None]
    """
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not tag or tag in ("C", "POSIX"):
        return None
    parts = tag.split("_")
    language = parts[0].lower()
    rest = {part.upper() for part in parts[1:]}
    if language == "zh":
        # Simplified Chinese only: Taiwan and Hong Kong write the traditional script.
        traditional = rest & {"TW", "HK", "MO", "HANT"}
        return None if traditional else "zh_CN"
    return language if language in LANGUAGES else None


def from_environment(env: Mapping[str, str]) -> str | None:
    """The language the environment asks for: ``$CARDTUI_LANG``, then the locale.

    The first locale variable that is set decides, as POSIX has it: ``LC_ALL=C``
    means no language of ours (English), even with ``LANG=ja_JP.UTF-8``.

    >>> from_environment({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> print(from_environment({"LC_ALL": "C", "LANG": "ru_RU"}))
    None
    >>> from_environment({"CARDTUI_LANG": "zh_CN", "LANG": "ru_RU.UTF-8"})
    'zh_CN'
    """
    chosen = env.get(LANG_VARIABLE, "")
    if chosen:
        return language_code(chosen)
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return language_code(value)
    return None


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    # Babel loads only when a language other than English is chosen: a game in
    # English starts as fast as before (babel.messages alone takes ~25 ms).
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = CATALOGS / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    # Fuzzy entries are a translator's guesses: left out, as msgfmt leaves them.
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on; anything else is English."""
    global _language, _translations
    if code not in LANGUAGES or code == ENGLISH:
        _language, _translations = ENGLISH, gettext.NullTranslations()
        return
    _language, _translations = code, _catalog(code)


def current_language() -> str:
    return _language


def _(message: str) -> str:
    """``message`` in the player's language (itself when the catalog lacks it)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (Russian has three, Japanese one)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``: one English word, two meanings elsewhere (a
    poker hand is a "раздача" in Russian, a blackjack player's hand a "рука")."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (import time)."""
    return message


def number(value: int) -> str:
    """A whole number with the player's thousands separators (Babel's CLDR data)."""
    if _language == ENGLISH:
        return f"{value:,}"  # CLDR's English: the same, without loading Babel
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_babel_locale(_language))


def chips(value: int) -> str:
    """A count of chips as the player's language writes numbers (no word: the
    sentence around it says chips)."""
    return number(value)


def chip_count(value: int) -> str:
    """``1 chip``, ``3 chips``: the number and the word in its plural form."""
    return ngettext("{n} chip", "{n} chips", value).format(n=number(value))


@cache
def _babel_locale(code: str) -> Locale:
    from babel import Locale

    return Locale.parse(code)


def text_width(text: str) -> int:
    """Terminal columns ``text`` takes: two for a wide (CJK) character, none for a
    combining mark. The standard library's East Asian Width, so the engines and the
    name rule can measure without Rich (whose ``cell_len`` agrees on these).

    >>> text_width("Ann"), text_width("田中花子"), text_width("Иван"), text_width("ブラック")
    (3, 8, 4, 8)
    """
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def choose(*, chosen: str, environment: Mapping[str, str], ascii: bool) -> str:
    """The language a game speaks: ``chosen`` (``--lang`` or Settings), else the
    environment's, else English; with ``--ascii`` always English, since a terminal
    that cannot show card suits cannot show kana, Cyrillic or hanzi either.

    >>> choose(chosen="", environment={"LANG": "ru_RU.UTF-8"}, ascii=False)
    'ru'
    >>> choose(chosen="ja", environment={"LANG": "ru_RU.UTF-8"}, ascii=False)
    'ja'
    >>> choose(chosen="ja", environment={}, ascii=True)
    'en'
    """
    if ascii:
        return ENGLISH
    if chosen in LANGUAGES:
        return chosen
    return from_environment(environment) or ENGLISH
