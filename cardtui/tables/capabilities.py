"""What a table session can do beyond the seam, asked once by its screen.

Every session offers :class:`~cardtui.tables.session.TableSession` (attach,
detach, act). The rest differs by where the table is: a shared table chats
and sits out, a local table rebuys and deals on the player's word, a replay
does neither. Instead of asking which kind of session it holds (an
``isinstance`` check, a ``local`` or ``remote`` property), a screen asks the
session once for its :class:`Capabilities` and keeps what it got: each field
is either an object that can do the thing, or None when this table cannot.

    caps = session.capabilities()
    if caps.chat is not None:
        caps.chat.chat(line)

Each game extends :class:`Capabilities` with what only its tables do (a
blackjack table's betting, a hold'em table's hot seat); the common ones are
here. Nothing in this module imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Chats(Protocol):
    """Say something at the table (a shared table: everyone seated or watching reads it)."""

    def chat(self, text: str) -> None: ...


class SitsOut(Protocol):
    """Keep the seat without being dealt in, and come back (a shared table)."""

    def sit_out(self) -> None: ...

    def come_back(self) -> None: ...


class Leaves(Protocol):
    """Stand up from a shared table: the seat is given back to the room."""

    def leave(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What one session can do beyond the seam; None: this table cannot.

    A replay or a scripted test table has none of them (the default).
    """

    chat: Chats | None = None
    sit_out: SitsOut | None = None
    leave: Leaves | None = None
    #: The table is played here, by this process's engine (a local table): it
    #: deals when the player says so and never waits for a room.
    deals_here: bool = False
