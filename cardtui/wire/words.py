"""What the room says, sent as data: a message id and its arguments, never a sentence.

The room marks what it says with :func:`cardtui.i18n.N_` (the English template,
which is the catalogs' message id) and sends the template and its arguments
beside the English text (:class:`cardtui.wire.protocol.Notice`'s ``key`` and
``args``); each player's game renders it in its own language with
:func:`shown`. So at one table Ann reads "Bob sits down in seat 2.", 花子 reads
"Bob が 2 番の席に座りました。" and Иван "Bob садится на место 2." from one message.
The English ``text`` stays for logs, tests and a game too old to know ``key``.

>>> key, args = said("{name} sits down in seat {seat}.", name="Bob", seat=2)
>>> args
{'name': 'Bob', 'seat': '2'}
>>> shown("Bob sits down in seat 2.", key, args)
'Bob sits down in seat 2.'
>>> shown("whatever", "{name} wins", {"nobody": "x"})  # a broken template: the text
'whatever'
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtui.holdem.tournament import place_text
from cardtui.i18n import _, number


def said(template: str, **args: object) -> tuple[str, dict[str, str]]:
    """The message id and its arguments as they travel (every argument a string)."""
    return template, {name: str(value) for name, value in args.items()}


#: An argument of this name is a finishing place, sent as its number: each game words
#: the ordinal in its own language ("2nd", "2位", "2-е место", "第2名").
PLACE = "place"


def english(template: str, args: Mapping[str, str]) -> str:
    """The English sentence: what ``text`` carries (numbers as English writes them).

    >>> english("you have {amount} chips", {"amount": "12500"})
    'you have 12,500 chips'
    >>> english("{name} is out in {place} place.", {"name": "Bob", "place": "2"})
    'Bob is out in 2nd place.'
    """
    return template.format(**{name: _english_place(value) if _is_place(name, value) else
                              f"{int(value):,}" if _amount(value) else value
                              for name, value in args.items()})


def _is_place(name: str, value: str) -> bool:
    return name == PLACE and value.isdigit()


def _english_place(value: str) -> str:
    """The ordinal as English writes it, whatever this process's language (the room's
    English ``text``); :func:`cardtui.holdem.tournament.place_text` words it for a player."""
    place = int(value)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _amount(value: str) -> bool:
    """A number big enough for a thousands separator (a seat or a count is not)."""
    return value.isdigit() and len(value) > 3


def shown(text: str, key: str, args: Mapping[str, str]) -> str:
    """What the player reads: ``key`` in their language with ``args`` (a whole number
    of four digits or more with their thousands separators), else the room's ``text``."""
    if not key:
        return text
    local = {name: place_text(int(value)) if _is_place(name, value) else
             number(int(value)) if _amount(value) else value
             for name, value in args.items()}
    try:
        return _(key).format(**local)
    except (KeyError, IndexError, ValueError):
        return text  # a catalog or a room of another version: the English is still right
