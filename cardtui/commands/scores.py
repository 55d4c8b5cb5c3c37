"""``cardtui scores``: the scoreboard as Rich tables in the shell.

Read-only: it never creates the data directory or the database, never
migrates an older schema, never sets a damaged file aside (the game does
that, with a notice, the next time it starts). Trouble is one line, with its
own words for each kind (see :mod:`cardtui.store.problems`).
"""

from __future__ import annotations

import argparse
import os
import sys

from cardtui import locations
from cardtui.i18n import N_, _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options of its own: ``--data-dir`` picks the scoreboard."""


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from cardtui.drill_scores import rich_table as drill_table
    from cardtui.scoreboard import rich_tables
    from cardtui.store import Database, StoreError

    console = Console()
    root = locations.data_dir(args.data_dir)
    path = locations.database_path(root)
    if not os.path.isfile(path):
        console.print(_("No scores yet: nothing has been recorded in {folder}.").format(
            folder=root), highlight=False)
        return 0
    try:
        db = Database(path, read_only=True)
        try:
            tables = rich_tables(db)
            drills = drill_table(db)
        finally:
            db.close()
    except StoreError as error:
        from cardtui.commands.kept import ADVICE, store_error_line

        print(store_error_line("scores", error, ADVICE.get(error.problem.value),
                               N_("see these scores")), file=sys.stderr)
        return 1
    console.print(_("Scoreboard: {path}").format(path=path), style="dim", highlight=False)
    console.print(tables)
    if drills is not None:
        console.print()
        console.print(drills)
    trainer = _trainer_table(root)
    if trainer is not None:
        console.print()
        console.print(trainer)
    return 0


def _trainer_table(root: os.PathLike[str] | str) -> object | None:
    """The trainer's misses kept and best count-downs (its own file; none: nothing kept)."""
    from pathlib import Path

    from cardtui.drill_scores import rich_trainer_table
    from cardtui.store.trainer_store import TrainerBook, trainer_path

    book = TrainerBook(trainer_path(Path(root)), read_only=True)
    if not book.exists():
        return None
    try:
        return rich_trainer_table(book)
    finally:
        book.close()
