"""Where cardtui keeps its files: one place, so nothing else guesses paths."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from platformdirs import user_data_dir

#: Overrides the data directory, like ``--data-dir`` (which wins over it).
DATA_DIR_ENV = "CARDTUI_DATA_DIR"


def data_dir(override: Path | str | None = None) -> Path:
    """The data directory: ``--data-dir``, else ``$CARDTUI_DATA_DIR``, else the user's."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return Path(user_data_dir("cardtui", appauthor=False))


def data_dir_problem(path: Path) -> str | None:
    """Why ``path`` cannot be the data directory (one line), or ``None`` if it can.

    A directory that does not exist yet is fine: the games create it.

    >>> data_dir_problem(Path("/etc/passwd"))
    '/etc/passwd is not a directory'
    >>> data_dir_problem(Path("/tmp/" + "x" * 300)).endswith("File name too long")
    True
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return f"{path}: part of that path is a file, not a directory"
    except OSError as error:
        return f"{path}: {error.strerror}"
    return None if stat.S_ISDIR(mode) else f"{path} is not a directory"


def database_path(root: Path) -> Path:
    return root / "cardtui.sqlite3"


def settings_path(root: Path) -> Path:
    return root / "settings.json"


def hand_history_dir(root: Path) -> Path:
    return root / "hand-histories"


def set_aside(path: Path) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<UTC timestamp>`` and return the new path."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, aside)
    return aside
