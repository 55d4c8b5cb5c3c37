"""The SSH server: who may sit down, and the room that keeps track of the seats.

Players are let in by public key: the keys in ``<root>/authorized_keys``, or
any key at all with ``--open``, which also admits keyless guests through an
empty keyboard-interactive exchange (``ssh`` tries public keys first, so a
player with a key is still recognised). Everything but an interactive
session is refused: no commands, no sftp/scp, no port, agent or X11
forwarding. The room is the only thing to do here, so nothing else is offered.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from cardtui.serve import (
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_MAX_PROFILE_SIZE,
    DEFAULT_MAX_SESSIONS,
    DEFAULT_PORT,
    identity,
)
from cardtui.serve.keys import (
    AUTHORIZED_KEYS_NAME,
    HOST_KEY_NAME,
    fingerprint,
    load_or_create_host_key,
    read_authorized_fingerprints,
)
from cardtui.serve.launch import Launch
from cardtui.serve.session import BridgeSession, NoticeSession

# A player whose laptop sleeps sends no FIN; keepalives find the dead link in
# about a minute so the seat (and its process) is freed.
KEEPALIVE_INTERVAL = 15
KEEPALIVE_COUNT_MAX = 4
LOGIN_TIMEOUT = 60


@dataclass(frozen=True)
class ServeConfig:
    """Everything ``cardtui serve`` was asked to do."""

    root: Path
    # Loopback unless asked: serving the whole network is a decision, not a default.
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    open: bool = False
    max_sessions: int = DEFAULT_MAX_SESSIONS
    #: Seconds without input after which a session is closed (0: never).
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    #: Bytes a player's profile may hold; past it their game is closed.
    max_profile_size: int | None = DEFAULT_MAX_PROFILE_SIZE
    launch: Launch = field(default_factory=Launch)
    host_key_path: Path | None = None
    authorized_keys_path: Path | None = None

    @property
    def host_key_file(self) -> Path:
        return self.host_key_path or self.root / HOST_KEY_NAME

    @property
    def authorized_keys_file(self) -> Path:
        return self.authorized_keys_path or self.root / AUTHORIZED_KEYS_NAME


class Room:
    """The live sessions and the guest list, shared by every connection."""

    def __init__(self, config: ServeConfig, log: Callable[[str], None]) -> None:
        self.config = config
        self.log = log
        self.sessions: set[BridgeSession] = set()
        self._authorized: frozenset[str] = frozenset()
        self._authorized_stamp: tuple[int, int] | None = None
        if not config.open:
            self.reload_authorized_keys()

    def reload_authorized_keys(self) -> None:
        """Read ``authorized_keys`` again if it changed, so players can be added mid-game.

        Raises ``OSError`` or ``ValueError`` on the first read only; later a
        broken edit is logged and the previous list kept.
        """
        path = self.config.authorized_keys_file
        try:
            stat = path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            if stamp != self._authorized_stamp:
                self._authorized = read_authorized_fingerprints(path)
                self._authorized_stamp = stamp
        except (OSError, ValueError) as error:
            if self._authorized_stamp is None:
                raise
            self.log(f"kept the previous authorized keys: {error}")

    def admits(self, key_fingerprint: str) -> bool:
        if self.config.open:
            return True
        self.reload_authorized_keys()
        return key_fingerprint in self._authorized

    def seat(self, key_fingerprint: str | None) -> asyncssh.SSHServerSession[bytes]:
        """A session for a player who has logged in, or a notice if the room is full."""
        if len(self.sessions) >= self.config.max_sessions:
            self.log(f"turned a player away: all {self.config.max_sessions} seats taken")
            return NoticeSession(
                f"The room is full ({self.config.max_sessions} players). Try again later."
            )
        if key_fingerprint is None:
            player = identity.guest()
        else:
            player = identity.member(self.config.root, key_fingerprint)
        session = BridgeSession(
            player,
            self.config.launch,
            log=self.log,
            on_finished=self.sessions.discard,
            idle_timeout=self.config.idle_timeout,
            max_profile_size=self.config.max_profile_size,
        )
        self.sessions.add(session)
        return session

    async def close(self) -> None:
        """End every game and wait until all their processes are gone."""
        sessions = list(self.sessions)
        for session in sessions:
            session.hang_up("The host has closed the room. Thanks for playing!")
        await asyncio.gather(*(session.finished() for session in sessions))


class CardroomServer(asyncssh.SSHServer):
    """One client connection: authentication, then sessions that play the game."""

    def __init__(self, room: Room) -> None:
        self._room = room
        # The key of the latest accepted public-key request; asyncssh asks about
        # each key a client offers, and the last one accepted is the one it logs
        # in with. None after a keyless (guest) login.
        self._key: str | None = None

    def begin_auth(self, username: str) -> bool:
        return True  # always authenticate; the user name itself is ignored

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        key_fingerprint = fingerprint(key)
        if self._room.admits(key_fingerprint):
            self._key = key_fingerprint
            return True
        return False

    def kbdint_auth_supported(self) -> bool:
        return self._room.config.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # No questions: with --open anyone may sit down, as a guest.
        self._key = None
        return self._room.config.open

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return self._room.seat(self._key)

    # Forwarding of any kind is refused (asyncssh's defaults, kept explicit).

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:  # fmt: skip
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


@dataclass
class RunningServer:
    """A started server: where it listens and how to stop it."""

    acceptor: asyncssh.SSHAcceptor
    room: Room
    host_key_fingerprint: str
    host_key_created: bool

    @property
    def port(self) -> int:
        return self.acceptor.get_port()

    async def close(self) -> None:
        """Stop accepting players, end every game, and wait for their processes."""
        self.acceptor.close()
        await self.room.close()
        await self.acceptor.wait_closed()


async def start_server(config: ServeConfig, log: Callable[[str], None] = print) -> RunningServer:
    """Listen for players. Raises ``OSError``/``ValueError`` for a bad key file or port."""
    room = Room(config, log)
    host_key, created = load_or_create_host_key(config.host_key_file)
    config.root.mkdir(mode=0o700, parents=True, exist_ok=True)
    acceptor = await asyncssh.create_server(
        lambda: CardroomServer(room),
        config.host,
        config.port,
        server_host_keys=[host_key],
        encoding=None,  # raw bytes both ways: the bridge never decodes a frame
        line_editor=False,
        allow_pty=True,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        keepalive_interval=KEEPALIVE_INTERVAL,
        keepalive_count_max=KEEPALIVE_COUNT_MAX,
        login_timeout=LOGIN_TIMEOUT,
    )
    return RunningServer(acceptor, room, fingerprint(host_key), created)
