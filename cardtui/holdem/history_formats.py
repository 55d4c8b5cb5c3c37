"""The hand-history formats cardtui writes: one name for each, shared by the shell and the app.

``cardtui export --format`` (:mod:`cardtui.commands.export`) and the history
screen's ``e`` (:mod:`cardtui.ui.holdem.export`) offer the same ones.
"""

from __future__ import annotations

from enum import StrEnum


class HistoryFormat(StrEnum):
    """The hand-history formats cardtui writes (the history screen's ``e`` offers the same)."""

    #: The open Poker Hand History format (TOML): pokerkit and ``cardtui replay`` read it.
    PHH = "phh"
    #: PokerStars-style text, the format tracker tools (PokerTracker, Hold'em Manager) import.
    POKERSTARS = "pokerstars"

    @property
    def suffix(self) -> str:
        """The file name's ending.

        >>> HistoryFormat.PHH.suffix, HistoryFormat.POKERSTARS.suffix
        ('.phh', '.txt')
        """
        return ".phh" if self is HistoryFormat.PHH else ".txt"

    @property
    def label(self) -> str:
        return "PHH" if self is HistoryFormat.PHH else "PokerStars"
