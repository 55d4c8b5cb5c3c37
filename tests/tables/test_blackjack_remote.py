"""The blackjack remote session over a real room: bets, moves, the hidden hole card, rows."""

from __future__ import annotations

from cardtui.blackjack.records import Action as Move
from cardtui.blackjack.records import DealerCard, HoleCardRevealed, RoundSettled
from cardtui.blackjack.view import RoundView
from cardtui.guest.blackjack import BetWindow, BlackjackRemoteSession
from cardtui.room.config import BlackjackOptions
from cardtui.store import SeatResult
from cardtui.tables.session import Event, HandBegins, SeatsChanged, Seen, Settled, ToAct
from tests.room.support import until
from tests.tables.support import Player, join


def bet_then_stand(amount: int):  # noqa: ANN201
    def play(player: Player, event: Event) -> None:
        if not isinstance(event, ToAct):
            return
        session = player.session
        assert isinstance(session, BlackjackRemoteSession)
        if isinstance(event.legal, BetWindow):
            session.bet(event.seat, amount)
        else:
            move = Move.STAND if Move.STAND in event.legal else Move.DECLINE_INSURANCE
            session.act(event.seat, move)

    return play


def records(player: Player) -> list[object]:
    return [r for e in player.of(Seen) for r in e.records]


async def test_two_players_bet_play_and_settle_at_one_dealer(make_room) -> None:
    room = make_room(BlackjackOptions(seats=7, between_rounds=60, betting_clock=5))
    table = room.tables["t1"]
    table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "7h"])  # Ann 16, Bob 15; dealer K, 7
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.on_event, bob.on_event = bet_then_stand(20), bet_then_stand(50)
    sessions = [await ann.link.sit("t1", 1000, seat=0), await bob.link.sit("t1", 1000, seat=3)]
    # Both seated before either screen attaches: the open window is shown on attaching.
    ann.listen(sessions[0])
    bob.listen(sessions[1])
    for player in (ann, bob):
        await until(lambda p=player: any(isinstance(r, RoundSettled) for r in records(p)))
    for player, seat, net in ((ann, 0, -20), (bob, 3, -50)):
        assert player.session.viewer_seats == {seat}
        windows = [e for e in player.of(ToAct) if isinstance(e.legal, BetWindow)]
        assert windows and windows[0].legal == BetWindow(10, 500)
        moves = [e for e in player.of(ToAct) if isinstance(e.legal, frozenset)]
        assert len(moves) == 1 and Move.STAND in moves[0].legal
        begins = player.of(HandBegins)[-1]
        # Every seat, as the local session gives them: the screen indexes them by number.
        assert begins.positions is None and [s.seat for s in begins.seats] == list(range(7))
        assert {s.seat for s in begins.seats if s.status == "playing"} == {0, 3}
        assert [s.status for s in player.of(SeatsChanged)[-1].seats].count("empty") == 5
        seen = records(player)
        hole = [r for r in seen if isinstance(r, DealerCard) and r.face_down]
        assert hole == [DealerCard(None, face_down=True)]
        revealed = next(i for i, r in enumerate(seen) if isinstance(r, HoleCardRevealed))
        assert str(seen[revealed].card) == "7h"
        view = RoundView.replay(seen)
        assert [s.net for s in view.settlement.seats] == [-20, -50]
        settled = await player.wait_for(lambda e: isinstance(e, Settled))
        (row,) = settled.rows
        assert isinstance(row, SeatResult)
        assert (row.player, row.bet, row.net, row.outcome, row.decisions) == (
            player.name, -net, net, "loss", 1)


async def test_bets_and_moves_are_checked_before_they_are_sent(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30))
    ann = await join(room, "Ann")
    ann.listen(await ann.link.sit("t1", 100, seat=0))
    window = await ann.wait_for(lambda e: isinstance(e, ToAct))
    session = ann.session
    assert isinstance(session, BlackjackRemoteSession)
    for amount, reason in ((5, "bets at this table are 10 to 500"), (200, "you have 100 chips")):
        try:
            session.bet(window.seat, amount)
        except ValueError as error:
            assert str(error) == reason
        else:
            raise AssertionError(f"a bet of {amount} was accepted")
    try:
        session.act(window.seat, Move.HIT)
    except ValueError as error:
        assert str(error) == "place a bet first"
    else:
        raise AssertionError("a move during the betting window was accepted")
    room.tables["t1"].shoe.stack(["Th", "9c", "8d", "Qs"])  # 18 against a 9
    session.bet(window.seat, 100)
    turn = await ann.wait_for(lambda e: isinstance(e, ToAct) and isinstance(e.legal, frozenset))
    assert Move.DOUBLE not in turn.legal  # no chips left to double
    try:
        session.act(turn.seat, Move.DOUBLE)
    except ValueError as error:
        assert str(error) == "you cannot double now"
    else:
        raise AssertionError("a double without chips was accepted")
    for move, said in ((Move.DECLINE_INSURANCE, "you cannot decline insurance now"),
                       (Move.INSURE, "you cannot take insurance now")):
        try:
            session.act(turn.seat, move)  # no insurance against a 9
        except ValueError as error:
            assert str(error) == said  # (was "you cannot no insurance now")
        else:
            raise AssertionError(f"{move} against a 9 was accepted")


async def test_leaving_mid_round_lets_the_room_stand_and_settle(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30))
    table = room.tables["t1"]
    ann = await join(room, "Ann")
    ann.listen(await ann.link.sit("t1", 300, seat=0))
    window = await ann.wait_for(lambda e: isinstance(e, ToAct))
    session = ann.session
    assert isinstance(session, BlackjackRemoteSession)
    assert session.advice() is None and session.seat_states() == session.seats()
    table.shoe.stack(["Th", "9c", "8d", "Qs"])  # 18 against a 9
    session.bet(window.seat, 50)
    await ann.wait_for(lambda e: isinstance(e, ToAct) and isinstance(e.legal, frozenset))
    assert session.in_hand
    session.forfeit()
    await until(lambda: bool(ann.unclaimed))
    ((game, (row,)),) = ann.unclaimed
    assert (game, row.player, row.bet) == ("blackjack", "Ann", 50)
    assert row.outcome == "loss"  # stood on 18 against the dealer's 19
