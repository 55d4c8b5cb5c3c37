"""Argument types shared by every command line: one whole-number check, one message shape.

>>> port = whole_number("port", 0, 65535)
>>> port("8022")
8022
>>> port("x")
Traceback (most recent call last):
argparse.ArgumentTypeError: port must be a whole number, not 'x'
>>> whole_number("seed", 0)("-3")
Traceback (most recent call last):
argparse.ArgumentTypeError: seed must be 0 or more, not -3
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole_number(what: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=`` that takes a whole number from ``low`` to ``high`` (None: no top)."""

    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}") from None
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {value}")
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} must be {low} or more, not {value}")
        return value

    check.__name__ = what  # argparse names the type in its own messages
    return check
