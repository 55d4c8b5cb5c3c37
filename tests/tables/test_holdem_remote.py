"""The hold'em remote session over a real room: events in order, own cards only, acting, rows."""

from __future__ import annotations

from cardtui.games import Game as StoreGame
from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.holdem.actions import Action, HandEnded, HoleCardsDealt
from cardtui.holdem.button import Positions
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.store import SeatResult, Store
from cardtui.tables.results import holdem_row
from cardtui.tables.session import (
    Event,
    HandBegins,
    SeatClock,
    SeatsChanged,
    Seen,
    Settled,
    ToAct,
    Voided,
)
from cardtui.wire.protocol import HoldemAction
from tests.room.support import until
from tests.tables.support import Player, join


def check_or_call(player: Player, event: Event) -> None:
    if isinstance(event, ToAct):
        legal = event.legal
        action = Action.check() if legal.can_check else Action.call()  # type: ignore[attr-defined]
        assert player.session is not None
        player.session.act(event.seat, action)


def records(player: Player) -> list[object]:
    return [r for e in player.of(Seen) for r in e.records]


def hand_over(player: Player) -> bool:
    return any(isinstance(r, HandEnded) for r in records(player))


async def test_three_players_and_two_bots_each_session_sees_only_its_own_cards(
        make_room, tmp_path) -> None:
    room = make_room(HoldemOptions(name="Game", seats=5, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh", "JsJh", "Ts9h"], board="2c7d9c 3h 4s")
    players = [await join(room, n) for n in ("Ann", "Bob", "Cy")]
    for player in players:
        player.on_event = check_or_call
        player.listen(await player.link.sit("t1", 1000))
    for player in players:
        await until(lambda p=player: hand_over(p))
    hand = table.last_hand
    assert hand is not None
    for player in players:
        session = player.session
        assert isinstance(session, HoldemRemoteSession)
        mine = session.your_seat
        assert session.viewer_seats == {mine}
        # The order a screen needs: the seats, the hand's start, then its records.
        kinds = [type(e) for e in player.events]
        assert kinds[0] is SeatsChanged
        begins = player.of(HandBegins)[-1]
        assert kinds.index(HandBegins) < kinds.index(Seen)
        assert begins.positions == hand.positions
        assert len(begins.seats) == 5
        dealt = [r for r in records(player) if isinstance(r, HoleCardsDealt)]
        assert len(dealt) == 5
        for record in dealt:
            expected = hand.hole[record.seat] if record.seat == mine else (None, None)
            assert record.cards == expected
        # The records the screen got are the hand's records, hidden cards aside.
        assert len(records(player)) == len(hand.records)
    # Settlement: the rows the local table would store, field for field.
    store = Store(tmp_path / "scores.db")
    try:
        for player in players:
            settled = await player.wait_for(lambda e: isinstance(e, Settled))
            seat = player.session.your_seat
            (row,) = settled.rows
            assert isinstance(row, SeatResult)
            assert row == holdem_row(hand, seat, player.name)
            store.record_round(StoreGame.HOLDEM, settled.rows)
        store.close()
        totals = {t.player: t for t in Store(tmp_path / "scores.db").totals(StoreGame.HOLDEM)}
        assert set(totals) == {"Ann", "Bob", "Cy"}
    finally:
        store.close()


async def test_act_is_checked_against_the_legal_moves_the_room_sent(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    for player in (ann, bob):
        player.listen(await player.link.sit("t1", 1000))
    await until(lambda: bool(ann.of(ToAct) or bob.of(ToAct)))
    actor, other = (ann, bob) if ann.of(ToAct) else (bob, ann)
    to_act = actor.of(ToAct)[0]
    assert actor.of(SeatClock) and actor.of(SeatClock)[-1].seat == to_act.seat
    assert other.of(SeatClock)[-1].seat == to_act.seat  # every screen draws the countdown
    assert not other.of(ToAct)
    sent: list[object] = []
    link = actor.link
    real_send = link.send
    link.send = lambda m: (sent.append(m), real_send(m))  # type: ignore[method-assign]
    try:
        actor.session.act(to_act.seat, Action.raise_to(3))
    except ValueError as error:
        assert str(error) == "raise to 3 is below the minimum raise to 20"
    else:
        raise AssertionError("an illegal raise was accepted")
    try:
        other.session.act(1 - to_act.seat, Action.fold())
    except ValueError as error:
        assert str(error) == "it is not your turn"
    else:
        raise AssertionError("a move out of turn was accepted")
    assert sent == []
    actor.session.act(to_act.seat, Action.raise_to(30))
    assert sent == [HoldemAction("t1", Action.raise_to(30).kind, 30)]
    # One move per turn: a second key before the next prompt is refused here.
    try:
        actor.session.act(to_act.seat, Action.fold())
    except ValueError:
        pass
    else:
        raise AssertionError("two moves in one turn")
    await other.wait_for(lambda e: isinstance(e, ToAct))
    assert room.tables["t1"].hand.current_bet == 30


async def test_a_screen_attaching_late_is_shown_the_hand_so_far(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    table = room.tables["t1"]
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    session = await ann.link.sit("t1", 1000, seat=0)
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    await until(lambda: table.clock.running)
    await until(lambda: bool(session.records))
    ann.listen(session)
    kinds = [type(e) for e in ann.events]
    assert kinds[:3] == [SeatsChanged, HandBegins, Seen]
    assert SeatClock in kinds
    mine = [r for r in ann.of(Seen)[0].records if isinstance(r, HoleCardsDealt) and r.seat == 0]
    assert mine[0].cards == table.hand.hole[0]
    if table.hand.actor == 0:
        assert kinds[-1] is ToAct


async def test_a_spectator_sees_no_hole_cards_and_plays_no_seat(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, between_hands=60))
    ann, sam = await join(room, "Ann"), await join(room, "Sam")
    sam.listen(await sam.link.watch("t1"))
    ann.on_event = check_or_call
    ann.listen(await ann.link.sit("t1", 1000))
    await until(lambda: hand_over(sam))
    assert sam.session.viewer_seats == frozenset()
    for record in records(sam):
        if isinstance(record, HoleCardsDealt):
            assert record.cards == (None, None)
    assert not sam.of(ToAct)
    try:
        sam.session.act(0, Action.fold())
    except ValueError as error:
        assert str(error) == "it is not your turn"
    else:
        raise AssertionError("a spectator acted")


async def test_a_player_who_left_mid_hand_still_gets_the_hand_in_their_store(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    bob.on_event = check_or_call
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    await until(lambda: room.tables["t1"].hand is not None)
    ann.session.leave()  # back to the lobby: the room folds for her
    await until(lambda: bool(ann.unclaimed))
    ((game, rows),) = ann.unclaimed
    assert game == "holdem" and rows[0].player == "Ann" and rows[0].outcome == "loss"
    assert not ann.of(Settled)


async def test_stopping_the_room_voids_the_hand_on_every_screen(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30))
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    for seat, player in enumerate((ann, bob)):
        player.listen(await player.link.sit("t1", 500 + 100 * seat, seat=seat))
    await until(lambda: bool(ann.of(Seen)))
    await room.stop()
    for player in (ann, bob):
        voided = await player.wait_for(lambda e: isinstance(e, Voided))
        assert voided.reason.startswith("The room is closing: the hand in play is void")
        seats = player.of(SeatsChanged)[-1].seats
        assert {s.seat: s.stack for s in seats} == {0: 500, 1: 600}
        assert player.session.begun is None
        await until(lambda p=player: p.link.closed)


def test_hand_begins_carries_the_positions() -> None:
    from cardtui.wire.protocol import HandStarted, SeatInfo, TableInfo

    info = TableInfo("t1", "holdem", "x", "5/10", 3, (None,) * 3, False, 1, 2, 30.0)
    session = HoldemRemoteSession(link=None, info=info)  # type: ignore[arg-type]
    got: list[Event] = []
    session.attach(got.append)
    session.receive(HandStarted("t1", 4, (SeatInfo(0, "A", 10), SeatInfo(2, "B", 20)),
                                button=2, small_blind_seat=2, big_blind_seat=0))
    assert got[-1] == HandBegins(4, got[-1].seats, Positions(2, 2, 0))


async def test_taking_a_bots_seat_mid_hand_plays_from_the_next_hand(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, min_humans=1, action_clock=30, between_hands=0.05))
    table = room.tables["t1"]
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    ann.on_event = check_or_call
    ann.listen(await ann.link.sit("t1", 1000, seat=0))
    await until(lambda: table.hand is not None)
    session = await bob.link.sit("t1", 1000, seat=1)  # the bot's seat, while it plays
    assert session.your_seat is None
    bob.on_event = check_or_call
    bob.listen(session)
    await until(lambda: session.your_seat == 1)
    await until(lambda: any(isinstance(r, HoleCardsDealt) and r.seat == 1 and None not in r.cards
                            for r in records(bob)))
    assert session.viewer_seats == {1}


async def test_the_same_surface_as_the_local_session(make_room) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    ann, bob = [await join(room, n) for n in ("Ann", "Bob")]
    for seat, player in enumerate((ann, bob)):
        player.listen(await player.link.sit("t1", 1000, seat=seat))
    await until(lambda: bool(ann.of(ToAct) or bob.of(ToAct)))
    actor = ann if ann.of(ToAct) else bob
    session = actor.session
    assert session.in_hand and not session.hot_seat
    assert session.to_act is not None and session.to_act.seat == session.your_seat
    assert [(s.seat, s.name) for s in session.seats()] == [(0, "Ann"), (1, "Bob")]
    session.deal()  # the room deals: nothing happens
    session.hurry()
    session.act(session.your_seat, Action.fold())
    await until(lambda: not session.in_hand)
    assert hand_over(actor)
    session.fold_out()  # leaving: the room stands us up
    assert session.left and session.table_id not in actor.link.sessions
    await until(lambda: room.tables["t1"].seats[session.your_seat] is None)


def test_a_player_out_of_chips_watches_from_then_on() -> None:
    # The room stands a player with no chips up at the end of the hand and lets
    # them watch (cardtui.room.holdem_table): the seat is no longer theirs to show.
    from cardtui.wire.codec import encode_record
    from cardtui.wire.protocol import HandStarted, Records, SeatInfo, TableInfo

    info = TableInfo("t1", "holdem", "x", "5/10", 2, ("Ann", "Bob"), True, 1, 2, 30.0)
    session = HoldemRemoteSession(link=None, info=info)  # type: ignore[arg-type]
    session.your_seat = 0
    seats = (SeatInfo(0, "Ann", 100), SeatInfo(1, "Bob", 100))
    session.receive(HandStarted("t1", 1, seats, button=0, small_blind_seat=0,
                                big_blind_seat=1))
    session.receive(Records("t1", 1, (encode_record(HandEnded((50, 150))),)))
    assert session.viewer_seats == {0}  # chips left: still seated
    session.receive(HandStarted("t1", 2, seats, button=1, small_blind_seat=1,
                                big_blind_seat=0))
    session.receive(Records("t1", 2, (encode_record(HandEnded((0, 200))),)))
    assert session.your_seat is None and session.viewer_seats == frozenset()
