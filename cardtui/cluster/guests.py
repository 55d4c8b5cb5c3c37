"""Guest numbers that no two hosts of a room give out twice.

Each host numbers its own guests (players without a key) as one ``cardtui serve``
does, "Guest 1", "Guest 2"…; on several hosts that gave the room two "Guest 1"s at
one table. The number is drawn instead from a counter in NATS's key-value store
(a bucket of its own, kept on disk, no TTL), moved on with a compare-and-set on its
last revision, so two hosts drawing at once never get the same one.
"""

from __future__ import annotations

from dataclasses import dataclass

from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType
from nats.js.errors import BucketNotFoundError, KeyNotFoundError, KeyWrongLastSequenceError
from nats.js.kv import KeyValue

from cardtui.cluster.subjects import token

#: The counter's key: the next guest's number.
NEXT = "next"
#: Draws lost to another host before giving up (each loss means another host drew).
TRIES = 100


def bucket_name(room: str) -> str:
    return f"cardtui_{token(room)}_guests"


@dataclass
class GuestNumbers:
    kv: KeyValue

    @classmethod
    async def open(cls, js: JetStreamContext, room: str) -> GuestNumbers:
        name = bucket_name(room)
        try:
            kv = await js.key_value(name)
        except BucketNotFoundError:
            kv = await js.create_key_value(KeyValueConfig(
                bucket=name, history=1, storage=StorageType.FILE))
        return cls(kv)

    async def draw(self) -> int:
        """The next guest's number, never given to another guest of the room."""
        for _ in range(TRIES):
            try:
                entry = await self.kv.get(NEXT)
            except KeyNotFoundError:
                try:
                    await self.kv.create(NEXT, b"2")
                except KeyWrongLastSequenceError:
                    continue  # another host made it first
                return 1
            assert entry.value is not None and entry.revision is not None
            number = int(entry.value)
            try:
                await self.kv.update(NEXT, str(number + 1).encode(), last=entry.revision)
            except KeyWrongLastSequenceError:
                continue  # another host drew this one
            return number
        raise RuntimeError("no guest number: other hosts kept drawing first")
