"""argparse's own words (``usage:``, ``options``, ``invalid choice: ...``) from our catalogs.

argparse looks its words up with the module-level ``_`` and ``ngettext`` it imported
from :mod:`gettext` (domain ``argparse``, read from ``.mo`` files on disk). Our
catalogs are compiled in memory (``cardtui/i18n``), so :func:`install` points those
two names at cardtui's: every message argparse says is then looked up in the
player's language at the moment it is said, and one it does not find (a newer
Python's new wording) stays English, as argparse has it.

The messages are listed here, marked ``N_``, so that ``python -m cardtui.i18n.catalogs
update`` extracts them with ours (argparse's exact English is the message id: the
``%``-placeholders are argparse's and every translation keeps them).

>>> import argparse
>>> from cardtui.i18n import set_language
>>> install(); set_language("ru")
>>> argparse._("positional arguments"), argparse.ngettext("expected %s argument",
...     "expected %s arguments", 2) % 2
('позиционные аргументы', 'ожидалось 2 аргумента')
>>> set_language("en"); argparse._("options")
'options'
"""

from __future__ import annotations

import argparse

from cardtui import i18n
from cardtui.i18n import N_, ngettext

#: What argparse says to a player (Python 3.11 to 3.13); its programmer's errors
#: (conflicting option strings, ``dest=`` is required...) are left out.
MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def expected(count: int) -> str:
    """argparse's one counted message (``nargs=2``), here so the catalogs extract it."""
    return ngettext("expected %s argument", "expected %s arguments", count) % count


def install() -> None:
    """argparse says its words in the player's language from now on (idempotent)."""
    # argparse's module globals, looked up each time it speaks (not a private API of
    # ours to keep: gettext's documented hook, the names argparse imports from it).
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
