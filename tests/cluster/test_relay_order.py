"""The relay's first words to a game come in one host's order, whatever order the parts spoke.

One host greets a reconnecting player with Welcome, then the lobby, then each table where
it seats them (cardtui/room/room.py ``_hello``); the game takes a seat given back only at
a table its lobby lists. Across hosts a table's part may greet and show the seat before
the lobby's part has listed the tables: the relay still says the lobby first. (Found
playing: a player reconnecting through another host was offered a buy-in for the seat
they held.)
"""

from __future__ import annotations

import socket

from cardtui.cluster.lines import Relay
from cardtui.games import Game
from cardtui.room.connection import Member
from cardtui.wire.protocol import (
    PROTOCOL_VERSION,
    LobbySnapshot,
    Message,
    TableInfo,
    TableSnapshot,
    Welcome,
    decode,
    encode,
)


class Written:
    """The game's end of the relay, as the relay writes to it."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data

    def messages(self) -> list[Message]:
        return [decode(line) for line in bytes(self.data).splitlines()]


def line(message: Message) -> bytes:
    return encode(message).rstrip(b"\n")


INFO = TableInfo("t1", Game.HOLDEM, "Duel", "5/10", 4, ("Bob", None, None, None), True,
                 400, 1000, 60.0)


async def test_the_lobby_comes_before_a_seat_given_back_by_a_table_part_that_spoke_first() -> None:
    ours, theirs = socket.socketpair()
    relay = Relay(None, "night", "host-3", Member("profile-Bob", "Bob"), ours,  # type: ignore[arg-type]
                  lambda relay: None, ["lobby", "t1"])
    written = Written()
    relay._writer = written  # type: ignore[assignment]
    t1, lobby = relay.parts["t1"], relay.parts["lobby"]
    # The table's part greets the game, lists its table and gives the seat back...
    relay.heard(t1, line(Welcome(PROTOCOL_VERSION, "Bob", False, ("t1",), room="r-t1")))
    relay.heard(t1, line(LobbySnapshot((INFO,))))
    relay.heard(t1, line(TableSnapshot(INFO, (), 0, None, (), None)))
    assert not written.data  # (held until every part has greeted)
    # ...before the lobby's part has said a word.
    relay.heard(lobby, line(Welcome(PROTOCOL_VERSION, "Bob", False, (), room="r-lobby")))
    relay.heard(lobby, line(LobbySnapshot(())))
    kinds = [type(m).__name__ for m in written.messages()]
    assert kinds == ["Welcome", "LobbySnapshot", "TableSnapshot"], kinds
    welcome, lobby_snapshot = written.messages()[:2]
    assert isinstance(welcome, Welcome) and welcome.seated_at == ("t1",)
    assert isinstance(lobby_snapshot, LobbySnapshot)
    assert [t.id for t in lobby_snapshot.tables] == ["t1"]
    ours.close()
    theirs.close()
