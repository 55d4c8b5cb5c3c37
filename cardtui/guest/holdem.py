"""A shared hold'em table in the room, behind the table seam.

The room deals and decides; this session turns its messages into the seam's
events and the player's moves into :class:`~cardtui.wire.protocol.HoldemAction`
lines. A move is checked against the legality the room sent with the turn
(the engine's own :class:`~cardtui.holdem.legal.LegalActions`), so an illegal
key gets its plain reason here; the room checks again, trusting nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING

from cardtui.games import Game
from cardtui.guest.home_game_commands import home_game_command
from cardtui.guest.home_game_commands import question as question_words
from cardtui.guest.shared_table import RemoteSession
from cardtui.holdem.actions import Action, HandEnded
from cardtui.holdem.bots import Personality
from cardtui.holdem.button import Positions
from cardtui.holdem.legal import LegalActions, refusal
from cardtui.holdem.phh_seen import seen_to_phh
from cardtui.i18n import _
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.holdem_replay import played_replay
from cardtui.tables.session import Event, Note, SeatState, Seen, Settled, ToAct
from cardtui.wire.protocol import (
    HandStarted,
    HoldemAction,
    HomeGameAsk,
    HomeGameChoice,
    Message,
    PreAction,
    SeatInfo,
    SeatSettled,
    SitOutNext,
    TableInfo,
    TimeBankTurn,
    TournamentState,
    YourTurnHoldem,
)

if TYPE_CHECKING:
    from cardtui.guest.shared_table import TableLine


class HoldemRemoteSession(RemoteSession):
    """One hold'em table in the room: ``act(seat, Action)`` when a :class:`ToAct` came."""

    game = Game.HOLDEM

    def __init__(self, link: TableLine, info: TableInfo) -> None:
        super().__init__(link, info)
        #: The bots' personalities in the hand in play, by seat (see :meth:`dealt_in`).
        self._personalities: dict[int, str] = {}
        #: The seat whose time bank the next turn runs on (the room said so first).
        self._banking: int | None = None
        #: This player's turn that runs on their time bank (its prompt says so).
        self.bank_turn: ToAct | None = None
        #: A sit-and-go's table: its level, blinds and players left, as the room last said.
        self.tournament: TournamentState | None = None
        #: A sit-and-go's rebuy (its buy-in from the balance first): ``/rebuy`` in the chat.
        self.rebuy_with: Callable[[], Awaitable[str]] | None = None
        #: The room's last home-game question to this player (``/twice``, ``/show``...).
        self.asked: HomeGameAsk | None = None
        #: This player chose to straddle whenever under the gun (``x``, ``/straddle``).
        self.straddling = False

    def act(self, seat: int, action: Action) -> None:
        turn = self._my_turn(seat)
        legal = turn.legal
        assert isinstance(legal, LegalActions)
        if not legal.allows(action):
            raise ValueError(refusal(legal, action))
        self._send(HoldemAction(self.table_id, action.kind, action.amount))
        self.to_act = None  # one move per turn: a second key waits for the next prompt

    def capabilities(self) -> HoldemCapabilities:
        """The room deals: this table chats, sits out, stands up, and says its stakes."""
        return HoldemCapabilities(chat=self, sit_out=self, leave=self, room=self, ahead=self,
                                  home=self)

    @property
    def question(self) -> str:
        """The room's question still open to this player ("runs", "show"; "": none)."""
        asked = self.asked
        if asked is None or asked.deadline <= self.link.clock.wall():
            return ""
        return asked.kind

    @property
    def question_seconds(self) -> int:
        """Seconds left to answer the open question (0: none open)."""
        asked = self.asked
        if asked is None:
            return 0
        return max(round(asked.deadline - self.link.clock.wall()), 0)

    @property
    def offers_straddle(self) -> bool:
        return "straddle" in self.info.home_game

    def straddle(self, on: bool) -> None:
        """Straddle whenever under the gun (True), or stop; the room says so at the table."""
        self._send(HomeGameChoice(self.table_id, 0, "straddle", int(on)))
        self.straddling = on

    def answer(self, value: int) -> None:
        """Answer the open question (a key: 2 or 1 runs, w shows)."""
        asked = self.asked
        if asked is None:
            return
        self.asked = None  # one answer: the key goes away
        self._send(HomeGameChoice(self.table_id, asked.hand, asked.kind, value))

    def sit_out_next(self, when: str) -> None:
        self._send(SitOutNext(self.table_id, when))

    def tick_ahead(self, hand: int, kind: str, amount: int) -> None:
        self._send(PreAction(self.table_id, hand, kind, amount))

    @property
    def stakes(self) -> str:
        """The blinds as the lobby listed them (``"5/10"``)."""
        return self.info.stakes

    def translate_game(self, message: Message) -> Iterator[Event]:
        if isinstance(message, YourTurnHoldem) and message.seat == self.your_seat:
            turn = ToAct(message.seat, message.legal, self.local_deadline(message.deadline))
            banked, self._banking = self._banking == message.seat, None
            self.bank_turn = turn if banked else None
            yield turn
        elif isinstance(message, TimeBankTurn):
            self._banking = message.seat  # the turn that follows runs on the time bank
        elif isinstance(message, TournamentState):
            self.tournament = message  # drawn with the table's next redraw (and each second)
        elif isinstance(message, HomeGameAsk):
            self.asked = message
            clock = self.link.clock
            yield Note(question_words(message, max(round(message.deadline - clock.wall()), 0)),
                       "warning")
        else:
            yield from super().translate_game(message)

    def chat(self, text: str) -> None:
        """``/rebuy`` at a sit-and-go's table buys its starting stack again; the rest is
        chat (or a host's command) as at any table."""
        if text.strip().lower() == "/rebuy" and self.rebuy_with is not None:
            asyncio.get_running_loop().create_task(self._rebuy(self.rebuy_with))
            return
        choice = home_game_command(text, self.table_id, self.asked)
        if isinstance(choice, str):
            self._say_here(choice)
        elif choice is not None:
            self._send(choice)
            if choice.kind == "straddle":
                self.straddling = bool(choice.value)
            if choice.kind in ("runs", "show"):
                self.asked = None  # answered: a second line is not sent
        else:
            super().chat(text)

    async def _rebuy(self, rebuy: Callable[[], Awaitable[str]]) -> None:
        try:
            said = await rebuy()
        except Exception as refusal:  # the room's words (RoomRefused), shown here
            said = _("No rebuy: {reason}").format(reason=refusal)
        self._say_here(said)

    def ends_hand(self, record: object) -> bool:
        return isinstance(record, HandEnded)

    def settled(self, message: SeatSettled) -> Settled:
        """The rows, with the hand as this player saw it (PHH) for the statistics.

        The room sends a hand's last records before its result, so the hand
        is whole here; a hand this session did not see from its start (it
        joined mid-hand) is kept without a history.
        """
        settled = super().settled(message)
        if self.begun is None or self.begun.number != message.hand:
            return settled
        seen = played_replay(self.begun, self.records)  # type: ignore[arg-type]
        if not seen.complete:
            return settled
        kinds = [self._personalities.get(seat, "") for seat in range(seen.seat_count)]
        return dataclasses.replace(settled, hand_history=seen_to_phh(seen, personalities=kinds))

    def dealt_in(self, infos: tuple[SeatInfo, ...]) -> tuple[SeatState, ...]:
        # The room names each bot's personality as the hand starts: the hand's
        # history keeps them, so the statistics list room bots by personality
        # as they do a local table's.
        self._personalities = {info.seat: info.personality for info in infos}
        return super().dealt_in(infos)

    @property
    def bot_personalities(self) -> dict[int, Personality]:
        """The room's bots in the hand in play, by seat: the advice's ranges for them."""
        return {seat: Personality(kind) for seat, kind in self._personalities.items()
                if kind in Personality.__members__.values()}

    def _keep(self, event: Event) -> None:
        super()._keep(event)
        seat = self.your_seat
        if seat is None or not isinstance(event, Seen):
            return
        for record in event.records:
            if isinstance(record, HandEnded) and seat < len(record.stacks) and (
                    record.stacks[seat] == 0):
                # Out of chips: the room stands the player up to watch (they may buy in
                # again from the lobby); the seat is no longer theirs to show or leave.
                self.your_seat = None

    def positions(self, started: HandStarted) -> Positions | None:
        if started.button < 0:
            return None
        return Positions(started.button, started.small_blind_seat, started.big_blind_seat)

