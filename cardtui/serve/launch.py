"""How a player's game is started: the one place a game process is made.

Every game runs as ``python -m cardtui.serve.seat cardtui --data-dir . ...``
in its own pseudo-terminal, inside the player's profile:

* its working directory is the profile and its data directory is ``.``, so
  every path the game can show a player (an export, an error) is relative
  and names nothing on the host;
* ``HOME``, the XDG directories and ``TMPDIR`` point into the profile, so
  whatever a library writes "in the user's home" stays there too;
* its stderr is the profile's ``crash.log``, and no file it writes may
  grow past ``max_file_size`` (see ``seat.py``);
* it sees none of the host's environment but what running Python needs.

A game is forked from the room's template (``template.py``), which has
already imported cardtui and Textual; without one (``--no-template``, or
once it has stopped) it is a new Python process, started the same way.
"""

from __future__ import annotations

import os
import site
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardtui.serve import DEFAULT_FPS, SERVED_VARIABLE
from cardtui.serve.child import PtyChild
from cardtui.serve.identity import PROFILES, Identity
from cardtui.serve.priority import START_NICE
from cardtui.serve.seat import (
    MAX_FILE_SIZE_VARIABLE,
    SERVER_PID_VARIABLE,
    START_NICE_VARIABLE,
    WHOLE_FRAMES_VARIABLE,
)
from cardtui.serve.template import (
    CARDTUI_MODULES,
    CARDTUI_REHEARSAL,
    TEXTUAL_RUNTIME,
    GameTemplate,
    TemplateStopped,
)
from cardtui.serve.terminal import ClientTerminal
from cardtui.store.sql import STORE_VARIABLE, profile_store
from cardtui.wire import ROOM_FD_ENV

#: The program every game runs first (``seat.py``), with this interpreter.
SEAT_COMMAND = (sys.executable, "-m", "cardtui.serve.seat")

#: The host's variables a game keeps: enough for Python to find cardtui.
HOST_VARIABLES = (
    "PATH", "PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "VIRTUAL_ENV", "LD_LIBRARY_PATH", "TZ",
)  # fmt: skip

#: The largest file a game may write: a lifetime of scores is a few MiB.
DEFAULT_MAX_FILE_SIZE = 256 * 1024 * 1024

#: Where the game's stderr goes, in the profile.
CRASH_LOG = "crash.log"

#: A report longer than this is set aside (``crash.log.old``) before the next game.
CRASH_LOG_LIMIT = 1024 * 1024


