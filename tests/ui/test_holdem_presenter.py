"""The hold'em presenter without Textual: a scripted session's events, a local hot-seat table
with a stacked deck, and a shared table's capabilities, asserted on the presenter's state.

No app runs here: the presenter is fed the session's events as the screen feeds it
(``shown_for`` then ``apply`` for each step) and asked what the screen would ask.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import dataclass, field

from cardtui.clock import FakeClock
from cardtui.holdem.actions import Action, Folded, HoleCardsDealt
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, Note, SeatClock, SeatsChanged, SeatState, Seen, ToAct
from cardtui.ui.holdem.presenter import HoldemPresenter
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_holdem_seam import BEGINS, DEAL, LEGAL, SEATS


def fed(presenter: HoldemPresenter) -> object:
    """The listener a screen attaches: every event's steps applied at once, in order."""

    def listener(event: Event) -> None:
        for step in presenter.shown_for(event):
            presenter.apply(step)

    return listener


def attached(session: ScriptedSession | HoldemLocalSession, **options: object) -> (
        HoldemPresenter):
    presenter = HoldemPresenter(session, session.capabilities(), **options)  # type: ignore[arg-type]
    session.attach(fed(presenter))  # type: ignore[arg-type]
    return presenter


def test_a_scripted_turn_sets_the_keys_and_a_move_goes_back_to_the_session() -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    session.in_hand = True
    changes: list[None] = []
    presenter = HoldemPresenter(session, session.capabilities(),
                                changed=lambda: changes.append(None))
    session.attach(fed(presenter))  # type: ignore[arg-type]
    assert presenter.turn == ToAct(0, LEGAL) and presenter.waiting_for == 0
    assert presenter.viewer == 0 and presenter.face_up(0) and not presenter.face_up(2)
    live = {a for a in ("fold", "check", "call", "bet", "raise", "all_in", "deal", "rebuy",
                        "setup", "chat", "history") if presenter.allows(a, animating=False)}
    assert live == {"fold", "call", "raise", "all_in", "history"}  # no dealer, no chat here
    assert not presenter.allows("fold", animating=True)  # keys skip while steps are shown
    assert presenter.prompt(animating=False).plain == "Ann, your turn: 5 to call."
    assert presenter.big_blind() == 10  # the one posted: no engine here
    assert changes  # the screen was told to redraw
    presenter.move(Action.call())
    assert session.acted == [(0, Action.call())]
    assert presenter.turn is None and not presenter.allows("call", animating=False)
    # A shared table asks what to do when this player's clock ran out meanwhile:
    # someone else's record ends the decision.
    session.send(ToAct(0, LEGAL), Seen((Folded(2),)))
    assert presenter.turn is None


def test_a_refused_move_and_a_voided_hand_are_notes() -> None:
    class Refusing(ScriptedSession):
        def act(self, seat: int, action: object) -> None:
            raise ValueError("it is not your turn")

    session = Refusing([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    presenter = attached(session)
    presenter.move(Action.fold())
    assert [n.plain for n in presenter.notes] == ["It is not your turn."]
    session.send(Note("Bob is out.", "warning"), Note("hi", "chat"))
    assert [n.plain for n in presenter.notes][-1] == "Bob is out."
    assert [line.plain for _, line in presenter.said] == ["hi"]


def test_the_action_clock_counts_down_on_the_injected_clock() -> None:
    clock = FakeClock()
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL)])
    presenter = attached(session, clock=clock)
    session.send(SeatClock(2, clock.monotonic() + 12))
    assert presenter.thinking == 2 and presenter.seconds_left() == 12
    assert presenter.seat_status(2) == "to act 12 s"
    clock.advance(5)
    assert presenter.seconds_left() == 7
    session.send(SeatClock(2, None), ToAct(0, LEGAL, deadline=clock.monotonic() + 9))
    assert presenter.thinking is None and presenter.seat_status(0) == "to act 9 s"
    assert presenter.prompt(animating=False).plain == "Ann, your turn: 5 to call. (9 s)"


