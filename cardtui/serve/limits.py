"""What one player, and one connection, may cost the host.

A room that is announced anywhere gets a crowd, and one misbehaving client
must never cost the others their game: every state a connection can be in
has a clock, and everything a client sends has a ceiling.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass

from cardtui.serve import DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_PROFILE_SIZE, door
from cardtui.serve.keystrokes import KEY_BURST, KEYS_PER_SECOND, PASTE_LIMIT

#: Seconds a client has to finish the SSH handshake and log in. ``ssh`` with
#: a key or as a guest needs well under a second; a passphrase typed at the
#: prompt needs more, but not minutes.
LOGIN_TIMEOUT = 20.0

#: Seconds a new session has to start a game (``ssh`` asks for a shell at
#: once); a bare channel that never does is closed and gives nothing back.
START_TIMEOUT = 5.0

#: ``ssh`` opens one session per connection; a second is allowed for clients
#: that multiplex, more are refused.
SESSIONS_PER_CONNECTION = 2

#: Seconds a game's channel may take to close once the game is over; a
#: client that stopped reading is disconnected after that.
CLOSE_TIMEOUT = 10.0


@dataclass(frozen=True)
class Limits:
    """The clocks and ceilings for every connection to the room."""

    login_timeout: float = LOGIN_TIMEOUT
    #: Connections logging in at once, from one address and in all (see door.py).
    logins_per_address: int = door.PER_ADDRESS
    logins_total: int = door.TOTAL
    #: Seconds without a key press before a game is closed (0: never).
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    start_timeout: float = START_TIMEOUT
    sessions_per_connection: int = SESSIONS_PER_CONNECTION
    close_timeout: float = CLOSE_TIMEOUT
    #: Bytes a player's profile may hold; past it their game is closed.
    max_profile_size: int | None = DEFAULT_MAX_PROFILE_SIZE
    #: Keys a second a game is given; the rest are dropped (see keystrokes.py).
    keys_per_second: float = KEYS_PER_SECOND
    key_burst: int = KEY_BURST
    #: Characters of one paste a game is given.
    paste_limit: int = PASTE_LIMIT


def raise_open_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit; return the new limit.

    Every player costs the server a few descriptors (their connection, their
    PTY, their game's pipes); the usual soft limit of 1,024 is a few hundred
    players or one determined client, while the hard limit is usually far higher.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    return soft
