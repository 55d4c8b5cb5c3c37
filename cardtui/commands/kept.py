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

if TYPE_CHECKING:
    from rich.console import Console

    from cardtui.store.records import HandHistory

#: What a player can do about each kind of trouble (keys: ``Problem`` values);
#: ``{what}`` is what the command does with the hands.
_ADVICE = {
    "busy": "try again in a moment",
    "damaged": "cardtui sets it aside and starts a fresh one the next time you play",
    "newer": "use that newer cardtui to {what}",
}


def kept_histories(command: str, what: str, path: Path, root: Path, console: Console, *,
                   tournaments: bool) -> list[HandHistory] | int:
    """The PHH histories kept in the database at ``path``, or the status to exit with.

    ``tournaments=False`` keeps cash hands only (tournament chips are not money).
    """
    from cardtui.store import Database, StoreError

    if not os.path.isfile(path):
        console.print(f"No hold'em hands kept yet: nothing has been recorded in {root}.",
                      highlight=False, soft_wrap=True)
        return 0
    try:
        db = Database(path, read_only=True)
        try:
            return [h for h in db.hand_histories(tournaments=tournaments) if h.format == "phh"]
        finally:
            db.close()
    except StoreError as error:
        advice = _ADVICE.get(error.problem.value)
        told = f"; {advice.format(what=what)}" if advice else ""
        print(f"cardtui {command}: error: {error}{told}.", file=sys.stderr)
        return 1
