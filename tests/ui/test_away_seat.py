"""A shared hold'em seat whose player is disconnected says "away" all the while: dealt in,
on its turn (with the clock the room acts on), folded for, and between hands."""

from __future__ import annotations

from dataclasses import replace

from cardtui.clock import FakeClock
from cardtui.holdem.actions import Folded
from cardtui.tables.session import SeatClock, SeatsChanged, Seen
from cardtui.ui.holdem.presenter import HoldemPresenter
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_holdem_presenter import fed
from tests.ui.test_holdem_seam import BEGINS, DEAL, SEATS


def test_an_away_seat_says_away_through_the_hand_and_its_own_turn() -> None:
    away = tuple(replace(s, status="away") if s.seat == 2 else s for s in SEATS)
    session = ScriptedSession([SeatsChanged(away)], viewer_seats=(0,))
    clock = FakeClock()
    presenter = HoldemPresenter(session, session.capabilities(), clock=clock)  # type: ignore[arg-type]
    session.attach(fed(presenter))  # type: ignore[arg-type]
    assert presenter.seat_status(2) == "away"  # between hands
    session.send(BEGINS)
    session.send(Seen(DEAL))
    assert presenter.seat_status(2) == "away"  # dealt in, another seat to act
    session.send(SeatClock(2, clock.monotonic() + 30))
    assert presenter.seat_status(2) == "away 30 s"  # its turn: the room acts when it ends
    session.send(Seen((Folded(2),)))
    session.send(SeatClock(2, None))
    assert presenter.seat_status(2) == "away"
    assert presenter.seat_status(0) != "away"  # a connected seat is not marked


def test_a_paused_shared_table_withdraws_the_turn_until_the_room_asks_again() -> None:
    from cardtui.tables.session import ToAct
    from tests.ui.test_holdem_seam import LEGAL

    session = ScriptedSession([SeatsChanged(SEATS)], viewer_seats=(0,))
    session.in_hand = True
    clock = FakeClock()
    presenter = HoldemPresenter(session, session.capabilities(), clock=clock)  # type: ignore[arg-type]
    session.attach(fed(presenter))  # type: ignore[arg-type]
    session.send(BEGINS)
    session.send(Seen(DEAL))
    session.send(SeatClock(0, clock.monotonic() + 30))
    session.send(ToAct(0, LEGAL, clock.monotonic() + 30))
    assert presenter.allows("call", animating=False)
    session.send(SeatClock(0, None))  # paused by the host: the clock stops, nobody acts
    assert presenter.turn is None and not presenter.allows("call", animating=False)
    session.send(SeatClock(0, clock.monotonic() + 20))  # resumed: the room asks again
    session.send(ToAct(0, LEGAL, clock.monotonic() + 20))
    assert presenter.allows("call", animating=False)
