"""The crash report: an unexpected error's details go to a file, never to the screen.

Both the app and the shell commands use it, so a player or a shell user
reads one line and the traceback waits in ``<data dir>/crash.log``.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from cardtui import __version__


def record_crash(data_dir: Path) -> str:
    """Append the exception being handled to ``crash.log``; say where it went."""
    report = data_dir / "crash.log"
    try:
        report.parent.mkdir(parents=True, exist_ok=True)
        with report.open("a", encoding="utf-8") as log:
            log.write(f"--- cardtui {__version__} ---\n{traceback.format_exc()}\n")
    except OSError:
        return "no report could be written"
    return f"details are in {report}"
