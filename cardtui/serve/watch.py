"""What both doors (SSH and browser) watch while a game runs, and the words they use.

A door bridges one player to one game process; while it does, the same limits
hold whichever door they came in by: a player who types nothing for the room's
idle timeout is closed, and so is one whose profile outgrows its limit. The
door supplies what differs (how it hangs up, when its player last typed, how
it names them in the log).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from cardtui.serve.identity import disk_use
from cardtui.serve.limits import Limits

#: How often a game's profile is measured against the room's limit, in seconds.
PROFILE_CHECK_INTERVAL = 30.0

#: What a player is told when their game failed; the details are in the
#: profile's crash.log, for the host.
CRASHED = (
    "cardtui stopped after an unexpected error. Your settled rounds are saved; "
    "the host has the details."
)


def exit_status(returncode: int) -> int:
    """A shell-style exit status: 128 + N for a child killed by signal N.

    >>> exit_status(0), exit_status(2), exit_status(-9)  # SIGKILL
    (0, 2, 137)
    """
    return returncode if returncode >= 0 else 128 - returncode


def describe_exit(returncode: int) -> str:
    """How a game's end reads in the server's log.

    >>> describe_exit(0), describe_exit(-9)
    ('exit status 0', 'killed by SIGKILL')
    """
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        return f"killed by {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


async def watch_idle(
    limits: Limits,
    last_input: Callable[[], float],
    hang_up: Callable[[str], None],
    log: Callable[[str], None],
    who: str,
) -> None:
    """Return (after hanging up) once the player has typed nothing for the timeout.

    ``last_input`` reads the loop time of the player's latest key, which the
    door updates as keys arrive.
    """
    timeout = limits.idle_timeout
    if not timeout:
        await asyncio.Event().wait()  # never idles out
    loop = asyncio.get_running_loop()
    while True:
        left = last_input() + timeout - loop.time()
        if left <= 0:
            log(f"{who} idled out")
            hang_up(
                f"Closed after {duration(timeout)} without a key press. "
                "Your settled rounds are saved."
            )
            return
        await asyncio.sleep(left)


async def watch_profile(
    limits: Limits,
    profile_dir: Path,
    hang_up: Callable[[str], None],
    log: Callable[[str], None],
    who: str,
) -> None:
    """Return (after hanging up) once the player's profile outgrows the room's limit.

    Each file a game writes is capped (``RLIMIT_FSIZE``); this caps them all.
    """
    while True:
        await asyncio.sleep(PROFILE_CHECK_INTERVAL)
        if profile_full(limits, profile_dir):
            log(f"{who}'s profile is over the limit")
            hang_up(profile_full_notice(limits))
            return


def profile_full_notice(limits: Limits) -> str:
    return (
        f"Your profile on this host is full ({size(limits.max_profile_size or 0)}); "
        "the host can make room."
    )


def profile_full(limits: Limits, profile_dir: Path) -> bool:
    limit = limits.max_profile_size
    return limit is not None and disk_use(profile_dir) > limit


async def first_of(*waits: Coroutine[Any, Any, object]) -> None:
    """Wait until the first of some coroutines is done; cancel the rest."""
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()


def duration(seconds: float) -> str:
    """``30 minutes``, ``90 seconds``: how long an idle timeout reads to a player.

    >>> duration(1800), duration(90), duration(1)
    ('30 minutes', '90 seconds', '1 second')
    """
    if seconds >= 120 and seconds % 60 == 0:
        return f"{int(seconds // 60)} minutes"
    whole = int(seconds)
    return f"{whole} second{'s' if whole != 1 else ''}"


def size(count: int) -> str:
    """``512 MiB``: a byte count as a player reads it.

    >>> size(512 * 1024 * 1024), size(1536 * 1024)
    ('512 MiB', '1.5 MiB')
    """
    mib = count / (1024 * 1024)
    return f"{mib:.0f} MiB" if mib == int(mib) else f"{mib:.1f} MiB"
