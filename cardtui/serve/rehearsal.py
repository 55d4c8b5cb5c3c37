"""The template plays a game's start once, so that the games forked from it start warm.

A game forked from the template (``prefork.py``) has imported everything,
yet its first screen used to cost a tenth of a second or more of CPU, most
of it Textual parsing stylesheets: every one on start, again when the app
sets its theme, and again when the lobby's styles arrive, since a parse
cache belongs to one ``Stylesheet`` and ``Stylesheet.reparse`` starts from a
new one. A crowd of a hundred paid that a hundred times over.

So before the template serves any fork, :func:`rehearse` gives this process
one cache of parsed stylesheets shared by every ``Stylesheet``
(:func:`cardtui.ui.textual_fixes.served.share_parsed_stylesheets`, keyed by the
text, where it came from, and the theme's variables, so a game with another
theme parses its own), installs the served game's drawing shortcuts, runs
the app without a terminal as a served game starts (its lobby listing the
tables of a room of the rehearsal's own), then once more up to its menu and
the lobby, and parses every screen's stylesheet with the default theme. It
also keeps an empty scoreboard database (``store/blank.py``), which a new
profile's game writes whole instead of building it table by table. Every
forked game inherits the filled cache, and Rich's and Textual's other caches,
warm; the code the first screen runs has already been through Python's
specializing interpreter, which rewrites bytecode in place the first times
it runs (in a game, those writes would copy the template's pages).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import os
import pkgutil
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path, PurePath
from typing import Any

from textual.screen import Screen

from cardtui.cli import build_parser
from cardtui.guest.joining import RoomDoor
from cardtui.room.config import default_tables
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.store.database import keep_blank
from cardtui.ui.textual_fixes import served as served_fixes
from cardtui.ui.textual_fixes.served import share_parsed_stylesheets
from cardtui.wire import ROOM_FD_ENV

#: The terminal the rehearsal pretends to have (a player's usual size).
REHEARSAL_SIZE = (80, 24)

#: How the rehearsal runs the app: as in a player's terminal, with the tooltip
#: and the notifications' rack Textual leaves out of tests (every screen has
#: them, so every game would otherwise parse their stylesheets itself).
AS_IN_A_TERMINAL: dict[str, Any] = {"size": REHEARSAL_SIZE, "tooltips": True,
                                    "notifications": True}

#: How long the rehearsal's lobby may take to list its room's tables (steps of seconds).
ROOM_WAIT_STEP = 0.01
ROOM_WAIT_STEPS = 500

#: Where the screens with stylesheets of their own are (each table's screens in its package).
SCREENS_PACKAGES = ("cardtui.ui.screens", "cardtui.ui.blackjack", "cardtui.ui.holdem")

def rehearse() -> None:
    """Start the app once without a terminal, to the lobby; parse every screen's styles."""
    share_parsed_stylesheets()
    # Every game forked from here draws with the served shortcuts (its entry point
    # installs them too): the rehearsal runs the code they run.
    served_fixes.apply()
    # A new player's scoreboard file is then written whole, not migrated from nothing.
    keep_blank()
    try:
        with tempfile.TemporaryDirectory(prefix="cardtui-rehearsal-") as folder:
            # argparse compiles its patterns on a parser's first use (re's cache).
            build_parser().parse_args(["--data-dir", folder, "--no-mouse"])
            asyncio.run(_first_screen(Path(folder)))
    finally:
        # tempfile keeps the first temporary directory it finds: a game must
        # find its own (TMPDIR in the player's profile), not the template's.
        tempfile.tempdir = None


async def _first_screen(folder: Path) -> None:
    from cardtui.ui.app import CardtuiApp

    # First as a served game starts: the lobby over a menu not yet built, the
    # lobby's stylesheet read with the app's. A rule's parse is cached with its
    # tie-breaker, which depends on which widget class brought its stylesheet
    # first, so a game whose widgets come in another order than the
    # rehearsal's parses those again.
    room = Room(default_tables(), rng=random.Random(0))
    # The game's end of a line to a room of the rehearsal's own: the lobby
    # lists the tables as a player's does (the greeting read, rows drawn).
    line = (await room_pair(room, Member("rehearsal", "Rehearsal"))).detach()
    door = RoomDoor({ROOM_FD_ENV: str(line)})
    try:
        app = CardtuiApp(data_dir=folder, served=True, room=door)
        async with app.run_test(**AS_IN_A_TERMINAL) as pilot:
            for _ in range(ROOM_WAIT_STEPS):
                await pilot.pause(ROOM_WAIT_STEP)
                if _lobby_listed(app.screen):
                    break
            app.exit()
    finally:
        if door.joined is not None:
            await door.joined.close()  # and with it the line
        else:
            os.close(line)
        await room.stop()
    # Then the menu, as a player who leaves the lobby sees it.
    app = CardtuiApp(data_dir=folder, served=True)  # (in no room)
    async with app.run_test(**AS_IN_A_TERMINAL) as pilot:
        await pilot.pause()
        # A served game lands in the lobby: its screen and widgets, without a room.
        await app.push_screen(app.make_screen("tables"))
        await pilot.pause()
        sheet = app.stylesheet.copy()
        for path in _screen_stylesheets():
            sheet.read(path)
        sheet.parse()
        app.exit()


def _lobby_listed(screen: Screen[object]) -> bool:
    from textual.widgets import DataTable

    from cardtui.ui.screens.lobby import LobbyScreen

    return isinstance(screen, LobbyScreen) and bool(
        screen.query_one("#tables", DataTable).row_count)


def _screen_stylesheets() -> Iterator[Path]:
    """The stylesheet files of every screen in ``SCREENS_PACKAGES``, as Textual names them."""
    infos = (info for name in SCREENS_PACKAGES
             for info in pkgutil.iter_modules(importlib.import_module(name).__path__, name + "."))
    for info in infos:
        module = importlib.import_module(info.name)
        for screen in vars(module).values():
            if (inspect.isclass(screen) and issubclass(screen, Screen)
                    and screen.__module__ == module.__name__ and screen.CSS_PATH):  # fmt: skip
                paths = screen.CSS_PATH
                for path in [paths] if isinstance(paths, str | PurePath) else paths:
                    yield (Path(inspect.getfile(screen)).parent / path).resolve()
