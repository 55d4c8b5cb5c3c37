"""The door: connections that have not logged in yet, and what the log says about them.

Anyone can open a TCP connection and never finish the SSH handshake. Each
such connection holds a file descriptor and a little memory until the login
timeout; thousands of them once exhausted the server's open files, so a real
player could not get in. The door keeps a bounded waiting list: at most
``per_address`` connections from one address may be waiting to log in (more
are dropped at once), and at most ``total`` in all. When the list is full, a
newcomer pushes out the longest-waiting connection of the address with the
most connections waiting: a flood comes from a few addresses and pays for
itself, while a player, the only one waiting from their address, keeps their
place even while the flood goes on. A connection leaves the waiting list
once it has logged in.

The log hears about it once per interval, with counts, never once per
connection: a flood must not become a flood of log lines.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

import asyncssh

#: Connections from one address that may be logging in at once: a whole
#: game night behind one home router can still arrive together.
PER_ADDRESS = 32

#: Connections that may be logging in at once, from everywhere.
TOTAL = 256

#: Seconds between two log lines about the same kind of trouble.
LOG_INTERVAL = 10.0


class LogTally:
    """Counts events and logs them at most once per interval, with the count so far.

    Events of one kind share a ``template``; ``details`` fill it in when it is
    logged (the latest ones win), so a flood from many addresses is still
    one line per interval.

    >>> lines = []
    >>> clock = iter([0.0, 1.0, 2.0, 12.0]).__next__
    >>> tally = LogTally(lines.append, interval=10, clock=clock)
    >>> for address in ("a", "b", "c", "d"):
    ...     tally.add("dropped {count} connections (latest from {address})", address=address)
    >>> lines
    ['dropped 1 connections (latest from a)', 'dropped 3 connections (latest from d)']
    """

    def __init__(
        self,
        log: Callable[[str], None],
        interval: float = LOG_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._log = log
        self._interval = interval
        self._clock = clock
        self._counts: Counter[str] = Counter()
        self._logged: dict[str, float] = {}

    def add(self, template: str, **details: object) -> None:
        """Count one event; log ``template`` with the count so far if the interval is up."""
        self._counts[template] += 1
        now = self._clock()
        if now - self._logged.get(template, -self._interval) >= self._interval:
            self._log(template.format(count=self._counts.pop(template), **details))
            self._logged[template] = now


class Door:
    """The waiting list of connections that have not logged in yet."""

    def __init__(
        self, log: Callable[[str], None], per_address: int = PER_ADDRESS, total: int = TOTAL
    ) -> None:
        self._per_address = per_address
        self._total = total
        self._tally = LogTally(log)
        #: Each address's waiting connections, longest-waiting first.
        self._waiting: dict[str, OrderedDict[asyncssh.SSHServerConnection, float]] = {}
        self._address: dict[asyncssh.SSHServerConnection, str] = {}

    def __len__(self) -> int:
        return len(self._address)

    def arrive(self, conn: asyncssh.SSHServerConnection, address: str) -> None:
        """A new connection: let it wait its turn to log in, or drop it."""
        if len(self._waiting.get(address, ())) >= self._per_address:
            self._tally.add(
                "dropped {count:,} new connections from an address with {limit} already "
                "logging in (latest: {address})",
                limit=self._per_address, address=address,
            )  # fmt: skip
            _drop(conn)
            return
        if len(self._address) >= self._total:
            victim = self._most_crowded_longest_waiting()
            self.leave(victim)
            self._tally.add(
                "dropped {count:,} connections to make room: {limit} were logging in at once "
                "(latest from {address})",
                limit=self._total, address=address,
            )  # fmt: skip
            _drop(victim)
        self._waiting.setdefault(address, OrderedDict())[conn] = time.monotonic()
        self._address[conn] = address

    def _most_crowded_longest_waiting(self) -> asyncssh.SSHServerConnection:
        def crowding(queue: OrderedDict[asyncssh.SSHServerConnection, float]) -> tuple[int, float]:
            return len(queue), -next(iter(queue.values()))

        queue = max(self._waiting.values(), key=crowding)
        return next(iter(queue))

    def leave(self, conn: asyncssh.SSHServerConnection) -> None:
        """The connection has logged in, or is gone."""
        address = self._address.pop(conn, None)
        if address is None:
            return
        queue = self._waiting[address]
        del queue[conn]
        if not queue:
            del self._waiting[address]


def _drop(conn: asyncssh.SSHServerConnection) -> None:
    # Not at once: asyncssh is still setting the connection up when it tells us.
    asyncio.get_running_loop().call_soon(conn.abort)


class AcceptFailures:
    """An event loop exception handler that counts ``accept()`` failures instead of
    logging a traceback for each.

    When the process runs out of file descriptors, asyncio logs the failure and
    retries a second later, for as long as it lasts. Everything else goes to the
    loop's default handler.
    """

    def __init__(self, log: Callable[[str], None]) -> None:
        self._tally = LogTally(log)

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if message.startswith("socket.accept() out of system resource"):
            error = context.get("exception")
            why = error.strerror if isinstance(error, OSError) else "out of resources"
            self._tally.add("could not accept {count:,} connections: {why}", why=why)
            return
        loop.default_exception_handler(context)
