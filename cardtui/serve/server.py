"""The SSH server: who may sit down, and the room that keeps track of the seats.

Players are let in by public key: the keys in ``<root>/authorized_keys``, or
any key at all with ``--open``, which also admits keyless guests through an
empty keyboard-interactive exchange (``ssh`` tries public keys first, so a
player with a key is still recognised). Everything but an interactive
session is refused: no commands, no sftp/scp, no port, agent or X11
forwarding. The room is the only thing to do here, so nothing else is offered.

A seat is taken by a game, not by a connection or a channel: a connection
that has no game going for ``limits.start_timeout`` seconds is closed, and a
player's profile (or a guest's directory) is made only when their game starts.
"""

from __future__ import annotations

import asyncio
import os
import resource
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from cardtui.room.config import TableOptions
from cardtui.room.hosting import RoomHost, closing_notice
from cardtui.serve import DEFAULT_MAX_SESSIONS, DEFAULT_PORT, identity
from cardtui.serve.bot_door import BOT_KEYS_NAME, BotLineSession
from cardtui.serve.bridge import BridgeSession, NoSeat
from cardtui.serve.door import Door
from cardtui.serve.identity import GuestHouse
from cardtui.serve.keys import (
    AUTHORIZED_KEYS_NAME,
    HOST_KEY_NAME,
    HOST_KEYS_NAME,
    HostKeys,
    fingerprint,
    load_or_create_host_key,
    read_authorized_fingerprints,
)
from cardtui.serve.launch import Launch

if TYPE_CHECKING:
    from cardtui.cluster.node import ClusterRoom
from cardtui.serve.limits import Limits

# A player whose laptop sleeps sends no FIN; keepalives find the dead link in
# about a minute so the seat (and its process) is freed.
KEEPALIVE_INTERVAL = 15
KEEPALIVE_COUNT_MAX = 4

#: Connections the kernel may hold for us to accept: a burst of joiners (or of
#: junk, which the door drops at once) should not have its SYNs dropped.
LISTEN_BACKLOG = 256


@dataclass(frozen=True)
class ServeConfig:
    """Everything ``cardtui serve`` was asked to do."""

    root: Path
    # Loopback unless asked: serving the whole network is a decision, not a default.
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    open: bool = False
    #: Games at once: each is a whole Python process.
    max_sessions: int = DEFAULT_MAX_SESSIONS
    limits: Limits = field(default_factory=Limits)
    launch: Launch = field(default_factory=Launch)
    host_key_path: Path | None = None
    authorized_keys_path: Path | None = None
    #: Public key files of players who run the room, besides ``host_keys`` beside
    #: ``authorized_keys`` (``--room-host``).
    room_host_keys: tuple[Path, ...] = ()
    #: Public key files of outside bots allowed a seat, besides ``bot_keys`` beside
    #: ``authorized_keys`` (``--room-bot``; see serve/bot_door.py).
    room_bot_keys: tuple[Path, ...] = ()
    #: The room's shared tables (``cardtui serve`` always opens some); None: no
    #: room, every player plays alone.
    tables: tuple[TableOptions, ...] | None = None
    #: The room's store at a PostgreSQL URL (``--store``); None: its SQLite file in root.
    store: str | None = None
    #: nats-server's URL (``--cluster``): this host is one of several running one room.
    cluster: str | None = None
    #: The file holding the cluster's NATS credentials (None: from the environment).
    cluster_credentials: Path | None = None
    #: The room's name on NATS (hosts of one room give the same).
    cluster_room: str = "cardtui"
    #: This host's name in the cluster (None: a new one each start).
    cluster_host: str | None = None

    @property
    def host_key_file(self) -> Path:
        return self.host_key_path or self.root / HOST_KEY_NAME

    @property
    def authorized_keys_file(self) -> Path:
        return self.authorized_keys_path or self.root / AUTHORIZED_KEYS_NAME

    @property
    def host_keys_file(self) -> Path:
        """The hosts' keys: beside the players' keys, wherever those are."""
        return self.authorized_keys_file.parent / HOST_KEYS_NAME

    @property
    def bot_keys_file(self) -> Path:
        """The outside bots' keys: beside the players' keys, wherever those are."""
        return self.authorized_keys_file.parent / BOT_KEYS_NAME