@dataclass(frozen=True)
class Launch:
    """How to start the game for a player: the same for every seat in the room."""

    #: The module the seat runs as the game (``python -m`` style).
    game: str = "cardtui"
    ascii: bool = False
    seed: int | None = None
    #: The game's ``--animation`` speed for every player; ``None``: their own setting.
    animation: str | None = None
    #: ``TEXTUAL_FPS`` for the game; fewer frames mean fewer bytes on the wire.
    fps: int | None = DEFAULT_FPS
    #: Send Textual's frames as they are, not only the cells that changed
    #: (``changed_cells.py``); for measuring what that saves.
    whole_frames: bool = False
    #: The niceness a game starts at, until its first screen is out (priority.py).
    start_nice: int = START_NICE
    #: Bytes; a write past this fails (``RLIMIT_FSIZE``).
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    base_env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    #: Where games are forked from once the room has started it; None: every
    #: game is a new Python process (``--no-template``).
    template: GameTemplate | None = field(default_factory=GameTemplate, compare=False, repr=False)
    #: The players' scoreboards in PostgreSQL (``--store``): each game's in its profile's
    #: schema, so a player's chips are the same whichever host they connect to.
    store: str | None = None

    def argv(self, client: ClientTerminal) -> list[str]:
        """The command line for one player's game (run in their profile).

        >>> latin1 = ClientTerminal(env={"LANG": "fr_FR.ISO-8859-1"})
        >>> Launch(seed=7).argv(latin1)[3:]
        ['cardtui', '--data-dir', '.', '--ascii', '--no-mouse', '--seed', '7']
        """
        return [*SEAT_COMMAND, *self.game_argv(client)]

    def game_argv(self, client: ClientTerminal) -> list[str]:
        """What the seat runs: the game module and its options."""
        argv = [self.game, "--data-dir", "."]
        if self.ascii or client.wants_ascii:
            argv.append("--ascii")
        # Mouse reporting floods the link with motion events the game ignores.
        argv.append("--no-mouse")
        if self.seed is not None:
            argv += ["--seed", str(self.seed)]
        if self.animation is not None:
            argv += ["--animation", self.animation]
        return argv

    def environment(self, client: ClientTerminal, profile: Path) -> dict[str, str]:
        """The game's environment: the client's terminal, a home inside ``profile``.

        >>> env = Launch(base_env={"PATH": "/bin", "SSH_AUTH_SOCK": "/run/agent", "HOME": "/root"}
        ...              ).environment(ClientTerminal(), Path("/p"))
        >>> env["HOME"], env["XDG_CONFIG_HOME"], env["TMPDIR"], env["PATH"]
        ('/p', '/p/.config', '/p/.tmp', '/bin')
        >>> "SSH_AUTH_SOCK" in env, env["CARDTUI_SERVED"]
        (False, '1')
        """
        host = {name: self.base_env[name] for name in HOST_VARIABLES if name in self.base_env}
        # A new HOME would hide packages installed with ``pip install --user``.
        host.setdefault("PYTHONUSERBASE", site.getuserbase())
        env = client.child_environment(host, self.fps)
        env.update(
            HOME=str(profile),
            XDG_CONFIG_HOME=str(profile / ".config"),
            XDG_DATA_HOME=str(profile / ".local" / "share"),
            XDG_STATE_HOME=str(profile / ".local" / "state"),
            XDG_CACHE_HOME=str(profile / ".cache"),
            TMPDIR=str(profile / ".tmp"),
        )
        env[SERVED_VARIABLE] = "1"
        env[MAX_FILE_SIZE_VARIABLE] = str(self.max_file_size)
        env[SERVER_PID_VARIABLE] = str(os.getpid())
        if self.whole_frames:
            env[WHOLE_FRAMES_VARIABLE] = "1"
        if self.start_nice:
            env[START_NICE_VARIABLE] = str(self.start_nice)
        if self.store is not None and profile.parent.name == PROFILES:
            # A key's profile (a guest's chips end with the guest: their own file).
            env[STORE_VARIABLE] = profile_store(self.store, profile)
            # libpq's own ways to the password: HOME is the profile's, so the host's
            # ~/.pgpass is named by its path.
            pgpass = Path(self.base_env.get("HOME", "~")).expanduser() / ".pgpass"
            if "PGPASSFILE" not in self.base_env and pgpass.exists():
                env["PGPASSFILE"] = str(pgpass)
            for name in ("PGPASSWORD", "PGPASSFILE"):
                if name in self.base_env:
                    env[name] = self.base_env[name]
        return env

    def start_template(self, cwd: Path, log: Callable[[str], None]) -> None:
        """Start the template games are forked from (with the room), unless told not to."""
        if self.template is not None:
            cardtui = self.game == "cardtui"
            modules: tuple[str, ...] = CARDTUI_MODULES if cardtui else (self.game,)
            modules += TEXTUAL_RUNTIME
            if cardtui:
                modules += (CARDTUI_REHEARSAL,)
            self.template.start(modules, self.environment(ClientTerminal(), cwd), cwd, log)


@dataclass(frozen=True)
class StartedGame:
    """A started game and its crash report, to tell afterwards whether it failed."""

    child: PtyChild
    crash_log: Path
    report_size: int

    def crashed(self) -> bool:
        """Whether the game wrote anything to its crash report."""
        try:
            return self.crash_log.stat().st_size > self.report_size
        except OSError:
            return False


async def spawn_game(
    launch: Launch,
    identity: Identity,
    client: ClientTerminal,
    *,
    pass_fds: tuple[int, ...] = (),
    room_fd: int | None = None,
) -> StartedGame:
    """Start ``identity``'s game in a new PTY the size of ``client``'s window.

    ``pass_fds`` are extra descriptors the game inherits; ``room_fd`` is its
    end of a socket pair to the shared room, inherited under the same number
    and named in ``CARDTUI_ROOM_FD`` (see :mod:`cardtui.guest.client`).
    Raises ``OSError`` if the process cannot be started.
    """
    profile = identity.profile_dir
    (profile / ".tmp").mkdir(mode=0o700, exist_ok=True)
    crash_log = profile / CRASH_LOG
    env = launch.environment(client, profile)
    if room_fd is not None:
        env[ROOM_FD_ENV] = str(room_fd)
        pass_fds = (*pass_fds, room_fd)
    report = _open_report(crash_log)
    try:
        size = os.fstat(report).st_size
        template = launch.template.running if launch.template is not None else None
        child = None
        if template is not None:
            try:
                child = await PtyChild.fork(
                    template, launch.game_argv(client), env=env, cwd=profile,
                    width=client.width, height=client.height, stderr=report, pass_fds=pass_fds,
                )  # fmt: skip
            except TemplateStopped:
                child = None  # started the slow way below
        if child is None:
            child = await PtyChild.spawn(
                launch.argv(client),
                env=env,
                cwd=profile,
                width=client.width,
                height=client.height,
                stderr=report,
                pass_fds=pass_fds,
            )
    finally:
        os.close(report)
    return StartedGame(child, crash_log, size)


def _open_report(path: Path) -> int:
    """The crash report, opened for appending; a long one is set aside first."""
    try:
        if path.stat().st_size > CRASH_LOG_LIMIT:
            path.replace(path.with_name(CRASH_LOG + ".old"))
    except FileNotFoundError:
        pass
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
