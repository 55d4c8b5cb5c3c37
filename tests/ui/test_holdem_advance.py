"""Advance actions without Textual: ticked before the turn, cancelled when the action changes,
played at the turn; at a scripted table, a local table and a shared table in a real room.
"""

from __future__ import annotations

import random
from dataclasses import replace

from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.holdem.actions import Action, BetOrRaised, Called, Checked, Folded, HandEnded
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.room.config import HoldemOptions
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, SeatsChanged, Seen, ToAct
from cardtui.ui.holdem.advance import Advance
from cardtui.ui.holdem.presenter import HoldemPresenter
from tests.room.conftest import make_room
from tests.room.support import until
from tests.support.scripted_table import ScriptedSession
from tests.tables.support import Player, join
from tests.ui.test_holdem_presenter import attached, fed
from tests.ui.test_holdem_seam import BEGINS, DEAL, LEGAL, SEATS

#: The blinds and the cards, before Cy (the button) acts: Ann (small blind) owes 5.
BLINDS = DEAL[:-1]
__all__ = ["make_room"]  # the room tests' fixture: a real room on a socket pair
OPTION = LegalActions(seat=1, can_fold=False, can_check=True, call_amount=0, can_raise=True,
                      min_raise_to=20, max_raise_to=1000, is_bet=False, can_all_in=True)


def scripted(viewer: int = 0) -> tuple[ScriptedSession, HoldemPresenter]:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(BLINDS)],
                              viewer_seats=(viewer,))
    session.in_hand = True
    return session, attached(session)


def test_what_is_offered_follows_the_price_and_only_while_it_is_not_your_turn() -> None:
    session, presenter = scripted()
    assert presenter.advance_offered() == {
        "pre_check_fold": "Fold", "pre_call": "Call 5", "pre_call_any": "Call any",
        "pre_fold_any": "Fold to any bet"}
    assert presenter.allows("pre_call", animating=False)
    assert not presenter.allows("pre_check", animating=False)  # 5 owed: "call 5" on c
    session.send(Seen((Called(2, 10, False),)), ToAct(0, LEGAL))
    assert presenter.advance_offered() == {}  # your turn: the moves themselves
    assert not presenter.allows("pre_call", animating=False)
    # Hot seat: the keyboard passes round, nothing is ticked ahead.
    hot = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(BLINDS)], viewer_seats=(0, 2))
    assert attached(hot).advance_offered() == {}


def test_call_n_is_cancelled_by_a_raise_and_call_any_stays_and_is_played() -> None:
    session, presenter = scripted()
    presenter.preselect(Advance.CALL)
    assert presenter.advance is not None and presenter.advance.amount == 5
    session.send(Seen((BetOrRaised(2, 30, 30, False, False, True),)))  # Cy raises to 30
    assert presenter.advance is None
    assert [n.plain for n in presenter.notes] == ["Call 5 unticked: the bet changed."]
    presenter.preselect(Advance.CALL_ANY)
    session.send(Seen((Called(1, 20, False),)))  # call any holds whatever happens
    assert presenter.advance is not None and presenter.advance.kind is Advance.CALL_ANY
    session.send(ToAct(0, replace(LEGAL, call_amount=25, min_raise_to=50)))
    assert session.acted == [(0, Action.call())]  # played at the turn
    assert presenter.turn is None and presenter.advance is None  # once


def test_the_same_key_again_unticks() -> None:
    session, presenter = scripted()
    presenter.preselect(Advance.CHECK_FOLD)
    presenter.preselect(Advance.CHECK_FOLD)
    assert presenter.advance is None
    session.send(Seen((Called(2, 10, False),)), ToAct(0, LEGAL))
    assert session.acted == [] and presenter.turn is not None  # nothing was ticked


