"""The one rule for a player's name, for Settings, both games' seats and the room.

One limit, checked in one place, and a name that breaks it is refused with
a reason, never cut (issue 10: the settings allowed 12 characters and the
blackjack table silently cut to 8). Twelve fits a seat panel's title with
seven seats at 80 columns.
"""

from __future__ import annotations

NAME_MAX = 12


def name_problem(name: str) -> str | None:
    """Why ``name`` is not a valid player name, in one line (None: it is).

    >>> name_problem("Ann"), name_problem("")
    (None, 'Enter a name of 1 to 12 characters.')
    >>> name_problem("x" * 13)
    'A name has at most 12 characters (this one has 13).'
    >>> name_problem("tab\\there")
    'A name may contain only printable characters.'
    """
    if not name.strip():
        return f"Enter a name of 1 to {NAME_MAX} characters."
    if len(name) > NAME_MAX:
        return f"A name has at most {NAME_MAX} characters (this one has {len(name)})."
    if not name.isprintable():
        return "A name may contain only printable characters."
    return None
