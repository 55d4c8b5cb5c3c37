"""The one rule for a player's name, for Settings, both games' seats and the room.

One limit, checked in one place, and a name that breaks it is refused with
a reason, never cut (issue 10: the settings allowed 12 characters and the
blackjack table silently cut to 8). Twelve fits a seat panel's title with
seven seats at 80 columns. The limit counts terminal columns, not characters:
a kanji, kana or hanzi takes two (``田中花子`` is 8 of the 12), so a name in
any language fits the same seat.
"""

from __future__ import annotations

import re

from cardtui.i18n import _
from cardtui.i18n import text_width as cell_len

NAME_MAX = 12

#: The room's mark after an outside bot's name (cardtui.serve.bot_door.BOT_MARK),
#: in any case, spacing or full-width brackets.
_BOT_MARK = re.compile(r"\s*[(\uff08]\s*bot\s*[)\uff09]\s*$", re.IGNORECASE)


def without_bot_mark(name: str) -> str:
    """``name`` without a "(bot)" at its end: only a bot key the host allowed gets
    that mark (the bot door adds it), so a player cannot pass for a bot.

    >>> without_bot_mark("Ann (bot)"), without_bot_mark("Ann(BOT) (bot)"), without_bot_mark("Bot")
    ('Ann', 'Ann', 'Bot')
    """
    while True:
        # Only the end is searched: a long hostile name costs no more than a short one.
        tail = name[-24:]
        found = _BOT_MARK.search(tail)
        if found is None:
            return name
        name = name[:len(name) - len(tail) + found.start()]


def name_problem(name: str) -> str | None:
    """Why ``name`` is not a valid player name, in one line (None: it is).

    >>> name_problem("Ann"), name_problem("")
    (None, 'Enter a name of 1 to 12 characters.')
    >>> name_problem("x" * 13)
    'A name has at most 12 characters (this one has 13).'
    >>> name_problem("田中花子"), name_problem("ナチュラルブラック")
    (None, 'A name has at most 12 columns (this one has 18).')
    >>> name_problem("tab\\there")
    'A name may contain only printable characters.'
    """
    if not name.strip():
        return _("Enter a name of 1 to {most} characters.").format(most=NAME_MAX)
    if cell_len(name) > NAME_MAX:
        if cell_len(name) == len(name):
            return _("A name has at most {most} characters (this one has {count}).").format(
                most=NAME_MAX, count=len(name))
        return _("A name has at most {most} columns (this one has {count}).").format(
            most=NAME_MAX, count=cell_len(name))
    if not name.isprintable():
        return _("A name may contain only printable characters.")
    return None
