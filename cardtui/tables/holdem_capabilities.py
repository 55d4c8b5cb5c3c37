"""What a hold'em session can do beyond the seam, asked once by the hold'em screen.

:class:`HoldemCapabilities` extends the common
:class:`~cardtui.tables.capabilities.Capabilities` (chat, sit out, leave,
deals here) with what only a hold'em table does. Each field is an object that
can do the thing, or None when this table cannot:

=============  ===========================  =============================
field          a local table                a shared table in the room
=============  ===========================  =============================
``dealer``     the session (deal, setup)    None: the room deals
``rebuy``      the session                  None: bought in from the lobby
``keyboard``   the session (hot seat)       None: one player per terminal
``room``       None                         the session (stakes, closing)
``listens``    the session                  None
=============  ===========================  =============================

A replay and a scripted test table have none of them. The screen never asks
which kind of session it holds: it asks ``caps.dealer is not None`` where it
used to ask whether the table is local. Nothing here imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtui.holdem.actions import Action
from cardtui.holdem.hand import Hand
from cardtui.holdem.setup import HoldemConfig
from cardtui.holdem.table import Table
from cardtui.tables.capabilities import Capabilities
from cardtui.tables.session import Listener, TableSession


class Dealer(Protocol):
    """The engine's table is in this process: it deals on the player's word and takes a
    new setup between hands; its table and the hand in play (ahead of what is shown)
    are there to read (the blinds, the deal prompt, the hand for the history)."""

    @property
    def table(self) -> Table: ...

    @property
    def hand(self) -> Hand | None: ...

    @property
    def setup(self) -> HoldemConfig: ...

    def deal(self) -> None: ...

    def new_table(self, setup: HoldemConfig, button: int | None = None) -> None: ...


class Rebuys(Protocol):
    """A cash game's busted humans buy in again between hands."""

    def busted_humans(self) -> list[int]: ...

    def rebuy(self) -> None: ...


class SharesKeyboard(Protocol):
    """Hot seat: a human took the keyboard; their hole cards are delivered now."""

    def take_keyboard(self, seat: int) -> None: ...


class SharedRoom(Protocol):
    """A table in the room: its stakes as the lobby said them, whether the room is closing,
    and whether this table is closed to this player."""

    @property
    def stakes(self) -> str: ...

    @property
    def room_closing(self) -> bool: ...

    @property
    def table_closed(self) -> bool:
        """The room let this table go for this player (closed, its host died, removed):
        nothing is played here any more; Escape just goes."""


class PlansAhead(Protocol):
    """A table in the room carries out what the player plans ahead: sitting out from the
    next hand ("hand") or the next big blind ("big_blind"), "" cancelling; and a move
    ticked ahead of the turn (an advance action's value, "" clearing), which the room
    plays at the turn even if this game is slow."""

    def sit_out_next(self, when: str) -> None: ...

    def tick_ahead(self, hand: int, kind: str, amount: int) -> None: ...

    @property
    def bank_turn(self) -> object | None:
        """The player's turn (the :class:`ToAct`) whose clock is their time bank, or None."""


class AnswersHomeGame(Protocol):
    """A table in the room asks home-game questions: "runs" (run the board twice?) or
    "show" (show the hand that won uncontested?); ``answer`` sends the player's answer
    (runs: 2 or 1; show: 1 or 0)."""

    @property
    def question(self) -> str: ...

    @property
    def question_seconds(self) -> int:
        """Seconds left to answer the open question (the prompt line shows them)."""

    def answer(self, value: int) -> None: ...

    @property
    def offers_straddle(self) -> bool:
        """Whether this table plays straddles (a player may choose to post one)."""

    @property
    def straddling(self) -> bool:
        """Whether this player chose to straddle whenever under the gun."""

    def straddle(self, on: bool) -> None: ...


class Listens(Protocol):
    """A newer screen may attach to this table before the old one unmounts (the palette's
    Hold'em at the hold'em table): the old one asks whether it still listens before it
    folds the hand out."""

    def listens(self, listener: Listener) -> bool: ...


@dataclass(frozen=True, slots=True)
class HoldemCapabilities(Capabilities):
    """What one hold'em session can do beyond the seam; None: this table cannot."""

    dealer: Dealer | None = None
    rebuy: Rebuys | None = None
    keyboard: SharesKeyboard | None = None
    room: SharedRoom | None = None
    listens: Listens | None = None
    #: A table in the room: it plays ticked moves and sits the seat out as planned.
    ahead: PlansAhead | None = None
    #: A table in the room with home-game options: its questions, answered by key.
    home: AnswersHomeGame | None = None


class HoldemSession(TableSession[Action], Protocol):
    """What the hold'em screen asks of any session (local, shared, scripted, replayed)."""

    @property
    def in_hand(self) -> bool: ...

    def hurry(self) -> None: ...

    def fold_out(self) -> None: ...

    def close(self) -> None: ...

    def capabilities(self) -> HoldemCapabilities: ...
