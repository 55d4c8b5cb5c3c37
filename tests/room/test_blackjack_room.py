"""Shared blackjack in the room: two players at one dealer."""

from __future__ import annotations

from cardtui.blackjack.records import Action as Move
from cardtui.blackjack.records import DealerCard
from cardtui.blackjack.view import RoundView
from cardtui.clock import FakeClock
from cardtui.room.config import BlackjackOptions
from cardtui.room.connection import Member
from cardtui.wire.codec import decode_record
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    BlackjackAction,
    Error,
    HandStarted,
    HandVoided,
    Message,
    Notice,
    Records,
    SeatSettled,
    Sit,
    TableSeats,
    TableSnapshot,
    YourTurnBlackjack,
)
from tests.room.support import FakeClient
from tests.room.virtual_time import pass_time_until


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


def stand_on(table: str):  # noqa: ANN201
    def act(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnBlackjack) and message.table == table:
            move = Move.STAND if Move.STAND in message.legal else Move.DECLINE_INSURANCE
            client.send(BlackjackAction(table, move))

    return act


def round_settled(message: Message) -> bool:
    return isinstance(message, Records) and any(
        r["type"] == "blackjack.RoundSettled" for r in message.records)


async def seat(client: FakeClient, seat: int, buy_in: int = 1000) -> None:
    start = len(client.messages)
    client.send(Sit("t1", seat, buy_in))
    await client.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == seat,
                          after=start)


async def test_two_players_play_rounds_at_one_dealer(make_room) -> None:
    room = make_room(BlackjackOptions(seats=7, between_rounds=0, betting_clock=5))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await seat(ann, 0)
    await seat(bob, 3)
    for client in (ann, bob):
        client.on_message = stand_on("t1")
    start = {c: 0 for c in (ann, bob)}
    for number in range(3):
        for client in (ann, bob):
            await client.wait_for(lambda m: isinstance(m, BetsOpen), after=start[client])
        start = {c: len(c.messages) for c in (ann, bob)}
        table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "7h"])  # Ann 16, Bob 15; dealer K, 7
        ann.send(Bet("t1", 20))
        bob.send(Bet("t1", 50))
        for client in (ann, bob):
            await client.wait_for(round_settled, after=start[client])
        view = RoundView.replay(
            decode_record(r) for m in ann.messages[start[ann]:] if isinstance(m, Records)
            for r in m.records)
        assert set(view.seats) == {0, 3}
        assert [s.net for s in view.settlement.seats] == [-20, -50]
        assert view.dealer[2:] == [] and not view.hole_hidden
        for client, net in ((ann, -20), (bob, -50)):
            settled = await client.wait_for(
                lambda m, n=number: isinstance(m, SeatSettled) and m.hand == n + 1,
                after=start[client])
            assert settled.result.net == net
            assert settled.result.decisions == 1  # the trainer counted the stand on 16 / 15
    assert [table.seats[0].stack, table.seats[3].stack] == [940, 850]


async def test_the_dealer_hole_card_is_hidden_until_revealed(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30))
    table = room.tables["t1"]
    ann = await FakeClient.join(room, member("Ann"))
    await seat(ann, 0)
    await ann.wait_for(lambda m: isinstance(m, BetsOpen))
    table.shoe.stack(["Th", "9c", "8d", "Qs"])  # dealer 9 up, the queen of spades down
    ann.send(Bet("t1", 10))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    dealt = [decode_record(r) for m in ann.of(Records) for r in m.records]
    hole = [r for r in dealt if isinstance(r, DealerCard) and r.face_down]
    assert hole == [DealerCard(None, face_down=True)]
    assert b'"Qs"' not in ann.raw
    ann.send(BlackjackAction("t1", Move.STAND))
    await ann.wait_for(round_settled)
    assert ann.raw.index(b'"Qs"') > ann.raw.index(b'"blackjack.HoleCardRevealed"')


async def test_illegal_moves_and_bets_are_refused(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30))
    table = room.tables["t1"]
    ann = await FakeClient.join(room, member("Ann"))
    await seat(ann, 0, buy_in=100)
    await ann.wait_for(lambda m: isinstance(m, BetsOpen))
    for amount in (5, 501, 200):
        ann.send(Bet("t1", amount))
    table.shoe.stack(["Th", "9c", "8d", "Qs"])
    ann.send(Bet("t1", 100))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    ann.send(BlackjackAction("t1", Move.DOUBLE))  # 18, but no chips left to double
    ann.send(BlackjackAction("t1", Move.SPLIT))
    errors = await ann.wait_for(lambda m: len(ann.of(Error)) >= 5) and ann.of(Error)
    messages = [e.message for e in errors]
    assert messages[:3] == ["bets at this table are 10 to 500"] * 2 + ["you have 100 chips"]
    assert messages[3] == "you need 100 more chips to double"
    assert messages[4] == "only two cards of the same value can be split"