class Floor:
    """The live sessions and the guest list, shared by every connection."""

    def __init__(self, config: ServeConfig, log: Callable[[str], None]) -> None:
        self.config = config
        self.log = log
        self._guests: GuestHouse | None = None
        #: Seated players: sessions whose game has started.
        self.sessions: set[BridgeSession] = set()
        #: Every open connection, seated or not.
        self.connections: set[asyncssh.SSHServerConnection] = set()
        #: Connections still logging in.
        self.door = Door(log, config.limits.logins_per_address, logins_total(config.limits))
        self._authorized: frozenset[str] = frozenset()
        self._authorized_stamp: tuple[int, int] | None = None
        if not config.open:
            self.reload_authorized_keys()
        #: The keys whose holders run the room (read again at each game's start).
        self.host_keys = HostKeys((config.host_keys_file, *config.room_host_keys))
        self.host_keys.fingerprints()  # a broken file stops the start, said in one line
        #: The keys of outside bots: their only entry is the bot line (serve/bot_door.py).
        self.bot_keys = HostKeys((config.bot_keys_file, *config.room_bot_keys))
        self.bot_keys.fingerprints()
        #: The shared tables, run on this process's event loop.
        self.shared = RoomHost(config.tables, log=log,
                               hosts=lambda: self.host_keys.fingerprints(log),
                               data_dir=config.root, store=config.store) \
            if config.tables is not None and config.cluster is None else None
        #: This host's part of a room across hosts (``--cluster``), instead of ``shared``.
        self.cluster: ClusterRoom | None = None
        if config.cluster is not None:
            # Imported here: nats-py is the cluster extra's, not every host's.
            from cardtui.cluster.serving import cluster_room

            self.cluster = cluster_room(
                config.cluster, config.cluster_credentials, config.cluster_room,
                config.tables or (), log=log,
                hosts=lambda: self.host_keys.fingerprints(log), data_dir=config.root,
                store=config.store, env=dict(os.environ), host_id=config.cluster_host)

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
        return key_fingerprint in self._authorized or self.is_bot(key_fingerprint)

    def is_bot(self, key_fingerprint: str | None) -> bool:
        """An outside bot's key (the host listed it): it gets the bot line, never a game."""
        return key_fingerprint is not None and key_fingerprint in self.bot_keys.fingerprints(
            self.log)

    def take(self, session: BridgeSession) -> identity.Identity:
        """Seat a player whose game is starting; ``NoSeat`` if the room is full."""
        if len(self.sessions) >= self.config.max_sessions:
            self.log(f"turned a player away: all {self.config.max_sessions} seats taken")
            raise NoSeat(f"The room is full ({self.config.max_sessions} players). Try again later.")
        if session.player_key is None:
            player = self.open_guest_house().guest()
        else:
            player = identity.member(self.config.root, session.player_key, session.login)
        self.sessions.add(session)
        return player

    def open_guest_house(self) -> GuestHouse:
        """This server's folder for guests, clearing what a killed server left behind."""
        if self._guests is None:
            self._guests = GuestHouse(self.config.root)
            if swept := self._guests.swept:
                self.log(f"cleared {swept} guests' directories left by a stopped server")
        return self._guests

    async def room_line(self, session: BridgeSession) -> socket.socket | None:
        """A line to the shared room for ``session``'s game, bound to its player."""
        if (self.shared is None and self.cluster is None) or session.identity is None:
            return None
        player = session.identity
        host = self.cluster if self.cluster is not None else self.shared
        assert host is not None, "checked above"
        return await host.line_for(player.fingerprint, player.profile_dir)

    def release(self, session: BridgeSession) -> None:
        self.sessions.discard(session)
        if session.identity is not None:
            session.identity.release()

    async def close(self) -> None:
        """Void the room's hands (telling every player), end every game, wait for them."""
        if self.shared is not None:
            await self.shared.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        sessions = list(self.sessions)
        for session in sessions:
            session.hang_up(closing_notice(self.shared))
        await asyncio.gather(*(session.finished() for session in sessions))
        for connection in list(self.connections):
            connection.close()
        if self._guests is not None:
            self._guests.close()


