"""Host cardtui over SSH: one game per player, each in its own process.

Every game is forked from the room's template (or started as
``python -m cardtui.serve.seat cardtui``) in a fresh pseudo-terminal, inside
its player's profile, so a crash or a hung game takes down one seat, never
the room. Where to look:

* ``server.py``: who may connect and log in, and the room of seats;
* ``door.py``: connections still logging in, capped; log lines counted;
* ``session.py``: one SSH channel bridged to one game's PTY;
* ``keystrokes.py``: what a player types, made safe and bounded;
* ``launch.py``: the one place a game is started (command, environment);
* ``template.py`` / ``prefork.py``: the template games are forked from, which
  has imported the game once (``--no-template``: a new process each time);
  ``rehearsal.py``: the template plays a game's start once, so forks start warm;
* ``seat.py``: the first code a game runs (dies with the server, crash.log);
* ``changed_cells.py``: a game's output cut to the cells that changed;
* ``priority.py``: games start below the games being played;
* ``child.py``: a process in a PTY; ``terminal.py``: the client's terminal;
* ``identity.py``: keys, profiles and guests; ``keys.py``: key files;
* ``limits.py``: every clock and ceiling.

asyncssh (the ``ssh`` extra) is imported only inside this package; the
``cardtui serve`` command imports it lazily so the game runs without it.
This module itself imports nothing heavy: the game's entry point
(:func:`cardtui.cli.run_app`) asks it whether the game is served, and tells
the app (which never imports this package). A served game draws with the
shortcuts of :mod:`cardtui.ui.textual_fixes.served`.
"""

import os

#: Where players connect unless told otherwise (22 belongs to the host's own sshd).
DEFAULT_PORT = 2222

#: Each seat is a whole Python process; past this many the host's machine, not
#: the game, becomes the bottleneck.
DEFAULT_MAX_SESSIONS = 32

#: Seconds without a key press before a seat is given back (0: never). A player
#: who walked away still holds a whole process and a place in the room.
DEFAULT_IDLE_TIMEOUT = 1800

#: Frames per second a game may send (``TEXTUAL_FPS``); Textual's own default
#: is 60, twice what a card animation needs and twice the bytes.
DEFAULT_FPS = 30

#: Bytes a player's profile may hold (scores, settings, screenshots, hand
#: histories); each file is capped on its own too (see ``launch.py``).
DEFAULT_MAX_PROFILE_SIZE = 512 * 1024 * 1024

#: Set in every served game's environment (see ``launch.py``).
SERVED_VARIABLE = "CARDTUI_SERVED"


def served() -> bool:
    """Whether this process is a game that ``cardtui serve`` started for a player."""
    return os.environ.get(SERVED_VARIABLE) == "1"
