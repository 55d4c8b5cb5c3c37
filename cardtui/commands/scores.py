"""``cardtui scores``: the scoreboard as Rich tables in the shell."""

from __future__ import annotations

import argparse

from rich.console import Console

from cardtui import locations
from cardtui.scoreboard import rich_tables
from cardtui.store import Store, StoreError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options of its own: ``--data-dir`` picks the scoreboard."""


def run(args: argparse.Namespace) -> int:
    console = Console()
    path = locations.database_path(locations.data_dir(args.data_dir))
    try:
        store = Store(path)
    except StoreError as error:
        console.print(f"cardtui: error: {error}", style="red", highlight=False)
        return 1
    tables = rich_tables(store)
    if store.notice:  # set when opening, or when reading found damage
        console.print(store.notice, style="yellow", highlight=False)
    console.print(f"Scoreboard: {path}", style="dim", highlight=False)
    console.print(tables)
    store.close()
    return 0
