"""Whether this game process was started in a room, and joining it the first time it is needed.

Light on purpose: the app imports it at start-up, and a game played alone
must not pay for the room's modules (the protocol, the codec, the engines'
record types), which are imported only when the room is joined.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardtui.wire import ROOM_FD_ENV

if TYPE_CHECKING:
    from cardtui.guest.link import RoomLink, SettledSink
    from cardtui.tables.shared_bankroll import RoomChips

log = logging.getLogger("cardtui.guest.joining")

#: The environment variable that names the descriptor inherited from the server.


class RoomDoor:
    """The room this game process was started with.

    The app knows at once whether it runs in a room (the server set
    :data:`ROOM_FD_ENV`), so the menu can offer **Tables** from its first
    frame; the greeting needs the app's event loop and happens when the lobby
    first opens (:meth:`link`).
    """

    def __init__(self, environ: Mapping[str, str]) -> None:
        self._environ = environ
        self._link: RoomLink | None = None
        self._lock = asyncio.Lock()
        #: A name saved in Settings before the room was joined, for the room once it is.
        self._renamed: str | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> RoomDoor | None:
        return cls(environ) if environ.get(ROOM_FD_ENV) else None

    @property
    def joined(self) -> RoomLink | None:
        return self._link

    async def link(self, on_settled: SettledSink | None = None,
                   chips: RoomChips | None = None) -> RoomLink:
        """The line to the room, greeting it once; ``RoomRefused`` when it cannot be reached.

        ``chips``: the profile's kept chips, which a key holder's seats play.
        """
        from cardtui.guest.client import RoomClient, RoomError
        from cardtui.guest.link import RoomLink, RoomRefused

        async with self._lock:
            if self._link is not None:
                return self._link
            try:
                client = await RoomClient.from_environment(self._environ)
                if client is None:
                    raise RoomError("this game was not started by a room")
                link = RoomLink(client, on_settled, chips)
                await link.start()
            except (RoomError, OSError) as error:
                log.warning("could not join the room: %s", error)
                raise RoomRefused(f"the room cannot be reached ({error})") from None
            self._link = link
            if self._renamed is not None:
                link.rename(self._renamed)
            return link

    def rename(self, name: str) -> None:
        """The player saved ``name`` in Settings: the room shows it, now or once joined."""
        if self._link is not None:
            self._link.rename(name)
        else:
            self._renamed = name
