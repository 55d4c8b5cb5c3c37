"""A shared hold'em table the room let go reads as closed on the screen's presenter.

After a failover the relay tells the game only that its tables closed (no hand was
voided by a room that is dead); a room closing a table itself voids the hand first.
Either way the screen must offer no move, ask no "your hand is folded" on Escape and
say the table closed. The session and presenter run without Textual or a room.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtui.clock import Clock, FakeClock
from cardtui.games import Game
from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.guest.shared_table import RemoteSession
from cardtui.holdem.legal import LegalActions
from cardtui.tables.session import Event, Settled
from cardtui.ui.holdem.presenter import HoldemPresenter
from cardtui.wire.codec import encode_record
from cardtui.wire.protocol import (
    HandStarted,
    HandVoided,
    Records,
    Request,
    SeatInfo,
    SeatSettled,
    TableClosed,
    TableInfo,
    YourTurnHoldem,
)
from tests.ui.test_holdem_seam import DEAL

LEGAL = LegalActions(seat=0, can_fold=True, can_check=False, call_amount=5, can_raise=True,
                     min_raise_to=20, max_raise_to=1000, is_bet=False, can_all_in=True)
SEATS = (SeatInfo(0, "Ann", 1000), SeatInfo(1, "Bob", 1000))
KEYS = ("fold", "check", "call", "bet", "raise", "all_in", "chat", "straddle", "sit_out_next",
        "run_twice", "run_once", "show_hand", "pre_check_fold", "pre_call_any")


@dataclass
class Line:
    """The game's line to the room, recorded (what a RoomLink does, without a room)."""

    clock: Clock = field(default_factory=FakeClock)
    closed: bool = False
    closing: bool = False
    sent: list[Request] = field(default_factory=list)
    home: list[RemoteSession] = field(default_factory=list)

    @property
    def keeps_chips(self) -> bool:
        return True

    def send(self, message: Request) -> int:
        self.sent.append(message)
        return len(self.sent)

    def settled(self, message: SeatSettled) -> Settled:
        raise AssertionError("no hand settles here")

    def settled_unclaimed(self, game: Game, settled: Settled) -> None:
        raise AssertionError("no hand settles here")

    def forget(self, session: RemoteSession) -> None:
        pass

    def stood_up(self, session: RemoteSession) -> None:
        self.home.append(session)


def at_my_turn() -> tuple[HoldemRemoteSession, HoldemPresenter, Line]:
    """Ann in seat 0 of a shared table, a hand dealt and her turn to call 5."""
    line = Line()
    info = TableInfo("t1", Game.HOLDEM, "x", "5/10", 2, ("Ann", "Bob"), True, 1, 2, 30.0,
                     home_game=("straddle",))
    session = HoldemRemoteSession(line, info)
    session.your_seat = 0
    presenter = HoldemPresenter(session, session.capabilities(), clock=line.clock)

    def listener(event: Event) -> None:
        for step in presenter.shown_for(event):
            presenter.apply(step)

    session.attach(listener)
    session.receive(HandStarted("t1", 3, SEATS, button=0, small_blind_seat=0,
                                big_blind_seat=1))
    session.receive(Records("t1", 3, tuple(encode_record(r) for r in DEAL[:3])))
    session.receive(YourTurnHoldem("t1", 0, line.clock.wall() + 30, LEGAL))
    assert presenter.asks_before_leaving() and presenter.allows("call", animating=False)
    return session, presenter, line


def assert_closed(session: HoldemRemoteSession, presenter: HoldemPresenter, line: Line) -> None:
    assert session.table_closed and not session.in_hand and session.to_act is None
    assert presenter.table_closed and not presenter.asks_before_leaving()  # Escape just goes
    assert [k for k in KEYS if presenter.allows(k, animating=False)] == []
    assert presenter.allows("history", animating=False)
    assert presenter.turn is None and presenter.begun is None
    assert presenter.prompt(animating=False).plain == (
        "This table has closed: Escape goes back to the lobby.")
    assert presenter.any_key(animating=False) is None  # not "come back" to a closed table
    assert [n.plain for n in presenter.notes][-1] == (
        "This table has closed: your chips here went back to your balance.")
    assert line.home == [session] and not session.kept_chips  # home now, not again on leaving
    sent = len(line.sent)
    session.leave()
    assert len(line.sent) == sent and session.left  # nothing to tell a room that let it go


def test_the_table_closed_under_a_hand_after_a_failover_reads_as_closed() -> None:
    session, presenter, line = at_my_turn()
    session.receive(TableClosed("t1"))  # the relay's word: the owner died mid-hand
    assert_closed(session, presenter, line)


def test_a_table_the_room_closed_mid_hand_reads_as_closed() -> None:
    session, presenter, line = at_my_turn()
    session.receive(HandVoided("t1", 3, SEATS, "the table closed"))  # the room voids first
    session.receive(TableClosed("t1"))
    assert_closed(session, presenter, line)


def test_a_table_closed_between_hands_only_says_so() -> None:
    line = Line()
    info = TableInfo("t1", Game.HOLDEM, "x", "5/10", 2, ("Ann", None), False, 1, 2, 30.0)
    session = HoldemRemoteSession(line, info)
    session.your_seat = 0
    got: list[Event] = []
    session.attach(got.append)
    got.clear()  # (what attaching shows first)
    session.receive(TableClosed("t1"))
    assert [type(e).__name__ for e in got] == ["Note"] and session.table_closed