async def test_stopping_the_room_voids_the_round_and_returns_the_bets(make_room) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=60, action_clock=30))
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    await seat(ann, 0, buy_in=300)
    await seat(bob, 1, buy_in=400)
    await ann.wait_for(lambda m: isinstance(m, BetsOpen))
    table.shoe.stack(["Th", "9c", "8d", "7h", "Qs"])
    ann.send(Bet("t1", 100))
    bob.send(Bet("t1", 200))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    ann.send(BlackjackAction("t1", Move.DOUBLE))
    await bob.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    await room.stop()
    for client in (ann, bob):
        voided = await client.wait_for(lambda m: isinstance(m, HandVoided))
        assert [(s.seat, s.stack) for s in voided.stacks] == [(0, 300), (1, 400)]
    assert table.voided == [1]


async def test_two_expiries_in_a_row_sit_a_lone_player_out_and_a_bet_brings_them_back(
        make_room, clock: FakeClock) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=0, action_clock=30), clock=clock)
    table = room.tables["t1"]
    ann = await FakeClient.join(room, member("Ann"))
    await seat(ann, 0)
    await pass_time_until(clock, lambda: bool(ann.of(BetsOpen)), ann, step=1)
    table.shoe.stack(["Th", "As", "6d", "7h"])  # the dealer's ace: insurance, then her 16
    ann.send(Bet("t1", 10))
    # She does nothing: the clock declines insurance for her, then stands.
    await pass_time_until(clock, lambda: any(map(round_settled, ann.messages)), ann, step=30)
    settled = await ann.wait_for(round_settled)
    player = table.seats[0]
    assert player is not None and player.sitting_out and player.expiries == 2
    # Each expiry is the clock's, named as such (issue 24: the first one was not).
    said = [n.text for n in ann.of(Notice) if "clock" in n.text]
    assert said == ["Ann's clock ran out: Ann declines insurance.",
                    "Ann's clock ran out: Ann stands. Ann is sitting out (the clock acted twice)."]
    # Nobody else is at the table: the betting window still opens for her,
    # and her bet is the key that brings her back.
    start = ann.position(settled)
    await pass_time_until(
        clock, lambda: any(isinstance(m, BetsOpen) for m in ann.messages[start:]), ann, step=1)
    await ann.wait_for(lambda m: isinstance(m, BetsOpen), after=start)
    ann.send(Bet("t1", 10))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack), after=start)
    assert not player.sitting_out and player.expiries == 0 and table.round_number == 2


async def test_bets_placed_together_reach_the_screens_as_one_seat_line(
        make_room, clock: FakeClock) -> None:
    # Each seat line redraws the table at every screen: a burst of bets is told
    # at once for the first, then as one line (before the deal, never after it).
    # On virtual time: "together" is within the bets' interval whatever the load.
    room = make_room(BlackjackOptions(seats=3, betting_clock=60), clock=clock)
    players = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    for number, client in enumerate(players):
        await seat(client, number)
    watcher = players[0]
    await pass_time_until(clock, lambda: bool(watcher.of(BetsOpen)), watcher, step=1)
    start = len(watcher.messages)
    for client in players:
        client.send(Bet("t1", 20))
    started = await watcher.wait_for(lambda m: isinstance(m, HandStarted), after=start)
    before_deal = watcher.messages[start:watcher.position(started)]
    lines = [m for m in before_deal if isinstance(m, TableSeats)]
    assert len(lines) == 2
    assert [s.bet for s in lines[-1].seats] == [20, 20, 20]


async def test_a_new_tables_first_round_says_its_shoe_is_new(make_room) -> None:
    # The shoe is shuffled when the table opens; without a word of it, the count
    # panel of a player seated from the start waited for the next shuffle.
    room = make_room(BlackjackOptions(seats=7, between_rounds=0, betting_clock=5))
    table = room.tables["t1"]
    ann = await FakeClient.join(room, member("Ann"))
    await seat(ann, 0)
    ann.on_message = stand_on("t1")
    start = 0
    for number in range(2):
        await ann.wait_for(lambda m: isinstance(m, BetsOpen), after=start)
        start = len(ann.messages)
        ann.send(Bet("t1", 20))
        await ann.wait_for(round_settled, after=start)
        types = [r["type"] for m in ann.messages[start:] if isinstance(m, Records)
                 for r in m.records]
        # The first round opens the shoe; the second is dealt from the same shoe.
        assert ("blackjack.Shuffled" in types) == (number == 0), types
    assert table.shoe.dealt > 0
