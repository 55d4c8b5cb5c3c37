"""Games start at a lower priority, so players already seated keep theirs during a crowd.

A game spends its first fraction of a second building its first screen;
a crowd arriving at once is dozens of those, and without this they take
the CPU from the games already being played, whose players then wait
seconds for a key. So every game starts at nice ``START_NICE`` (the seat
lowers itself) and, once its first screen is out, the server puts it back
to 0 (``restore``).

Where the kernel groups each session for the scheduler (``autogroup``, on by
default on most distributions for processes outside a service's cgroup),
every game is its own session and the group's nice is what counts, and
any user may set it back to 0. Elsewhere the process's own nice counts,
and putting it back needs the right to raise a priority (root, or an
``RLIMIT_NICE`` such as systemd's ``LimitNICE=``); without it games keep
``START_NICE``, all alike, below the server.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

#: How much lower a starting game runs (0-19). At 19 a starting game weighs 15
#: against a played game's 1024 (the kernel's nice-to-weight table): 25 players
#: starting at once weigh a third of one seated player, where at 10 (110 each)
#: they weighed nearly three times as much and the seated player's keys waited.
START_NICE = 19


def _group_nice(group: Path) -> int | None:
    """The nice of the autogroup ``group`` names, or None when the process is in none.

    The file exists whenever the kernel has autogroups, but it is empty for a
    process the scheduler groups another way (a container's or a service's
    cgroup): there writing it succeeds and changes nothing, so it must not be used.
    """
    try:
        words = group.read_text().split()  # "/autogroup-123 nice 10"
    except OSError:
        return None
    if len(words) != 3 or words[1] != "nice":
        return None
    try:
        return int(words[2])
    except ValueError:
        return None


def _autogroup(pid: int | str) -> Path | None:
    path = Path(f"/proc/{pid}/autogroup")
    return path if _group_nice(path) is not None else None


def nice_of(process: Path) -> int:
    """The niceness that counts for ``/proc/PID``: its session group's, or its own."""
    group = _group_nice(process / "autogroup")
    if group is not None:
        return group
    return int((process / "stat").read_text().rsplit(")", 1)[1].split()[16])


def lower(nice: int) -> None:
    """Run this process (its session's group, if the kernel groups them) at ``nice``."""
    if nice <= 0:
        return
    group = _autogroup("self")
    with contextlib.suppress(OSError):
        if group is not None:
            group.write_text(str(nice))
            return
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, nice)


def restore(pid: int) -> bool | None:
    """Put game ``pid`` back to nice 0: True when done, None to try again soon
    (the kernel limits how often a group's nice changes), False when not allowed."""
    group = _autogroup(pid)
    try:
        if group is not None:
            group.write_text("0")
        else:
            os.setpriority(os.PRIO_PROCESS, pid, 0)
    except BlockingIOError:
        return None
    except PermissionError:
        return False
    except OSError:  # gone already
        return True
    return True
