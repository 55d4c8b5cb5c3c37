"""One owner per table: a lease in NATS's key-value store that lapses unless renewed.

The bucket keeps each value for :data:`LEASE_SECONDS` at most (its ``max_age``): the
owner writes its lease again every third of that, each write checked against the
revision it last wrote (``update(..., last=)``), so it notices at once when it has
lost a table (its process stalled past the lease, another host took it). A host that
dies stops writing, its leases lapse, and :meth:`Leases.claim` by any other host
(``create``, which succeeds only for a key that has no value) makes it the owner:
every table of a dead host is re-owned within a lease and a renewal's time.

This is the lock NATS's own documentation builds from KV ``create`` and a bucket
TTL (https://docs.nats.io/nats-concepts/jetstream/key-value-store).
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType
from nats.js.errors import (
    BucketNotFoundError,
    KeyNotFoundError,
    KeyWrongLastSequenceError,
    NoKeysError,
)
from nats.js.kv import KeyValue

from cardtui.cluster.beat import Beat
from cardtui.cluster.subjects import token

log = logging.getLogger("cardtui.cluster.lease")

#: How long a lease lasts without renewal: a dead host's tables move after this.
LEASE_SECONDS = 3.0
#: Renewals per lease: one missed renewal (a slow moment) does not lose the table.
RENEWALS_PER_LEASE = 3


def bucket_name(room: str) -> str:
    return f"cardtui_{token(room)}_tables"


@dataclass
class Leases:
    """This host's leases on its room's tables.

    ``on_lost(table)`` is called when a lease this host held was found taken or
    lapsed: the host stops playing that table (its hand is voided from the last
    durable state by the new owner).
    """

    kv: KeyValue
    host: str
    lease_seconds: float = LEASE_SECONDS
    on_lost: Callable[[str], None] = lambda table: None
    #: Each held table and the revision of this host's last write to it.
    held: dict[str, int] = field(default_factory=dict)
    #: Each held table's lease as written: this host's name and the claim's own mark
    #: (a table lost and claimed again by the same host is a new claim: :meth:`holder`).
    _values: dict[str, bytes] = field(default_factory=dict)
    _renewing: Beat | None = None

    @classmethod
    async def open(cls, js: JetStreamContext, room: str, host: str, *,
                   lease_seconds: float = LEASE_SECONDS,
                   on_lost: Callable[[str], None] = lambda table: None) -> Leases:
        """The room's lease bucket (made by the first host to ask). On disk: nats-server
        killed and started again still knows who owns each part, so its owner, renewing
        again as soon as it reconnects, keeps it (unless the outage outlasted the lease)."""
        name = bucket_name(room)
        try:
            kv = await js.key_value(name)
        except BucketNotFoundError:
            kv = await js.create_key_value(KeyValueConfig(
                bucket=name, ttl=lease_seconds, history=1, storage=StorageType.FILE))
        return cls(kv, host, lease_seconds, on_lost)

    async def claim(self, table: str, note: str = "") -> bool:
        """Become the table's owner if nobody is (or the owner's lease lapsed); ``note``:
        a word the lease carries for the other hosts to read (:meth:`holder`)."""
        value = " ".join(filter(None, [self.host, uuid.uuid4().hex[:8], note])).encode()
        try:
            self.held[table] = await self.kv.create(token(table), value)
        except KeyWrongLastSequenceError:
            return await self.owner(table) == self.host and table in self.held
        self._values[table] = value
        return True

    async def owner(self, table: str) -> str | None:
        """The host holding the table's lease now (None: nobody; claim it)."""
        holder = await self.holder(table)
        return holder.partition(" ")[0] if holder is not None else None

    async def holder(self, table: str) -> str | None:
        """The table's lease now: its host's name and its claim's mark (None: nobody's)."""
        try:
            entry = await self.kv.get(token(table))
        except KeyNotFoundError:
            return None
        return entry.value.decode() if entry.value else None

    async def keys(self) -> list[str]:
        """Every lease now (held or lapsing, deleted ones left out)."""
        try:
            return list(await self.kv.keys())
        except NoKeysError:
            return []

    async def renew(self) -> None:
        """Write every held lease again; a table found taken or lapsed is given up."""
        for table, revision in list(self.held.items()):
            try:
                self.held[table] = await self.kv.update(
                    token(table), self._values.get(table, self.host.encode()), last=revision)
            except (KeyWrongLastSequenceError, KeyNotFoundError):
                del self.held[table]
                self._values.pop(table, None)
                log.warning("lost the lease on table %s", table)
                self.on_lost(table)

    def start(self) -> None:
        """Renew in the background, :data:`RENEWALS_PER_LEASE` times a lease."""
        if self._renewing is None:
            self._renewing = Beat(self.lease_seconds / RENEWALS_PER_LEASE, self.renew,
                                  "renewing the leases")
            self._renewing.start()

    async def release(self, table: str) -> None:
        """Give a table up (closed, or this host stopping): another host may claim it now."""
        self._values.pop(table, None)
        if self.held.pop(table, None) is not None:
            with contextlib.suppress(KeyNotFoundError):
                await self.kv.delete(token(table))

    async def stop(self) -> None:
        if self._renewing is not None:
            await self._renewing.stop()
            self._renewing = None