def logins_total(limits: Limits) -> int:
    """How many connections may be logging in at once, in all.

    No more than a quarter of this process's open files: the rest are for
    players (a connection, a PTY and a process each) and the listening socket.
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(limits.logins_total, soft // 4))


class CardroomServer(asyncssh.SSHServer):
    """One client connection: authentication, then sessions that play the game."""

    def __init__(self, room: Floor) -> None:
        self._room = room
        self._limits = room.config.limits
        # The key of the latest accepted public-key request; asyncssh asks about
        # each key a client offers, and the last one accepted is the one it logs
        # in with. None after a keyless (guest) login.
        self._key: str | None = None
        self._login = ""
        self._conn: asyncssh.SSHServerConnection | None = None
        self._sessions = 0
        self._clock: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._room.connections.add(conn)
        peer = conn.get_extra_info("peername")
        self._room.door.arrive(conn, str(peer[0]) if peer else "?")

    def connection_lost(self, exc: Exception | None) -> None:
        if self._conn is not None:
            self._room.connections.discard(self._conn)
            self._room.door.leave(self._conn)
        if self._clock is not None:
            self._clock.cancel()

    def auth_completed(self) -> None:
        if self._conn is not None:
            self._room.door.leave(self._conn)
        self._start_clock()

    def _start_clock(self) -> None:
        """Close this connection unless a session is open within the start timeout."""
        loop = asyncio.get_running_loop()
        self._clock = loop.call_later(self._limits.start_timeout, self._close_if_unused)

    def _close_if_unused(self) -> None:
        if self._sessions == 0 and self._conn is not None:
            self._conn.close()

    def begin_auth(self, username: str) -> bool:
        self._login = username  # a new profile's first name, never a path (identity.py)
        return True  # always authenticate

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

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self._sessions >= self._limits.sessions_per_connection:
            return False
        self._sessions += 1
        if self._clock is not None:
            self._clock.cancel()
        if self._room.is_bot(self._key):
            assert self._key is not None, "is_bot checked it"
            return BotLineSession(self._key, self._login, self._room.shared, log=self._room.log,
                                  start_timeout=self._limits.start_timeout,
                                  on_finished=self._session_finished,
                                  cluster=self._room.cluster)
        session = BridgeSession(
            self._key, self._room, self._room.config.launch, self._limits,
            log=self._room.log, on_finished=self._session_finished,
        )  # fmt: skip
        session.login = self._login
        return session

    def _session_finished(self, session: BridgeSession | BotLineSession) -> None:
        self._sessions -= 1
        if self._sessions == 0:
            self._start_clock()

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
    room: Floor
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
        if self.room.config.launch.template is not None:
            await self.room.config.launch.template.close()


async def start_server(config: ServeConfig, log: Callable[[str], None] = print) -> RunningServer:
    """Listen for players. Raises ``OSError``/``ValueError`` for a bad key file or port."""
    room = Floor(config, log)
    if room.cluster is not None:
        await room.cluster.start()
    host_key, created = load_or_create_host_key(config.host_key_file)
    config.root.mkdir(mode=0o700, parents=True, exist_ok=True)
    room.open_guest_house()
    config.launch.start_template(config.root, log)
    try:
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
            login_timeout=config.limits.login_timeout,
            backlog=LISTEN_BACKLOG,
        )
    except BaseException:
        if config.launch.template is not None:
            await config.launch.template.close()
        raise
    return RunningServer(acceptor, room, fingerprint(host_key), created)
