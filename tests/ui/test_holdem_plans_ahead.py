"""A shared table's plans ahead, through the presenter: the ticked move the room plays
when this game is slow, and the sit-out keys (only at a table in the room)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.holdem.actions import Action, Called, Checked, Folded, HandEnded
from cardtui.holdem.legal import LegalActions
from cardtui.room.config import HoldemOptions
from cardtui.tables.holdem_capabilities import HoldemCapabilities
from cardtui.tables.session import Event, SeatsChanged, Seen, ToAct
from cardtui.ui.holdem.advance import Advance
from cardtui.ui.holdem.presenter import HoldemPresenter
from tests.room.conftest import make_room
from tests.room.support import until
from tests.support.scripted_table import ScriptedSession
from tests.tables.support import Player, join
from tests.ui.test_holdem_advance import BLINDS
from tests.ui.test_holdem_presenter import attached, fed
from tests.ui.test_holdem_seam import BEGINS, LEGAL, SEATS

__all__ = ["make_room"]  # the room tests' fixture: a real room on a socket pair


@dataclass
class Plans:
    """A room's side of :class:`PlansAhead`: what it was told."""

    told: list[tuple[str, ...]] = field(default_factory=list)
    bank_turn: object | None = None

    def sit_out_next(self, when: str) -> None:
        self.told.append(("sit_out", when))

    def tick_ahead(self, hand: int, kind: str, amount: int) -> None:
        self.told.append(("tick", str(hand), kind, str(amount)))


def in_room() -> tuple[ScriptedSession, HoldemPresenter, Plans]:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(BLINDS)], viewer_seats=(0,))
    session.in_hand = True
    plans = Plans()
    presenter = HoldemPresenter(session, HoldemCapabilities(ahead=plans))  # type: ignore[arg-type]
    session.attach(fed(presenter))  # type: ignore[arg-type]
    return session, presenter, plans


def test_the_sit_out_keys_are_live_only_at_a_table_in_the_room() -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(BLINDS)], viewer_seats=(0,))
    assert not attached(session).allows("sit_out_next", animating=False)
    _, presenter, plans = in_room()
    assert presenter.allows("sit_out_next", animating=False)
    presenter.plan_sit_out("hand")
    presenter.plan_sit_out("big_blind")
    presenter.plan_sit_out("big_blind")  # the same key again: play on
    assert plans.told == [("sit_out", "hand"), ("sit_out", "big_blind"), ("sit_out", "")]
    assert [n.plain for n in presenter.notes] == ["You play on."]


def test_the_sit_out_keys_step_aside_while_the_decision_is_yours() -> None:
    # At 80 columns the moves' keys and the two sit-out keys overflowed the footer.
    session, presenter, _ = in_room()
    session.send(ToAct(0, replace(LEGAL, call_amount=5), 10**9))
    assert presenter.legal() is not None
    assert not presenter.allows("sit_out_next", animating=False)
    session.send(Seen((Called(0, 5, False),)))
    assert presenter.legal() is None
    assert presenter.allows("sit_out_next", animating=False)


def test_a_ticked_move_is_told_to_the_room_and_unticked_once_the_room_played_it() -> None:
    session, presenter, plans = in_room()
    presenter.preselect(Advance.CALL_ANY)
    assert plans.told == [("tick", str(BEGINS.number), "call_any", "0")]
    session.send(Seen((Called(1, 5, False), Checked(2))))
    assert presenter.advance is not None  # others acting leave it ticked
    session.send(Seen((Called(0, 5, False),)))  # her own seat acted, with no turn here
    assert presenter.advance is None
    presenter.preselect(Advance.FOLD_ANY)
    presenter.preselect(Advance.FOLD_ANY)  # unticked: the room is told it is cleared
    assert plans.told[-1] == ("tick", str(BEGINS.number), "", "0")


def test_a_turn_on_the_time_bank_says_so_beside_the_clock() -> None:
    session, presenter, plans = in_room()
    turn = ToAct(0, replace(LEGAL, call_amount=5), 2 * 10**9)  # the bank's new deadline
    session.send(ToAct(0, replace(LEGAL, call_amount=5), 10**9))
    assert "time bank" not in presenter.prompt(animating=False).plain
    plans.bank_turn = turn
    session.send(turn)
    assert "(time bank " in presenter.prompt(animating=False).plain


async def test_a_slow_game_at_a_shared_table_still_plays_its_ticked_move(make_room) -> None:  # type: ignore[no-untyped-def]
    """Ann's game answers her first turn, ticks "fold to any bet" and never answers a turn
    again: the room checks for her street after street (the clock is an hour long: it is
    not the clock acting) and the hand ends."""
    room = make_room(HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=60, action_clock=3600))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    presenters: dict[str, HoldemPresenter] = {}

    asked: list[ToAct] = []

    def ann_ticks_and_never_acts(player: Player, event: Event) -> None:
        presenter = presenters["Ann"]
        if isinstance(event, ToAct):
            asked.append(event)
            if len(asked) == 1 and presenter.turn is not None and player.session is not None:
                # Dealt before she could tick: her game answers this first turn only.
                player.session.act(event.seat, Action.call() if event.legal.call_amount
                                   else Action.check())
        if asked and presenter.advance is None and "pre_check" in presenter.advance_offered():
            presenter.preselect(Advance.FOLD_ANY)  # after her first move: it checks

    def bob_checks_or_calls(player: Player, event: Event) -> None:
        if isinstance(event, ToAct):
            legal = event.legal
            assert isinstance(legal, LegalActions) and player.session is not None
            player.session.act(event.seat, Action.check() if legal.can_check
                               else Action.call())

    for player, on_event in ((ann, ann_ticks_and_never_acts), (bob, bob_checks_or_calls)):
        session = await player.link.sit("t1", 1000)
        assert isinstance(session, HoldemRemoteSession)
        presenter = HoldemPresenter(session, session.capabilities())
        presenters[player.name] = presenter
        feed = fed(presenter)

        def listener(event: Event, player: Player = player, feed: object = feed) -> None:
            feed(event)  # type: ignore[operator]
            player._event(event)  # noqa: SLF001  (recorded, then the test's player reacts)

        player.session = session
        player.on_event = on_event
        session.attach(listener)
    table = room.tables["t1"]
    (seat,) = presenters["Ann"].session.viewer_seats
    await until(lambda: table.last_hand is not None and table.last_hand.is_over)
    hand = table.last_hand
    assert hand is not None
    acted = [r for r in hand.records
             if isinstance(r, Checked | Called | Folded) and r.seat == seat]
    assert Checked(seat) in acted
    assert len(asked) <= 1 < len(acted)  # every later move of hers, the room's
    assert any(isinstance(r, HandEnded) for r in hand.records)
    assert sum(o.stack for o in table.seats if o is not None) == 2000
