"""The kept hold'em hand histories, read for a shell command (``stats``, ``export``).

Read-only, like ``cardtui scores``: it never creates the data directory or the
database and never migrates an older schema. Trouble is one line on stderr
with what the player can do about it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cardtui.i18n import N_, _

if TYPE_CHECKING:
    from rich.console import Console

    from cardtui.store.problems import StoreError
    from cardtui.store.records import HandHistory

#: What a player can do about each kind of trouble (keys: ``Problem`` values);
#: ``{what}`` is what the command does with the hands.
ADVICE = {
    "busy": N_("try again in a moment"),
    "damaged": N_("cardtui sets it aside and starts a fresh one the next time you play"),
    "newer": N_("use that newer cardtui to {what}"),
}
#: The store's trouble in the player's words (keys: ``Problem`` values; the store's own
#: sentence, cardtui/store/problems.py, is English for its logs).
_TROUBLE = {
    "busy": N_("The scoreboard {path} is busy: another program is holding it{detail}"),
    "full": N_("The disk holding the scoreboard {path} is full"),
    "read-only": N_("The scoreboard {path} cannot be written{detail}"),
    "newer": N_("The scoreboard {path} was written by a newer cardtui{detail}; "
                "it is left exactly as it is"),
    "damaged": N_("The scoreboard {path} is damaged{detail}"),
}


def store_trouble(error: StoreError) -> str:
    """What is wrong with the store, in the player's language."""
    detail = f" ({error.detail})" if error.detail else ""
    template = _TROUBLE.get(error.problem.value,
                            N_("The scoreboard {path} cannot be used{detail}"))
    return _(template).format(path=error.path, detail=detail)


def store_error_line(command: str, error: StoreError, advice: str | None, what: str = "") -> str:
    """``cardtui <command>: error: <trouble>; <advice>.`` in the player's language;
    ``advice`` is an :data:`ADVICE` template (``{what}``: what the command does)."""
    told = _("; {advice}").format(advice=_(advice).format(what=_(what))) if advice else ""
    return _("cardtui {command}: error: {problem}").format(
        command=command, problem=store_trouble(error)) + told + _(".")


def kept_histories(command: str, what: str, path: Path, root: Path, console: Console, *,
                   tournaments: bool) -> list[HandHistory] | int:
    """The PHH histories kept in the database at ``path``, or the status to exit with.

    ``tournaments=False`` keeps cash hands only (tournament chips are not money).
    """
    from cardtui.store import Database, StoreError

    if not os.path.isfile(path):
        console.print(_("No hold'em hands kept yet: nothing has been recorded in {folder}.")
                      .format(folder=root), highlight=False, soft_wrap=True)
        return 0
    try:
        db = Database(path, read_only=True)
        try:
            return [h for h in db.hand_histories(tournaments=tournaments) if h.format == "phh"]
        finally:
            db.close()
    except StoreError as error:
        print(store_error_line(command, error, ADVICE.get(error.problem.value), what),
              file=sys.stderr)
        return 1
