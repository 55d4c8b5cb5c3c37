"""Keeping the catalogs: extract the English strings, update and check each language.

``python -m cardtui.i18n.catalogs update`` extracts every marked string
(``_``, ``N_``, ``ngettext``) from the package with Babel and merges it into each
language's ``.po`` file (a new string arrives untranslated, a changed one fuzzy);
``python -m cardtui.i18n.catalogs check`` lists what a catalog still misses.
``python -m cardtui.i18n.catalogs add de`` starts a new language's catalog.
Tests run :func:`problems` on every catalog.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from cardtui.i18n import CATALOGS, DOMAIN, ENGLISH, LANGUAGES

PACKAGE = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: ``{name}`` and ``{name:,}`` fields of ``str.format`` (``{{`` is a literal brace).
_FIELD = re.compile(r"(?<!\{)\{([^\W\d]\w*)[^{}]*\}")


def extract() -> Catalog:
    """Every marked string in the package, as Babel's extractor finds it."""
    catalog = Catalog(project="cardtui", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
    ):
        catalog.add(message, None, [(f"cardtui/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def po_path(code: str) -> Path:
    return CATALOGS / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code: str) -> Catalog:
    with po_path(code).open("rb") as po:
        return read_po(po, locale=code, domain=DOMAIN)


def write(catalog: Catalog, code: str) -> None:
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, omit_header=False, sort_output=False)


def update(code: str, template: Catalog | None = None) -> None:
    """Merge the package's strings into ``code``'s catalog (a new one if it has none)."""
    template = template or extract()
    if po_path(code).exists():
        catalog = read(code)
    else:
        catalog = Catalog(locale=code, domain=DOMAIN, project="cardtui", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    write(catalog, code)


def fields(text: str) -> set[str]:
    """The ``str.format`` fields a message fills.

    >>> sorted(fields("{name} wins {amount:,} ({{sic}})"))
    ['amount', 'name']
    """
    return set(_FIELD.findall(text))


def _forms(message: Message) -> tuple[list[str], list[str]]:
    ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    strings = message.string
    texts = list(strings) if isinstance(strings, (list, tuple)) else [strings or ""]
    return ids, texts


def problems(code: str, template: Catalog | None = None) -> Iterator[str]:
    """What is wrong with ``code``'s catalog against the package's strings."""
    return problems_in(read(code), template or extract())


def problems_in(catalog: Catalog, template: Catalog) -> Iterator[str]:
    """What ``catalog`` misses of ``template``'s messages, or gets wrong: untranslated or
    fuzzy entries, ``{fields}`` that differ from the English, missing plural forms."""
    code = str(catalog.locale)
    for wanted in template:
        if not wanted.id:
            continue
        found = catalog.get(wanted.id, wanted.context)
        where = f"{code}: {wanted.id if isinstance(wanted.id, str) else wanted.id[0]!r}"
        if found is None:
            yield f"{where} is missing"
            continue
        if found.fuzzy:
            yield f"{where} is fuzzy (its English changed)"
        ids, texts = _forms(found)
        if not all(texts):
            yield f"{where} is not translated"
            continue
        source = set().union(*(fields(text) for text in ids))
        if len(ids) == 1:
            for text in texts:
                if fields(text) != source:
                    yield f"{where} has fields {sorted(fields(text))}, not {sorted(source)}"
        else:
            if len(texts) != catalog.num_plurals:
                yield f"{where} has {len(texts)} plural forms, not {catalog.num_plurals}"
            for text in texts:
                if not fields(text) <= source:
                    yield f"{where} has fields {sorted(fields(text))} beyond {sorted(source)}"
            # The last form is the general one ("other"): it says every number in full.
            if fields(texts[-1]) != source:
                yield f"{where}'s last form misses {sorted(source - fields(texts[-1]))}"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "check"
    if command == "add" and len(args) == 2:
        update(args[1])
        print(f"started {po_path(args[1])}: add {args[1]!r} to LANGUAGES in cardtui/i18n")
        return 0
    languages = [code for code in LANGUAGES if code != ENGLISH]
    template = extract()
    if command == "update":
        for code in languages:
            update(code, template)
        return 0
    if command == "check":
        found = [problem for code in languages for problem in problems(code, template)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print("usage: python -m cardtui.i18n.catalogs [check | update | add CODE]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