def test_check_is_cancelled_by_a_bet_and_check_fold_checks_when_free() -> None:
    # Robo, the big blind, watches Cy call and Ann complete: nothing owed, "check".
    session, presenter = scripted(viewer=1)
    session.send(Seen((Called(2, 10, False),)))
    assert "pre_check" in presenter.advance_offered()
    presenter.preselect(Advance.CHECK)
    session.send(Seen((BetOrRaised(0, 40, 35, False, False, True),)))  # Ann raises instead
    assert presenter.advance is None and "unticked" in presenter.notes[-1].plain
    # Check/fold with nothing owed: a check at the turn.
    session, presenter = scripted(viewer=1)
    session.send(Seen((Called(2, 10, False), Called(0, 5, False))))
    presenter.preselect(Advance.CHECK_FOLD)
    session.send(ToAct(1, OPTION))
    assert session.acted == [(1, Action.check())]


def test_fold_to_any_bet_checks_when_free_and_holds_until_a_bet_comes() -> None:
    session, presenter = scripted(viewer=1)
    session.send(Seen((Called(2, 10, False), Called(0, 5, False))))
    presenter.preselect(Advance.FOLD_ANY)
    session.send(ToAct(1, OPTION))
    assert session.acted == [(1, Action.check())]
    assert presenter.advance is not None  # still ticked for the rest of the hand
    session.send(Seen((Checked(1),)), Seen((BetOrRaised(0, 20, 20, True, False, True),)))
    session.send(ToAct(1, replace(OPTION, can_fold=True, can_check=False, call_amount=20,
                                  min_raise_to=40)))
    assert session.acted[-1] == (1, Action.fold())
    session.send(Seen((Folded(1),)))
    assert presenter.advance is None  # folded: nothing ahead
    assert presenter.advance_offered() == {}


def test_a_new_hand_clears_what_was_ticked() -> None:
    session, presenter = scripted()
    presenter.preselect(Advance.FOLD_ANY)
    session.send(BEGINS, Seen(BLINDS))
    assert presenter.advance is None


async def test_a_local_table_plays_the_ticked_move_at_the_players_turn() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK),
                                SeatConfig("Bot 2", Personality.ROCK)))
    session = HoldemLocalSession(setup, random.Random(3), button=1)  # Ann is the big blind

    def check_or_call() -> Action:
        hand = session.hand
        assert hand is not None
        return Action.check() if hand.can_check() else Action.call()

    session.decide = check_or_call
    session.next_deck = stacked_deck(["7h2d", "AsKs", "9c9d"])
    presenter = attached(session)
    presenter.deal()
    assert presenter.turn is None and "pre_check_fold" in presenter.advance_offered()
    presenter.preselect(Advance.CHECK_FOLD)  # while the bots decide
    await until(lambda: presenter.view.street.label == "Flop" and presenter.turn is not None)
    hand = session.hand
    assert hand is not None and Checked(0) in hand.records  # her option, checked for her
    assert presenter.advance is None  # played once: the flop is hers to decide
    session.close()


async def test_at_a_shared_table_the_guest_plays_fold_to_any_bet_itself(make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=60))
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    presenters: dict[str, HoldemPresenter] = {}

    def ann_ticks(player: Player, event: Event) -> None:
        presenter = presenters["Ann"]
        if presenter.advance is None and "pre_fold_any" in presenter.advance_offered():
            presenter.preselect(Advance.FOLD_ANY)  # before her turn, once dealt in

    def bob_checks_or_bets(player: Player, event: Event) -> None:
        if isinstance(event, ToAct):
            legal = event.legal
            assert isinstance(legal, LegalActions) and player.session is not None
            player.session.act(event.seat, Action.raise_to(legal.min_raise_to)
                               if legal.can_raise else Action.call())

    for player, on_event in ((ann, ann_ticks), (bob, bob_checks_or_bets)):
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
    await until(lambda: table.last_hand is not None and table.last_hand.is_over)
    hand = table.last_hand
    assert hand is not None
    ann_seat = presenters["Ann"].session.viewer_seats
    (seat,) = ann_seat
    # Bob bet or raised whenever he could: Ann folded to it by herself, at her turn.
    assert Folded(seat) in hand.records
    assert any(isinstance(r, HandEnded) for r in hand.records)
