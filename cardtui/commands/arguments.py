"""Argument types shared by every command line: one whole-number check, one message shape.

Every number a command takes has a top as well as a bottom (issue 24: ``sim
--hands`` took a 30-digit count and ran for ever); a refusal is one line that
quotes at most a few characters of what was typed.

>>> port = whole_number("port", 0, 65535)
>>> port("8022")
8022
>>> port("70000")
Traceback (most recent call last):
argparse.ArgumentTypeError: port must be 0 to 65,535, not 70,000
>>> whole_number("port", 0, 65535, grouped=False)("70000")
Traceback (most recent call last):
argparse.ArgumentTypeError: port must be 0 to 65535, not 70000
>>> port("x")
Traceback (most recent call last):
argparse.ArgumentTypeError: port must be a whole number, not 'x'
>>> whole_number("seed", 0)("-3")
Traceback (most recent call last):
argparse.ArgumentTypeError: seed must be 0 or more, not -3
>>> whole_number("--hands", 1, 10**8)("9" * 5000)
Traceback (most recent call last):
argparse.ArgumentTypeError: --hands must be 1 to 100,000,000, not 99999999999999999999…
>>> whole_number("seed", 0)("1" * 40)
Traceback (most recent call last):
argparse.ArgumentTypeError: seed must have at most 30 digits, not 11111111111111111111…
>>> player_name("")
Traceback (most recent call last):
argparse.ArgumentTypeError: Enter a name of 1 to 12 characters.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cardtui.i18n import _, number
from cardtui.names import name_problem

#: Digits past which a number is not parsed at all (Python's int() refuses
#: 4,301; no count cardtui takes has more than a dozen).
_MAX_DIGITS = 30


def whole_number(what: str, low: int, high: int | None = None, *,
                 grouped: bool = True) -> Callable[[str], int]:
    """An argparse ``type=`` that takes a whole number from ``low`` to ``high`` (None: no top).

    ``grouped=False`` writes numbers without thousands separators: a port or a
    year is a label, not a count ("65535", not "65,535"). ``what`` is a flag
    (``--hands``) or a word marked ``N_`` (``port``), said in the player's language.
    """
    def shown(value: int) -> str:
        return number(value) if grouped else str(value)

    def check(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+").replace("_", "")
        if digits.isascii() and digits.isdigit() and len(digits) > _MAX_DIGITS:
            if high is not None:
                raise argparse.ArgumentTypeError(_("{what} must be {low} to {high}, not {value}")
                                                 .format(what=_(what), low=shown(low),
                                                         high=shown(high), value=_shown(text)))
            raise argparse.ArgumentTypeError(
                _("{what} must have at most {digits} digits, not {value}").format(
                    what=_(what), digits=_MAX_DIGITS, value=_shown(text)))
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{what} must be a whole number, not {value}").format(
                    what=_(what), value=repr(_shown(text)))) from None
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{what} must be {low} to {high}, not {value}")
                                             .format(what=_(what), low=shown(low),
                                                     high=shown(high), value=shown(value)))
        if value < low:
            raise argparse.ArgumentTypeError(_("{what} must be {low} or more, not {value}")
                                             .format(what=_(what), low=low, value=value))
        return value

    check.__name__ = what  # argparse names the type in its own messages
    return check


def player_name(text: str) -> str:
    """An argparse ``type=`` for a player's name: the app's one rule for names."""
    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"
