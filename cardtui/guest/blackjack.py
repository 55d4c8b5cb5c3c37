"""A shared blackjack table in the room, behind the table seam.

A round has two kinds of decision: the bet, while the betting window is open
(a :class:`~cardtui.tables.session.ToAct` whose ``legal`` is a
:class:`~cardtui.tables.session.BetWindow`), and the moves of each hand in seat
order (``legal`` is the frozenset of moves the engine allows now). Every
player's cards are face up at a blackjack table; only the dealer's hole card
arrives as ``None`` until it is turned.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardtui.blackjack.count import VERBS
from cardtui.blackjack.records import Action, RoundSettled
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import Advice
from cardtui.games import Game
from cardtui.guest.shared_table import RemoteSession, seat_state
from cardtui.i18n import _
from cardtui.tables.blackjack_capabilities import BlackjackCapabilities

# BetWindow is the seam's (a local table's too); still importable from here.
from cardtui.tables.session import BetWindow, Event, Note, SeatState, ToAct
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    BlackjackAction,
    Message,
    SeatInfo,
    YourTurnBlackjack,
)


class BlackjackRemoteSession(RemoteSession):
    """One blackjack table in the room: ``bet(seat, amount)``, then ``act(seat, Action)``."""

    game = Game.BLACKJACK

    def bet(self, seat: int, amount: int) -> None:
        turn = self._my_turn(seat)
        if not isinstance(turn.legal, BetWindow):
            raise ValueError(_("bets are placed between rounds"))
        bankroll = next((s.stack for s in self.seats() if s.seat == seat), 0)
        problem = turn.legal.problem(amount, bankroll)
        if problem is not None:
            raise ValueError(problem)
        # The window stays open (and the bet may change) until the deal.
        self._send(Bet(self.table_id, amount))

    def act(self, seat: int, action: Action) -> None:
        turn = self._my_turn(seat)
        if isinstance(turn.legal, BetWindow):
            raise ValueError(_("place a bet first"))
        assert isinstance(turn.legal, frozenset)
        if action not in turn.legal:
            raise ValueError(_("you cannot {move} now").format(move=_(VERBS[action])))
        self._send(BlackjackAction(self.table_id, action))
        self.to_act = None

    def capabilities(self) -> BlackjackCapabilities:
        """A table in the room: chat, sit out, stand up; the bet chosen here is placed with d."""
        return BlackjackCapabilities(
            chat=self, sit_out=self, leave=self, rules=Rules.from_json(self.info.rules),
            place_bet=self, in_round=self)

    @property
    def in_round(self) -> bool:
        """A round has begun here and not yet ended."""
        return self.in_hand

    def seat_states(self) -> tuple[SeatState, ...]:
        """The local blackjack session's name for :meth:`seats`."""
        return self.seats()

    def forfeit(self) -> None:
        """Leaving mid-round: the room stands for us and settles the round as it plays out."""
        self.leave()

    def advice(self) -> Advice | None:
        """No hint at a shared table: the room counts the trainer's mistakes itself."""
        return None

    def ends_hand(self, record: object) -> bool:
        return isinstance(record, RoundSettled)

    def dealt_in(self, infos: tuple[SeatInfo, ...]) -> tuple[SeatState, ...]:
        """Every seat, as the local blackjack session starts a round: without a bet, sitting out."""
        every = {state.seat: state for state in self.every_seat(())}
        every.update({state.seat: state for state in self.seats()})
        in_round = {info.seat: seat_state(info) for info in infos}
        return tuple(
            in_round.get(seat) or (state if state.status == "empty"
                                   else replace(state, status="sitting out"))
            for seat, state in sorted(every.items())
        )

    def translate_game(self, message: Message) -> Iterator[Event]:
        match message:
            case YourTurnBlackjack(seat=seat, legal=legal, deadline=deadline) if (
                    seat == self.your_seat):
                yield ToAct(seat, frozenset(legal), self.local_deadline(deadline))
            case BetsOpen(min_bet=low, max_bet=high, deadline=deadline):
                if self.your_seat is not None:
                    yield ToAct(self.your_seat, BetWindow(low, high), self.local_deadline(deadline))
                elif deadline is None:
                    yield Note(_("Bets are open"))
            case _:
                yield from super().translate_game(message)