@dataclass
class SharedTable:
    """A shared table's capabilities, recorded: chat, sit out, the room's stakes."""

    said: list[str] = field(default_factory=list)
    back: int = 0
    stakes: str = "5/10"
    room_closing: bool = False
    table_closed: bool = False

    def chat(self, text: str) -> None:
        if not text.strip():
            raise ValueError("nothing to say")
        self.said.append(text)

    def sit_out(self) -> None:
        pass

    def come_back(self) -> None:
        self.back += 1

    def leave(self) -> None:
        pass


def test_a_shared_table_chats_sits_out_and_says_its_stakes() -> None:
    room = SharedTable()
    session = ScriptedSession([SeatsChanged(SEATS)], viewer_seats=(2,))
    session.caps = HoldemCapabilities(chat=room, sit_out=room, leave=room, room=room)
    presenter = attached(session)
    assert presenter.bottom == 2  # this player's own seat at the bottom middle
    assert presenter.allows("chat", animating=False) and not presenter.allows(
        "deal", animating=False)
    assert presenter.blinds_text().plain == "Blinds 5/10"
    assert presenter.prompt(animating=False).plain.startswith("The room deals the next hand")
    presenter.say("hello")
    presenter.say("  ")
    assert room.said == ["hello"] and [n.plain for n in presenter.notes] == ["Nothing to say."]
    away = tuple(SeatState(s.seat, s.name, s.stack, status="sitting out") if s.seat == 2 else s
                 for s in SEATS)
    session.send(SeatsChanged(away))
    assert presenter.sitting_out() and presenter.seat_status(2) == "sitting out"
    assert "press any key to come back" in presenter.prompt(animating=False).plain
    assert presenter.any_key(animating=False) == "back" and room.back == 1
    room.room_closing = True
    assert presenter.prompt(animating=False).plain == "No more hands: the room is closing."


def test_a_local_hot_seat_hand_passes_the_keyboard_deals_and_settles() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob")))
    session = HoldemLocalSession(setup, random.Random(3), button=0)
    presenter = attached(session)
    assert presenter.prompt(animating=False).plain == "d deals the first hand."
    assert presenter.allows("deal", animating=False) and presenter.hot_seat
    assert not presenter.allows("rebuy", animating=False)  # nobody is busted
    session.next_deck = stacked_deck(["7h2d", "AsKs"])  # dealt from Bob, left of the button
    presenter.deal()
    # Heads-up the button (Ann) acts first preflop; nobody's cards are on screen yet.
    assert presenter.turn is not None and presenter.turn.seat == 0
    assert presenter.pass_to() == "Ann" and presenter.legal() is None
    assert presenter.viewer is None and not presenter.face_up(0)
    assert not any(isinstance(r, HoleCardsDealt) and r.cards[0] for r in presenter.records)
    presenter.passed()  # Ann took the keyboard: her cards arrive now
    assert presenter.keyboard == 0 and presenter.viewer == 0 and presenter.face_up(0)
    assert presenter.pass_to() is None and presenter.legal() is not None
    assert presenter.hand_note().plain == "Ann: Ace-King suited"
    assert presenter.big_blind() == 10 and presenter.asks_before_leaving()
    presenter.move(Action.fold())
    assert not presenter.in_hand and presenter.view.over
    assert presenter.prompt(animating=False).plain == "d deals the next hand."
    assert presenter.begun is not None and presenter.begun.number == 1
    assert any(r == Folded(0) for r in presenter.records)
    assert presenter.blinds_text().plain == "Blinds 5/10"
    assert not presenter.asks_before_leaving()


def test_a_local_table_between_hands_takes_a_new_setup() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")))
    session = HoldemLocalSession(setup, random.Random(3), button=0)
    presenter = attached(session)
    assert presenter.takes_setup() and len(presenter.view.seats) == 3
    presenter.new_table(HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"))))
    assert [s.name for s in presenter.seats] == ["Ann", "Bob"]
    assert len(presenter.view.seats) == 2 and presenter.view.positions is None


def test_the_presenter_imports_no_textual() -> None:
    # In a fresh interpreter: the presenter, its words and moves load without Textual.
    code = ("import sys, cardtui.ui.holdem.presenter; "
            "sys.exit(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
